import { isDeepStrictEqual } from 'node:util';

import { and, desc, eq, inArray } from 'drizzle-orm';

import { productRowsOf, variationRowsOf } from '#domains/catalogue/queries.server.ts';
import type { ProductRow, VariationRow } from '#domains/catalogue/service.server.ts';
import { displayIdOf, type EnquiryStatus } from '#domains/enquiry/model.ts';
import { dayText } from '#domains/enquiry/reply-promise.ts';
import { enquiryLines, type EnquiryRow, enquiryRow, type ItemRow, setEnquiryStatus } from '#domains/enquiry/rows.server.ts';
import { sentLineOf, sentLineView } from '#domains/enquiry/sent-lines.ts';
import type { StatusLinks } from '#domains/enquiry/status-links.server.ts';
import { priceAt, pricedList, type PriceGroupTerms } from '#domains/pricing/model.ts';
import { quoteAnsweredMail, quoteAnswerReceiptMail, quoteMail } from '#domains/quote/mail.server.ts';
import {
  defaultValidUntil,
  MAX_QUOTE_DAYS,
  priceQuote,
  type Quote,
  type QuoteContent,
  quoteDocument,
  type QuoteDraft,
  quoteNumber,
  type QuoteParty,
  type QuotePreview,
  quoteStatusOn,
  type QuoteSummary,
  type QuoteTotals,
  quoteWarnings,
  stateName,
  type StoredQuoteStatus,
  withdrawnAtInvoiceText,
} from '#domains/quote/model.ts';
import type { QuoteBody } from '#domains/quote/schema.ts';
import { quotes } from '#domains/quote/tables.ts';
import { pincodeIn } from '#domains/settings/pincode.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import { EARLIER_ISSUER, issuerOf } from '#domains/settings/shop.ts';
import {
  amountInWords,
  gstRateMessage,
  type GstStateCode,
  isGstStateCode,
  stateOfGstin,
  stateOfPincode,
} from '#domains/tax/gst.ts';
import { DEFAULT_GST_RATE } from '#domains/tax/line-schema.ts';
import { conflict, invalid, notFound } from '#lib/errors.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import { toDecimalString, toPaise } from '#lib/money.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { serverTranslator } from '#platform/i18n/translator.ts';
import { enqueueMail } from '#platform/mail/outbox.ts';

type QuoteRow = typeof quotes.$inferSelect;

/**
 * A line's price for the customer's group, at its cartons, when it was sent at the public prices and the group prices
 * it otherwise (the product still in the catalogue); else null, and the line starts from what it was enquired at.
 */
function groupPriceOf(
  item: ItemRow,
  product: ProductRow | null,
  variation: VariationRow | null,
  terms: PriceGroupTerms | null,
): string | null {
  if (!terms || !product || item.priceBasis?.group) return null;
  const { list, group } = pricedList(product, variation, terms);
  return group ? toDecimalString(priceAt(list, item.quantity).price) : null;
}
type Reader = Pick<Db, 'select'>;

export type QuoteAnswer = { accept: true } | { accept: false; reason: string | null };

/** What a version says to the customer (its number and state aside). */
type SentContent = Pick<
  QuoteRow,
  'lines' | 'delivery' | 'totals' | 'placeOfSupply' | 'customerGstin' | 'billingName' | 'billingAddress' | 'validUntil' | 'note'
>;
/** The same as the database gives it back: stored as JSON, a field left undefined is absent. */
const sentContentOf = ({
  lines,
  delivery,
  totals,
  placeOfSupply,
  customerGstin,
  billingName,
  billingAddress,
  validUntil,
  note,
}: SentContent): unknown =>
  JSON.parse(
    JSON.stringify({ lines, delivery, totals, placeOfSupply, customerGstin, billingName, billingAddress, validUntil, note }),
  );

const partyOf = (order: EnquiryRow): QuoteParty => ({
  displayId: displayIdOf(order.id),
  customerName: order.customerName,
  deliveryLocation: order.deliveryLocation || null,
});

/**
 * Quotes of an enquiry: the staff prepare, review and send them (each a new version, never changed once sent), the
 * customer accepts or declines the latest while it is valid. At most one version is accepted and at most one waits
 * for an answer (the database holds both rules too). Every step is written with its audit entry and its e-mails in
 * one transaction.
 */
export class QuoteService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly links: StatusLinks,
    /** The shop's settings: its e-mail, GST rates, delivery charges, quote validity and its details on a quote. */
    private readonly settings: SettingsService,
    /**
     * The number of the enquiry's tax invoice, null before it (the invoice is the concept above: server/services.ts
     * hands its read in).
     */
    private readonly invoiceNumberOf: (tx: Reader, orderId: number) => Promise<string | null>,
    private readonly now: () => Date = () => new Date(),
    private readonly onMail: () => void = () => {},
    /** The price group terms a customer record is priced by (null: the public prices). */
    private readonly termsOfCustomer: (customerId: number) => Promise<PriceGroupTerms | null> = async () => null,
  ) {}

  /**
   * The quote form's starting point: the last version sent, else the enquiry as the catalogue priced it; a line sent at
   * the public prices by a customer the staff have since put in a price group starts from the group's price.
   */
  async draft(orderId: number): Promise<QuoteDraft> {
    const order = await enquiryRow(this.db, orderId);
    const [lines, terms] = await Promise.all([
      enquiryLines(this.db, orderId),
      order.customerId === null ? null : this.termsOfCustomer(order.customerId),
    ]);
    // The products and options as the catalogue has them now (gone from it, a line starts from its own price).
    const [products, variations] = await Promise.all([
      productRowsOf(this.db, [...new Set(lines.map((item) => item.productId))]),
      variationRowsOf(this.db, [...new Set(lines.flatMap((item) => (item.variationId === null ? [] : [item.variationId])))]),
    ]);
    const items = lines.map((item) => {
      const product = products.find((row) => row.id === item.productId) ?? null;
      const variation = variations.find((row) => row.id === item.variationId) ?? null;
      return {
        item,
        hsnCode: product?.hsnCode ?? null,
        gstRate: product?.gstRate ?? null,
        startPrice: groupPriceOf(item, product, variation, terms) ?? item.price,
      };
    });
    const [latest] = await this.db
      .select()
      .from(quotes)
      .where(eq(quotes.orderId, orderId))
      .orderBy(desc(quotes.version))
      .limit(1);
    const { documents, business } = await this.settings.current();
    const shopState = stateOfGstin(business.gstin);
    const accepted = latest?.status === 'accepted' ? quoteNumber(displayIdOf(orderId), latest.version) : null;
    const common = { accepted, shopState };
    if (latest && latest.lines.length === items.length) {
      // A revision changes what was sent: it starts from exactly that, and keeps its last day while it is to come.
      const today = istDate(this.now());
      return {
        ...common,
        basis: quoteNumber(displayIdOf(orderId), latest.version),
        lines: items.map(({ item }, index) => {
          const sent = latest.lines[index] as QuoteRow['lines'][number];
          return {
            ...sentLineOf(item),
            price: toDecimalString(sent.price),
            hsnCode: sent.hsnCode,
            gstRate: sent.gstRate,
            listPrice: item.price,
          };
        }),
        delivery: toDecimalString(latest.delivery),
        placeOfSupply: stateOr(latest.placeOfSupply, shopState),
        placeFromPincode: true,
        customerGstin: latest.customerGstin ?? '',
        billingName: latest.billingName ?? '',
        billingAddress: latest.billingAddress ?? '',
        validUntil: latest.validUntil >= today ? latest.validUntil : defaultValidUntil(this.now(), documents.quoteValidityDays),
        note: latest.note ?? '',
      };
    }
    const pincode = pincodeIn(order.deliveryLocation);
    const fromPincode = pincode ? stateOfPincode(pincode) : null;
    const placeOfSupply = fromPincode ?? shopState;
    return {
      ...common,
      basis: null,
      lines: items.map(({ item, hsnCode, gstRate, startPrice }) => ({
        ...sentLineOf(item),
        price: startPrice,
        hsnCode: hsnCode ?? '',
        gstRate: gstRate ?? DEFAULT_GST_RATE,
        listPrice: item.price,
      })),
      delivery:
        placeOfSupply === shopState
          ? toDecimalString(documents.deliveryInState)
          : documents.deliveryElsewhere === null
            ? ''
            : toDecimalString(documents.deliveryElsewhere),
      placeOfSupply,
      placeFromPincode: fromPincode !== null,
      // The GSTIN the customer gave at checkout. The place of supply stays the delivery's state: for goods it is
      // where they are delivered, which need not be the state the buyer is registered in.
      customerGstin: order.customerGstin ?? '',
      // The business name the checkout took starts the billing party; its address is the delivery's until changed.
      billingName: order.customerBusinessName ?? '',
      billingAddress: '',
      validUntil: defaultValidUntil(this.now(), documents.quoteValidityDays),
      note: '',
    };
  }

  /** Every version of the enquiry's quote, newest first. */
  async forEnquiry(orderId: number): Promise<Quote[]> {
    const order = await enquiryRow(this.db, orderId);
    const rows = await this.db.select().from(quotes).where(eq(quotes.orderId, orderId)).orderBy(desc(quotes.version));
    return rows.map((row) => this.view(row, order));
  }

  async one(orderId: number, version: number): Promise<Quote> {
    const order = await enquiryRow(this.db, orderId);
    const [row] = await this.db
      .select()
      .from(quotes)
      .where(and(eq(quotes.orderId, orderId), eq(quotes.version, version)));
    if (!row) throw notFound(`This enquiry has no quote version ${version}`);
    return this.view(row, order);
  }

  /** The latest quote of each enquiry that has one: the lists' quote column. */
  async latestOf(orderIds: readonly number[]): Promise<Map<number, QuoteSummary>> {
    const latest = await this.latestWithTotalsOf(orderIds);
    return new Map([...latest].map(([orderId, { summary }]) => [orderId, summary]));
  }

  /** Each enquiry's latest quote (latestOf), with its totals: what the staff's list says the enquiry comes to. */
  async latestWithTotalsOf(orderIds: readonly number[]): Promise<Map<number, { summary: QuoteSummary; totals: QuoteTotals }>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([quotes.orderId], {
        orderId: quotes.orderId,
        version: quotes.version,
        status: quotes.status,
        totals: quotes.totals,
        validUntil: quotes.validUntil,
      })
      .from(quotes)
      .where(inArray(quotes.orderId, [...orderIds]))
      .orderBy(quotes.orderId, desc(quotes.version));
    const today = istDate(this.now());
    return new Map(
      rows.map((row) => [
        row.orderId,
        {
          summary: {
            number: quoteNumber(displayIdOf(row.orderId), row.version),
            status: quoteStatusOn(row.status, row.validUntil, today),
            total: row.totals.total,
            validUntil: row.validUntil,
          },
          totals: row.totals,
        },
      ]),
    );
  }

  /** The quote as it would go out, with the review's cautions and the e-mail; nothing is stored. */
  async preview(orderId: number, body: QuoteBody, siteUrl: string): Promise<QuotePreview> {
    const order = await enquiryRow(this.db, orderId);
    const prepared = await this.prepare(this.db, order, body);
    const unsent = { ...prepared.row, id: 0, createdAt: this.now(), respondedAt: null, declineReason: null };
    const quote = this.view(unsent, order);
    const mail = quoteMail(await this.settings.publicShop(), {
      ...this.recipient(order),
      quote,
      statusUrl: this.statusUrl(order, siteUrl),
      replaces: prepared.accepted && this.replaced(prepared.accepted, order),
    });
    return { quote, warnings: prepared.warnings, mail: { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html } };
  }

  /**
   * Sends a new version: every version still open is superseded; a version the customer accepted is withdrawn, but
   * only when the staff say this version replaces it. The customer is e-mailed. Sending is idempotent per draft: a
   * send that names the version it makes (the review's 'Send Q-1042-2') and finds it already sent with the same
   * quote (a double click, a retry; two at once wait for each other on the enquiry's lock) answers that version,
   * with nothing stored or e-mailed again.
   */
  async send(orderId: number, body: QuoteBody, actor: Actor, siteUrl: string): Promise<Quote> {
    const { row, repeat } = await this.db.transaction(async (tx) => {
      const order = await enquiryRow(tx, orderId, { lock: true });
      const prepared = await this.prepare(tx, order, body);
      if (body.version !== undefined && body.version !== prepared.row.version) {
        return { row: await this.repeated(tx, order, body.version, prepared.row), repeat: true };
      }
      const { accepted } = prepared;
      if (accepted && !body.replacesAccepted) {
        throw conflict(
          `The customer accepted ${quoteNumber(displayIdOf(orderId), accepted.version)}: confirm that this revision replaces the accepted quote`,
        );
      }
      await tx
        .update(quotes)
        .set({ status: 'superseded' })
        .where(and(eq(quotes.orderId, orderId), eq(quotes.status, 'sent')));
      if (accepted) await tx.update(quotes).set({ status: 'withdrawn' }).where(eq(quotes.id, accepted.id));
      const [inserted] = await tx
        .insert(quotes)
        .values({ ...prepared.row, sentBy: actor.username, createdAt: this.now() })
        .returning();
      if (!inserted) throw new Error('quote insert returned nothing');
      // The acceptance confirmed the enquiry; with it withdrawn, the enquiry waits for the customer's answer again.
      const enquiryStatus: EnquiryStatus = accepted && order.status === 'confirmed' ? 'pending' : order.status;
      if (enquiryStatus !== order.status) await setEnquiryStatus(tx, orderId, enquiryStatus);
      const quote = this.view(inserted, order);
      await enqueueMail(
        tx,
        quoteMail(await this.settings.publicShop(tx), {
          ...this.recipient(order),
          quote,
          statusUrl: this.statusUrl(order, siteUrl),
          replaces: accepted && this.replaced(accepted, order),
        }),
      );
      await this.audit.record(tx, actor, {
        entity: 'order',
        entityId: orderId,
        action: 'quote-sent',
        before: prepared.latest
          ? { version: prepared.latest.version, ...(accepted && { accepted: accepted.version, enquiryStatus: order.status }) }
          : null,
        after: {
          version: inserted.version,
          total: toDecimalString(inserted.totals.total),
          validUntil: body.validUntil,
          ...(accepted && { withdrawn: accepted.version, enquiryStatus }),
        },
      });
      return { row: inserted, repeat: false };
    });
    if (!repeat) this.onMail();
    return this.view(row, await enquiryRow(this.db, orderId));
  }

  /**
   * A send that names a version other than the next (`body.version`): the version it names when that was sent with
   * exactly this quote, a repeat; else refused, as the draft it was made from is out of date.
   */
  private async repeated(tx: Reader, order: EnquiryRow, version: number, content: SentContent): Promise<QuoteRow> {
    const [sent] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.orderId, order.id), eq(quotes.version, version)));
    if (sent && isDeepStrictEqual(sentContentOf(sent), sentContentOf(content))) return sent;
    const number = quoteNumber(displayIdOf(order.id), version);
    throw conflict(
      sent
        ? `${number} was already sent, and differs from this one: open the quote form again to revise it`
        : `${number} is not this enquiry's next quote: open the quote form again`,
    );
  }

  /**
   * The customer's answer to the latest version while it is open: an accepted quote confirms the enquiry; either
   * answer marks the enquiry unseen for the staff and e-mails them and the customer.
   */
  async answer(orderId: number, version: number, answer: QuoteAnswer, actor: Actor, siteUrl: string): Promise<Quote> {
    const [row, order] = await this.db.transaction(async (tx) => {
      const order = await enquiryRow(tx, orderId, { lock: true });
      const current = await this.openVersion(tx, orderId, version);
      if (order.status === 'cancelled') throw conflict('This enquiry was cancelled: please contact us for a new quote');
      const status: StoredQuoteStatus = answer.accept ? 'accepted' : 'declined';
      const [updated] = await tx
        .update(quotes)
        .set({ status, respondedAt: this.now(), declineReason: answer.accept ? null : answer.reason })
        .where(eq(quotes.id, current.id))
        .returning();
      // Accepting confirms a pending enquiry; one the staff have already moved on keeps its status.
      const enquiryStatus: EnquiryStatus = answer.accept && order.status === 'pending' ? 'confirmed' : order.status;
      await setEnquiryStatus(tx, orderId, enquiryStatus, { unseen: true });
      await this.audit.record(tx, actor, {
        entity: 'order',
        entityId: orderId,
        action: answer.accept ? 'quote-accepted' : 'quote-declined',
        before: { version, status: 'sent', enquiryStatus: order.status },
        after: { version, status, enquiryStatus, ...(answer.accept ? {} : { reason: answer.reason }) },
      });
      const quote = this.view(updated as QuoteRow, order);
      const answered = { ...this.recipient(order), quote, accepted: answer.accept, reason: answer.accept ? null : answer.reason };
      const shop = await this.settings.publicShop(tx);
      await enqueueMail(tx, quoteAnsweredMail(shop, answered));
      await enqueueMail(tx, quoteAnswerReceiptMail(shop, { ...answered, statusUrl: this.statusUrl(order, siteUrl) }));
      return [updated as QuoteRow, order] as const;
    });
    this.onMail();
    return this.view(row, order);
  }

  /** Prices and checks a version from the form: the rules the schema cannot see, and the review's cautions. */
  private async prepare(tx: Db | Tx, order: EnquiryRow, body: QuoteBody) {
    const today = istDate(this.now());
    if (body.validUntil < today) throw invalid('Valid until cannot be in the past', { validUntil: 'In the past' });
    if (body.validUntil > addDays(today, MAX_QUOTE_DAYS)) {
      throw invalid(`A quote can be valid for at most ${MAX_QUOTE_DAYS} days`, { validUntil: 'Too far ahead' });
    }
    // After the tax invoice, what was agreed is on it: a change is a credit note (domains/invoice/), not a quote.
    const invoice = await this.invoiceNumberOf(tx, order.id);
    if (invoice !== null)
      throw conflict(`This enquiry has its tax invoice ${invoice}: a change now is a credit note, not a new quote`);
    const settings = await this.settings.current(tx);
    const { gstRates } = settings.tax;
    const offered = body.lines.findIndex((line) => !gstRates.includes(line.gstRate));
    if (offered >= 0) throw invalid(gstRateMessage(gstRates), { [`lines.${offered}.gstRate`]: 'Not offered' });
    const items = await enquiryLines(tx, order.id);
    if (body.lines.length !== items.length) {
      throw invalid(`The quote needs one price for each of the enquiry's ${items.length} lines`);
    }
    const placeOfSupply = body.placeOfSupply as GstStateCode;
    const lines = items.map((item, index) => {
      const line = body.lines[index] as QuoteBody['lines'][number];
      return { ...sentLineOf(item), hsnCode: line.hsnCode, gstRate: line.gstRate, price: line.price };
    });
    const priced = priceQuote(lines, body.delivery, placeOfSupply, stateOfGstin(settings.business.gstin));
    const versions = await tx
      .select({ id: quotes.id, version: quotes.version, status: quotes.status, respondedAt: quotes.respondedAt })
      .from(quotes)
      .where(eq(quotes.orderId, order.id))
      .orderBy(desc(quotes.version));
    const latest = versions[0] ?? null;
    const warnings = quoteWarnings(
      items.map((item, index) => ({
        label: sentLineView(sentLineOf(item)).label,
        price: (lines[index] as (typeof lines)[number]).price,
        listPrice: toPaise(item.price),
        hsnCode: (lines[index] as (typeof lines)[number]).hsnCode,
      })),
      body.delivery,
      settings.tax.hsnDigits,
    );
    return {
      latest,
      accepted: versions.find((version) => version.status === 'accepted') ?? null,
      warnings,
      row: {
        orderId: order.id,
        version: (latest?.version ?? 0) + 1,
        status: 'sent' as const,
        lines: priced.lines,
        delivery: body.delivery,
        totals: priced.totals,
        placeOfSupply,
        customerGstin: body.customerGstin,
        billingName: body.billingName,
        billingAddress: body.billingAddress,
        validUntil: body.validUntil,
        note: body.note,
        issuer: issuerOf(settings, await this.settings.isDemo(tx)),
      },
    };
  }

  /** The version the customer answers: it must be the latest, still waiting, and within its validity. */
  private async openVersion(tx: Reader, orderId: number, version: number): Promise<QuoteRow> {
    const [latest] = await tx.select().from(quotes).where(eq(quotes.orderId, orderId)).orderBy(desc(quotes.version)).limit(1);
    const [asked] =
      latest?.version === version
        ? [latest]
        : await tx
            .select()
            .from(quotes)
            .where(and(eq(quotes.orderId, orderId), eq(quotes.version, version)));
    if (!asked) throw notFound(`This enquiry has no quote version ${version}`);
    const status = quoteStatusOn(asked.status, asked.validUntil, istDate(this.now()));
    if (status === 'accepted') throw conflict('This quote was already accepted');
    if (status === 'declined') throw conflict('This quote was already declined');
    if (status === 'expired') throw conflict(`This quote expired on ${dayText(asked.validUntil)}: please ask us for a new one`);
    if (status === 'withdrawn-at-invoice') {
      throw conflict(withdrawnAtInvoiceText((await this.invoiceNumberOf(tx, orderId)) ?? ''));
    }
    if (status !== 'sent' || asked.id !== latest?.id) throw conflict('A newer quote replaced this one');
    return asked;
  }

  private recipient(order: EnquiryRow) {
    return { displayId: displayIdOf(order.id), customerName: order.customerName, customerEmail: order.customerEmail };
  }

  /** The status page's address for e-mails; null once the staff revoked the link. */
  private statusUrl(order: EnquiryRow, siteUrl: string): string | null {
    return order.statusTokenHash === null ? null : this.links.url(siteUrl, order.id, order.statusLinkVersion, order.language);
  }

  private replaced(accepted: { version: number; respondedAt: Date | null }, order: EnquiryRow) {
    return { number: quoteNumber(displayIdOf(order.id), accepted.version), acceptedAt: accepted.respondedAt };
  }

  private view(row: Omit<QuoteRow, 'sentBy'>, order: EnquiryRow): Quote {
    const issuer = row.issuer ?? EARLIER_ISSUER;
    const shopState = stateOfGstin(issuer.gstin);
    const code = stateOr(row.placeOfSupply, shopState);
    const content: QuoteContent = {
      version: row.version,
      lines: row.lines,
      delivery: row.delivery,
      totals: row.totals,
      placeOfSupply: code,
      customerGstin: row.customerGstin,
      billingName: row.billingName,
      billingAddress: row.billingAddress,
      validUntil: row.validUntil,
      note: row.note,
      sentAt: row.createdAt,
      issuer,
    };
    return {
      number: quoteNumber(displayIdOf(row.orderId), row.version),
      version: row.version,
      status: quoteStatusOn(row.status, row.validUntil, istDate(this.now())),
      lines: row.lines,
      delivery: row.delivery,
      totals: row.totals,
      totalInWords: amountInWords(row.totals.total),
      placeOfSupply: { code, name: stateName(code) },
      intraState: code === shopState,
      customerGstin: row.customerGstin,
      billingName: row.billingName,
      billingAddress: row.billingAddress,
      validUntil: row.validUntil,
      note: row.note,
      sentAt: row.createdAt.toISOString(),
      respondedAt: row.respondedAt?.toISOString() ?? null,
      declineReason: row.declineReason,
      // In the customer's language: the page, the PDF and the e-mail are theirs, the staff see what was sent.
      document: quoteDocument(content, partyOf(order), order.language, serverTranslator(order.language)),
    };
  }
}

/** A stored place of supply's code; a code no longer known reads as the shop's own state. */
const stateOr = (code: string, shopState: GstStateCode): GstStateCode => (isGstStateCode(code) ? code : shopState);
