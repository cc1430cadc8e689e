// The counters the admin lists and the dashboard read (list_counts, with the customers' count, enquiry_days and enquiry_day_products, kept by the
// database's own triggers), on both
// databases: after enquiries and messages are sent, marked seen and unseen, moved on, made from a message and deleted
// through the API, and after writes made straight in SQL (as a bulk import would), each counter equals a real count of
// its rows, and the lists' tabs and the dashboard's totals answer with them.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AdminDashboard } from '#domains/order-file/schema.ts';
import type { AdminPage } from '#lib/schemas/list.ts';
import { adminUserAndVisitor, type Client } from '#tests/support/accounts.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { browserLine, type CatalogueIds, catalogueIds, CONTACT_MESSAGE, enquiryPayload } from '#tests/support/enquiry.ts';

const RAISED = { max: 10_000, timeWindow: 60_000 };
type Row = { list: string; status: string; seen: boolean; rows: number };

describe.each(databaseKinds())('the kept list counts on %s', (kind) => {
  const ctx = suiteApp(kind, { config: { rateLimits: { orders: RAISED, contact: RAISED } } });
  let admin: Client;
  let visitor: Client;
  let ids: CatalogueIds;
  const enquiries: number[] = [];
  const messages: number[] = [];

  const rowsOf = async (query: string) =>
    ((await ctx.database.db.execute(sql.raw(query))) as unknown as { rows: Row[] }).rows.map((row) => ({
      ...row,
      rows: Number(row.rows),
    }));
  /** The counters, without the groups that have come back to nothing, beside a real count of each group. */
  const expectCountersTrue = async () => {
    const kept = await rowsOf(`SELECT list, status, seen, rows FROM list_counts WHERE rows <> 0 ORDER BY list, status, seen`);
    const counted = await rowsOf(`
      SELECT list, status, seen, rows FROM (
        SELECT 'orders' AS list, status, seen, count(*) AS rows FROM orders GROUP BY status, seen
        UNION ALL
        SELECT 'contacts', '', seen, count(*) FROM contact_messages GROUP BY seen
        UNION ALL
        SELECT 'customers', '', true, count(*) FROM customers HAVING count(*) > 0
      ) AS real ORDER BY list, status, seen`);
    expect(kept).toEqual(counted);
    const days = async (query: string) => (await ctx.database.db.execute(sql.raw(query))) as unknown as { rows: unknown[] };
    expect((await days(`SELECT day::text, enquiries FROM enquiry_days WHERE enquiries <> 0 ORDER BY day`)).rows).toEqual(
      (await days(`SELECT ist_day(created_at)::text AS day, count(*)::int AS enquiries FROM orders GROUP BY 1 ORDER BY 1`)).rows,
    );
    expect(
      (
        await days(`SELECT day::text, product_id, enquiries, cartons::int FROM enquiry_day_products
                    WHERE enquiries <> 0 OR cartons <> 0 ORDER BY day, product_id`)
      ).rows,
    ).toEqual(
      (
        await days(`SELECT ist_day(o.created_at)::text AS day, i.product_id, count(DISTINCT i.order_id)::int AS enquiries,
                           sum(i.quantity)::int AS cartons
                    FROM order_items i JOIN orders o ON o.id = i.order_id GROUP BY 1, 2 ORDER BY 1, 2`)
      ).rows,
    );
    return counted;
  };
  const total = (rows: Row[], list: string, seen?: boolean) =>
    rows.filter((row) => row.list === list && (seen === undefined || row.seen === seen)).reduce((n, row) => n + row.rows, 0);

  beforeAll(async () => {
    await ctx.services.mail.stop();
    ({ admin, visitor } = await adminUserAndVisitor(ctx.app, ctx.services));
    ids = await catalogueIds(ctx.database.db);
  });

  it('start equal to the tables', async () => {
    await expectCountersTrue();
  });

  it('follow enquiries and messages sent, seen, moved on and deleted through the API', async () => {
    for (let index = 0; index < 4; index++) {
      const payload = enquiryPayload([browserLine(ids, 'Areca Leaf Round Plate', '10 inch', index + 1)], {
        customerName: `Counted Customer ${index}`,
        customerEmail: `counted${index}@example.in`,
        customerPhone: `98471${String(index).padStart(5, '0')}`,
      });
      const sent = await visitor.post<{ id: number }>('/api/orders', payload);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      enquiries.push(sent.body.id);
      const message = await visitor.post<{ id: number }>('/api/contact', {
        ...CONTACT_MESSAGE,
        email: `counted${index}@example.in`,
      });
      expect(message.status, JSON.stringify(message.body)).toBe(201);
    }
    const listed = await admin.get<AdminPage<{ id: number }>>('/api/admin/contacts?pageSize=4');
    messages.push(...listed.body.items.map((item) => item.id));
    await expectCountersTrue();

    const [first, second, third, fourth] = enquiries as [number, number, number, number];
    expect((await admin.request('PATCH', `/api/admin/orders/${first}/seen`, { payload: { seen: true } })).status).toBe(200);
    expect((await admin.request('PATCH', `/api/admin/orders/${second}/seen`, { payload: { seen: true } })).status).toBe(200);
    expect((await admin.request('PATCH', `/api/admin/orders/${second}/seen`, { payload: { seen: false } })).status).toBe(200);
    expect((await admin.request('PATCH', `/api/admin/orders/${third}/status`, { payload: { status: 'confirmed' } })).status).toBe(
      200,
    );
    expect(
      (await admin.request('PATCH', `/api/admin/orders/${fourth}/status`, { payload: { status: 'cancelled' } })).status,
    ).toBe(200);
    expect((await admin.request('PATCH', `/api/admin/contacts/${messages[0]}/seen`, { payload: { seen: true } })).status).toBe(
      200,
    );
    await expectCountersTrue();

    const plate = browserLine(ids, 'Areca Leaf Round Plate', '10 inch', 2);
    const made = await admin.post(`/api/admin/contacts/${messages[1]}/enquiry`, {
      deliveryLocation: '14/220 Temple Road, Edappally, Kochi, Kerala 682024',
      items: [{ productId: plate.productId, variationId: plate.variationId as number, quantity: 2 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await expectCountersTrue();

    expect((await admin.request('DELETE', `/api/admin/orders/${first}`)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/admin/contacts/${messages[2]}`)).status).toBe(200);
    const counted = await expectCountersTrue();

    // What the lists and the dashboard answer is what the counters hold.
    const all = await admin.get<AdminPage<unknown>>('/api/admin/orders?page=1');
    expect(all.body.counts).toEqual({
      all: total(counted, 'orders'),
      unseen: total(counted, 'orders', false),
      seen: total(counted, 'orders', true),
    });
    const pending = await admin.get<AdminPage<unknown>>('/api/admin/orders?status=pending&seen=false');
    const pendingRows = counted.filter((row) => row.list === 'orders' && row.status === 'pending');
    expect(pending.body.total).toBe(total(pendingRows, 'orders', false));
    expect(pending.body.counts.all).toBe(total(pendingRows, 'orders'));
    const contacts = await admin.get<AdminPage<unknown>>('/api/admin/contacts?seen=true');
    expect(contacts.body.total).toBe(total(counted, 'contacts', true));
    expect(contacts.body.counts.all).toBe(total(counted, 'contacts'));
    const dashboard = await admin.get<AdminDashboard>('/api/admin/dashboard');
    expect(dashboard.body.orders).toMatchObject({ total: total(counted, 'orders'), unseen: total(counted, 'orders', false) });
    expect(dashboard.body.contacts).toEqual({ total: total(counted, 'contacts'), unseen: total(counted, 'contacts', false) });
    const [newestUnseen] = await rowsOf(`SELECT max(id) AS rows FROM orders WHERE NOT seen`);
    expect(dashboard.body.orders.latestUnseenId).toBe(newestUnseen?.rows ?? null);
  });

  it('follow writes made straight in SQL: many rows in one statement, a rolled-back one, and emptying a table', async () => {
    const db = ctx.database.db;
    await db.execute(sql`
      INSERT INTO orders (status, seen, customer_name, customer_email, delivery_location, subtotal, tax, total, is_guest)
      SELECT (ARRAY['pending','confirmed','delivered'])[1 + i % 3], i % 2 = 0, 'Imported ' || i, 'imported' || i || '@example.in',
             'Kochi', 100, 0, 100, true
      FROM generate_series(1, 30) AS i`);
    await db.execute(sql`UPDATE orders SET seen = NOT seen, status = 'processing' WHERE customer_name LIKE 'Imported 1%'`);
    await db.execute(sql`UPDATE orders SET customer_phone = '9847100000' WHERE customer_name LIKE 'Imported 2%'`);
    // A message's seen flag is all a message's count reads; an update of anything else leaves it.
    await db.execute(sql`UPDATE contact_messages SET seen = NOT seen WHERE id = (SELECT min(id) FROM contact_messages)`);
    await db.execute(sql`UPDATE contact_messages SET message = message || '.'`);
    await db.execute(sql`DELETE FROM orders WHERE customer_name LIKE 'Imported 3%'`);
    await expectCountersTrue();

    // Lines added to an enquiry (a product it has, and one it has not), one changed, one removed; enquiries moved to
    // other days, lines and all.
    const [enquiry] = enquiries.slice(-1);
    await db.execute(sql`
      INSERT INTO order_items (order_id, product_id, product_name, quantity, price, units_per_carton, unit_type, price_per_unit,
                               line_total, position)
      SELECT ${enquiry}::integer, product_id, product_name, 3, price, units_per_carton, unit_type, price_per_unit, line_total, 5
      FROM order_items WHERE order_id = ${enquiry}
      UNION ALL
      SELECT ${enquiry}::integer, product_id + 1, product_name, 4, price, units_per_carton, unit_type, price_per_unit, line_total, 6
      FROM order_items WHERE order_id = ${enquiry}`);
    await expectCountersTrue();
    await db.execute(sql`UPDATE order_items SET quantity = quantity + 1 WHERE order_id = ${enquiry} AND position = 6`);
    await db.execute(sql`DELETE FROM order_items WHERE order_id = ${enquiry} AND position = 5`);
    await expectCountersTrue();
    await db.execute(
      sql`UPDATE orders SET created_at = created_at - interval '3 days' WHERE id IN (${sql.join(
        enquiries.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await db.execute(sql`UPDATE orders SET created_at = '2026-11-20T10:00:00+05:30'`);
    await expectCountersTrue();

    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE orders SET seen = true`);
        await tx.execute(sql`DELETE FROM contact_messages`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectCountersTrue();

    await db.execute(sql`TRUNCATE contact_messages`);
    await db.execute(sql`TRUNCATE order_items`);
    const counted = await expectCountersTrue();
    expect(total(counted, 'contacts')).toBe(0);
    expect(total(counted, 'orders')).toBeGreaterThan(30);
  });
});
