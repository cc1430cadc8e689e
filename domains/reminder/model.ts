/**
 * Reminders: which step of the schedule an invoice with something to pay has reached, and a waiting quote's reminder
 * before its last day and its expiry (docs/decisions/500-statements-ageing-and-reminders.md). The scheduler on the server sends
 * each step once; the e-mail, the history and the WhatsApp message read their words from here.
 */
import { dayText } from '#domains/enquiry/reply-promise.ts';
import { daysPastDue } from '#domains/invoice/payments.ts';
import { type Translate, translator } from '#lib/i18n/translate.ts';
import { addDays } from '#lib/india-time.ts';
import { istHour } from '#lib/india-time.ts';
import type { Language } from '#lib/language.ts';
import { formatRupees, type Paise } from '#lib/money.ts';

/** The schedule's default: 3 days before the due date, on it, 7 and 15 days after. */
export const DEFAULT_REMINDER_OFFSETS = [-3, 0, 7, 15] as const;
export const DEFAULT_REMINDER_EVERY_MINUTES = 10;
export const DEFAULT_QUOTE_REMINDER_DAYS = 2;

/** Reminders go out from 9 in the morning to 8 in the evening, India time: nobody is chased at night. */
export const REMINDER_HOURS = { from: 9, until: 20 } as const;

/** Whether `at` falls in REMINDER_HOURS in India. */
export const inReminderHours = (at: Date): boolean => {
  const hour = istHour(at);
  return hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.until;
};

/** A quote's two steps; an invoice's steps are its schedule's day offsets ('-3', '0', '7'). */
export const QUOTE_STEPS = ['expiring', 'expired'] as const;
export type QuoteStep = (typeof QUOTE_STEPS)[number];

/**
 * The step of `offsets` an invoice has reached today, or null. The latest step whose day has come is the one: after
 * the server was down, a reminder of the missed steps would say what the latest says, so only the latest goes out
 * (each step once: the caller skips one already sent). A step on or before the invoice's own day is not sent: the
 * invoice's e-mail said when it is due.
 */
export function invoiceStepDue(
  invoice: { date: string; dueOn: string; balance: Paise },
  offsets: readonly number[],
  today: string,
): number | null {
  if (invoice.balance <= 0) return null;
  const past = daysPastDue(invoice.dueOn, today);
  const reached = offsets.filter((offset) => offset <= past && addDays(invoice.dueOn, offset) > invoice.date);
  return reached.length === 0 ? null : Math.max(...reached);
}

/**
 * A waiting quote's step today: 'expired' once its last day has passed, 'expiring' from `daysBefore` days before its
 * last day (not on the day it was sent: the quote's own e-mail says until when it is valid), else null.
 */
export function quoteStepDue(quote: { sentOn: string; validUntil: string }, daysBefore: number, today: string): QuoteStep | null {
  if (today > quote.validUntil) return 'expired';
  const from = addDays(quote.validUntil, -daysBefore);
  return today >= from && today > quote.sentOn ? 'expiring' : null;
}

/** When the payment is due, in words from today: 'is due on Friday 12 December 2031', 'was due …, 7 days ago'. */
export function dueWords(dueOn: string, today: string): string {
  const past = daysPastDue(dueOn, today);
  if (past < 0) return `is due on ${dayText(dueOn)}`;
  if (past === 0) return 'is due today';
  return `was due on ${dayText(dueOn)}, ${past} ${past === 1 ? 'day' : 'days'} ago`;
}

/** The reminder's sentence in another language than English: when it is or was due is a sentence of its own. */
function reminderLineIn(reminder: InvoiceReminder, language: Language, t: Translate): string {
  const past = daysPastDue(reminder.dueOn, reminder.today);
  const values = {
    amount: formatRupees(reminder.balance),
    number: reminder.invoiceNumber,
    order: reminder.displayId,
    day: dayText(reminder.dueOn, language),
    days: past,
  };
  const due =
    past < 0
      ? t('It is due on {day}.', values)
      : past === 0
        ? t('It is due today.')
        : past === 1
          ? t('It was due on {day}, 1 day ago.', values)
          : t('It was due on {day}, {days} days ago.', values);
  return `${t('{amount} is still to pay on our tax invoice {number} for your order #{order}.', values)} ${due}`;
}

/** What an invoice reminder says first, in the e-mail and on WhatsApp. */
export interface InvoiceReminder {
  customerName: string;
  displayId: number;
  invoiceNumber: string;
  balance: Paise;
  dueOn: string;
  today: string;
}

export const invoiceReminderSubject = (
  reminder: Pick<InvoiceReminder, 'invoiceNumber' | 'balance' | 'dueOn' | 'today'>,
  t: Translate = translator('en'),
) => {
  const values = { amount: formatRupees(reminder.balance), number: reminder.invoiceNumber };
  return daysPastDue(reminder.dueOn, reminder.today) > 0
    ? t('Payment reminder: {amount} overdue on invoice {number}', values)
    : t('Payment reminder: {amount} due on invoice {number}', values);
};

/** The reminder's sentence: what is still to pay on which invoice, and when it is or was due (in the customer's language). */
export const invoiceReminderLine = (reminder: InvoiceReminder, language: Language = 'en'): string =>
  language === 'en'
    ? `${formatRupees(reminder.balance)} is still to pay on our tax invoice ${reminder.invoiceNumber} for your order #${reminder.displayId}: it ${dueWords(reminder.dueOn, reminder.today)}.`
    : reminderLineIn(reminder, language, translator(language));

/**
 * The WhatsApp message the staff send from the today list: the reminder's sentence and the order's page, in the
 * language of the enquiry.
 */
export function whatsappReminderText(
  reminder: InvoiceReminder,
  shopName: string,
  statusUrl: string | null,
  language: Language = 'en',
): string {
  const t = translator(language);
  return [
    t('Hello {name}, this is {shop}.', { name: reminder.customerName, shop: shopName }),
    invoiceReminderLine(reminder, language),
    statusUrl
      ? t("The invoice and the ways to pay are on your order's page: {url}", { url: statusUrl })
      : t('Please call us to arrange the payment.'),
    t('If you have already paid, thank you, and please ignore this message.'),
  ].join('\n');
}
