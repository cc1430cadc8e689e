import { business } from '../../../core/business.ts';
import { INQUIRY_TYPES } from '../../../core/enquiry.ts';
import { formatRupees, toPaise } from '../../../core/money.ts';
import type { Quote } from '../../../core/quote.ts';
import { datedMoment, dayText, replyBy } from '../../../core/reply-promise.ts';
import { optionsText, sentOptions } from '../../../core/variations.ts';
import type { OutgoingMail } from './outbox.ts';

export interface EnquiryForMail {
  displayId: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  deliveryLocation: string;
  specialRequests: string | null;
  isGuest: boolean;
  total: string;
  /** When the enquiry was recorded: the reply promise counts from it. */
  sentAt: Date;
  /** The customer's private status page. */
  statusUrl: string;
  lines: Array<{
    productName: string;
    variationName: string | null;
    variationValue: string | null;
    /** Every chosen option, in the product's type order; without it, the variation's name and value. */
    options?: ReadonlyArray<{ name: string; value: string }>;
    quantity: number;
    unitsPerCarton: number;
    unitType: string;
    price: string;
    lineTotal: string;
  }>;
}

const rupees = (amount: string) => formatRupees(toPaise(amount));

function lineText(line: EnquiryForMail['lines'][number]): string {
  const options = sentOptions(line);
  const option = options.length > 0 ? ` (${optionsText(options, ', ')})` : '';
  const units = line.quantity * line.unitsPerCarton;
  return `- ${line.productName}${option}: ${line.quantity} carton(s) x ${line.unitsPerCarton} ${line.unitType} = ${units} ${line.unitType}, ${rupees(line.price)} per carton, ${rupees(line.lineTotal)}`;
}

export function shopEnquiryMail(enquiry: EnquiryForMail, shopEmail: string): OutgoingMail {
  return {
    to: shopEmail,
    replyTo: enquiry.customerEmail,
    subject: `New enquiry #${enquiry.displayId} from ${enquiry.customerName}`,
    text: [
      `Enquiry #${enquiry.displayId} (${enquiry.isGuest ? 'guest' : 'registered user'})`,
      '',
      `Name: ${enquiry.customerName}`,
      `E-mail: ${enquiry.customerEmail}`,
      `Phone: ${enquiry.customerPhone ?? 'Not provided'}`,
      `Delivery address: ${enquiry.deliveryLocation}`,
      ...(enquiry.specialRequests ? [`Special requests: ${enquiry.specialRequests}`] : []),
      '',
      'Items:',
      ...enquiry.lines.map(lineText),
      '',
      `Estimated total: ${rupees(enquiry.total)} (tax 0.00; final pricing to be confirmed)`,
      '',
      `Please contact the customer within 24 hours: by ${datedMoment(replyBy(enquiry.sentAt))} IST, as the customer was told.`,
    ].join('\n'),
  };
}

export function customerAcknowledgementMail(enquiry: EnquiryForMail): OutgoingMail {
  return {
    to: enquiry.customerEmail,
    replyTo: business.email,
    subject: `We received your enquiry #${enquiry.displayId}`,
    text: [
      `Dear ${enquiry.customerName},`,
      '',
      `Thank you for your enquiry #${enquiry.displayId} with ${business.name}. We will contact you within 24 hours, by ${datedMoment(replyBy(enquiry.sentAt))} IST, to confirm delivery details and final pricing. Nothing is charged until then.`,
      '',
      'What you asked for:',
      ...enquiry.lines.map(lineText),
      '',
      `Estimated total: ${rupees(enquiry.total)}`,
      `Delivery address: ${enquiry.deliveryLocation}`,
      '',
      `Follow your enquiry (where it stands and when we will call): ${enquiry.statusUrl}`,
      'Keep this link to yourself: anyone who has it can see this enquiry.',
      '',
      `Questions? Call ${business.phone} (${business.hours.text}) or reply to this e-mail.`,
      '',
      business.name,
    ].join('\n'),
  };
}

/** A new status link, sent when the staff replace one (the old link no longer opens the enquiry). */
export function statusLinkMail(enquiry: {
  displayId: number;
  customerName: string;
  customerEmail: string;
  statusUrl: string;
}): OutgoingMail {
  return {
    to: enquiry.customerEmail,
    replyTo: business.email,
    subject: `A new link to follow your enquiry #${enquiry.displayId}`,
    text: [
      `Dear ${enquiry.customerName},`,
      '',
      `Here is a new link to follow your enquiry #${enquiry.displayId} with ${business.name}:`,
      enquiry.statusUrl,
      '',
      'The link we sent before no longer opens it. Keep this one to yourself: anyone who has it can see this enquiry.',
      '',
      `Questions? Call ${business.phone} (${business.hours.text}) or reply to this e-mail.`,
      '',
      business.name,
    ].join('\n'),
  };
}

/** A quote sent (or revised): its total, validity and the link to accept it. */
export function quoteMail(enquiry: {
  displayId: number;
  customerName: string;
  customerEmail: string;
  quote: Quote;
  statusUrl: string | null;
}): OutgoingMail {
  const { quote } = enquiry;
  const { totals } = quote;
  const tax = quote.intraState
    ? `CGST ${formatRupees(totals.cgst)} + SGST ${formatRupees(totals.sgst)}`
    : `IGST ${formatRupees(totals.igst)}`;
  return {
    to: enquiry.customerEmail,
    replyTo: business.email,
    subject: `${quote.version > 1 ? 'Revised quote' : 'Your quote'} ${quote.number} for enquiry #${enquiry.displayId}`,
    text: [
      `Dear ${enquiry.customerName},`,
      '',
      `Here is our ${quote.version > 1 ? `revised quote (version ${quote.version})` : 'quote'} ${quote.number} for your enquiry #${enquiry.displayId}:`,
      '',
      ...quote.lines.map(
        (line) =>
          `- ${line.productName}${line.options ? ` (${line.options})` : ''}: ${line.quantity} carton(s) x ${formatRupees(line.price)} = ${formatRupees(line.taxable)} + GST ${line.gstRate}%`,
      ),
      ...(quote.delivery > 0 ? [`- Delivery: ${formatRupees(quote.delivery)}`] : []),
      '',
      `Before tax: ${formatRupees(totals.taxable)}; ${tax}.`,
      `Total: ${formatRupees(totals.total)} (${quote.totalInWords})`,
      `Valid until: ${dayText(quote.validUntil)}`,
      ...(quote.note ? ['', quote.note] : []),
      '',
      enquiry.statusUrl
        ? `See the whole quote, download it as a PDF, and accept or decline it here: ${enquiry.statusUrl}`
        : 'To accept it, reply to this e-mail or call us.',
      '',
      `Questions? Call ${business.phone} (${business.hours.text}) or reply to this e-mail.`,
      '',
      business.name,
    ].join('\n'),
  };
}

/** The customer's answer to a quote, for the staff. */
export function quoteAnsweredMail(answer: {
  displayId: number;
  customerName: string;
  customerEmail: string;
  number: string;
  total: string;
  accepted: boolean;
  reason: string | null;
  shopEmail: string;
}): OutgoingMail {
  return {
    to: answer.shopEmail,
    replyTo: answer.customerEmail,
    subject: `Quote ${answer.number} ${answer.accepted ? 'accepted' : 'declined'} by ${answer.customerName}`,
    text: [
      `${answer.customerName} ${answer.accepted ? 'accepted' : 'declined'} quote ${answer.number} (${answer.total}) for enquiry #${answer.displayId}.`,
      ...(answer.accepted ? ['The enquiry is now confirmed.'] : []),
      ...(answer.reason ? ['', `Their reason: ${answer.reason}`] : []),
    ].join('\n'),
  };
}

export interface ContactForMail {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  inquiryType: string;
  message: string;
}

export function shopContactMail(contact: ContactForMail, shopEmail: string): OutgoingMail {
  const type = INQUIRY_TYPES.find((t) => t.value === contact.inquiryType)?.label ?? contact.inquiryType;
  return {
    to: shopEmail,
    replyTo: contact.email,
    subject: `New message (${type}) from ${contact.name}`,
    text: [
      `Message #${contact.id}: ${type}`,
      '',
      `Name: ${contact.name}`,
      `E-mail: ${contact.email}`,
      `Phone: ${contact.phone ?? 'Not provided'}`,
      ...(contact.company ? [`Company: ${contact.company}`] : []),
      '',
      contact.message,
    ].join('\n'),
  };
}
