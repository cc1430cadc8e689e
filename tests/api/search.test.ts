// Search that finds what customers mean, on both databases, through GET /api/products: a table
// of real queries with the first result each must bring (plurals, sizes against options, synonyms, a word still being
// typed, typos), and the rules behind it: every word must match, a category filter still applies.
import { describe, expect, it } from 'vitest';

import type { Product } from '#domains/catalogue/model.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';

/** What a customer typed, and the product that must come first (and how many at least, where it matters). */
const QUERIES: Array<[string, string, number?]> = [
  ['plate 10 inch', 'Bagasse 3 Compartment Plate 10 inch', 4],
  ['plates 10 inch', 'Bagasse 3 Compartment Plate 10 inch', 4],
  ['biryani', 'Bagasse 2 Compartment Biriyani Tray'],
  ['areca plates', 'Areca Leaf Round Plate', 5],
  ['spoons', 'Birch Wooden Spoon'],
  ['containers', 'Bagasse Takeaway Container with Lid', 7],
  ['cups', 'Double Wall Kraft Coffee Cup 250 ml', 4],
  ['areca plat', 'Areca Leaf Round Plate', 5],
  ['500ml container', 'Bagasse Takeaway Container with Lid', 2],
  ['thali', 'Bagasse Thali Meals Tray with Lid'],
  ['noodle', 'Kraft Paper Noodle Box 750 ml'],
  ['coffee cup', 'Double Wall Kraft Coffee Cup 250 ml'],
  ['wooden fork', 'Birch Wooden Fork 160 mm'],
  ['bagasse bowl', 'Bagasse Round Bowl'],
  ['ice cream', 'Kraft Paper Ice Cream Cup 100 ml with Lid'],
  ['burger box', 'Bagasse Clamshell Burger Box 6 inch'],
  ['stirer', 'Birch Wooden Coffee Stirrer 140 mm'],
  ['chutney', 'Bagasse Chutney Container 90 ml with Lid'],
  ['12"', 'Areca Leaf Deep Round Plate 12 inch'],
  ['cuttlery', 'Wooden Cutlery Set with Napkin', 5],
  ['arecca', 'Areca Leaf Round Plate', 7],
  ['bagase', 'Bagasse Takeaway Container with Lid', 5],
  ['clamshel', 'Bagasse Clamshell Burger Box 6 inch', 2],
  ['clam shell', 'Bagasse Clamshell Burger Box 6 inch', 2],
  ['meals tray', 'Bagasse 5 Compartment Meals Tray', 4],
  // The names customers in Kerala use, in Latin letters and in Malayalam script, and trade names.
  ['paala plate', 'Areca Leaf Round Plate', 5],
  ['pala plates', 'Areca Leaf Round Plate', 5],
  ['paala', 'Areca Leaf Round Plate', 7],
  ['pattal', 'Areca Leaf Round Plate', 7],
  ['vazhayila', 'Areca Leaf Round Plate', 7],
  ['പാള പ്ലേറ്റ്', 'Areca Leaf Round Plate', 5],
  ['പാള', 'Areca Leaf Round Plate', 7],
  ['adakka paala plate', 'Areca Leaf Round Plate', 5],
  ['palm leaf plate', 'Areca Leaf Round Plate', 5],
  ['areca nut plate', 'Areca Leaf Round Plate', 5],
  ['use and throw plate', 'Areca Leaf Round Plate', 5],
  ['sugarcane plate', 'Bagasse Round Plate', 2],
  ['karandi', 'Birch Wooden Spoon'],
  ['കപ്പ്', 'Double Wall Kraft Coffee Cup 250 ml', 4],
  ['kappu', 'Double Wall Kraft Coffee Cup 250 ml', 4],
  ['moodi container', 'Bagasse Takeaway Container with Lid', 3],
  ['parcel box', 'Bagasse Takeaway Container with Lid', 5],
];

describe.each(databaseKinds())('search on %s', (kind) => {
  const ctx = suiteApp(kind);

  const search = async (query: string, extra = '') => {
    const response = await ctx.app.inject({ url: `/api/products?search=${encodeURIComponent(query)}${extra}` });
    expect(response.statusCode).toBe(200);
    return (response.json() as Product[]).map((product) => product.name);
  };

  it.each(QUERIES)('%s → %s first', async (query, first, atLeast = 1) => {
    const names = await search(query);
    expect(names[0]).toBe(first);
    expect(names.length).toBeGreaterThanOrEqual(atLeast);
  });

  it('needs every word: a word found nowhere leaves nothing', async () => {
    expect(await search('areca zzzzqx')).toEqual([]);
    expect(await search('plate 97 inch')).toEqual([]);
  });

  it('a query with no word to look for (emoji, another script, punctuation) finds nothing, not the whole catalogue', async () => {
    for (const query of ['🍽️', '盘子', '!!!', 'ചായ']) expect(await search(query), query).toEqual([]);
  });

  it('keeps the category filter', async () => {
    const bowls = await search('areca', '&category=bowls');
    expect(bowls.length).toBeGreaterThan(0);
    const all = (await ctx.app.inject({ url: '/api/products?category=bowls' })).json() as Product[];
    const bowlNames = new Set(all.map((product) => product.name));
    for (const name of bowls) expect(bowlNames.has(name), name).toBe(true);
  });

  it('finds a product by its Malayalam name, on the English and the Malayalam site alike', async () => {
    const arecaPlates = [
      'Areca Leaf Round Plate',
      'Areca Leaf Square Plate',
      'Areca Leaf Partition Plate 11 inch',
      'Areca Leaf Deep Round Plate 12 inch',
    ];
    const found = await search('പാള പ്ലേറ്റ്');
    expect(found.slice(0, arecaPlates.length).sort()).toEqual([...arecaPlates].sort());
    expect(found[0]).toBe('Areca Leaf Round Plate');
    // Words only the Malayalam names have: 'വട്ടം' (round), 'തടി' (wooden), 'ടീ' (tea).
    // (The round areca bowl comes after them: its description speaks of plates.)
    expect((await search('പാള പ്ലേറ്റ് വട്ടം')).slice(0, 2)).toEqual([
      'Areca Leaf Round Plate',
      'Areca Leaf Deep Round Plate 12 inch',
    ]);
    expect((await search('തടി സ്പൂൺ'))[0]).toBe('Birch Wooden Spoon');
    expect((await search('ടീ കപ്പ്'))[0]).toBe('Kraft Paper Tea Cup');
    // The Malayalam site finds the same products, named as its pages name them.
    const response = await ctx.app.inject({ url: `/api/products?search=${encodeURIComponent('പാള പ്ലേറ്റ് വട്ടം')}&lang=ml` });
    expect(response.statusCode).toBe(200);
    expect((response.json() as Product[]).map((product) => product.name).slice(0, 2)).toEqual([
      'പാള പ്ലേറ്റ് (വട്ടം)',
      'പാള പ്ലേറ്റ് 12 ഇഞ്ച് (ആഴമുള്ള വട്ടം)',
    ]);
  });

  it('finds a product by a size only its options carry', async () => {
    expect(await search('750 ml')).toContain('Kraft Paper Soup Bowl with Lid');
  });
});

describe('suggestions for a search that finds nothing (GET /api/products/suggestions)', () => {
  const ctx = suiteApp('pglite');

  const suggest = async (search: string) => {
    const response = await ctx.app.inject({ url: `/api/products/suggestions?${new URLSearchParams({ search })}` });
    return {
      status: response.statusCode,
      body: response.json() as { searches: string[]; categories: string[]; message?: string },
    };
  };

  it('offers the categories where any of its words is found', async () => {
    const { status, body } = await suggest('areca styrofoam');
    expect(status).toBe(200);
    expect(body.categories).toEqual(expect.arrayContaining(['plates', 'bowls']));
    expect(body.categories).not.toContain('cutlery');
  });

  it('offers every category when none of its words is found, and nearby words for a misspelt one', async () => {
    expect((await suggest('styrofoam')).body.categories).toHaveLength(7);
    expect((await suggest('napkn zzzzqx')).body.searches[0]).toBe('napkin');
    expect((await suggest('areca zzzzqx')).body.searches).toEqual(['areca']);
  });

  it('offers every category for a query with no word it knows: emoji, Chinese, a Malayalam word it lacks', async () => {
    for (const query of ['🍽️', '盘子', 'ചായ']) {
      const { status, body } = await suggest(query);
      expect(status, query).toBe(200);
      expect(body.categories, query).toHaveLength(7);
    }
  });

  it('needs a search text', async () => {
    expect((await ctx.app.inject({ url: '/api/products/suggestions' })).statusCode).toBe(400);
    expect((await suggest(' ')).status).toBe(400);
    expect((await suggest('x'.repeat(101))).status).toBe(400);
  });
});
