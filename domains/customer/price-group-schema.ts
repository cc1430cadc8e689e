import { z } from 'zod';

import { priceBreaksProblem, priceBreaksSchema } from '#domains/catalogue/product-admin-schema.ts';
import type { GroupPrice, PriceGroupKind } from '#domains/pricing/model.ts';
import { parseRupees } from '#lib/money.ts';
import { numeric, rupees } from '#lib/schemas/money.ts';
import { pathIdSchema } from '#lib/schemas/query.ts';
import { singleLine } from '#lib/schemas/text.ts';

/** How many own prices one group may hold: every product and option of a large catalogue. */
export const MAX_GROUP_PRICES = 2000;
export const MAX_GROUP_NAME = 60;

const id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be a whole number`)
    .max(2_147_483_647, `${field} is too large`);

/** A group's own price of a product (variationId null or absent) or of one of its pricing options. */
const groupPriceSchema = z
  .strictObject({
    productId: id('productId'),
    variationId: id('variationId').nullable().optional().default(null),
    price: rupees('Price'),
    priceBreaks: priceBreaksSchema.optional().default([]),
  })
  .superRefine((line, ctx) => {
    const problem = priceBreaksProblem(parseRupees(line.price) ?? 0, line.priceBreaks);
    if (problem) ctx.addIssue({ code: 'custom', path: ['priceBreaks'], message: problem });
  });

/**
 * POST and PUT /api/admin/price-groups: a group's name and terms, either a percentage off the catalogue (more than 0,
 * less than 100, at most 2 decimals) or prices of its own (each product and option once).
 */
export const priceGroupBodySchema = z
  .strictObject({
    name: singleLine({ error: "'name' must be text" })
      .trim()
      .min(1, 'Give the group a name')
      .max(MAX_GROUP_NAME, `The name must be at most ${MAX_GROUP_NAME} characters`),
    kind: z.enum(['percent', 'prices'] satisfies PriceGroupKind[], { error: "'kind' must be percent or prices" }),
    percentOff: numeric('Percentage off').nullable().optional().default(null),
    prices: z
      .array(groupPriceSchema)
      .max(MAX_GROUP_PRICES, `At most ${MAX_GROUP_PRICES} prices in a group`)
      .optional()
      .default([]),
  })
  .superRefine((group, ctx) => {
    if (group.kind === 'percent') {
      const off = group.percentOff === null ? NaN : Number(group.percentOff);
      if (!(off > 0 && off < 100) || !/^\d+(\.\d{1,2})?$/.test(group.percentOff ?? '')) {
        ctx.addIssue({
          code: 'custom',
          path: ['percentOff'],
          message: 'Percentage off must be more than 0 and less than 100, in steps of 0.01',
        });
      }
      if (group.prices.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['prices'], message: 'A percentage group has no prices of its own' });
      }
      return;
    }
    if (group.percentOff !== null) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'A group of its own prices has no percentage off' });
    }
    const seen = new Set<string>();
    group.prices.forEach((line, index) => {
      const key = `${line.productId}:${line.variationId ?? 0}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['prices', index], message: 'Each product and option is priced once in a group' });
      }
      seen.add(key);
    });
  });
export type PriceGroupBody = z.output<typeof priceGroupBodySchema>;
export type PriceGroupBodyInput = z.input<typeof priceGroupBodySchema>;

export const priceGroupParamsSchema = z.strictObject({ id: pathIdSchema('Price group id') });

/** PUT /api/admin/customers/{id}/price-group: the group the customer is in, or null for the public prices. */
export const customerPriceGroupBodySchema = z.strictObject({
  groupId: id('groupId').nullable(),
});

/** A group as the admin lists it: its terms, how many own prices and how many customers. */
export interface PriceGroupSummary {
  id: number;
  name: string;
  kind: PriceGroupKind;
  percentOff: string | null;
  prices: number;
  customers: number;
}

/** A group as the admin edits it. */
export interface PriceGroupDetail {
  id: number;
  name: string;
  kind: PriceGroupKind;
  percentOff: string | null;
  prices: GroupPrice[];
}

/** The group a customer record is in, as its screen shows it; null: the public prices. */
export interface CustomerPriceGroup {
  id: number;
  name: string;
}

export const GROUP_PRICES_FORMAT_MESSAGE =
  'Write one price a line: product id (and /option id) = price, then any breaks after a semicolon, for example 12 = 880; 50 = 800';
const GROUP_PRICE = /^(\d{1,10})(?:\s*\/\s*(\d{1,10}))?\s*=\s*₹?\s*(\d+(?:\.\d+)?)\s*(?:;\s*(.*))?$/;

/**
 * A group's own prices as the admin form shows them, one a line: '12 = 880.00; 50 = 800.00' (product 12 at ₹880, ₹800
 * from 50 cartons), '12/34 = 1100.00' (its option 34).
 */
export const groupPricesText = (prices: readonly GroupPrice[]): string =>
  prices
    .map((p) => {
      const breaks = p.priceBreaks.map((b) => `${b.minCartons} = ${b.price}`).join(', ');
      return `${p.productId}${p.variationId === null ? '' : `/${p.variationId}`} = ${p.price}${breaks ? `; ${breaks}` : ''}`;
    })
    .join('\n');

/** The prices typed in the form, or the number of the first line (from 1) not in that form. */
export function parseGroupPricesText(text: string): { prices: GroupPrice[] } | { badLine: number } {
  const prices: GroupPrice[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const match = GROUP_PRICE.exec(line);
    const breaks = match?.[4]?.trim()
      ? match[4]
          .split(',')
          .map((part) => /^(\d{1,6})\s*=\s*₹?\s*(\d+(?:\.\d+)?)$/.exec(part.trim()))
          .map((b) => b && { minCartons: Number(b[1]), price: b[2] as string })
      : [];
    if (!match || breaks.some((b) => b === null)) return { badLine: index + 1 };
    prices.push({
      productId: Number(match[1]),
      variationId: match[2] ? Number(match[2]) : null,
      price: match[3] as string,
      priceBreaks: breaks as Array<{ minCartons: number; price: string }>,
    });
  }
  return { prices };
}
