import { describe, expect, it } from 'vitest';

import { pageFilter } from './page-filter.ts';

const filterOf = (query: string) => pageFilter(new URLSearchParams(query));

describe('pageFilter', () => {
  it('is empty without parameters', () => {
    expect(filterOf('')).toEqual({});
  });

  it.each(['plates', 'containers', 'bowls', 'cups', 'cutlery', 'combo', 'meals tray'])('keeps the category %j', (category) => {
    expect(pageFilter(new URLSearchParams({ category }))).toEqual({ category });
  });

  it('reads a meals tray category written with %20 or +', () => {
    expect(filterOf('category=meals%20tray')).toEqual({ category: 'meals tray' });
    expect(filterOf('category=meals+tray')).toEqual({ category: 'meals tray' });
  });

  it.each(['all', 'Plates', 'unknown', ''])('forgives the category %j by showing every product', (category) => {
    expect(pageFilter(new URLSearchParams({ category }))).toEqual({});
  });

  it('trims the search and drops a blank one', () => {
    expect(filterOf('search=%20%20areca%20plate%20')).toEqual({ search: 'areca plate' });
    expect(filterOf('search=%20%20%20')).toEqual({});
    expect(filterOf('search=')).toEqual({});
  });

  it('cuts an over-long search to 100 characters instead of refusing it', () => {
    expect(pageFilter(new URLSearchParams({ search: 'b'.repeat(150) }))).toEqual({ search: 'b'.repeat(100) });
  });

  it('keeps category and search together, using the first of repeated parameters', () => {
    expect(filterOf('category=cups&search=tea&category=plates')).toEqual({ category: 'cups', search: 'tea' });
  });

  it('never sets featured', () => {
    expect(filterOf('featured=true')).toEqual({});
  });
});
