import { and, asc, desc, eq } from 'drizzle-orm';

import { displayIdOf, type EnquiryStatus } from '../../../core/enquiry.ts';
import { type GstRate, type GstStateCode, isGstStateCode, pincodeIn, stateOfPincode } from '../../../core/gst.ts';
import { formatRupees, toDecimalString } from '../../../core/money.ts';
import {
  DEFAULT_QUOTE_DAYS,
  MAX_QUOTE_DAYS,
  priceQuote,
  type Quote,
  type QuoteDraft,
  quoteNumber,
  quoteStatusOn,
  SHOP_STATE,
  stateName,
  type StoredQuoteStatus,
  totalInWords,
} from '../../../core/quote.ts';
import { addDays, dayText, istDate } from '../../../core/reply-promise.ts';
import { DEFAULT_GST_RATE, type QuoteBody } from '../../../core/schemas/quote.ts';
import { terms } from '../../../core/terms.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, products, quotes } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../domain/errors.ts';
import type { Actor, AuditLog } from '../audit/service.ts';
import { quoteAnsweredMail, quoteMail } from '../mail/messages.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { sentLineOf } from './customer-service.ts';
import type { StatusLinks } from './status-links.ts';

type QuoteRow = typeof quotes.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type QuoteAnswer = { accept: true } | { accept: false; reason: string | null };

const missing = (id: number) => notFound(`Enquiry ${id} not found`);

/**
 * Quotes of an enquiry: the staff prepare and send them (each a new version, never changed once sent), the customer
 * accepts or declines the latest while it is valid. Every step is written with its audit entry and its e-mail in one
 * transaction.
 */
export class QuoteService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly links: StatusLinks,
    private readonly shopEmail: string,
    private readonly now: () => Date = () => new Date(),
    private readonly onMail: () => void = () => {},
  ) {}

  async draft(orderId: number): Promise<QuoteDraft> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw missing(orderId);
    const items = await this.db
      .select({ item: orderItems, hsnCode: products.hsnCode, gstRate: products.gstRate })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
    const pincode = pincodeIn(order.deliveryLocation);
    const fromPincode = pincode ? stateOfPincode(pincode) : null;
    const placeOfSupply = fromPincode ?? SHOP_STATE;
    return {
      lines: items.map(({ item, hsnCode, gstRate }) => ({
        ...sentLineOf(item),
        hsnCode: hsnCode ?? '',
        gstRate: (gstRate ?? DEFAULT_GST_RATE) as GstRate,
      })),
      delivery: placeOfSupply === SHOP_STATE ? terms.delivery.charge : '',
      placeOfSupply,
      placeFromPincode: fromPincode !== null,
      validUntil: addDays(istDate(this.now()), DEFAULT_QUOTE_DAYS),
    };
  }

  /** Every version of the enquiry's quote, newest first. */
  async forEnquiry(orderId: number): Promise<Quote[]> {
    const rows = await this.db.select().from(quotes).where(eq(quotes.orderId, orderId)).orderBy(desc(quotes.version));
    return rows.map((row) => this.view(row));
  }

  async one(orderId: number, version: number): Promise<Quote> {
    const [row] = await this.db
      .select()
      .from(quotes)
      .where(and(eq(quotes.orderId, orderId), eq(quotes.version, version)));
    if (!row) throw notFound(`This enquiry has no quote version ${version}`);
    return this.view(row);
  }

  /** Sends a new version: the one before it (if still open) is superseded; the customer is e-mailed. */
  async send(orderId: number, body: QuoteBody, actor: Actor, siteUrl: string): Promise<Quote> {
    const today = istDate(this.now());
    if (body.validUntil < today) throw invalid('Valid until cannot be in the past', { validUntil: 'In the past' });
    if (body.validUntil > addDays(today, MAX_QUOTE_DAYS)) {
      throw invalid(`A quote can be valid for at most ${MAX_QUOTE_DAYS} days`, { validUntil: 'Too far ahead' });
    }
    const row = await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw missing(orderId);
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
      if (body.lines.length !== items.length) {
        throw invalid(`The quote needs one price for each of the enquiry's ${items.length} lines`);
      }
      const placeOfSupply = body.placeOfSupply as GstStateCode;
      const priced = priceQuote(
        items.map((item, index) => {
          const line = body.lines[index] as QuoteBody['lines'][number];
          return { ...sentLineOf(item), hsnCode: line.hsnCode, gstRate: line.gstRate, price: line.price };
        }),
        body.delivery,
        placeOfSupply,
      );
      const [latest] = await tx
        .select({ version: quotes.version })
        .from(quotes)
        .where(eq(quotes.orderId, orderId))
        .orderBy(desc(quotes.version))
        .limit(1);
      const version = (latest?.version ?? 0) + 1;
      await tx
        .update(quotes)
        .set({ status: 'superseded' })
        .where(and(eq(quotes.orderId, orderId), eq(quotes.status, 'sent')));
      const [inserted] = await tx
        .insert(quotes)
        .values({
          orderId,
          version,
          lines: priced.lines,
          delivery: body.delivery,
          totals: priced.totals,
          placeOfSupply,
          customerGstin: body.customerGstin,
          validUntil: body.validUntil,
          note: body.note,
          sentBy: actor.username,
        })
        .returning();
      if (!inserted) throw new Error('quote insert returned nothing');
      const quote = this.view(inserted);
      const statusUrl = order.statusTokenHash === null ? null : this.links.url(siteUrl, order.id, order.statusLinkVersion);
      await enqueueMail(
        tx,
        quoteMail({
          displayId: displayIdOf(order.id),
          customerName: order.customerName,
          customerEmail: order.customerEmail,
          quote,
          statusUrl,
        }),
      );
      await this.audit.record(tx, actor, {
        entity: 'order',
        entityId: orderId,
        action: 'quote-sent',
        before: latest ? { version: latest.version } : null,
        after: { version, total: toDecimalString(priced.totals.total), validUntil: body.validUntil },
      });
      return inserted;
    });
    this.onMail();
    return this.view(row);
  }

  /**
   * The customer's answer to the latest version while it is open: an accepted quote confirms the enquiry; either
   * answer marks the enquiry unseen for the staff and e-mails them.
   */
  async answer(orderId: number, version: number, answer: QuoteAnswer, actor: Actor): Promise<Quote> {
    const row = await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw missing(orderId);
      const current = await this.openVersion(tx, orderId, version);
      if (order.status === 'cancelled') throw conflict('This enquiry was cancelled: please contact us for a new quote');
      const status: StoredQuoteStatus = answer.accept ? 'accepted' : 'declined';
      const [updated] = await tx
        .update(quotes)
        .set({ status, respondedAt: this.now(), declineReason: answer.accept ? null : answer.reason })
        .where(eq(quotes.id, current.id))
        .returning();
      // Accepting confirms a pending enquiry; one the staff have already moved on keeps its status.
      const enquiryStatus: EnquiryStatus =
        answer.accept && order.status === 'pending' ? 'confirmed' : (order.status as EnquiryStatus);
      await tx.update(orders).set({ status: enquiryStatus, seen: false }).where(eq(orders.id, orderId));
      const number = quoteNumber(displayIdOf(orderId), version);
      await this.audit.record(tx, actor, {
        entity: 'order',
        entityId: orderId,
        action: answer.accept ? 'quote-accepted' : 'quote-declined',
        before: { version, status: 'sent', enquiryStatus: order.status },
        after: { version, status, enquiryStatus, ...(answer.accept ? {} : { reason: answer.reason }) },
      });
      await enqueueMail(
        tx,
        quoteAnsweredMail({
          displayId: displayIdOf(orderId),
          customerName: order.customerName,
          customerEmail: order.customerEmail,
          number,
          total: formatRupees(current.totals.total),
          accepted: answer.accept,
          reason: answer.accept ? null : answer.reason,
          shopEmail: this.shopEmail,
        }),
      );
      return updated as QuoteRow;
    });
    this.onMail();
    return this.view(row);
  }

  /** The version the customer answers: it must be the latest, still waiting, and within its validity. */
  private async openVersion(tx: Tx, orderId: number, version: number): Promise<QuoteRow> {
    const [latest] = await tx
      .select()
      .from(quotes)
      .where(eq(quotes.orderId, orderId))
      .orderBy(desc(quotes.version))
      .limit(1)
      .for('update');
    const [asked] =
      latest?.version === version
        ? [latest]
        : await tx
            .select()
            .from(quotes)
            .where(and(eq(quotes.orderId, orderId), eq(quotes.version, version)));
    if (!asked) throw notFound(`This enquiry has no quote version ${version}`);
    const status = quoteStatusOn(asked.status as StoredQuoteStatus, asked.validUntil, istDate(this.now()));
    if (status === 'accepted') throw conflict('This quote was already accepted');
    if (status === 'declined') throw conflict('This quote was already declined');
    if (status === 'expired') throw conflict(`This quote expired on ${dayText(asked.validUntil)}: please ask us for a new one`);
    if (status === 'superseded' || asked.id !== latest?.id) throw conflict('A newer quote replaced this one');
    return asked;
  }

  private view(row: QuoteRow): Quote {
    const code = isGstStateCode(row.placeOfSupply) ? row.placeOfSupply : SHOP_STATE;
    return {
      number: quoteNumber(displayIdOf(row.orderId), row.version),
      version: row.version,
      status: quoteStatusOn(row.status as StoredQuoteStatus, row.validUntil, istDate(this.now())),
      lines: row.lines,
      delivery: row.delivery,
      totals: row.totals,
      totalInWords: totalInWords(row.totals),
      placeOfSupply: { code, name: stateName(code) },
      intraState: code === SHOP_STATE,
      customerGstin: row.customerGstin,
      validUntil: row.validUntil,
      note: row.note,
      sentAt: row.createdAt.toISOString(),
      respondedAt: row.respondedAt?.toISOString() ?? null,
      declineReason: row.declineReason,
    };
  }
}
