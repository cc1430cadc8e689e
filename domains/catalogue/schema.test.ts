import { describe, expect, it } from 'vitest';

import { CATEGORY_VALUES } from '#domains/catalogue/categories.ts';
import { itAnswers, itAnswersNull } from '#lib/cases.fixture.ts';
import { parseId } from '#lib/ids.ts';

import { productIdSchema, productListQuerySchema, productParamsSchema, toProductFilter } from './schema.ts';

const CATEGORY_MESSAGE = 'Unknown category. Use one of: all, plates, containers, bowls, cups, cutlery, combo, meals tray';

function issuesOf(input: unknown) {
  const result = productListQuerySchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues;
}

describe('productListQuerySchema', () => {
  it('accepts an empty query', () => {
    expect(productListQuerySchema.parse({})).toEqual({});
  });

  it.each(['plates', 'containers', 'bowls', 'cups', 'cutlery', 'combo', 'meals tray', 'all'])(
    'accepts the category %j',
    (category) => {
      expect(productListQuerySchema.parse({ category })).toEqual({ category });
    },
  );

  it('knows exactly the seven categories', () => {
    expect(CATEGORY_VALUES).toEqual(['plates', 'containers', 'bowls', 'cups', 'cutlery', 'combo', 'meals tray']);
  });

  it.each(['Plates', 'meals-tray', 'mealstray', 'plate', '', ' cups'])(
    'refuses the category %j with the list of categories',
    (category) => {
      const issues = issuesOf({ category });
      expect(issues).toHaveLength(1);
      expect(issues[0]!.path).toEqual(['category']);
      expect(issues[0]!.message).toBe(CATEGORY_MESSAGE);
    },
  );

  it('refuses a repeated category (an array)', () => {
    expect(issuesOf({ category: ['cups', 'plates'] })[0]!.message).toBe(CATEGORY_MESSAGE);
  });

  it('refuses unknown keys', () => {
    const issues = issuesOf({ category: 'cups', order: 'price-low' });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.code).toBe('unrecognized_keys');
    expect((issues[0] as { keys: string[] }).keys).toEqual(['order']);
  });

  it('takes a known sort and a page number from 1 to 10,000', () => {
    expect(productListQuerySchema.parse({ sort: 'price-low', page: '3' })).toEqual({ sort: 'price-low', page: 3 });
    expect(productListQuerySchema.parse({ page: '10000' })).toEqual({ page: 10_000 });
    expect(issuesOf({ sort: 'cheapest' })[0]!.message).toMatch(/^Unknown sort. Use one of: relevance, featured, price-low/);
    expect(issuesOf({ page: '0' })[0]!.message).toBe("'page' must be at least 1");
    expect(issuesOf({ page: '10001' })[0]!.message).toBe("'page' must be at most 10000");
    expect(issuesOf({ page: '1.5' })[0]!.message).toBe("'page' must be a whole number");
    expect(issuesOf({ page: 'two' })[0]!.message).toBe("'page' must be a whole number");
  });

  it('trims the search text', () => {
    expect(productListQuerySchema.parse({ search: '  areca plate \t' })).toEqual({ search: 'areca plate' });
    expect(productListQuerySchema.parse({ search: '   ' })).toEqual({ search: '' });
  });

  it('accepts 100 characters of search and refuses 101 with its message', () => {
    expect(productListQuerySchema.parse({ search: 'a'.repeat(100) })).toEqual({ search: 'a'.repeat(100) });
    const issues = issuesOf({ search: 'a'.repeat(101) });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toEqual(['search']);
    expect(issues[0]!.message).toBe('Search text must be at most 100 characters');
  });

  it('measures the search after trimming', () => {
    expect(productListQuerySchema.parse({ search: `  ${'a'.repeat(100)}  ` })).toEqual({ search: 'a'.repeat(100) });
  });

  it('refuses a repeated search (an array)', () => {
    expect(issuesOf({ search: ['a', 'b'] })[0]!.path).toEqual(['search']);
  });

  it.each(['true', 'false'])('accepts featured=%s', (featured) => {
    expect(productListQuerySchema.parse({ featured })).toEqual({ featured });
  });

  it.each(['TRUE', '1', 'yes', '', 'True'])('refuses featured=%j', (featured) => {
    const issues = issuesOf({ featured });
    expect(issues[0]!.path).toEqual(['featured']);
    expect(issues[0]!.message).toBe('featured must be true or false');
  });
});

describe('toProductFilter', () => {
  it('leaves out all, empty search and featured=false', () => {
    expect(toProductFilter({})).toEqual({});
    expect(toProductFilter({ category: 'all', search: '', featured: 'false' })).toEqual({});
  });

  it('keeps a real category, search and featured=true', () => {
    expect(toProductFilter({ category: 'meals tray', search: 'bagasse', featured: 'true' })).toEqual({
      category: 'meals tray',
      search: 'bagasse',
      featured: true,
    });
  });

  it('applies to parsed input: blank search means no search', () => {
    expect(toProductFilter(productListQuerySchema.parse({ category: 'cups', search: '   ' }))).toEqual({ category: 'cups' });
  });
});

const VALID_IDS: Array<[string, number]> = [
  ['1', 1],
  ['7', 7],
  ['42', 42],
  ['2147483647', 2_147_483_647],
];
const INVALID_IDS = [
  '0',
  '-1',
  '1e3',
  '0x10',
  ' 7',
  '7 ',
  '2147483648',
  '9999999999',
  '99999999999',
  '12abc',
  'abc',
  '',
  '01',
  '1.0',
  '+1',
  '１',
];

describe('parseId', () => {
  itAnswers('reads %j as %i', parseId, VALID_IDS);
  itAnswersNull('refuses %j', parseId, INVALID_IDS);
});

describe('productIdSchema', () => {
  it.each(VALID_IDS)('reads %j as %i', (input, id) => {
    expect(productIdSchema.parse(input)).toBe(id);
  });

  it.each(INVALID_IDS)('refuses %j with its message', (input) => {
    const result = productIdSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(['Product id must be a positive whole number']);
  });

  it('refuses non-strings', () => {
    expect(productIdSchema.safeParse(7).success).toBe(false);
  });

  it('is used for the path params', () => {
    expect(productParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
    expect(productParamsSchema.safeParse({ id: '1e3' }).success).toBe(false);
  });
});
