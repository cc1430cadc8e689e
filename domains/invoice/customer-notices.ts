/**
 * What the customer is told when the staff mark an enquiry delivered or cancelled: the e-mail's subject and its
 * opening lines, written from what exists (the invoice, the credit notes). The server's e-mails
 * (domains/invoice/mail.server.ts) and the panel's confirmation before the change both read them here, so
 * the staff see what the customer will read.
 */
import { terms } from '#domains/settings/terms.ts';
import { type Translate, translator } from '#lib/i18n/translate.ts';
import { formatRupees, type Paise } from '#lib/money.ts';

/** The notices' words unless the customer wrote in another language. */
const english = translator('en');

/** The statuses whose e-mail a customer gets once per enquiry, however often the status goes back and forth. */
export const ONCE_NOTICES = ['delivered', 'cancelled'] as const;
export type OnceNotice = (typeof ONCE_NOTICES)[number];

export interface Notice {
  subject: string;
  lines: string[];
}

/** `shopName`: the shop's trading name, which thanks the customer. */
export function deliveredNotice(displayId: number, shopName: string, t: Translate = english): Notice {
  const number = displayId;
  return {
    subject: t('Your order #{number} was delivered', { number }),
    lines: [
      t('Your order #{number} was delivered. Thank you for choosing {shop}.', { number, shop: shopName }),
      t(
        'If a carton arrived damaged or short, reply to this e-mail with a photo and we will put it right. Unopened cartons can be returned within {days} days of delivery.',
        { days: terms.returns.days },
      ),
    ],
  };
}

/**
 * The cancellation as it stands: the credit notes issued against the invoice (in the same step or before), by number
 * and amount, and nothing about a credit note or a refund where none was issued.
 */
export function cancelledNotice(
  displayId: number,
  invoiceNumber: string | null,
  creditNotes: ReadonlyArray<{ number: string; total: Paise }>,
  t: Translate = english,
): Notice {
  const number = displayId;
  // Before an invoice it is still an enquiry to the customer; after one, an order.
  const cancelled = invoiceNumber
    ? t('Your order #{number} was cancelled', { number })
    : t('Your enquiry #{number} was cancelled', { number });
  return {
    subject: cancelled,
    lines: [
      `${cancelled}.`,
      ...creditNotes.map((note) =>
        t('We have issued credit note {number} of {amount} against invoice {invoice}.', {
          number: note.number,
          amount: formatRupees(note.total),
          invoice: invoiceNumber ?? '',
        }),
      ),
      t('If this is not what you expected, please call us.'),
    ],
  };
}
