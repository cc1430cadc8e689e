/**
 * Helpers for the enquiry-flow API tests: seeded catalogue ids by name, what the browser sends
 * (the enquiry payload), what the server must store (computed here from the seed data with
 * core/pricing, not read back from the server), and the session cookie.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

import { products, productVariations } from '#domains/catalogue/tables.ts';
import { orderItems } from '#domains/enquiry/tables.ts';
import type { AdminOrderItem } from '#domains/order-file/schema.ts';
import { cartonPrice, piecePrice } from '#domains/pricing/model.ts';
import { parseRupees, toDecimalString } from '#lib/money.ts';
import type { Db } from '#platform/db/client.ts';
import { demoCatalogue } from '#platform/db/seed/catalogue.ts';
import type { SeedProduct, SeedVariation } from '#platform/db/seed/types.ts';

/** Spelled out rather than imported: the cookie's name is part of the contract under test. */
export const SESSION_COOKIE_NAME = 'shop_session';

export function seedProduct(name: string): SeedProduct {
  const product = demoCatalogue.find((p) => p.name === name);
  if (!product) throw new Error(`No demo product named ${name}`);
  return product;
}

export function seedVariation(productName: string, value: string): SeedVariation {
  const variation = seedProduct(productName).variations.find((v) => v.value === value);
  if (!variation) throw new Error(`${productName} has no variation ${value}`);
  return variation;
}

/** Database ids of the seeded products and variations, by name and value. */
export interface CatalogueIds {
  product(name: string): number;
  variation(productName: string, value: string): number;
  /** An id no product or variation has. */
  missing: number;
}

export async function catalogueIds(db: Db): Promise<CatalogueIds> {
  const rows = await db
    .select({ productId: products.id, name: products.name, variationId: productVariations.id, value: productVariations.value })
    .from(products)
    .leftJoin(productVariations, eq(productVariations.productId, products.id));
  const productIds = new Map<string, number>();
  const variationIds = new Map<string, number>();
  let max = 0;
  for (const row of rows) {
    productIds.set(row.name, row.productId);
    max = Math.max(max, row.productId, row.variationId ?? 0);
    if (row.variationId !== null && row.value !== null) variationIds.set(`${row.name}\u0000${row.value}`, row.variationId);
  }
  return {
    product(name) {
      const id = productIds.get(name);
      if (id === undefined) throw new Error(`No product named ${name} in the database`);
      return id;
    },
    variation(productName, value) {
      const id = variationIds.get(`${productName}\u0000${value}`);
      if (id === undefined) throw new Error(`No variation ${value} of ${productName} in the database`);
      return id;
    },
    missing: max + 10_000,
  };
}

/** The lines stored for an enquiry, in the order the customer listed them. */
export function storedLines(db: Db, orderId: number) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

/** One stored order line as the catalogue prices it: the admin's view of it without its id. */
export type ExpectedLine = Omit<AdminOrderItem, 'id'>;

/**
 * The line the server must store, from the seed data: the variation's price else the product's,
 * the variation's carton details else the product's.
 */
export function expectedLine(
  ids: CatalogueIds,
  productName: string,
  variationValue: string | null,
  quantity: number,
): ExpectedLine {
  const product = seedProduct(productName);
  const variation = variationValue === null ? null : seedVariation(productName, variationValue);
  const carton = cartonPrice(product.price, variation?.price);
  const unitsPerCarton = variation?.unitsPerCarton ?? product.unitsPerCarton;
  return {
    productId: ids.product(productName),
    productName,
    quantity,
    price: toDecimalString(carton),
    variationId: variation ? ids.variation(productName, variation.value) : null,
    variationName: variation?.name ?? null,
    variationType: variation?.type ?? null,
    variationValue: variation?.value ?? null,
    options: variation ? [{ type: variation.type, name: variation.name, value: variation.value }] : [],
    unitsPerCarton,
    unitType: variation?.unitType ?? product.unitType,
    pricePerUnit: toDecimalString(piecePrice(carton, unitsPerCarton)),
    cartonWeight: variation?.cartonWeight ?? product.cartonWeight,
    cartonDimensions: variation?.cartonDimensions ?? product.cartonDimensions,
    lineTotal: toDecimalString(carton * quantity),
    // The seed has no breaks and no price groups.
    priceBasis: { breakFrom: null, group: null },
  };
}

export const CUSTOMER = {
  customerName: 'Anitha Menon',
  customerEmail: 'anitha@example.in',
  customerPhone: '9847012345',
  deliveryLocation: '14/220 Temple Road, Edappally, Kochi, Kerala 682024',
} as const;

/** A field refused: what the case is, the change to a good body, and the field's message. */
export type FieldRefusal = [label: string, change: Record<string, unknown>, errors: Record<string, string>];

/**
 * The name, e-mail and phone rules the enquiry and contact forms share (lib/schemas/text.ts), as refusals under each
 * form's own names for the three fields.
 */
export function personFieldRefusals(field: { name: string; email: string; phone: string }): FieldRefusal[] {
  const refused = (label: string, key: string, value: string, message: string): FieldRefusal => [
    label,
    { [key]: value },
    { [key]: message },
  ];
  const phone = 'Phone number must be exactly 10 digits';
  return [
    refused('a one-letter name', field.name, 'A', 'Name must be at least 2 characters'),
    refused('a name of spaces', field.name, '   ', 'Name must be at least 2 characters'),
    refused('a 101-character name', field.name, 'a'.repeat(101), 'Name must be at most 100 characters'),
    refused('a bad e-mail', field.email, 'anitha@', 'Please enter a valid email address'),
    refused('an e-mail without @', field.email, 'anitha.example.in', 'Please enter a valid email address'),
    refused('an empty e-mail', field.email, '', 'Please enter a valid email address'),
    refused('a 9-digit phone', field.phone, '944701234', phone),
    refused('phone 12345', field.phone, '12345', phone),
    refused('an 11-digit phone', field.phone, '98470123456', phone),
    refused('an empty phone', field.phone, '', phone),
    refused('9 digits with a space', field.phone, '94470 1234', phone),
    refused('a phone with letters', field.phone, '98470abcde', phone),
    refused('a phone with a foreign prefix', field.phone, '+449847012345', phone),
  ];
}

/** A contact form message as a caterer sends it: every field filled, a bulk-order question. */
export const CONTACT_MESSAGE = {
  name: 'Suresh Nair',
  email: 'suresh@cateringco.in',
  company: 'Nair Caterers',
  phone: '9447012345',
  inquiryType: 'bulk-order',
  message: 'We need 40 cartons of 10 inch areca plates every month. Please quote.',
};

export type EnquiryLineInput = Record<string, unknown> & { productId: number; quantity: number };

/** A line as the checkout page sends it: the catalogue's own values (the server must ignore them anyway). */
export function browserLine(
  ids: CatalogueIds,
  productName: string,
  variationValue: string | null,
  quantity: number,
): EnquiryLineInput {
  const line = expectedLine(ids, productName, variationValue, quantity);
  return {
    productId: line.productId,
    productName: line.productName,
    quantity,
    price: line.price,
    variationId: line.variationId,
    variationName: line.variationName,
    variationType: line.variationType,
    variationValue: line.variationValue,
    unitsPerCarton: line.unitsPerCarton,
    unitType: line.unitType,
    pricePerUnit: line.pricePerUnit,
    cartonWeight: line.cartonWeight,
    cartonDimensions: line.cartonDimensions,
  };
}

/** The enquiry payload for these lines, as a guest, with the totals the browser shows. */
export function enquiryPayload(
  items: Array<Record<string, unknown>>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const subtotal = items.reduce((sum, item) => {
    const price = typeof item.price === 'string' ? (parseRupees(item.price) ?? 0) : 0;
    return sum + price * (typeof item.quantity === 'number' && Number.isSafeInteger(item.quantity) ? item.quantity : 0);
  }, 0);
  return {
    ...CUSTOMER,
    specialRequests: 'Please deliver before the wedding on Sunday.',
    items,
    subtotal: toDecimalString(subtotal),
    tax: '0.00',
    total: toDecimalString(subtotal),
    isGuest: true,
    userId: null,
    sessionId: 'guest_7f3a9c2e',
    orderIdPrefix: 1000,
    ...overrides,
  };
}

/** The shop_session token a response set, or undefined. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === SESSION_COOKIE_NAME)?.value;
}

export function cookieHeader(token: string): { cookie: string } {
  return { cookie: `${SESSION_COOKIE_NAME}=${token}` };
}

export interface JsonResponse<T = unknown> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  body: T;
  raw: LightMyRequestResponse;
}

/** Injects a request and parses its JSON answer (every /api answer must be JSON). */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: InjectOptions['payload']; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<JsonResponse<T>> {
  const response = await app.inject({
    method,
    url,
    payload: options.payload,
    headers: options.headers,
    remoteAddress: options.remoteAddress,
  });
  expect(response.headers['content-type'], `${method} ${url}: ${response.body}`).toMatch(/^application\/json/);
  return { status: response.statusCode, headers: response.headers, body: response.json() as T, raw: response };
}

/** The answer to a refused input: `Invalid <what>: <first message>` and every field's message. */
export function validationError(
  what: string,
  errors: Record<string, string>,
): { message: string; errors: Record<string, string> } {
  return { message: `Invalid ${what}: ${Object.values(errors)[0]}`, errors };
}
