import { asc, count, desc, eq, inArray } from 'drizzle-orm';

import type { CustomerInvoiceRow, CustomerRecord, CustomerSummary } from '#domains/customer/model.ts';
import { priceGroupOf } from '#domains/customer/price-groups.server.ts';
import type { CustomerListQuery } from '#domains/customer/schema.ts';
import { customerKeys, customerNotes, customers } from '#domains/customer/tables.ts';
import { deliveryAddressText, displayIdOf } from '#domains/enquiry/model.ts';
import { customersMatching, enquiriesOfCustomers, enquiryRows } from '#domains/enquiry/rows.server.ts';
import { paymentPosition } from '#domains/invoice/payments.ts';
import { invoicedTotalsOf, invoiceHistoryOf } from '#domains/invoice/queries.server.ts';
import { quotedGstins } from '#domains/quote/queries.server.ts';
import type { QuoteService } from '#domains/quote/service.server.ts';
import { remindersStoppedOf } from '#domains/reminder/service.server.ts';
import { notFound } from '#lib/errors.ts';
import { istDate } from '#lib/india-time.ts';
import type { AdminPage } from '#lib/schemas/list.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Db } from '#platform/db/client.ts';
import { keptSeenCounts, onPage } from '#platform/db/lists.ts';

/** What the list and the record read of a customer's enquiries: a narrow row, never the lines. */
interface Contact {
  id: number;
  name: string;
  createdAt: Date;
  userId: number | null;
}

interface Group {
  id: number;
  contacts: Contact[];
  /** The e-mail addresses (small letters) and phones (10 digits) that join them, in the order first used. */
  emails: string[];
  phones: string[];
}

const missing = (id: number) => notFound(`Customer ${id} not found`);

/** A customer record's e-mail and phone keys (what a price group or a reminder stop holds), as rows or a subquery. */
export const customerKeysOf = (db: Pick<Db, 'select'>, customerId: number) =>
  db.select({ key: customerKeys.key }).from(customerKeys).where(eq(customerKeys.customerId, customerId));
const distinct = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * The customers: enquiries joined by shared e-mails and phones, listed by who enquired last and searched by name,
 * e-mail or phone, each with their enquiries, quotes, invoices and what they bought, and the note the staff keep.
 *
 * Which enquiries make one customer is kept by the database as enquiries are written (the `customers` and
 * `customer_keys` tables; 312-customers.md), so a page of the list reads a page of customers and their own enquiries only.
 */
export class CustomerService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly quotes: QuoteService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list({ page, pageSize, q }: CustomerListQuery): Promise<AdminPage<CustomerSummary>> {
    const found = q ? inArray(customers.id, customersMatching(this.db, q)) : undefined;
    const [{ total, counts }, rows] = await Promise.all([
      found
        ? this.db
            .select({ all: count() })
            .from(customers)
            .where(found)
            .then(([row]) => ({ total: row?.all ?? 0, counts: { all: row?.all ?? 0, unseen: 0, seen: row?.all ?? 0 } }))
        : keptSeenCounts(this.db, 'customers', undefined, undefined),
      onPage(
        this.db
          .select({ id: customers.id })
          .from(customers)
          .where(found)
          .orderBy(desc(customers.lastEnquiryAt), desc(customers.id))
          .$dynamic(),
        { page, pageSize },
      ),
    ]);
    const shown = await this.groupsOf(rows.map((row) => row.id));
    const [business, notes] = await Promise.all([this.invoiced(shown), this.notesOf(shown)]);
    return {
      items: shown.map((group) => this.summaryOf(group, business.get(group.id) ?? 0, notes.has(noteEmailOf(group)))),
      total,
      page,
      pageSize,
      counts,
    };
  }

  async get(id: number): Promise<CustomerRecord> {
    const group = await this.group(id);
    const ids = group.contacts.map((contact) => contact.id);
    const [rows, latest, issued, quoteRows, [note], remindersStopped, priceGroup] = await Promise.all([
      enquiryRows(this.db, ids),
      this.quotes.latestOf(ids),
      this.invoicesOf(ids),
      quotedGstins(this.db, ids),
      this.db
        .select()
        .from(customerNotes)
        .where(eq(customerNotes.email, noteEmailOf(group))),
      remindersStoppedOf(this.db, customerKeysOf(this.db, id)),
      priceGroupOf(this.db, id),
    ]);
    const newestFirst = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
    const business = issued.reduce((sum, invoice) => sum + invoice.total - invoice.credited, 0);
    const paid = issued.reduce((sum, invoice) => sum + invoice.paid, 0);
    return {
      ...this.summaryOf(group, business, note !== undefined),
      enquiries: newestFirst.map((row) => ({
        id: row.id,
        displayId: displayIdOf(row.id),
        createdAt: row.createdAt.toISOString(),
        status: row.status,
        name: row.customerName,
        email: row.customerEmail,
        phone: row.customerPhone,
        total: row.total,
        isGuest: row.isGuest,
        quote: latest.get(row.id) ?? null,
      })),
      quotes: newestFirst.flatMap((row) => {
        const quote = latest.get(row.id);
        return quote ? [{ ...quote, displayId: displayIdOf(row.id) }] : [];
      }),
      invoices: issued,
      paid,
      outstanding: issued.reduce((sum, invoice) => sum + invoice.balance, 0),
      gstins: distinct(
        [
          ...newestFirst.map((row) => row.customerGstin),
          ...quoteRows.map((row) => row.gstin),
          ...issued.map((invoice) => invoice.gstin),
        ].filter((gstin): gstin is string => Boolean(gstin)),
      ),
      addresses: distinct(newestFirst.map(deliveryAddressText).filter((address) => address !== '')),
      note: note ? { text: note.note, updatedBy: note.updatedBy, updatedAt: note.updatedAt.toISOString() } : null,
      remindersStopped,
      priceGroup,
    };
  }

  /** Keeps the note (an empty one removes it), with its audit entry. */
  async setNote(id: number, text: string, actor: Actor): Promise<CustomerRecord['note']> {
    const noteEmail = noteEmailOf(await this.group(id));
    const at = this.now();
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(customerNotes).where(eq(customerNotes.email, noteEmail)).for('update');
      if ((before?.note ?? '') === text) return;
      if (text === '') await tx.delete(customerNotes).where(eq(customerNotes.email, noteEmail));
      else {
        await tx
          .insert(customerNotes)
          .values({ email: noteEmail, note: text, updatedBy: actor.username, updatedAt: at })
          .onConflictDoUpdate({
            target: customerNotes.email,
            set: { note: text, updatedBy: actor.username, updatedAt: at },
          });
      }
      await this.audit.record(tx, actor, {
        entity: 'customer',
        entityId: id,
        action: 'note',
        before: { note: before?.note ?? null },
        after: { note: text || null },
      });
    });
    const [note] = await this.db.select().from(customerNotes).where(eq(customerNotes.email, noteEmail));
    return note ? { text: note.note, updatedBy: note.updatedBy, updatedAt: note.updatedAt.toISOString() } : null;
  }

  /** These customers (ids from `customers`), in that order, each with their enquiries and keys. */
  private async groupsOf(ids: number[]): Promise<Group[]> {
    if (ids.length === 0) return [];
    const [contacts, keys] = await Promise.all([
      enquiriesOfCustomers(this.db, ids),
      this.db
        .select({ key: customerKeys.key, customerId: customerKeys.customerId })
        .from(customerKeys)
        .where(inArray(customerKeys.customerId, ids))
        .orderBy(asc(customerKeys.orderId), asc(customerKeys.key)),
    ]);
    return ids.map((id) => {
      const own = keys.filter((key) => key.customerId === id).map((key) => key.key);
      return {
        id,
        contacts: contacts.filter((contact) => contact.customerId === id),
        emails: own.filter((key) => key.startsWith('e:')).map((key) => key.slice(2)),
        phones: own.filter((key) => key.startsWith('p:')).map((key) => key.slice(2)),
      };
    });
  }

  private async group(id: number): Promise<Group> {
    const [group] = await this.groupsOf([id]);
    if (!group || group.contacts.length === 0) throw missing(id);
    return group;
  }

  private summaryOf(group: Group, business: number, hasNote: boolean): CustomerSummary {
    const byDate = [...group.contacts].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
    const last = byDate[byDate.length - 1] as Contact;
    return {
      id: group.id,
      name: last.name,
      emails: group.emails,
      phones: group.phones,
      enquiryCount: group.contacts.length,
      firstEnquiryAt: (byDate[0] as Contact).createdAt.toISOString(),
      lastEnquiryAt: last.createdAt.toISOString(),
      registered: group.contacts.some((contact) => contact.userId !== null),
      business,
      hasNote,
    };
  }

  /** What each customer on the page was invoiced, less each invoice's own credit notes. */
  private async invoiced(groups: Group[]): Promise<Map<number, number>> {
    const ownerOf = new Map(groups.flatMap((group) => group.contacts.map((contact) => [contact.id, group.id] as const)));
    if (ownerOf.size === 0) return new Map();
    const rows = await invoicedTotalsOf(this.db, [...ownerOf.keys()]);
    const totals = new Map<number, number>();
    for (const row of rows) {
      const owner = ownerOf.get(row.orderId) as number;
      totals.set(owner, (totals.get(owner) ?? 0) + row.total - row.credited);
    }
    return totals;
  }

  private async notesOf(groups: Group[]): Promise<Set<string>> {
    if (groups.length === 0) return new Set();
    const rows = await this.db
      .select({ email: customerNotes.email })
      .from(customerNotes)
      .where(inArray(customerNotes.email, groups.map(noteEmailOf)));
    return new Set(rows.map((row) => row.email));
  }

  private async invoicesOf(orderIds: number[]): Promise<Array<CustomerInvoiceRow & { gstin: string | null }>> {
    const { issued: rows, notes, paid, refunded } = await invoiceHistoryOf(this.db, orderIds);
    const sumFor = (invoiceId: number, entries: ReadonlyArray<{ invoiceId: number; amount: number }>) =>
      entries.filter((entry) => entry.invoiceId === invoiceId).reduce((sum, entry) => sum + entry.amount, 0);
    const credited = notes.map((note) => ({ invoiceId: note.invoiceId, amount: note.total }));
    const today = istDate(this.now());
    return rows.map((row) => {
      const position = paymentPosition(
        {
          invoiced: row.total,
          credited: sumFor(row.id, credited),
          paid: sumFor(row.id, paid),
          refunded: sumFor(row.id, refunded),
        },
        row.document.dueOn,
        today,
      );
      return {
        orderId: row.orderId,
        displayId: displayIdOf(row.orderId),
        number: row.number,
        issuedOn: row.issuedOn,
        total: row.total,
        credited: position.credited,
        paid: position.paid,
        balance: position.balance,
        state: position.state,
        dueOn: position.dueOn,
        overdue: position.overdue,
        gstin: row.document.recipient.gstin,
      };
    });
  }
}

/**
 * The notes are filed under the e-mail of the customer's first enquiry (small letters): the first key they used.
 */
const noteEmailOf = (group: Group): string => group.emails[0] ?? '';
