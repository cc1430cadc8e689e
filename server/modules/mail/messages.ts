/**
 * Every e-mail the shop sends, as content for the one layout (./layout.tsx): the lines and the quote come from the
 * same view models as the pages (core/sent-lines.ts, core/tax-document.ts), so the e-mail shows their figures.
 */
import { INQUIRY_TYPES } from '#core/enquiry.ts';
import { formatRupees, toPaise } from '#core/money.ts';
import type { Quote } from '#core/quote.ts';
import { datedMoment, dayText, promisedReply } from '#core/reply-promise.ts';
import type { AdminContact } from '#core/schemas/admin.ts';
import { type RecordedLine, sentLineOf, sentLinesView } from '#core/sent-lines.ts';
import type { PublicShop } from '#core/shop.ts';
import type { TaxDocumentView } from '#core/tax-document.ts';
import { handlingDaysText } from '#core/terms.ts';

import { type MailTable, renderMail } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';

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
}

/** The enquiry's lines as the e-mail's table: each line's cartons, pieces and carton price, then the estimate. */
function linesTable(enquiry: EnquiryForMail, caption: string, totalLabel: string): MailTable {
  const view = sentLinesView(enquiry.lines.map(sentLineOf));
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

export function customerAcknowledgementMail(shop: PublicShop, enquiry: EnquiryForMail): OutgoingMail {
  return renderMail({
    shop,
    to: enquiry.customerEmail,
    subject: `We received your enquiry #${enquiry.displayId}`,
    greeting: `Dear ${enquiry.customerName},`,
    intro: [
      `Thank you for your enquiry #${enquiry.displayId} with ${shop.name}. We will contact you ${promisedReply(enquiry.sentAt, shop.hours)}, to confirm delivery details and final pricing. Nothing is charged until then.`,
    ],
    table: linesTable(enquiry, 'What you asked for', 'Estimated total'),
    facts: [{ label: 'Delivery address', value: enquiry.deliveryLocation }],
    button: { label: 'Follow your enquiry', href: enquiry.statusUrl },
    outro: ['Keep this link to yourself: anyone who has it can see this enquiry.'],
  });
}

/** A new status link, sent when the staff replace one (the old link no longer opens the enquiry). */
export function statusLinkMail(
  shop: PublicShop,
  enquiry: {
    displayId: number;
    customerName: string;
    customerEmail: string;
    statusUrl: string;
  },
): OutgoingMail {
  return renderMail({
    shop,
    to: enquiry.customerEmail,
    subject: `A new link to follow your enquiry #${enquiry.displayId}`,
    greeting: `Dear ${enquiry.customerName},`,
    intro: [`Here is a new link to follow your enquiry #${enquiry.displayId} with ${shop.name}.`],
    button: { label: 'Follow your enquiry', href: enquiry.statusUrl },
    outro: ['The link we sent before no longer opens it. Keep this one to yourself: anyone who has it can see this enquiry.'],
  });
}

/** A quote's rows and totals as the e-mail's table: each row's amount is its taxable value and its tax. */
export function documentTable(document: TaxDocumentView): MailTable {
  return {
    caption: `${document.title} ${document.number}`,
    rows: document.rows.map((row) => {
      const tax = document.taxHeads
        .map((head, index) => `${head} ${row.taxRates[index] ?? ''} ${row.taxes[index]?.text ?? ''}`)
        .join(' + ');
      const basis = row.rate ? `${row.quantityText} × ${row.rate.text} = ${row.taxable.text}` : row.taxable.text;
      return {
        label: row.detail ? `${row.description} (${row.detail})` : row.description,
        detail: `${basis} + ${tax}`,
        amount: row.amount.text,
      };
    }),
    sums: document.sums.map((sum) => ({ label: sum.label, amount: sum.text, strong: sum.strong })),
  };
}

interface QuoteRecipient {
  displayId: number;
  customerName: string;
  customerEmail: string;
}

/** A quote sent (or revised): its rows, total, validity and the link to read, download and answer it. */
export function quoteMail(
  shop: PublicShop,
  enquiry: QuoteRecipient & {
    quote: Quote;
    statusUrl: string | null;
    /** The accepted quote this version replaces, when it does. */
    replaces: { number: string; acceptedAt: Date | null } | null;
  },
): OutgoingMail {
  const { quote, replaces } = enquiry;
  const revised = quote.version > 1;
  return renderMail({
    shop,
    to: enquiry.customerEmail,
    subject: `${revised ? 'Revised quote' : 'Your quote'} ${quote.number} for enquiry #${enquiry.displayId}`,
    greeting: `Dear ${enquiry.customerName},`,
    intro: [
      `Here is our ${revised ? `revised quote (version ${quote.version})` : 'quote'} ${quote.number} for your enquiry #${enquiry.displayId}.`,
      ...(replaces
        ? [
            `This revised quote replaces quote ${replaces.number}, which you accepted${replaces.acceptedAt ? ` on ${datedMoment(replaces.acceptedAt)} IST` : ''}. Please look at it and accept it if it suits you; the earlier one can no longer be accepted.`,
          ]
        : []),
    ],
    table: documentTable(quote.document),
    facts: [
      { label: 'In words', value: quote.document.amountInWords },
      { label: 'Valid until', value: dayText(quote.validUntil) },
      ...(quote.note ? [{ label: 'Note', value: quote.note }] : []),
    ],
    ...(enquiry.statusUrl
      ? {
          button: { label: 'See, download or accept the quote', href: enquiry.statusUrl },
          outro: ['On that page you can read the whole quote, download it as a PDF, and accept or decline it.'],
        }
      : { outro: ['To accept it, reply to this e-mail or call us.'] }),
  });
}

/** A waiting quote's reminder before its last day: its number, total and last day, and the page to accept it on. */
export function quoteReminderMail(
  shop: PublicShop,
  enquiry: QuoteRecipient & { number: string; total: number; validUntil: string; statusUrl: string | null },
): OutgoingMail {
  return renderMail({
    shop,
    to: enquiry.customerEmail,
    subject: `Your quote ${enquiry.number} is valid until ${dayText(enquiry.validUntil)}`,
    greeting: `Dear ${enquiry.customerName},`,
    intro: [
      `Our quote ${enquiry.number} for your enquiry #${enquiry.displayId} (${formatRupees(enquiry.total)} with GST) is waiting for your answer: it can be accepted until ${dayText(enquiry.validUntil)}.`,
    ],
    ...(enquiry.statusUrl
      ? {
          button: { label: 'See, download or accept the quote', href: enquiry.statusUrl },
          outro: ['If it does not suit you, you can decline it on that page, or reply to this e-mail to ask for a change.'],
        }
      : { outro: ['To accept it, reply to this e-mail or call us.'] }),
  });
}

/** The customer's answer to a quote, for the staff. */
export function quoteAnsweredMail(
  shop: PublicShop,
  answer: QuoteRecipient & { quote: Quote; accepted: boolean; reason: string | null },
): OutgoingMail {
  const verb = answer.accepted ? 'accepted' : 'declined';
  return renderMail({
    shop,
    to: shop.email,
    replyTo: answer.customerEmail,
    subject: `Quote ${answer.quote.number} ${verb} by ${answer.customerName}`,
    greeting: null,
    intro: [
      `${answer.customerName} ${verb} quote ${answer.quote.number} (${answer.quote.document.total.text}) for enquiry #${answer.displayId}.`,
      ...(answer.accepted ? ['The enquiry is now confirmed.'] : []),
      ...(answer.reason ? [`Their reason: ${answer.reason}`] : []),
    ],
    signed: false,
  });
}

/** The customer's own record of their answer: what they agreed to (or not) and what happens next. */
export function quoteAnswerReceiptMail(
  shop: PublicShop,
  answer: QuoteRecipient & {
    quote: Quote;
    accepted: boolean;
    reason: string | null;
    statusUrl: string | null;
  },
): OutgoingMail {
  const { quote } = answer;
  return renderMail({
    shop,
    to: answer.customerEmail,
    subject: answer.accepted
      ? `You accepted quote ${quote.number} for enquiry #${answer.displayId}`
      : `You declined quote ${quote.number} for enquiry #${answer.displayId}`,
    greeting: `Dear ${answer.customerName},`,
    intro: answer.accepted
      ? [
          `Thank you: you accepted our quote ${quote.number} for ${quote.document.total.text}. Here is what you agreed to.`,
          `What happens next: we will call you to arrange delivery, and your cartons are dispatched ${handlingDaysText} working days from now. Payment is on delivery, by UPI or bank transfer.`,
        ]
      : [
          `You declined our quote ${quote.number}${answer.reason ? ` (your reason: ${answer.reason})` : ''}.`,
          'If a different price, quantity or delivery date would suit you, reply to this e-mail or call us and we will send a new quote.',
        ],
    ...(answer.accepted && { table: documentTable(quote.document) }),
    ...(answer.statusUrl && {
      button: {
        label: answer.accepted ? 'Your quote and its PDF' : 'Your enquiry',
        href: answer.statusUrl,
      },
    }),
  });
}

/** A contact message as the staff's list holds it, without the list's own state. */
type ContactForMail = Omit<AdminContact, 'createdAt' | 'seen' | 'enquiryDisplayId'>;

export function shopContactMail(shop: PublicShop, contact: ContactForMail): OutgoingMail {
  const type = INQUIRY_TYPES.find((t) => t.value === contact.inquiryType)?.label ?? contact.inquiryType;
  return renderMail({
    shop,
    to: shop.email,
    replyTo: contact.email,
    subject: `New message (${type}) from ${contact.name}`,
    greeting: null,
    intro: [`Message #${contact.id}: ${type}`],
    facts: [
      { label: 'Name', value: contact.name },
      { label: 'E-mail', value: contact.email },
      { label: 'Phone', value: contact.phone ?? 'Not provided' },
      ...(contact.company ? [{ label: 'Company', value: contact.company }] : []),
    ],
    outro: [contact.message],
    signed: false,
  });
}
