// The admin's products (/api/admin/products), on both databases: the plain list and
// the paged one with its stat cards, create / edit / stock toggle / delete with audit entries, variation ids kept
// through an edit, priceAdjustment sent and absolute price read back, every validation message, refusals, and what
// a change does to the storefront's catalogue, carts and sent enquiries.
import { describe, expect, it } from 'vitest';

import type { Product, ProductVariation } from '#domains/catalogue/model.ts';
import type { AdminProduct, AdminProductPage, AdminProductWithHistory } from '#domains/catalogue/product-admin-schema.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, catalogueIds, enquiryPayload } from '#tests/support/enquiry.ts';
import { type StaffApp, useStaffApp } from '#tests/support/staff-app.ts';

/** A product as the dialog sends it, with two sizes. */
function dialogBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Bagasse Compartment Tray',
    description: 'Three-compartment tray for a full meal, microwave safe.',
    price: '1200.00',
    originalPrice: '1400.00',
    category: 'meals tray',
    imageUrl: 'https://res.cloudinary.com/demo/image/upload/tray.jpg',
    imageUrls: ['https://res.cloudinary.com/demo/image/upload/tray.jpg'],
    inStock: true,
    featured: true,
    rating: 4.7,
    reviewCount: 12,
    unitsPerCarton: 250,
    unitType: 'pieces',
    cartonWeight: '6.5',
    cartonDimensions: '40 x 30 x 35 cm',
    hasVariations: true,
    variations: [
      { name: 'Size', type: 'size', value: '3 compartments', priceAdjustment: 0, stockQuantity: 40, isActive: true },
      {
        name: 'Size',
        type: 'size',
        value: '5 compartments',
        priceAdjustment: 250.5,
        stockQuantity: 10,
        isActive: true,
        unitsPerCarton: 200,
      },
    ],
    ...overrides,
  };
}

describe.each(databaseKinds())('admin products on %s', (kind) => {
  let { ctx, admin, user, visitor } = {} as StaffApp;

  useStaffApp(kind, {}, (app) => ({ ctx, admin, user, visitor } = app));

  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await admin.post<AdminProduct>('/api/admin/products', dialogBody(overrides));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };

  it('GET /api/admin/products without parameters is the plain list: every product with all its variations, active or not', async () => {
    const response = await admin.get<AdminProduct[]>('/api/admin/products');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toHaveLength(ctx.seeded);
    expect(response.headers['x-total-count']).toBe(String(ctx.seeded));
    const plate = response.body.find((product) => product.name === 'Areca Leaf Round Plate')!;
    expect(plate).toMatchObject({ price: expect.any(String), hasVariations: true });
    expect(plate).toHaveProperty('stockQuantity');
    const ten = plate.variations.find((variation) => variation.value === '10 inch')!;
    expect(ten).toMatchObject({ price: '950.00', type: 'size', isActive: true });
    // The adjustment is the absolute price less the product's.
    expect(Number(ten.priceAdjustment)).toBeCloseTo(950 - Number(plate.price), 2);
  });

  it('pages, searches name and description, filters by category, and counts the four stat cards over the whole catalogue', async () => {
    const page = await admin.get<AdminProductPage>('/api/admin/products?page=2&pageSize=10');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: ctx.seeded, page: 2, pageSize: 10 });
    expect(page.body.items).toHaveLength(10);
    const { stats } = page.body;
    expect(stats.total).toBe(ctx.seeded);
    expect(stats.inStock + stats.outOfStock).toBe(ctx.seeded);
    expect(stats.featured).toBeGreaterThan(0);

    const plates = await admin.get<AdminProductPage>('/api/admin/products?category=plates&pageSize=100');
    expect(plates.body.items.length).toBeGreaterThan(0);
    expect(plates.body.items.every((product) => product.category === 'plates')).toBe(true);
    expect(plates.body.stats.total).toBe(ctx.seeded);

    const searched = await admin.get<AdminProductPage>('/api/admin/products?q=ARECA');
    expect(searched.body.total).toBeGreaterThan(0);
    for (const product of searched.body.items) expect(`${product.name} ${product.description}`.toLowerCase()).toContain('areca');
    // % and _ are taken literally.
    expect((await admin.get<AdminProductPage>('/api/admin/products?q=%25')).body.total).toBe(0);
  });

  it('creates a product with variations: price adjustments stored, absolute prices read back, live on the storefront at once', async () => {
    const before = await visitor.get<Product[]>('/api/products?category=meals%20tray');
    const created = await create();
    expect(created).toMatchObject({
      name: 'Bagasse Compartment Tray',
      price: '1200.00',
      originalPrice: '1400.00',
      rating: '4.7',
      cartonWeight: '6.50',
      imageUrl: 'https://res.cloudinary.com/demo/image/upload/tray.jpg',
    });
    expect(created.variations.map((v) => [v.value, v.price, v.priceAdjustment, v.unitsPerCarton])).toEqual([
      ['3 compartments', '1200.00', '0.00', null],
      ['5 compartments', '1450.50', '250.50', 200],
    ]);

    const after = await visitor.get<Product[]>('/api/products?category=meals%20tray');
    expect(after.body.length).toBe(before.body.length + 1);
    const variations = await visitor.get<ProductVariation[]>(`/api/products/${created.id}/variations`);
    expect(variations.body.map((v) => v.value)).toEqual(['3 compartments', '5 compartments']);

    const detail = await admin.get<AdminProductWithHistory>(`/api/admin/products/${created.id}`);
    expect(detail.body.history.map((entry) => [entry.action, entry.actor])).toEqual([['create', 'staff_admin']]);
  });

  it('saves a name and description in Malayalam, trimmed and empty as none, and shows them on the Malayalam pages only', async () => {
    const created = await create({
      name: 'Malayalam Tray',
      nameMl: '  ബഗാസ് മീൽസ് ട്രേ  ',
      descriptionMl: 'ചോറിനും കറികൾക്കും കള്ളികളുള്ള ട്രേ.',
      hasVariations: false,
      variations: [],
    });
    expect(created).toMatchObject({ nameMl: 'ബഗാസ് മീൽസ് ട്രേ', descriptionMl: 'ചോറിനും കറികൾക്കും കള്ളികളുള്ള ട്രേ.' });
    const read = await admin.get<AdminProductWithHistory>(`/api/admin/products/${created.id}`);
    expect(read.body).toMatchObject({ nameMl: 'ബഗാസ് മീൽസ് ട്രേ', descriptionMl: 'ചോറിനും കറികൾക്കും കള്ളികളുള്ള ട്രേ.' });
    // The staff's list finds it by its Malayalam name.
    const listed = await admin.get<AdminProductPage>(`/api/admin/products?q=${encodeURIComponent('ബഗാസ് മീൽസ് ട്രേ')}`);
    expect(listed.body.items.map((product) => product.id)).toEqual([created.id]);

    // The English answer is the one it always was: no Malayalam in it, not a field more.
    const english = await visitor.get<Product>(`/api/products/${created.id}`);
    const plain = await visitor.get<Product[]>('/api/products?category=plates');
    expect(Object.keys(english.body)).toEqual(Object.keys(plain.body[0]!));
    expect(english.body).toMatchObject({ name: 'Malayalam Tray', description: dialogBody().description });
    const malayalam = await visitor.get<Product>(`/api/products/${created.id}?lang=ml`);
    expect(Object.keys(malayalam.body)).toEqual(Object.keys(english.body));
    expect(malayalam.body).toEqual({
      ...english.body,
      name: 'ബഗാസ് മീൽസ് ട്രേ',
      description: 'ചോറിനും കറികൾക്കും കള്ളികളുള്ള ട്രേ.',
    });
    const list = await visitor.get<Product[]>('/api/products?category=meals%20tray&lang=ml');
    expect(list.body.find((product) => product.id === created.id)?.name).toBe('ബഗാസ് മീൽസ് ട്രേ');

    // The cart of a Malayalam page names it in Malayalam; the English cart as before.
    expect((await visitor.post('/api/cart', { productId: created.id, quantity: 1 })).status).toBe(201);
    const cartName = async (query: string) => {
      const cart = await visitor.get<Array<{ productId: number; product: { name: string } }>>(`/api/cart${query}`);
      expect(cart.status, JSON.stringify(cart.body)).toBe(200);
      return cart.body.find((item) => item.productId === created.id)?.product.name;
    };
    expect(await cartName('')).toBe('Malayalam Tray');
    expect(await cartName('?lang=ml')).toBe('ബഗാസ് മീൽസ് ട്രേ');

    // Emptied (blank counts as empty), the Malayalam pages show the English.
    const edited = await admin.request<AdminProduct>('PATCH', `/api/admin/products/${created.id}`, {
      payload: dialogBody({
        name: 'Malayalam Tray',
        nameMl: 'പാള ട്രേ',
        descriptionMl: '   ',
        hasVariations: false,
        variations: [],
      }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ nameMl: 'പാള ട്രേ', descriptionMl: null });
    const fallback = await visitor.get<Product>(`/api/products/${created.id}?lang=ml`);
    expect(fallback.body).toMatchObject({ name: 'പാള ട്രേ', description: dialogBody().description });
    const cleared = await admin.request<AdminProduct>('PATCH', `/api/admin/products/${created.id}`, {
      payload: dialogBody({ name: 'Malayalam Tray', nameMl: null, hasVariations: false, variations: [] }),
    });
    expect(cleared.body).toMatchObject({ nameMl: null, descriptionMl: null });
    expect((await visitor.get<Product>(`/api/products/${created.id}?lang=ml`)).body).toEqual(english.body);
    expect(await cartName('?lang=ml')).toBe('Malayalam Tray');
    // The visitor's cart is shared by the tests after this one: left as it was found.
    expect((await visitor.request('DELETE', `/api/cart/${created.id}`)).status).toBe(200);
  });

  it('refuses a Malayalam name or description longer than the English ones may be, and any language but ml', async () => {
    const long = await admin.post<{ errors: Record<string, string> }>(
      '/api/admin/products',
      dialogBody({ nameMl: 'ക'.repeat(201), descriptionMl: 'ക'.repeat(5001) }),
    );
    expect(long.status).toBe(400);
    expect(long.body.errors).toMatchObject({
      nameMl: 'Name in Malayalam must be at most 200 characters',
      descriptionMl: 'Description in Malayalam must be at most 5000 characters',
    });
    expect((await admin.post('/api/admin/products', dialogBody({ nameMl: 'ക'.repeat(200) }))).status).toBe(201);
    for (const url of ['/api/products?lang=en', '/api/products/1?lang=ML', '/api/cart?lang=ta', '/api/products?lang=']) {
      const refused = await visitor.get<{ errors: Record<string, string> }>(url);
      expect(refused.status, url).toBe(400);
      expect(refused.body.errors, url).toHaveProperty('lang');
    }
  });

  it('edits the whole product keeping each surviving variation id; a removed variation leaves carts, sent enquiries keep theirs', async () => {
    const created = await create({ name: 'Tray to edit' });
    const [three, five] = created.variations as [AdminProduct['variations'][number], AdminProduct['variations'][number]];

    // A visitor has the 5-compartment size in the cart, and has sent an enquiry for it.
    const added = await visitor.post('/api/cart', { productId: created.id, variationId: five.id, quantity: 2 });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const line = {
      productId: created.id,
      productName: 'Tray to edit',
      quantity: 2,
      price: five.price,
      variationId: five.id,
      variationName: 'Size',
      variationType: 'size',
      variationValue: '5 compartments',
      unitsPerCarton: 200,
      unitType: 'pieces',
      pricePerUnit: '7.25',
      cartonWeight: '6.50',
      cartonDimensions: '40 x 30 x 35 cm',
    };
    const sent = await visitor.post<{ id: number }>('/api/orders', enquiryPayload([line]));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);

    // The new price moves the kept variation with it; 5 compartments goes, 4 compartments comes.
    const edited = await admin.request<AdminProduct>('PATCH', `/api/admin/products/${created.id}`, {
      payload: dialogBody({
        name: 'Tray, edited',
        price: '1300',
        variations: [
          {
            id: three.id,
            name: 'Size',
            type: 'size',
            value: '3 compartments',
            priceAdjustment: -100,
            stockQuantity: 5,
            isActive: false,
          },
          { name: 'Size', type: 'size', value: '4 compartments', priceAdjustment: 50, stockQuantity: 8, isActive: true },
        ],
      }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.variations.map((v) => [v.id === three.id, v.value, v.price, v.priceAdjustment, v.isActive])).toEqual([
      [true, '3 compartments', '1200.00', '-100.00', false],
      [false, '4 compartments', '1350.00', '50.00', true],
    ]);

    const cart = await visitor.get<unknown[]>('/api/cart');
    expect(cart.body).toEqual([]);
    const order = await admin.get<{ items: Array<{ variationValue: string; price: string }> }>(
      `/api/admin/orders/${sent.body.id}`,
    );
    expect(order.body.items).toEqual([expect.objectContaining({ variationValue: '5 compartments', price: '1450.50' })]);

    // Inactive variations stay in the admin's list and leave the storefront's.
    const publicVariations = await visitor.get<ProductVariation[]>(`/api/products/${created.id}/variations`);
    expect(publicVariations.body.map((v) => v.value)).toEqual(['4 compartments']);
    expect((await visitor.get<Product>(`/api/products/${created.id}`)).body.name).toBe('Tray, edited');

    // A client that sends no ids keeps them too, matched by type and value.
    const again = await admin.request<AdminProduct>('PATCH', `/api/admin/products/${created.id}`, {
      payload: dialogBody({ name: 'Tray, edited', variations: edited.body.variations.map(({ id: _id, ...rest }) => rest) }),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.variations.map((v) => v.id)).toEqual(edited.body.variations.map((v) => v.id));

    const history = await admin.get<AdminProductWithHistory>(`/api/admin/products/${created.id}`);
    expect(history.body.history.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
  });

  it('a variation whose stock is left blank is not counted: in stock on the storefront, enquirable up to 999 cartons', async () => {
    const created = await create({
      name: 'Test Bowl',
      variations: [
        { name: 'Size', type: 'size', value: 'Small', priceAdjustment: 0, stockQuantity: '', isActive: true },
        { name: 'Size', type: 'size', value: 'Large', priceAdjustment: 0, stockQuantity: 0, isActive: true },
      ],
    });
    const [small, large] = created.variations as [AdminProduct['variations'][number], AdminProduct['variations'][number]];
    expect([small.stockQuantity, large.stockQuantity]).toEqual([null, 0]);
    const shown = await visitor.get<ProductVariation[]>(`/api/products/${created.id}/variations`);
    expect(shown.body.map((v) => [v.value, v.stockQuantity])).toEqual([
      ['Small', null],
      ['Large', 0],
    ]);
    const added = await visitor.post('/api/cart', { productId: created.id, variationId: small.id, quantity: 999 });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const tooMany = await visitor.post<{ message: string }>('/api/cart', {
      productId: created.id,
      variationId: small.id,
      quantity: 1000,
    });
    expect(tooMany.status).toBe(400);
    const soldOut = await visitor.post<{ message: string }>('/api/cart', {
      productId: created.id,
      variationId: large.id,
      quantity: 1,
    });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toBe('Test Bowl (Size: Large) is out of stock');
    await visitor.request('DELETE', `/api/cart/${created.id}/${small.id}`);
  });

  it('lists the newest product first, so one just added is on the first page', async () => {
    const created = await create({ name: 'Newest tray' });
    const first = await admin.get<AdminProductPage>('/api/admin/products?page=1');
    expect(first.body.items[0]?.id).toBe(created.id);
    const ids = first.body.items.map((product) => product.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('turning variations off clears them', async () => {
    const created = await create({ name: 'Tray without sizes' });
    const edited = await admin.request<AdminProduct>('PATCH', `/api/admin/products/${created.id}`, {
      payload: dialogBody({ name: 'Tray without sizes', hasVariations: false, stockQuantity: 30 }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ hasVariations: false, variations: [], stockQuantity: 30 });
  });

  it('PATCH with only inStock toggles stock, on the storefront too, with an audit entry', async () => {
    const created = await create({ name: 'Tray to toggle' });
    const off = await admin.request<AdminProduct>('PATCH', `/api/admin/products/${created.id}`, { payload: { inStock: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.inStock).toBe(false);
    expect((await visitor.get<Product>(`/api/products/${created.id}`)).body.inStock).toBe(false);
    const history = await admin.get<AdminProductWithHistory>(`/api/admin/products/${created.id}`);
    expect(history.body.history[0]).toMatchObject({ action: 'stock', before: { inStock: true }, after: { inStock: false } });
    const wrong = await admin.request('PATCH', `/api/admin/products/${created.id}`, { payload: { inStock: 'no' } });
    expect(wrong.status).toBe(400);
  });

  it('deletes: gone from the storefront and from carts, kept in sent enquiries, 404 the second time', async () => {
    const ids = await catalogueIds(ctx.database.db);
    const created = await create({ name: 'Tray to delete', hasVariations: false });
    expect((await visitor.post('/api/cart', { productId: created.id, quantity: 1 })).status).toBe(201);
    const sent = await visitor.post<{ id: number }>(
      '/api/orders',
      enquiryPayload([browserLine(ids, 'Areca Leaf Round Plate', '10 inch', 1)]),
    );
    expect(sent.status).toBe(201);

    const removed = await admin.request('DELETE', `/api/admin/products/${created.id}`);
    expect(removed.status).toBe(200);
    expect((await visitor.get(`/api/products/${created.id}`)).status).toBe(404);
    expect(await visitor.get<unknown[]>('/api/cart')).toMatchObject({ body: [] });
    expect((await admin.request('DELETE', `/api/admin/products/${created.id}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/orders/${sent.body.id}`)).status).toBe(200);
  });

  it.each([
    ['a missing name', { name: '' }, 'Please fill in all required fields.'],
    ['a missing description', { description: '   ' }, 'Please fill in all required fields.'],
    ['a missing price', { price: '' }, 'Please fill in all required fields.'],
    ['a missing category', { category: undefined }, 'Please fill in all required fields.'],
    ['variations on, none given', { variations: [] }, 'Please add at least one variation or disable variations.'],
    [
      'a variation without a value',
      { variations: [{ name: 'Size', type: 'size', value: '', priceAdjustment: 0, stockQuantity: 1, isActive: true }] },
      'All variations must have a name and value.',
    ],
    [
      'a variation without a name',
      { variations: [{ name: ' ', type: 'size', value: '6 inch', priceAdjustment: 0, stockQuantity: 1, isActive: true }] },
      'All variations must have a name and value.',
    ],
  ])("refuses %s with the form's message", async (_case, overrides, message) => {
    const response = await admin.post<{ message: string }>('/api/admin/products', dialogBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it.each([
    ['units per carton below 1', { unitsPerCarton: 0 }, 'Units per carton must be at least 1'],
    ['a negative carton weight', { cartonWeight: -1 }, 'Carton weight must be 0 or more'],
    ['a rating above 5', { rating: 5.1 }, 'Rating must be between 0 and 5 in steps of 0.1'],
    ['a rating off the 0.1 steps', { rating: '4.55' }, 'Rating must be between 0 and 5 in steps of 0.1'],
    ['a price off the 0.01 steps', { price: '12.345' }, 'Price must be 0 or more, in steps of 0.01'],
    ['a negative price', { price: -5 }, 'Price must be 0 or more, in steps of 0.01'],
    ['an unknown category', { category: 'spoons' }, 'Category must be one of plates'],
    ['an unknown unit type', { unitType: 'boxes' }, 'Unit type must be one of pieces, plates'],
    [
      'an unknown variation type',
      { variations: [{ name: 'Size', type: 'weight', value: '1 kg', priceAdjustment: 0, stockQuantity: 1, isActive: true }] },
      'Variation type must be one of size, model, color, material, style',
    ],
    [
      'an adjustment below the price',
      { variations: [{ name: 'Size', type: 'size', value: 'tiny', priceAdjustment: -1300, stockQuantity: 1, isActive: true }] },
      'A price adjustment cannot take a price below 0',
    ],
    [
      'four images',
      { imageUrls: ['/media/a.webp', '/media/b.webp', '/media/c.webp', '/media/d.webp'] },
      'Maximum 3 images allowed',
    ],
    [
      'a javascript: image URL',
      { imageUrl: 'javascript:alert(1)', imageUrls: [] },
      'Image URL must be an uploaded image or an https address',
    ],
    [
      'an image on an unknown host',
      { imageUrls: ['https://evil.example/a.jpg'] },
      'on res.cloudinary.com or images.unsplash.com',
    ],
    ['an unknown field', { price_cents: 100 }, "Unknown field 'price_cents'"],
    ['a name on two lines', { name: 'Tray\nnew' }, 'Must be one line'],
  ])('refuses %s with a clear 400', async (_case, overrides, message) => {
    const response = await admin.post<{ message: string }>('/api/admin/products', dialogBody(overrides));
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.message).toContain(message);
  });

  it('answers a body that is not an object, and an id that is not one, with 400; an unknown product with 404', async () => {
    for (const payload of ['null', '[]', '"tray"', '42']) {
      const response = await admin.request<{ message: string }>('POST', '/api/admin/products', {
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, payload).toBe(400);
      expect(response.body.message).toBe('Please fill in all required fields.');
    }
    expect((await admin.request('PATCH', '/api/admin/products/abc', { payload: { inStock: true } })).status).toBe(400);
    expect((await admin.request('PATCH', '/api/admin/products/999999', { payload: { inStock: true } })).status).toBe(404);
    expect((await admin.request('PATCH', '/api/admin/products/999999', { payload: dialogBody() })).status).toBe(404);
    expect((await admin.get('/api/admin/products/999999')).status).toBe(404);
  });

  it('is for administrators only, and every change needs the CSRF token', async () => {
    for (const client of [visitor, user]) {
      expect((await client.get('/api/admin/products')).status).toBeGreaterThanOrEqual(401);
      expect((await client.post('/api/admin/products', dialogBody())).status).toBeGreaterThanOrEqual(401);
      expect((await client.request('DELETE', '/api/admin/products/1')).status).toBeGreaterThanOrEqual(401);
    }
    const noToken = await admin.post('/api/admin/products', dialogBody(), { csrf: false });
    expect(noToken.status).toBe(403);
  });
});
