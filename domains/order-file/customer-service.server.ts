import { optionsOf } from '#domains/catalogue/queries.server.ts';
import { displayIdOf, ENQUIRY_NUMBER_BASE } from '#domains/enquiry/model.ts';
import { countdownText, replyCountdown } from '#domains/enquiry/reply-promise.ts';
import {
  accountEnquiriesPage,
  accountEnquiry,
  accountEnquiryIds,
  enquiryByStatusToken,
  enquiryLines,
  type EnquiryRow,
  lastEnquiryDetails,
} from '#domains/enquiry/rows.server.ts';
import { sentLineOf, sentLineView } from '#domains/enquiry/sent-lines.ts';
import { type CheckoutDetails, STATUS_TOKEN_PATTERN } from '#domains/enquiry/status-link.ts';
import { statusTokenHash } from '#domains/enquiry/status-links.server.ts';
import type { OrderInvoice } from '#domains/invoice/model.ts';
import { customerInvoiceOf, timelineFactsOf } from '#domains/invoice/views.server.ts';
import { type CustomerEnquiry, type CustomerEnquirySummary } from '#domains/order-file/customer-view.ts';
import { orderTimeline } from '#domains/order-file/timeline.ts';
import { lastQuotedBusiness } from '#domains/quote/queries.server.ts';
import type { QuoteService } from '#domains/quote/service.server.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import { notFound } from '#lib/errors.ts';
import { msg } from '#lib/i18n/translate.ts';
import { MAX_ID } from '#lib/ids.ts';
import type { Language } from '#lib/language.ts';
import type { AuditLog } from '#platform/audit/service.ts';
import type { Db } from '#platform/db/client.ts';

/** One answer for a wrong, revoked or someone else's enquiry: nobody learns which enquiries exist. */
const NOT_FOUND = msg('This enquiry link is not valid. It may have been replaced; call us and we will send a new one.');
const NOT_YOURS = (displayId: number) => `Enquiry #${displayId} is not among your enquiries`;

/** A line of an earlier enquiry as the cart takes it again. */
export interface LineToRepeat {
  name: string;
  productId: number;
  variationId: number | null;
  /** The chosen options found again in today's catalogue; null when one of them is gone. */
  optionIds: number[] | null;
  quantity: number;
}

/**
 * The customer's side of an enquiry after it is sent: the private status page (by its link's token, no account
 * needed) and 'My enquiries' (a signed-in customer's own, never anyone else's).
 */
export class CustomerEnquiries {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly quotes: QuoteService,
    /** The enquiry's invoice after the yes (domains/invoice), or null before one. */
    private readonly invoiceOf: (orderId: number) => Promise<OrderInvoice | null>,
    /** The shop's settings: its hours and holidays set the reply promise. */
    private readonly settings: SettingsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The enquiry a status link opens, its words in `language` (the status page's; the API's are English). */
  async byToken(token: string, language: Language = 'en'): Promise<CustomerEnquiry> {
    return this.view(await this.rowByToken(token), language);
  }

  /** The enquiry a status link opens (404 for a wrong or revoked one). */
  async rowByToken(token: string): Promise<EnquiryRow> {
    if (!STATUS_TOKEN_PATTERN.test(token)) throw notFound(NOT_FOUND);
    const row = await enquiryByStatusToken(this.db, statusTokenHash(token));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** A page of the customer's enquiries, newest first. */
  async list(
    userId: number,
    page: number,
    pageSize: number,
  ): Promise<{ items: CustomerEnquirySummary[]; total: number; page: number; pageSize: number }> {
    const { rows, total } = await accountEnquiriesPage(this.db, userId, page, pageSize);
    const latest = await this.quotes.latestOf(rows.map((row) => row.id));
    return {
      items: rows.map((row) => ({
        displayId: displayIdOf(row.id),
        createdAt: row.createdAt.toISOString(),
        status: row.status,
        total: row.total,
        lineCount: row.lineCount,
        quote: latest.get(row.id) ?? null,
      })),
      total,
      page,
      pageSize,
    };
  }

  async ownEnquiry(userId: number, displayId: number, language: Language = 'en'): Promise<CustomerEnquiry> {
    return this.view(await this.own(userId, displayId), language);
  }

  /**
   * The lines of one of the customer's enquiries as the cart takes them again, each option found again by its
   * type and value (an option's id may have changed when the product was edited).
   */
  async linesToRepeat(userId: number, displayId: number): Promise<LineToRepeat[]> {
    const row = await this.own(userId, displayId);
    const items = await enquiryLines(this.db, row.id);
    const productIds = [...new Set(items.map((item) => item.productId))];
    const variations = await optionsOf(this.db, productIds);
    // The same product and options on two lines is one cart line holding both lines' cartons.
    const lines = new Map<string, LineToRepeat>();
    for (const item of items) {
      const key = JSON.stringify([item.productId, item.variationId, item.options]);
      const earlier = lines.get(key);
      if (earlier) {
        earlier.quantity += item.quantity;
        continue;
      }
      const chosen = item.options.map(
        (option) =>
          variations.find((v) => v.productId === item.productId && v.type === option.type && v.value === option.value)?.id,
      );
      lines.set(key, {
        name: sentLineView(sentLineOf(item)).label,
        productId: item.productId,
        variationId: item.variationId,
        optionIds: chosen.every((id) => id !== undefined) ? (chosen as number[]) : null,
        quantity: item.quantity,
      });
    }
    return [...lines.values()];
  }

  /**
   * For their next checkout: the phone and delivery address of the customer's last enquiry, the business name and
   * GSTIN of the last one that gave either, else the GSTIN and billing name on the last quote the staff sent them
   * (nothing yet: nulls).
   */
  async checkoutDetails(userId: number): Promise<CheckoutDetails> {
    const { last, lastBusiness } = await lastEnquiryDetails(this.db, userId);
    return {
      customerPhone: last?.customerPhone ?? null,
      deliveryLocation: last?.deliveryLocation ?? null,
      ...(lastBusiness
        ? { customerGstin: lastBusiness.gstin, customerBusinessName: lastBusiness.name }
        : ((await lastQuotedBusiness(this.db, accountEnquiryIds(this.db, userId))) ?? {
            customerGstin: null,
            customerBusinessName: null,
          })),
    };
  }

  /** One of the customer's own enquiries (404 for anyone else's). */
  async own(userId: number, displayId: number): Promise<EnquiryRow> {
    const id = displayId - ENQUIRY_NUMBER_BASE;
    if (id < 1 || id > MAX_ID) throw notFound(NOT_YOURS(displayId));
    const row = await accountEnquiry(this.db, userId, id);
    if (!row) throw notFound(NOT_YOURS(displayId));
    return row;
  }

  private async view(row: EnquiryRow, language: Language): Promise<CustomerEnquiry> {
    const items = await enquiryLines(this.db, row.id);
    const now = this.now();
    const { status } = row;
    const [quotes, invoice, statusSince, { hours }] = await Promise.all([
      this.quotes.forEnquiry(row.id),
      this.invoiceOf(row.id),
      this.statusSince(row),
      this.settings.current(),
    ]);
    const accepted = quotes.find((quote) => quote.status === 'accepted');
    // The promise is of a call or a quote: once either is answered, there is nothing left to count down.
    const countdown = status === 'pending' && quotes.length === 0 ? replyCountdown(row.createdAt, now, hours) : null;
    return {
      displayId: displayIdOf(row.id),
      createdAt: row.createdAt.toISOString(),
      status,
      lines: items.map(sentLineOf),
      subtotal: row.subtotal,
      total: row.total,
      reply: countdown && {
        by: countdown.by.toISOString(),
        text: countdownText(countdown, now, hours, language),
        overdue: countdown.overdue,
      },
      quotes,
      invoice: invoice && customerInvoiceOf(invoice, language),
      timeline: orderTimeline(
        {
          status,
          createdAt: row.createdAt.toISOString(),
          quotedAt: quotes.at(-1)?.sentAt ?? null,
          acceptedAt: accepted?.respondedAt ?? null,
          ...timelineFactsOf(invoice),
          statusSince,
        },
        language,
      ),
    };
  }

  /** When the staff last set the enquiry's present status (its audit entry): the Delivered or Cancelled step's date. */
  private async statusSince(row: EnquiryRow): Promise<string | null> {
    if (row.status !== 'delivered' && row.status !== 'cancelled') return null;
    const set = await this.audit.statusSetAt('order', row.id, row.status);
    return set?.toISOString() ?? null;
  }
}
