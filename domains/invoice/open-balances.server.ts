import { and, asc, eq, type SQL, sql } from 'drizzle-orm';

import { enquiryCustomers, latestCustomerName } from '#domains/enquiry/rows.server.ts';
import type { OpenBalance } from '#domains/invoice/payments.ts';
import { paymentPosition } from '#domains/invoice/payments.ts';
import { invoices } from '#domains/invoice/tables.ts';
import type { Db, Tx } from '#platform/db/client.ts';

import { invoiceSums, owing } from './owing.server.ts';

/** An open invoice and the customer record of its enquiry. */
export interface OpenInvoiceBalance extends OpenBalance {
  customerId: number;
}

/**
 * Every invoice with something still to pay (owing.ts's rule), oldest first, with the
 * customer's latest name: what the ageing list sorts into buckets and what a bank credit is matched against.
 * `where` narrows it (to some invoice numbers, say).
 */
export async function openBalances(db: Pick<Db | Tx, 'select'>, today: string, where?: SQL): Promise<OpenInvoiceBalance[]> {
  const sum = (amount: SQL<number>) => sql<number>`${amount}`.mapWith(Number);
  const enquiry = enquiryCustomers(db);
  const rows = await db
    .select({
      orderId: invoices.orderId,
      customerId: enquiry.customerId,
      customerName: latestCustomerName(enquiry.customerId),
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      total: invoices.total,
      dueOn: sql<string>`${invoices.document}->>'dueOn'`,
      credited: sum(invoiceSums.credited),
      paid: sum(invoiceSums.paid),
      refunded: sum(invoiceSums.refunded),
    })
    .from(invoices)
    .innerJoin(enquiry, eq(enquiry.orderId, invoices.orderId))
    .where(and(owing, where))
    .orderBy(asc(invoices.id));
  return rows.map(({ total, credited, paid, refunded, ...row }) => ({
    orderId: row.orderId,
    customerId: row.customerId ?? 0,
    customerName: row.customerName,
    number: row.number,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    balance: paymentPosition({ invoiced: total, credited, paid, refunded }, row.dueOn, today).balance,
  }));
}
