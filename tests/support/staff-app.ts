/**
 * The set-up the enquiry-to-invoice API tests share: the app on a fresh seeded database with its mail stopped (the
 * outbox keeps every e-mail to read back), limits high enough for a file's many enquiries, the demo catalogue's ids,
 * and three browsers (the staff, a customer, a visitor); then the steps an enquiry goes through, each expected to work.
 *
 *   describe.each(databaseKinds())('invoices on %s', (kind) => {
 *     let { ctx, ids, admin, user, visitor } = {} as StaffApp;
 *     const clock = new TestClock(START);
 *     useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, user, visitor } = app));
 *   });
 */
import { afterAll, beforeAll } from 'vitest';

import type { OrderInvoice } from '#domains/invoice/model.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import { loadConfig } from '#platform/config.ts';

import { adminUserAndVisitor, Client, expectBody, STRONG_PASSWORD } from './accounts.ts';
import type { TestClock } from './clock.ts';
import { createTestApp, type TestApp, type TestConfigOverrides, type TestDatabaseKind } from './databases.ts';
import { browserLine, type CatalogueIds, catalogueIds, enquiryPayload } from './enquiry.ts';

/** A rate limit no test file reaches. */
export const RAISED = { max: 10_000, timeWindow: 60_000 };

/** The shop's UPI ID and bank account, set as an operator would (the names and the 7 days' terms are the defaults). */
export const SHOP_PAYMENTS = loadConfig({
  SHOP_UPI_ID: 'greenleaf@okaxis',
  SHOP_BANK_ACCOUNT: '12345678901234',
  SHOP_BANK_IFSC: 'FDRL0001234',
  SHOP_BANK_NAME: 'Federal Bank, Aluva',
}).payments;

/** The quote of 8-inch round plates (₹560.00 a carton, HSN 14049090 at 5%) and 200 ml cups (₹260.00, 48236900 at 18%). */
export const QUOTE_LINES = [
  { price: '560.00', hsnCode: '14049090', gstRate: 5 },
  { price: '260.00', hsnCode: '48236900', gstRate: 18 },
];

/** What POST /api/orders answers. */
export type Sent = { id: number; displayId: number; statusToken: string };

export interface StaffApp {
  ctx: TestApp;
  ids: CatalogueIds;
  /** staff_admin, signed in. */
  admin: Client;
  /** plain_user, signed in. */
  user: Client;
  visitor: Client;
}

/** The app (on the test clock if given), its mail stopped, orders and carts not limited, with its three browsers. */
async function openStaffApp(
  kind: TestDatabaseKind,
  { clock, config = {} }: { clock?: TestClock; config?: TestConfigOverrides } = {},
): Promise<StaffApp> {
  const ctx = await createTestApp(kind, {
    now: clock?.now,
    config: { ...config, rateLimits: { orders: RAISED, cart: RAISED, ...config.rateLimits } },
  });
  await ctx.services.mail.stop();
  const ids = await catalogueIds(ctx.database.db);
  return { ctx, ids, ...(await adminUserAndVisitor(ctx.app, ctx.services)) };
}

/**
 * The suite's app, opened before its tests (and before the suite's own set-up that follows) and closed after them;
 * `take` hands it to the suite's variables.
 */
export function useStaffApp(
  kind: TestDatabaseKind,
  options: Parameters<typeof openStaffApp>[1],
  take: (app: StaffApp) => void,
): void {
  let app: StaffApp | undefined;
  beforeAll(async () => {
    app = await openStaffApp(kind, options);
    take(app);
  });
  afterAll(() => app?.ctx.close());
}

/** What an enquiry goes through, from the browsers that do each step; each step must work. */
export const steps = {
  /** New browsers for the staff (signed in again: a staff session ends hours after sign-in) and for the visitor. */
  async signInAgain(ctx: TestApp): Promise<{ admin: Client; visitor: Client }> {
    const admin = new Client(ctx.app);
    await admin.signIn('staff_admin', STRONG_PASSWORD);
    return { admin, visitor: new Client(ctx.app) };
  },
  /** Sends the enquiry from this browser (201). */
  enquiry: (client: Client, payload: Record<string, unknown>): Promise<Sent> =>
    expectBody(client.post<Sent>('/api/orders', payload), 201),
  /** The staff send this quote (201). */
  quote: <T = unknown>(admin: Client, id: number, body: Record<string, unknown>): Promise<T> =>
    expectBody(admin.post<T>(`/api/admin/orders/${id}/quotes`, body), 201),
  /** The customer accepts the quote's version by the status link (200). */
  accept: (visitor: Client, sent: Sent, version = 1): Promise<unknown> =>
    expectBody(visitor.post(`/api/enquiries/status/${sent.statusToken}/quote/accept`, { version }), 200),
  /** The staff quote and the customer accepts (version 1). */
  async quoteAndAccept({ admin, visitor }: Pick<StaffApp, 'admin' | 'visitor'>, sent: Sent, body: Record<string, unknown>) {
    await steps.quote(admin, sent.id, body);
    await steps.accept(visitor, sent);
  },
  /** The staff issue the tax invoice (201). */
  invoice: <T = unknown>(admin: Client, id: number, body?: object): Promise<T> =>
    expectBody(admin.post<T>(`/api/admin/orders/${id}/invoice`, body), 201),
};

/**
 * Enquiries each from a customer of their own (`<tag>1@example.in`, `<tag>2@…`, named '<Tag> customer N'), so what
 * one test does to a customer (its e-mails, its credit) is not another's: the enquiry sent and its e-mail address.
 */
export function ownCustomers(tag: string) {
  let count = 0;
  return async (visitor: Client, lines: Array<Record<string, unknown>>, overrides: Record<string, unknown> = {}) => {
    count += 1;
    const email = `${tag}${count}@example.in`;
    const name = `${tag[0]!.toUpperCase()}${tag.slice(1)} customer ${count}`;
    const payload = enquiryPayload(lines, { customerName: name, customerEmail: email, ...overrides });
    return { ...(await steps.enquiry(visitor, payload)), email };
  };
}

/** A quote's fields: the two lines, ₹50.00 delivery, to Kerala (32), no GSTIN, valid 7 days from the clock's day. */
export const quoteBody = (clock: TestClock, overrides: Record<string, unknown> = {}) => ({
  lines: QUOTE_LINES,
  delivery: '50.00',
  placeOfSupply: '32',
  customerGstin: null,
  validUntil: addDays(istDate(clock.now()), 7),
  note: null,
  ...overrides,
});

/** A buyer in Karnataka (state 29), registered for GST: where the inter-state tests send their orders. */
export const BENGALURU_BUYER = { address: '12 MG Road, Shivajinagar, Bengaluru, Karnataka 560001', gstin: '29CCCCB4321M1ZG' };

/**
 * An invoiced order of `plates` 8-inch round plates and 2 cups to Bengaluru from `send`'s next customer, quoted
 * inter-state to the registered buyer unless `gstin` is null: the enquiry sent, with its invoice.
 */
export async function invoiceToBengaluru(
  { ids, admin, visitor }: Pick<StaffApp, 'ids' | 'admin' | 'visitor'>,
  send: ReturnType<typeof ownCustomers>,
  clock: TestClock,
  plates: number,
  gstin: string | null = BENGALURU_BUYER.gstin,
) {
  const lines = [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', plates), browserLine(ids, 'Bagasse Cup 200 ml', null, 2)];
  const sent = await send(visitor, lines, { deliveryLocation: BENGALURU_BUYER.address });
  await steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock, { placeOfSupply: '29', customerGstin: gstin }));
  const { invoice } = await steps.invoice<OrderInvoice>(admin, sent.id);
  return { ...sent, invoice };
}
