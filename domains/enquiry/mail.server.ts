/**
 * The enquiry's e-mails, as content for the one layout (#platform/mail/layout.tsx): the lines come from the same
 * view model as the pages (domains/enquiry/sent-lines.ts), so the e-mail shows their figures.
 */
import { promisedReply } from '#domains/enquiry/reply-promise.ts';
import { type RecordedLine, sentLineOf, sentLinesView } from '#domains/enquiry/sent-lines.ts';
import type { PublicShop } from '#domains/settings/shop.ts';
import type { Translate } from '#lib/i18n/translate.ts';
import type { Language } from '#lib/language.ts';
import { formatRupees, toPaise } from '#lib/money.ts';
import { serverTranslator } from '#platform/i18n/translator.ts';
import { type MailTable, renderMail } from '#platform/mail/layout.tsx';
import type { OutgoingMail } from '#platform/mail/outbox.ts';

export interface EnquiryForMail {
  displayId: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  deliveryLocation: string;
  specialRequests: string | null;
  /** A business's GSTIN from the checkout (enquiries the staff make have none). */
  customerGstin?: string | null;
  isGuest: boolean;
  total: string;
  /** When the enquiry was recorded: the reply promise counts from it. */
  sentAt: Date;
  /** The customer's private status page. */
  statusUrl: string;
  lines: RecordedLine[];
  /** The language the customer wrote in: their e-mail is in it. */
  language?: Language;
}

/** The enquiry's lines as the e-mail's table: each line's cartons, pieces and carton price, then the estimate. */
function linesTable(enquiry: EnquiryForMail, caption: string, totalLabel: string, t?: Translate): MailTable {
  const view = sentLinesView(enquiry.lines.map(sentLineOf), t);
  return {
    caption,
    rows: view.rows.map((row) => ({ label: row.label, detail: `${row.units}, ${row.price}`, amount: row.total.text })),
    sums: [{ label: totalLabel, amount: formatRupees(toPaise(enquiry.total)), strong: true }],
  };
}

/** The shop's own e-mail of a new enquiry: `panelUrl` opens it in the panel. */
export function shopEnquiryMail(shop: PublicShop, enquiry: EnquiryForMail & { panelUrl: string }): OutgoingMail {
  return renderMail({
    shop,
    to: shop.email,
    replyTo: enquiry.customerEmail,
    subject: `New enquiry #${enquiry.displayId} from ${enquiry.customerName}`,
    greeting: null,
    intro: [`Enquiry #${enquiry.displayId} (${enquiry.isGuest ? 'guest' : 'registered user'})`],
    about: [
      { label: 'Name', value: enquiry.customerName },
      { label: 'E-mail', value: enquiry.customerEmail },
      { label: 'Phone', value: enquiry.customerPhone ?? 'Not provided' },
      { label: 'Delivery address', value: enquiry.deliveryLocation },
      ...(enquiry.specialRequests ? [{ label: 'Special requests', value: enquiry.specialRequests }] : []),
      ...(enquiry.customerGstin ? [{ label: 'GSTIN', value: enquiry.customerGstin }] : []),
    ],
    table: linesTable(enquiry, 'Items', 'Estimated total (before GST and delivery)'),
    button: { label: `Open enquiry #${enquiry.displayId} in the panel`, href: enquiry.panelUrl },
    outro: [`Please contact the customer ${promisedReply(enquiry.sentAt, shop.hours)}, as the customer was told.`],
    signed: false,
  });
}

/** Who an e-mail to the customer about their enquiry goes to, and the language it is written in. */
type EnquiryCustomer = Pick<EnquiryForMail, 'displayId' | 'customerName' | 'customerEmail' | 'statusUrl' | 'language'>;

/**
 * What every e-mail to the customer about their enquiry has: their language's words (`t`), the enquiry's number, and
 * `mail`, the start of its content (to them, greeted by name, in their language), with `follow` its status page's button.
 */
function customerMail(shop: PublicShop, enquiry: EnquiryCustomer) {
  const language = enquiry.language ?? 'en';
  const t = serverTranslator(language);
  return {
    t,
    language,
    number: enquiry.displayId,
    mail: { shop, to: enquiry.customerEmail, greeting: t('Dear {name},', { name: enquiry.customerName }), language },
    follow: { label: t('Follow your enquiry'), href: enquiry.statusUrl },
  };
}

export function customerAcknowledgementMail(shop: PublicShop, enquiry: EnquiryForMail): OutgoingMail {
  const { t, language, number, mail, follow } = customerMail(shop, enquiry);
  return renderMail({
    ...mail,
    subject: t('We received your enquiry #{number}', { number }),
    intro: [
      t(
        'Thank you for your enquiry #{number} with {shop}. We will contact you {when}, to confirm delivery details and final pricing. Nothing is charged until then.',
        { number, shop: shop.name, when: promisedReply(enquiry.sentAt, shop.hours, language) },
      ),
    ],
    table: linesTable(enquiry, t('What you asked for'), t('Estimated total'), t),
    facts: [{ label: t('Delivery address'), value: enquiry.deliveryLocation }],
    button: follow,
    outro: [t('Keep this link to yourself: anyone who has it can see this enquiry.')],
  });
}

/** A new status link, sent when the staff replace one (the old link no longer opens the enquiry). */
export function statusLinkMail(shop: PublicShop, enquiry: EnquiryCustomer): OutgoingMail {
  const { t, number, mail, follow } = customerMail(shop, enquiry);
  return renderMail({
    ...mail,
    subject: t('A new link to follow your enquiry #{number}', { number }),
    intro: [t('Here is a new link to follow your enquiry #{number} with {shop}.', { number, shop: shop.name })],
    button: follow,
    outro: [t('The link we sent before no longer opens it. Keep this one to yourself: anyone who has it can see this enquiry.')],
  });
}
