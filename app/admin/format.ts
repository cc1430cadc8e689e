import { sentLineOf, sentLineView } from '#domains/enquiry/sent-lines.ts';
import { PAYMENT_METHOD_WORDS, type PaymentMethod } from '#domains/invoice/payments.ts';
import type { AdminContact } from '#domains/message/schema.ts';
import type { AdminOrder } from '#domains/order-file/schema.ts';
import { stepWords } from '#domains/settings/schema.ts';
import { formatRupees, toPaise } from '#lib/money.ts';
import { whatsappChatHref } from '#lib/whatsapp.ts';

/** Dates in the en-US short format (11/26/26, 3:05 PM), always in India time (the server renders the same text). */
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
export const shortDate = (iso: string): string => DATE.format(new Date(iso));
const TIME = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'Asia/Kolkata' });
/** A moment's time of day in India ('10:42 AM'). */
export const shortTime = (moment: number | string): string => TIME.format(new Date(moment));

/** ₹ with Indian grouping, from the API's decimal strings. */
export const rupees = (decimal: string): string => formatRupees(toPaise(decimal));

/** The delivery address block: the delivery text, else the shipping address, else 'Address not provided'. */
export function deliveryAddress(order: Pick<AdminOrder, 'deliveryLocation' | 'shippingAddress'>): string {
  if (order.deliveryLocation?.trim()) return order.deliveryLocation;
  const address = order.shippingAddress;
  const parts = address ? [address.street, address.city, address.state, address.zipCode].filter((part) => part?.trim()) : [];
  return parts.length > 0 ? parts.join(', ') : 'Address not provided';
}

/** '2 cartons Sadya Party Pack (Size: 250 Guests), 1 carton …': each line with its chosen options. */
const lineText = (order: AdminOrder) => order.items.map((item) => sentLineView(sentLineOf(item)).summary).join(', ');

/** What the enquiry comes to: the latest quote's total once there is one, else the estimate the customer saw. */
const amountText = (order: AdminOrder) =>
  order.quote
    ? `quote ${order.quote.number}, ${formatRupees(order.quote.total)} with GST`
    : `estimated total ${rupees(order.total)} before GST and delivery`;

/** Call, e-mail and WhatsApp links to a customer, the e-mail and the chat started with the given words. */
function contactLinks(to: { email: string; phone: string | null }, words: { subject: string; body: string; chat: string }) {
  return {
    call: to.phone ? `tel:${to.phone}` : null,
    email: `mailto:${to.email}?subject=${encodeURIComponent(words.subject)}&body=${encodeURIComponent(words.body)}`,
    whatsapp: to.phone ? whatsappChatHref(to.phone, words.chat) : null,
  };
}

/**
 * One-tap replies from the details dialog: call, e-mail and WhatsApp, each naming the enquiry. `shopName`: the shop's
 * trading name, which the words introduce.
 */
export function replyLinks(order: AdminOrder, shopName: string) {
  return contactLinks(
    { email: order.customerEmail, phone: order.customerPhone },
    {
      subject: `Your enquiry #${order.displayId} with ${shopName}`,
      body: `Dear ${order.customerName},\n\nThank you for your enquiry #${order.displayId} (${lineText(order)}; ${amountText(order)}).\n\n`,
      chat: `Hello ${order.customerName}, this is ${shopName} about your enquiry #${order.displayId}: ${lineText(order)}; ${amountText(order)}.`,
    },
  );
}

/** One-tap replies to a contact message: call, e-mail (answering its subject) and WhatsApp. */
export function messageReplyLinks(contact: Pick<AdminContact, 'name' | 'email' | 'phone'>, shopName: string) {
  return contactLinks(contact, {
    subject: `Your message to ${shopName}`,
    body: `Dear ${contact.name},\n\nThank you for your message.\n\n`,
    chat: `Hello ${contact.name}, this is ${shopName} about your message.`,
  });
}

/** One-tap ways to reach a customer of the customers page: their latest e-mail and phone. */
export function customerLinks(customer: { name: string; emails: string[]; phones: string[] }, shopName: string) {
  return contactLinks(
    { email: customer.emails[customer.emails.length - 1] ?? '', phone: customer.phones[customer.phones.length - 1] ?? null },
    {
      subject: shopName,
      body: `Dear ${customer.name},\n\n`,
      chat: `Hello ${customer.name}, this is ${shopName}.`,
    },
  );
}

/** A value of an audit entry's after or before, as words ('' when it is missing). */
const said = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/**
 * The history's words for an audit entry: what a person did, never the stored key. An action this list does not know
 * yet reads as its key in words ('stock-changed': 'Stock changed').
 */
export function historyText(entry: { action: string; before: unknown; after: unknown }): string {
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const amount = (key: string) => rupees(said(after[key]) || '0');
  switch (entry.action) {
    case 'status':
      return `Status set to ${statusLabel(said(after.status))}`;
    case 'seen':
      return after.seen ? 'Marked as seen' : 'Marked as unseen';
    case 'status-link':
      return after.statusLink ? 'New status link e-mailed' : 'Status link revoked';
    case 'quote-sent': {
      const withdrawn = after.withdrawn ? `; accepted version ${said(after.withdrawn)} withdrawn` : '';
      return `Quote version ${said(after.version)} sent (valid until ${said(after.validUntil)})${withdrawn}`;
    }
    case 'quote-accepted':
      return `Quote version ${said(after.version)} accepted`;
    case 'quote-declined':
      return `Quote version ${said(after.version)} declined${after.reason ? `: ${said(after.reason)}` : ''}`;
    case 'invoice-issued':
      return `Invoice ${said(after.number)} issued for ${amount('total')}${after.quote ? ` from quote ${said(after.quote)}` : ''}`;
    case 'payment': {
      const method = PAYMENT_METHOD_WORDS[after.method as PaymentMethod] ?? said(after.method);
      return `Payment of ${amount('amount')} recorded (${method}, received ${said(after.receivedOn)})`;
    }
    case 'refund': {
      const method = PAYMENT_METHOD_WORDS[after.method as PaymentMethod] ?? said(after.method);
      return `Refund of ${amount('amount')} paid out (${method}, paid ${said(after.paidOn)})`;
    }
    case 'credit-note':
      return `Credit note ${said(after.number)} issued for ${amount('total')} against invoice ${said(after.invoice)}: ${said(after.reason)}`;
    case 'e-invoice-answer':
      return `E-invoice registered for ${said(after.document)}: IRN ${said(after.irn)}, Ack No ${said(after.ackNo)}`;
    case 'e-invoice-cancelled':
      return `E-invoice of ${said(after.document)} cancelled on ${said(after.cancelDate)} (${said(after.reason)})`;
    case 'dispatch':
      return `Dispatch recorded: ${said(after.transporter)}, docket ${said(after.docketNumber)}`;
    case 'made-from-message':
      return 'Made from a contact message';
    case 'payment-reminder':
      return `Payment reminder e-mailed (${stepWords(Number(after.step))}): ${amount('balance')} still to pay on invoice ${said(after.invoice)}`;
    case 'quote-reminder':
      return `Reminder e-mailed: quote ${said(after.number)} is valid until ${said(after.validUntil)}`;
    case 'quote-expired':
      return `Quote ${said(after.number)} expired (valid until ${said(after.validUntil)})`;
    case 'reminders-stopped':
      return 'Reminders stopped for this customer';
    case 'reminders-resumed':
      return 'Reminders resumed for this customer';
    default:
      return statusLabel(entry.action.replace(/-/g, ' '));
  }
}

/** 'Pending', 'Confirmed', ... */
export const statusLabel = (status: string): string => status.charAt(0).toUpperCase() + status.slice(1);
