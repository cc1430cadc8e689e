import { asc, eq, inArray, sql } from 'drizzle-orm';

import {
  type CustomerInvoiceRow,
  type CustomerRecord,
  type CustomerSummary,
  emailKey,
  groupCustomers,
  phoneKey,
} from '../../../core/customers.ts';
import { deliveryAddressText, displayIdOf } from '../../../core/enquiry.ts';
import { notFound } from '../../../core/errors.ts';
import { paymentPosition } from '../../../core/payments.ts';
import { istDate } from '../../../core/reply-promise.ts';
import type { AdminPage } from '../../../core/schemas/admin.ts';
import type { CustomerListQuery } from '../../../core/schemas/customers.ts';
import type { Db } from '../../db/client.ts';
import { creditNotes, customerNotes, invoices, orders, payments, quotes } from '../../db/schema.ts';
import type { Actor, AuditLog } from '../audit/service.ts';
import type { QuoteService } from '../enquiries/quotes.ts';

/** What the grouping and the list read of every enquiry: a narrow row, never the lines. */
interface Contact {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  createdAt: Date;
  userId: number | null;
}

interface Group {
  id: number;
  contacts: Contact[];
  /** Lowercased, as the notes are filed. */
  noteEmail: string;
}

const missing = (id: number) => notFound(`Customer ${id} not found`);
const distinct = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * The customers: enquiries grouped by e-mail and phone (core/customers.ts), listed newest first and searched by name,
 * e-mail or phone, each with their enquiries, quotes, invoices and what they bought, and the note the staff keep.
 *
 * Grouping follows chains of shared e-mails and phones, which SQL cannot page by; so each call reads the enquiries'
 * contact columns (a narrow row per enquiry, no lines or documents), groups them here, and reads the documents of
 * the page's customers only.
 */
export class CustomerService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly quotes: QuoteService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list({ page, pageSize, q }: CustomerListQuery): Promise<AdminPage<CustomerSummary>> {
    const groups = await this.groups();
    const found = q ? groups.filter((group) => matches(group, q)) : groups;
    // The customer who enquired last comes first.
    found.sort((a, b) => lastOf(b).createdAt.getTime() - lastOf(a).createdAt.getTime() || b.id - a.id);
    const shown = found.slice((page - 1) * pageSize, page * pageSize);
    const [business, notes] = await Promise.all([this.invoiced(shown), this.notesOf(shown)]);
    return {
      items: shown.map((group) => this.summaryOf(group, business.get(group.id) ?? 0, notes.has(group.noteEmail))),
      total: found.length,
      page,
      pageSize,
      counts: { all: found.length, unseen: 0, seen: found.length },
    };
  }

  async get(id: number): Promise<CustomerRecord> {
    const group = await this.group(id);
    const ids = group.contacts.map((contact) => contact.id);
    const [rows, latest, issued, quoteRows, [note]] = await Promise.all([
      this.db.select().from(orders).where(inArray(orders.id, ids)),
      this.quotes.latestOf(ids),
      this.invoicesOf(ids),
      this.db.select({ gstin: quotes.customerGstin }).from(quotes).where(inArray(quotes.orderId, ids)).orderBy(asc(quotes.id)),
      this.db.select().from(customerNotes).where(eq(customerNotes.email, group.noteEmail)),
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
    };
  }

  /** Keeps the note (an empty one removes it), with its audit entry. */
  async setNote(id: number, text: string, actor: Actor): Promise<CustomerRecord['note']> {
    const group = await this.group(id);
    const at = this.now();
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(customerNotes).where(eq(customerNotes.email, group.noteEmail)).for('update');
      if ((before?.note ?? '') === text) return;
      if (text === '') await tx.delete(customerNotes).where(eq(customerNotes.email, group.noteEmail));
      else {
        await tx
          .insert(customerNotes)
          .values({ email: group.noteEmail, note: text, updatedBy: actor.username, updatedAt: at })
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
    const [note] = await this.db.select().from(customerNotes).where(eq(customerNotes.email, group.noteEmail));
    return note ? { text: note.note, updatedBy: note.updatedBy, updatedAt: note.updatedAt.toISOString() } : null;
  }

  private async groups(): Promise<Group[]> {
    const contacts = await this.db
      .select({
        id: orders.id,
        name: orders.customerName,
        email: orders.customerEmail,
        phone: orders.customerPhone,
        createdAt: orders.createdAt,
        userId: orders.userId,
      })
      .from(orders);
    const byId = new Map(contacts.map((contact) => [contact.id, contact]));
    return groupCustomers(contacts).map((ids) => {
      const members = ids.map((id) => byId.get(id) as Contact);
      return { id: ids[0] as number, contacts: members, noteEmail: emailKey((members[0] as Contact).email) };
    });
  }

  private async group(id: number): Promise<Group> {
    const group = (await this.groups()).find((candidate) => candidate.id === id);
    if (!group) throw missing(id);
    return group;
  }

  private summaryOf(group: Group, business: number, hasNote: boolean): CustomerSummary {
    const byDate = [...group.contacts].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
    const last = byDate[byDate.length - 1] as Contact;
    return {
      id: group.id,
      name: last.name,
      emails: distinct(byDate.map((contact) => emailKey(contact.email))),
      phones: distinct(byDate.flatMap((contact) => phoneKey(contact.phone) ?? [])),
      enquiryCount: group.contacts.length,
      firstEnquiryAt: (byDate[0] as Contact).createdAt.toISOString(),
      lastEnquiryAt: last.createdAt.toISOString(),
      registered: group.contacts.some((contact) => contact.userId !== null),
      business,
      hasNote,
    };
  }

  /** What each customer on the page was invoiced, less credit notes. */
  private async invoiced(groups: Group[]): Promise<Map<number, number>> {
    const ownerOf = new Map(groups.flatMap((group) => group.contacts.map((contact) => [contact.id, group.id] as const)));
    if (ownerOf.size === 0) return new Map();
    const rows = await this.db
      .select({
        orderId: invoices.orderId,
        total: invoices.total,
        credited:
          sql<number>`coalesce((select sum(${creditNotes.total}) from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}), 0)`.mapWith(
            Number,
          ),
      })
      .from(invoices)
      .where(inArray(invoices.orderId, [...ownerOf.keys()]));
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
      .where(
        inArray(
          customerNotes.email,
          groups.map((group) => group.noteEmail),
        ),
      );
    return new Set(rows.map((row) => row.email));
  }

  private async invoicesOf(orderIds: number[]): Promise<Array<CustomerInvoiceRow & { gstin: string | null }>> {
    const rows = await this.db
      .select({
        id: invoices.id,
        orderId: invoices.orderId,
        number: invoices.number,
        issuedOn: invoices.issuedOn,
        total: invoices.total,
        document: invoices.document,
      })
      .from(invoices)
      .where(inArray(invoices.orderId, orderIds))
      .orderBy(asc(invoices.issuedAt));
    if (rows.length === 0) return [];
    const invoiceIds = rows.map((row) => row.id);
    const [notes, paid] = await Promise.all([
      this.db
        .select({ invoiceId: creditNotes.invoiceId, total: creditNotes.total })
        .from(creditNotes)
        .where(inArray(creditNotes.invoiceId, invoiceIds)),
      this.db
        .select({ invoiceId: payments.invoiceId, amount: payments.amount })
        .from(payments)
        .where(inArray(payments.invoiceId, invoiceIds)),
    ]);
    const today = istDate(this.now());
    return rows.map((row) => {
      const position = paymentPosition(
        {
          invoiced: row.total,
          credited: notes.filter((note) => note.invoiceId === row.id).reduce((sum, note) => sum + note.total, 0),
          paid: paid.filter((entry) => entry.invoiceId === row.id).reduce((sum, entry) => sum + entry.amount, 0),
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

const lastOf = (group: Group): Contact =>
  group.contacts.reduce((last, contact) => (contact.createdAt > last.createdAt ? contact : last));

/** A name or e-mail containing the text (any case), or a phone containing its digits. */
function matches(group: Group, q: string): boolean {
  const text = q.toLowerCase();
  const digits = q.replace(/\D/g, '');
  return group.contacts.some(
    (contact) =>
      contact.name.toLowerCase().includes(text) ||
      contact.email.toLowerCase().includes(text) ||
      (digits.length >= 3 && (contact.phone ?? '').replace(/\D/g, '').includes(digits)),
  );
}
