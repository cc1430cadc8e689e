import { and, eq, sql } from 'drizzle-orm';

import {
  checkCartonRule,
  checkQuantity,
  type EnquirableLine,
  enquirableLines,
  type LineRequest,
} from '#domains/cart/line-rules.server.ts';
import { lineCeiling } from '#domains/catalogue/variations.ts';
import { customerAcknowledgementMail, shopEnquiryMail } from '#domains/enquiry/mail.server.ts';
import { displayIdOf, type EnquiryCreated, orderPanelPath, TAX } from '#domains/enquiry/model.ts';
import type { EnquiryPayload } from '#domains/enquiry/schema.ts';
import { orderItems, orders } from '#domains/enquiry/tables.ts';
import {
  cartonDetails,
  linesTotal,
  piecePrice,
  priceAt,
  type PriceBasis,
  pricedList,
  type PriceGroupTerms,
} from '#domains/pricing/model.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import { mismatch } from '#lib/errors.ts';
import type { Language } from '#lib/language.ts';
import { toDecimalString, toPaise } from '#lib/money.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { fingerprintOf, isUniqueViolation } from '#platform/idempotency/keys.ts';
import { enqueueMail } from '#platform/mail/outbox.ts';

import { type StatusLinks, statusTokenHash } from './status-links.server.ts';

type Writer = Pick<Db, 'select' | 'insert' | 'update'>;
type PricedLine = Awaited<ReturnType<typeof pricedLines>>[number];

/** An enquiry the staff make for a customer: who, where to, and the lines (checked and priced from the catalogue). */
export interface CustomerEnquiry {
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  deliveryLocation: string;
  specialRequests: string | null;
  items: ReadonlyArray<LineRequest & { quantity: number }>;
}

export interface EnquiryContext {
  visitorSessionId: number;
  idempotencyKey: string | null;
  /** The signed-in user, decided by the server; null for guests (the browser's isGuest and userId are not trusted). */
  userId: number | null;
  /** The shop's configured address (siteUrlOf in platform/config.ts), never the request's: the status link in the e-mail starts with it. */
  siteUrl: string;
}

/**
 * Records enquiries. Prices, units and totals come from the catalogue at the moment of sending, never
 * from the browser; the enquiry, its lines and its e-mails are written in one transaction.
 */
export class EnquiryService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly links: StatusLinks,
    private readonly now: () => Date = () => new Date(),
    private readonly onCreated: () => void = () => {},
    /** The price group terms a signed-in account is priced by (null: the public prices). */
    private readonly termsOfUser: (userId: number) => Promise<PriceGroupTerms | null> = async () => null,
  ) {}

  async create(payload: EnquiryPayload, context: EnquiryContext): Promise<EnquiryCreated> {
    const fingerprint = fingerprintOf(payload);
    if (context.idempotencyKey) {
      const earlier = await this.findByKey(context.visitorSessionId, context.idempotencyKey, fingerprint);
      if (earlier) return earlier;
    }
    const [shop, terms] = await Promise.all([
      this.settings.publicShop(),
      context.userId === null ? null : this.termsOfUser(context.userId),
    ]);
    try {
      const created = await this.db.transaction(async (tx) => {
        const lines = await pricedLines(tx, payload.items, terms, payload.language);
        // Who enquired, as the enquiry stores it and both e-mails name them.
        const customer = {
          customerName: payload.customerName,
          customerEmail: payload.customerEmail,
          customerPhone: payload.customerPhone,
          deliveryLocation: payload.deliveryLocation,
          specialRequests: payload.specialRequests || null,
          customerGstin: payload.customerGstin,
          customerBusinessName: payload.customerBusinessName,
          isGuest: context.userId === null,
        };
        const { id, statusToken, statusUrl, total } = await this.insert(
          tx,
          context.siteUrl,
          {
            ...customer,
            userId: context.userId,
            sessionId: context.userId === null ? (payload.sessionId ?? null) : null,
            visitorSessionId: context.visitorSessionId,
            idempotencyKey: context.idempotencyKey,
            idempotencyFingerprint: context.idempotencyKey ? fingerprint : null,
            language: payload.language ?? 'en',
          },
          lines,
        );
        const mail = {
          ...customer,
          displayId: displayIdOf(id),
          total,
          lines,
          sentAt: this.now(),
          statusUrl,
          language: payload.language ?? 'en',
        };
        const panelUrl = `${context.siteUrl}${orderPanelPath(displayIdOf(id))}`;
        await enqueueMail(tx, shopEnquiryMail(shop, { ...mail, panelUrl }), customerAcknowledgementMail(shop, mail));
        return { id, displayId: displayIdOf(id), statusToken };
      });
      this.onCreated();
      return created;
    } catch (error) {
      // The same key sent twice at once: the other request's enquiry stands.
      if (context.idempotencyKey && isUniqueViolation(error)) {
        const earlier = await this.findByKey(context.visitorSessionId, context.idempotencyKey, fingerprint);
        if (earlier) return earlier;
      }
      throw error;
    }
  }

  /**
   * An enquiry the staff make for a customer who wrote instead of enquiring (a contact message), inside the caller's
   * transaction: priced and checked like any other, seen already, with its status link. The customer is e-mailed its
   * number and link, as after a checkout; the shop is not (its staff made it).
   */
  async recordForCustomer(tx: Tx, input: CustomerEnquiry, siteUrl: string): Promise<{ id: number; displayId: number }> {
    const lines = await pricedLines(tx, input.items);
    const { items: _items, ...customer } = input;
    const fields = { ...customer, seen: true, isGuest: true, userId: null };
    const { id, statusUrl, total } = await this.insert(tx, siteUrl, fields, lines);
    await enqueueMail(
      tx,
      customerAcknowledgementMail(await this.settings.publicShop(tx), {
        ...customer,
        displayId: displayIdOf(id),
        isGuest: true,
        total,
        lines,
        sentAt: this.now(),
        statusUrl,
      }),
    );
    return { id, displayId: displayIdOf(id) };
  }

  /**
   * Writes an enquiry, its totals from its lines, its lines and its status link's hash; answers its id, the link's token
   * and the status page's full address.
   */
  private async insert(
    tx: Writer,
    siteUrl: string,
    values: Omit<typeof orders.$inferInsert, 'subtotal' | 'tax' | 'total'>,
    lines: PricedLine[],
  ): Promise<{ id: number; statusToken: string; statusUrl: string; total: string }> {
    const subtotal = linesTotal(lines.map((l) => ({ price: toPaise(l.price), quantity: l.quantity })));
    const total = toDecimalString(subtotal + toPaise(TAX));
    // The id first, so the row goes in whole with its link's hash: a second write of the new row would set off the
    // list counts' update triggers for nothing.
    const [next] = await tx
      .select({ id: sql<number>`nextval(pg_get_serial_sequence('orders', 'id'))::int` })
      .from(sql`(values (1)) as one`);
    if (!next) throw new Error('no enquiry id');
    const { id } = next;
    const statusToken = this.links.token(id, FIRST_LINK_VERSION);
    await tx.insert(orders).values({
      ...values,
      id,
      statusLinkVersion: FIRST_LINK_VERSION,
      statusTokenHash: statusTokenHash(statusToken),
      subtotal: toDecimalString(subtotal),
      tax: TAX,
      total,
    });
    await tx.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: id })));
    return { id, statusToken, statusUrl: this.links.url(siteUrl, id, FIRST_LINK_VERSION, values.language), total };
  }

  /**
   * The enquiry a session sent earlier with this key, answered as it was then. A key names one checkout attempt of
   * one session: another session's key is another request, and the same key with another enquiry is refused rather
   * than guessed at. The status token is given again only while it is still the enquiry's link: once the staff
   * revoked it or made a new one, the new link goes by e-mail and never to whoever repeats a request.
   */
  private async findByKey(sessionId: number, key: string, fingerprint: string): Promise<EnquiryCreated | null> {
    const [row] = await this.db
      .select({
        id: orders.id,
        hash: orders.statusTokenHash,
        version: orders.statusLinkVersion,
        fingerprint: orders.idempotencyFingerprint,
      })
      .from(orders)
      .where(and(eq(orders.visitorSessionId, sessionId), eq(orders.idempotencyKey, key)));
    if (!row) return null;
    if (row.fingerprint !== null && row.fingerprint !== fingerprint) {
      throw mismatch('This Idempotency-Key was already used for a different enquiry: send a new key for a changed enquiry');
    }
    const firstToken = this.links.token(row.id, FIRST_LINK_VERSION);
    const unchanged = row.version === FIRST_LINK_VERSION && row.hash === statusTokenHash(firstToken);
    return { id: row.id, displayId: displayIdOf(row.id), statusToken: unchanged ? firstToken : null };
  }
}

/** The version of the link an enquiry is given when it is sent (the column's default). */
const FIRST_LINK_VERSION = 1;

/**
 * The lines as the catalogue prices them at this moment, for a price group's customer by the group's terms (null: the
 * public prices), checked as every enquiry's are (never the browser's prices).
 */
async function pricedLines(
  tx: Pick<Db, 'select'>,
  items: ReadonlyArray<LineRequest & { quantity: number }>,
  terms: PriceGroupTerms | null = null,
  /** The language the refusals are written in (the page's the enquiry was sent from). */
  language: Language = 'en',
) {
  const checked = await enquirableLines(tx, items, language);
  checkTotalsPerLine(checked, items);
  return checked.map((line, position) => {
    const item = items[position];
    if (!item) throw new Error('line without its request');
    checkCartonRule(line, item.quantity);
    // The break the line's cartons reach, from the database's prices (the browser's price is never read).
    const { list, group } = pricedList(line.product, line.variation, terms);
    const { price, breakFrom } = priceAt(list, item.quantity);
    const priceBasis: PriceBasis = { breakFrom, group };
    const carton = cartonDetails(line.product, line.variation);
    return {
      productId: line.product.id,
      productName: line.product.name,
      quantity: item.quantity,
      price: toDecimalString(price),
      variationId: line.variation?.id ?? null,
      variationName: line.variation?.name ?? null,
      variationType: line.variation?.type ?? null,
      variationValue: line.variation?.value ?? null,
      options: line.options.map(({ type, name, value }) => ({ type, name, value })),
      unitsPerCarton: carton.unitsPerCarton,
      unitType: carton.unitType,
      pricePerUnit: toDecimalString(piecePrice(price, carton.unitsPerCarton)),
      cartonWeight: carton.cartonWeight,
      cartonDimensions: carton.cartonDimensions,
      lineTotal: toDecimalString(price * item.quantity),
      priceBasis,
      position,
    };
  });
}

/**
 * The same line on several lines may together ask for no more than one line may; lines that share an option
 * (Size 500 ml with either Model) together ask for no more than that option's stock.
 */
function checkTotalsPerLine(checked: EnquirableLine[], items: ReadonlyArray<{ quantity: number }>): void {
  const totals = new Map<string, { line: Parameters<typeof checkQuantity>[0]; quantity: number }>();
  const count = (key: string, line: Parameters<typeof checkQuantity>[0], quantity: number) => {
    const entry = totals.get(key) ?? { line, quantity: 0 };
    entry.quantity += quantity;
    totals.set(key, entry);
  };
  checked.forEach((line, index) => {
    const quantity = items[index]?.quantity ?? 0;
    count(`${line.product.id}:${line.optionIds.join(',')}`, line, quantity);
    for (const option of line.options) {
      count(
        `option:${option.id}`,
        { product: line.product, options: [option], max: lineCeiling([option]), language: line.language },
        quantity,
      );
    }
  });
  for (const { line, quantity } of totals.values()) checkQuantity(line, quantity);
}
