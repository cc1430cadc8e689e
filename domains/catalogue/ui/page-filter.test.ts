import { describe, expect, it } from 'vitest';

import { catalogueHref, pageFilter, pageOrder } from './page-filter.ts';

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

describe('pageOrder', () => {
  const orderOf = (query: string) => {
    const params = new URLSearchParams(query);
    return pageOrder(params, pageFilter(params));
  };

  it('is the first page in the default order without parameters', () => {
    expect(orderOf('')).toEqual({ sort: 'featured', page: 1 });
  });

  it('keeps a known sort and a page number', () => {
    expect(orderOf('sort=price-low&page=3')).toEqual({ sort: 'price-low', page: 3 });
  });

  it('keeps best match only while searching', () => {
    expect(orderOf('sort=relevance')).toEqual({ sort: 'featured', page: 1 });
    expect(orderOf('search=cup&sort=relevance')).toEqual({ sort: 'relevance', page: 1 });
  });

  it.each(['0', '-2', '1.5', 'two', '', '10001', '1e3x'])('forgives the page %j as the first', (page) => {
    expect(orderOf(`page=${page}`).page).toBe(1);
  });

  it('forgives an unknown sort as the default', () => {
    expect(orderOf('sort=cheapest').sort).toBe('featured');
  });
});

describe('catalogueHref', () => {
  it('leaves the defaults out, so every page has one address', () => {
    expect(catalogueHref({})).toBe('/products');
    expect(catalogueHref({}, { sort: 'featured', page: 1 })).toBe('/products');
  });

  it('keeps the filter, the order and the page, and reads back as the same', () => {
    const href = catalogueHref({ category: 'meals tray', search: 'tray' }, { sort: 'name', page: 2 });
    expect(href).toBe('/products?category=meals+tray&search=tray&sort=name&page=2');
    const params = new URL(href, 'http://shop.test').searchParams;
    expect(pageFilter(params)).toEqual({ category: 'meals tray', search: 'tray' });
    expect(pageOrder(params, pageFilter(params))).toEqual({ sort: 'name', page: 2 });
  });
});
