import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';

import { displayIdOf, INQUIRY_TYPES } from '#domains/enquiry/model.ts';
import { dayText } from '#domains/enquiry/reply-promise.ts';
import type { EnquiryService } from '#domains/enquiry/service.server.ts';
import type { AdminContact, ContactListQuery } from '#domains/message/schema.ts';
import { contactMessages } from '#domains/message/tables.ts';
import type { AuditEntry } from '#lib/audit.ts';
import { conflict, notFound } from '#lib/errors.ts';
import { istDate } from '#lib/india-time.ts';
import type { AdminPage } from '#lib/schemas/list.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Db } from '#platform/db/client.ts';
import { containing, createdWithin, EXPORT_BATCH, keptSeenCounts, newestFirst, onPage, seenCounts } from '#platform/db/lists.ts';

type ContactRow = typeof contactMessages.$inferSelect;
type Filters = Omit<ContactListQuery, 'page' | 'pageSize'>;

const missing = (id: number) => notFound(`Message ${id} not found`);

/** The staff's side of contact inquiries: paged lists, seen, delete, with audit entries. */
export class InquiryAdmin {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly enquiries: EnquiryService,
    private readonly onMail: () => void = () => {},
  ) {}

  async list(query: ContactListQuery): Promise<AdminPage<AdminContact>> {
    const { page, pageSize, ...filters } = query;
    const [rows, { total, counts }] = await Promise.all([
      onPage(
        this.db
          .select()
          .from(contactMessages)
          .where(whereOf(filters))
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .$dynamic(),
        query,
      ),
      // The whole list: the kept counters; a search or dates count what they find.
      filters.q || filters.from || filters.to
        ? seenCounts(this.db, contactMessages, contactMessages.seen, whereOf({ ...filters, seen: undefined }), filters.seen)
        : keptSeenCounts(this.db, 'contacts', undefined, filters.seen),
    ]);
    return { items: rows.map(adminContactOf), total, page, pageSize, counts };
  }

  /** Every message the filters match, newest first, a batch at a time (the CSV export). */
  async *each(filters: Filters): AsyncGenerator<AdminContact[]> {
    const batches = newestFirst(contactMessages.createdAt, contactMessages.id, (below) =>
      this.db
        .select()
        .from(contactMessages)
        .where(and(whereOf(filters), below))
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(EXPORT_BATCH),
    );
    for await (const rows of batches) yield rows.map(adminContactOf);
  }

  async get(id: number): Promise<AdminContact & { history: AuditEntry[] }> {
    const [row] = await this.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!row) throw missing(id);
    return { ...adminContactOf(row), history: await this.audit.history('contact', id) };
  }

  async setSeen(id: number, seen: boolean, actor: Actor): Promise<AdminContact> {
    const row = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
      if (!current) throw missing(id);
      if (current.seen === seen) return current;
      const [updated] = await tx.update(contactMessages).set({ seen }).where(eq(contactMessages.id, id)).returning();
      await this.audit.record(tx, actor, {
        entity: 'contact',
        entityId: id,
        action: 'seen',
        before: { seen: current.seen },
        after: { seen },
      });
      return updated as ContactRow;
    });
    return adminContactOf(row);
  }

  /**
   * Makes an enquiry of a message (see 301-a-message-becomes-an-enquiry.md): the customer's name and
   * contact details, the message as the special requests, the lines the staff picked. The message is marked seen and
   * points to the enquiry; a message makes one enquiry at most.
   */
  async makeEnquiry(
    id: number,
    body: {
      deliveryLocation: string;
      items: ReadonlyArray<{
        productId: number;
        quantity: number;
        variationId?: number | null;
        optionIds?: number[] | undefined;
      }>;
    },
    actor: Actor,
    siteUrl: string,
  ): Promise<{ id: number; displayId: number }> {
    const created = await this.db.transaction(async (tx) => {
      const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
      if (!message) throw missing(id);
      if (message.orderId !== null) throw conflict(`This message is already enquiry #${displayIdOf(message.orderId)}`);
      const type = INQUIRY_TYPES.find((t) => t.value === message.inquiryType)?.label ?? message.inquiryType;
      const enquiry = await this.enquiries.recordForCustomer(
        tx,
        {
          customerName: message.name,
          customerEmail: message.email,
          customerPhone: message.phone,
          deliveryLocation: body.deliveryLocation,
          specialRequests: `From a message (${type}${message.company ? `, ${message.company}` : ''}) of ${dayText(istDate(message.createdAt))}:\n${message.message}`,
          items: body.items,
        },
        siteUrl,
      );
      await tx.update(contactMessages).set({ orderId: enquiry.id, seen: true }).where(eq(contactMessages.id, id));
      await this.audit.record(tx, actor, {
        entity: 'contact',
        entityId: id,
        action: 'enquiry-made',
        before: { seen: message.seen },
        after: { seen: true, enquiry: enquiry.displayId },
      });
      await this.audit.record(tx, actor, {
        entity: 'order',
        entityId: enquiry.id,
        action: 'made-from-message',
        before: null,
        after: { message: id },
      });
      return enquiry;
    });
    this.onMail();
    return created;
  }

  async delete(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning();
      if (!row) throw missing(id);
      const before = { name: row.name, email: row.email, inquiryType: row.inquiryType };
      await this.audit.record(tx, actor, { entity: 'contact', entityId: id, action: 'delete', before, after: null });
    });
  }
}

function whereOf({ seen, q, from, to }: Filters): SQL | undefined {
  const pattern = q ? containing(q) : null;
  return and(
    seen === undefined ? undefined : eq(contactMessages.seen, seen === 'true'),
    pattern
      ? or(
          ilike(contactMessages.name, pattern),
          ilike(contactMessages.email, pattern),
          ilike(contactMessages.phone, pattern),
          ilike(contactMessages.company, pattern),
          ilike(contactMessages.message, pattern),
        )
      : undefined,
    createdWithin(contactMessages.createdAt, from, to),
  );
}

function adminContactOf(row: ContactRow): AdminContact {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    inquiryType: row.inquiryType,
    message: row.message,
    seen: row.seen,
    enquiryDisplayId: row.orderId === null ? null : displayIdOf(row.orderId),
  };
}
