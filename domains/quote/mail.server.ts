// The quote's e-mails: sent or revised, its reminder, and the customer's answer (to the staff and to the customer).
import { dayText } from '#domains/enquiry/reply-promise.ts';
import type { Quote } from '#domains/quote/model.ts';
import type { PublicShop } from '#domains/settings/shop.ts';
import { handlingDaysText } from '#domains/settings/terms.ts';
import { documentTable } from '#domains/tax/mail.server.ts';
import { type Translate, translator } from '#lib/i18n/translate.ts';
import { datedMoment } from '#lib/india-time.ts';
import type { Language } from '#lib/language.ts';
import { formatRupees } from '#lib/money.ts';
import { serverTranslator } from '#platform/i18n/translator.ts';
import { renderMail } from '#platform/mail/layout.tsx';
import type { OutgoingMail } from '#platform/mail/outbox.ts';

const english = translator('en');

interface QuoteRecipient {
  displayId: number;
  customerName: string;
  customerEmail: string;
}

/**
 * Where the customer answers a quote: the button to its status page and `outro` about that page, or, with no link,
 * how to accept it by reply.
 */
const answerOn = (statusUrl: string | null, outro: string, t: Translate = english) =>
  statusUrl
    ? { button: { label: t('See, download or accept the quote'), href: statusUrl }, outro: [outro] }
    : { outro: [t('To accept it, reply to this e-mail or call us.')] };

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
  // The quote's document is in the customer's language already; its e-mail follows it (English: as it always read).
  const language = quote.document.language ?? 'en';
  const t = serverTranslator(language);
  const values = { number: quote.number, enquiry: enquiry.displayId, version: quote.version };
  return renderMail({
    shop,
    to: enquiry.customerEmail,
    subject: revised
      ? t('Revised quote {number} for enquiry #{enquiry}', values)
      : t('Your quote {number} for enquiry #{enquiry}', values),
    greeting: t('Dear {name},', { name: enquiry.customerName }),
    intro: [
      revised
        ? t('Here is our revised quote (version {version}) {number} for your enquiry #{enquiry}.', values)
        : t('Here is our quote {number} for your enquiry #{enquiry}.', values),
      ...(replaces
        ? [
            replaces.acceptedAt
              ? t(
                  'This revised quote replaces quote {number}, which you accepted on {when} IST. Please look at it and accept it if it suits you; the earlier one can no longer be accepted.',
                  { number: replaces.number, when: datedMoment(replaces.acceptedAt, language) },
                )
              : t(
                  'This revised quote replaces quote {number}, which you accepted. Please look at it and accept it if it suits you; the earlier one can no longer be accepted.',
                  { number: replaces.number },
                ),
          ]
        : []),
    ],
    table: documentTable(quote.document),
    facts: [
      { label: t('In words'), value: quote.document.amountInWords },
      { label: t('Valid until'), value: dayText(quote.validUntil, language) },
      ...(quote.note ? [{ label: t('Note'), value: quote.note }] : []),
    ],
    ...answerOn(
      enquiry.statusUrl,
      t('On that page you can read the whole quote, download it as a PDF, and accept or decline it.'),
      t,
    ),
    language,
  });
}

/** A waiting quote's reminder before its last day: its number, total and last day, and the page to accept it on. */
export function quoteReminderMail(
  shop: PublicShop,
  enquiry: QuoteRecipient & {
    number: string;
    total: number;
    validUntil: string;
    statusUrl: string | null;
    /** The enquiry's language, which its quote is written in. */
    language?: Language;
  },
): OutgoingMail {
  const language = enquiry.language ?? 'en';
  const t = serverTranslator(language);
  const values = {
    number: enquiry.number,
    enquiry: enquiry.displayId,
    total: formatRupees(enquiry.total),
    day: dayText(enquiry.validUntil, language),
  };
  return renderMail({
    shop,
    to: enquiry.customerEmail,
    subject: t('Your quote {number} is valid until {day}', values),
    greeting: t('Dear {name},', { name: enquiry.customerName }),
    intro: [
      t(
        'Our quote {number} for your enquiry #{enquiry} ({total} with GST) is waiting for your answer: it can be accepted until {day}.',
        values,
      ),
    ],
    ...answerOn(
      enquiry.statusUrl,
      t('If it does not suit you, you can decline it on that page, or reply to this e-mail to ask for a change.'),
      t,
    ),
    ...(language === 'en' ? {} : { language }),
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
  // The quote's document is in the customer's language; their receipt of their answer follows it.
  const language = quote.document.language ?? 'en';
  const t = serverTranslator(language);
  const values = {
    number: quote.number,
    enquiry: answer.displayId,
    total: quote.document.total.text,
    days: handlingDaysText,
    reason: answer.reason ?? '',
  };
  return renderMail({
    shop,
    to: answer.customerEmail,
    subject: answer.accepted
      ? t('You accepted quote {number} for enquiry #{enquiry}', values)
      : t('You declined quote {number} for enquiry #{enquiry}', values),
    greeting: t('Dear {name},', { name: answer.customerName }),
    intro: answer.accepted
      ? [
          t('Thank you: you accepted our quote {number} for {total}. Here is what you agreed to.', values),
          t(
            'What happens next: we will call you to arrange delivery, and your cartons are dispatched {days} working days from now. Payment is on delivery, by UPI or bank transfer.',
            values,
          ),
        ]
      : [
          answer.reason
            ? t('You declined our quote {number} (your reason: {reason}).', values)
            : t('You declined our quote {number}.', values),
          t(
            'If a different price, quantity or delivery date would suit you, reply to this e-mail or call us and we will send a new quote.',
          ),
        ],
    ...(answer.accepted && { table: documentTable(quote.document) }),
    ...(answer.statusUrl && {
      button: {
        label: answer.accepted ? t('Your quote and its PDF') : t('Your enquiry'),
        href: answer.statusUrl,
      },
    }),
    ...(language === 'en' ? {} : { language }),
  });
}
