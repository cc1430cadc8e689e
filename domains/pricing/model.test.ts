import { describe, expect, it } from 'vitest';

import {
  bestBreak,
  cartonDetails,
  type CartonFields,
  cartonPrice,
  catalogueList,
  discountPercent,
  lessPercent,
  linePrices,
  linesTotal,
  listOf,
  nextBreak,
  piecePrice,
  priceAt,
  pricedList,
  type PriceGroupTerms,
} from './model.ts';

describe('cartonPrice', () => {
  it("uses the variation's own price when it has one", () => {
    expect(cartonPrice('320.00', '560.00')).toBe(56_000);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ["''", ''],
    ['whitespace', '   '],
  ])('falls back to the product price when the variation price is %s', (_label, variationPrice) => {
    expect(cartonPrice('320.00', variationPrice)).toBe(32_000);
  });

  it('accepts a zero variation price (free is still a price)', () => {
    expect(cartonPrice('320.00', '0.00')).toBe(0);
  });

  it('throws on a malformed price rather than guessing', () => {
    expect(() => cartonPrice('abc')).toThrow(RangeError);
    expect(() => cartonPrice('320.00', '1.005')).toThrow(RangeError);
  });
});

describe('piecePrice', () => {
  it('divides the carton price by the units in a carton', () => {
    expect(piecePrice(95_000, 100)).toBe(950); // ₹950.00 / 100 = ₹9.50
    expect(piecePrice(32_000, 100)).toBe(320);
    expect(piecePrice(69_000, 50)).toBe(1_380);
  });

  it('rounds to the paisa, half up', () => {
    expect(piecePrice(32_000, 3)).toBe(10_667); // 106.666... → 106.67
    expect(piecePrice(10_000, 3)).toBe(3_333); // 33.333... → 33.33
    expect(piecePrice(5, 2)).toBe(3); // 0.025 → 0.03
  });

  it.each([
    ['0', 0],
    ['null', null],
    ['undefined', undefined],
    ['negative', -5],
  ])('treats unitsPerCarton %s as 1', (_label, units) => {
    expect(piecePrice(32_000, units)).toBe(32_000);
  });
});

describe('discountPercent', () => {
  it('is the rounded saving over the original price', () => {
    expect(discountPercent(38_000, 42_000)).toBe(10); // 9.52 %
    expect(discountPercent(72_500, 80_000)).toBe(9); // 9.375 %
    expect(discountPercent(85_000, 92_000)).toBe(8); // 7.6 %
    expect(discountPercent(50, 100)).toBe(50);
    expect(discountPercent(99_500, 100_000)).toBe(1); // 0.5 % rounds up
    expect(discountPercent(99_600, 100_000)).toBe(0); // 0.4 % rounds to 0
  });

  it('is shown only when the original price exceeds the price', () => {
    expect(discountPercent(42_000, 42_000)).toBeNull();
    expect(discountPercent(50_000, 42_000)).toBeNull();
    expect(discountPercent(42_000, null)).toBeNull();
  });
});

describe('cartonDetails', () => {
  const product: CartonFields = {
    unitsPerCarton: 100,
    unitType: 'plates',
    cartonWeight: '1.60',
    cartonDimensions: '17 x 17 x 32 cm',
  };

  it("takes the product's details without a variation", () => {
    expect(cartonDetails(product)).toEqual(product);
    expect(cartonDetails(product, null)).toEqual(product);
  });

  it("prefers the variation's own details", () => {
    expect(
      cartonDetails(product, {
        unitsPerCarton: 50,
        unitType: 'bowls',
        cartonWeight: '2.70',
        cartonDimensions: '32 x 32 x 24 cm',
      }),
    ).toEqual({ unitsPerCarton: 50, unitType: 'bowls', cartonWeight: '2.70', cartonDimensions: '32 x 32 x 24 cm' });
  });

  it('falls back field by field to the product for null or missing variation details', () => {
    expect(
      cartonDetails(product, { unitsPerCarton: null, unitType: null, cartonWeight: '2.40', cartonDimensions: null }),
    ).toEqual({
      unitsPerCarton: 100,
      unitType: 'plates',
      cartonWeight: '2.40',
      cartonDimensions: '17 x 17 x 32 cm',
    });
    expect(cartonDetails(product, { unitType: '', cartonDimensions: '' })).toEqual(product);
  });

  it("falls back to the defaults (1 and 'pieces') when neither has them", () => {
    const bare: CartonFields = { unitsPerCarton: null, unitType: null, cartonWeight: null, cartonDimensions: null };
    expect(cartonDetails(bare)).toEqual({ unitsPerCarton: 1, unitType: 'pieces', cartonWeight: null, cartonDimensions: null });
    expect(cartonDetails({ ...bare, unitType: '', cartonDimensions: '' }, {})).toEqual({
      unitsPerCarton: 1,
      unitType: 'pieces',
      cartonWeight: null,
      cartonDimensions: null,
    });
  });
});

describe('linesTotal', () => {
  it('is zero for no lines', () => {
    expect(linesTotal([])).toBe(0);
  });

  it('sums carton price times cartons', () => {
    expect(
      linesTotal([
        { price: 32_000, quantity: 2 },
        { price: 95_000, quantity: 1 },
        { price: 12_345, quantity: 3 },
      ]),
    ).toBe(64_000 + 95_000 + 37_035);
  });
});

describe('quantity breaks', () => {
  // 1-9 cartons ₹950, 10-49 ₹900, 50 or more ₹850 (the example).
  const product = {
    price: '950.00',
    priceBreaks: [
      { minCartons: 50, price: '850.00' },
      { minCartons: 10, price: '900.00' },
    ],
  };
  const list = catalogueList(product);

  it('prices each boundary by the largest break reached', () => {
    expect(priceAt(list, 1)).toEqual({ price: 95000, breakFrom: null });
    expect(priceAt(list, 9)).toEqual({ price: 95000, breakFrom: null });
    expect(priceAt(list, 10)).toEqual({ price: 90000, breakFrom: 10 });
    expect(priceAt(list, 49)).toEqual({ price: 90000, breakFrom: 10 });
    expect(priceAt(list, 50)).toEqual({ price: 85000, breakFrom: 50 });
    expect(priceAt(list, 60)).toEqual({ price: 85000, breakFrom: 50 });
  });

  it('says what the next break is: 6 cartons are 4 short of ₹900 each', () => {
    expect(nextBreak(list, 6)).toEqual({ more: 4, price: 90000 });
    expect(nextBreak(list, 10)).toEqual({ more: 40, price: 85000 });
    expect(nextBreak(list, 50)).toBeNull();
    expect(bestBreak(list)).toEqual({ minCartons: 50, price: 85000 });
  });

  it('gives an option its own breaks, the product’s when it has no price of its own, none when it has', () => {
    const own = { price: '1000.00', priceBreaks: [{ minCartons: 20, price: '960.00' }] };
    expect(catalogueList(product, own)).toEqual({ price: 100000, breaks: [{ minCartons: 20, price: 96000 }] });
    expect(catalogueList(product, { price: null, priceBreaks: [] })).toEqual(list);
    expect(catalogueList(product, { price: '1000.00', priceBreaks: [] })).toEqual({ price: 100000, breaks: [] });
  });

  it('answers the list as the API carries it and reads it back', () => {
    const prices = linePrices(list);
    expect(prices).toEqual({
      price: '950.00',
      breaks: [
        { minCartons: 10, price: '900.00' },
        { minCartons: 50, price: '850.00' },
      ],
      group: null,
    });
    expect(listOf(prices)).toEqual(list);
  });
});

describe('price groups', () => {
  // The product: ₹950 a carton, ₹900 from 10, ₹850 from 50; its 'Large' option ₹1,200 of its own, no breaks.
  const product = {
    id: 7,
    price: '950.00',
    priceBreaks: [
      { minCartons: 10, price: '900.00' },
      { minCartons: 50, price: '850.00' },
    ],
  };
  const large = { id: 71, price: '1200.00', priceBreaks: [] };
  const small = { id: 72, price: null, priceBreaks: [] };
  const caterer: PriceGroupTerms = { name: 'Caterer', kind: 'percent', percentOff: '5.00', prices: [] };
  const distributor: PriceGroupTerms = {
    name: 'Distributor',
    kind: 'prices',
    percentOff: null,
    prices: [
      { productId: 7, variationId: null, price: '880.00', priceBreaks: [{ minCartons: 50, price: '800.00' }] },
      { productId: 7, variationId: 71, price: '1100.00', priceBreaks: [] },
    ],
  };

  it('a guest (no group) is priced by the catalogue, the basis naming no group', () => {
    const { list, group } = pricedList(product, null, null);
    expect(group).toBeNull();
    expect(priceAt(list, 9)).toEqual({ price: 95000, breakFrom: null });
  });

  it('a percentage comes off the price and every break, at each boundary', () => {
    const { list, group } = pricedList(product, null, caterer);
    expect(group).toBe('Caterer');
    expect(priceAt(list, 9)).toEqual({ price: 90250, breakFrom: null }); // 950 less 5%
    expect(priceAt(list, 10)).toEqual({ price: 85500, breakFrom: 10 }); // 900 less 5%
    expect(priceAt(list, 49)).toEqual({ price: 85500, breakFrom: 10 });
    expect(priceAt(list, 50)).toEqual({ price: 80750, breakFrom: 50 }); // 850 less 5%
  });

  it('a percentage without breaks, and 0% changes nothing', () => {
    expect(pricedList(large, null, caterer).list).toEqual({ price: 114000, breaks: [] });
    expect(pricedList(product, null, { ...caterer, percentOff: '0' })).toEqual({ list: catalogueList(product), group: null });
  });

  it('rounds a percentage to the paisa, half up', () => {
    // ₹333.33 less 12.5% is ₹291.66375: ₹291.66; ₹0.10 less 25% is 7.5 paise: 8.
    expect(lessPercent(33333, '12.50')).toBe(29166);
    expect(lessPercent(10, '25')).toBe(8);
    expect(lessPercent(99999, '33.33')).toBe(66669); // ₹999.99 less 33.33% is ₹666.69333: ₹666.69
  });

  it("a group's own price with its own breaks replaces the catalogue's, breaks and all", () => {
    const { list, group } = pricedList(product, null, distributor);
    expect(group).toBe('Distributor');
    expect(priceAt(list, 9)).toEqual({ price: 88000, breakFrom: null });
    expect(priceAt(list, 10)).toEqual({ price: 88000, breakFrom: null }); // the catalogue's 10-break is not the group's
    expect(priceAt(list, 49)).toEqual({ price: 88000, breakFrom: null });
    expect(priceAt(list, 50)).toEqual({ price: 80000, breakFrom: 50 });
  });

  it("an option's own group price without breaks; an option with neither takes the product's group price", () => {
    expect(pricedList(product, large, distributor)).toEqual({ list: { price: 110000, breaks: [] }, group: 'Distributor' });
    expect(pricedList(product, small, distributor).list.price).toBe(88000);
  });

  it("a product the group has no price for is at the catalogue's, and the basis names no group", () => {
    const other = { id: 8, price: '500.00', priceBreaks: [] };
    expect(pricedList(other, null, distributor)).toEqual({ list: { price: 50000, breaks: [] }, group: null });
    // An option with a catalogue price of its own is not priced by the product's group price.
    expect(pricedList(product, { id: 73, price: '990.00', priceBreaks: [] }, distributor).group).toBeNull();
  });

  it('keeps the reason with the line: the break reached and the group', () => {
    const { list, group } = pricedList(product, null, distributor);
    expect(linePrices(list, group)).toEqual({
      price: '880.00',
      breaks: [{ minCartons: 50, price: '800.00' }],
      group: 'Distributor',
    });
    expect({ breakFrom: priceAt(list, 60).breakFrom, group }).toEqual({ breakFrom: 50, group: 'Distributor' });
  });
});
