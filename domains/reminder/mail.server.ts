// The reminder of an invoice's balance, on the invoice's own letter with its ways to pay (domains/invoice/mail.server.ts).
import { type Addressee, letterContent, payingOf, type UpiRequest, wordsOf } from '#domains/invoice/mail.server.ts';
import type { InvoiceDocument } from '#domains/invoice/model.ts';
import type { PaymentPosition } from '#domains/invoice/payments.ts';
import { invoiceReminderLine, invoiceReminderSubject } from '#domains/reminder/model.ts';
import type { PublicShop } from '#domains/settings/shop.ts';
import { dateText } from '#lib/calendar.ts';
import { formatRupees } from '#lib/money.ts';
import { renderMail } from '#platform/mail/layout.tsx';
import type { OutgoingMail } from '#platform/mail/outbox.ts';

/**
 * A reminder of what is still to pay on an invoice (a step of the reminders' schedule): the amount, when it is or was
 * due, and the ways to pay it as the invoice's e-mail gives them, for the balance.
 */
export function invoiceReminderMail(
  shop: PublicShop,
  to: Addressee,
  invoice: InvoiceDocument,
  position: PaymentPosition,
  upi: UpiRequest | null,
  today: string,
): OutgoingMail {
  const reminder = {
    customerName: to.customerName,
    displayId: to.displayId,
    invoiceNumber: invoice.number,
    balance: position.balance,
    dueOn: position.dueOn,
    today,
  };
  const { language, t } = wordsOf(to);
  const paying = payingOf(invoice, position.balance, upi, t);
  const mail = renderMail({
    ...letterContent(shop, to, {
      subject: invoiceReminderSubject(reminder, t),
      intro: [invoiceReminderLine(reminder, language)],
      facts: [
        {
          label: t('Invoice'),
          value: t('{number} of {date}', { number: invoice.number, date: dateText(invoice.date, language) }),
        },
        { label: t('Invoice total'), value: formatRupees(position.invoiced) },
        ...(position.credited > 0 ? [{ label: t('Credit notes'), value: formatRupees(position.credited) }] : []),
        ...(position.paid > 0 ? [{ label: t('Paid so far'), value: formatRupees(position.paid) }] : []),
        { label: t('Still to pay'), value: formatRupees(position.balance) },
      ],
      button: t('See your invoice and payments'),
      outro: [
        ...paying.outro,
        t(
          'If you have already paid, thank you, and please ignore this reminder: we confirm each payment by e-mail when it reaches us.',
        ),
        t('If something on the invoice is not right, please reply to this e-mail and we will look at it with you.'),
      ],
    }),
    ...(paying.pay && { pay: paying.pay }),
  });
  return { ...mail, attachments: paying.attachments };
}
