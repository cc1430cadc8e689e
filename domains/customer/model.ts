/**
 * The shop's customers: the people behind the enquiries. Nobody has to sign up to enquire, so a customer is found from
 * the enquiries themselves: two enquiries are the same customer when they share an e-mail address (in any case) or a
 * phone number (as its 10 national digits), and so are the enquiries joined to either, whether sent as a guest or
 * signed in. The database keeps that grouping as enquiries are written (the `customers` table; 312-customers.md).
 */
import type { EnquiryStatus } from '#domains/enquiry/model.ts';
import type { PaymentState } from '#domains/invoice/payments.ts';
import type { QuoteSummary } from '#domains/quote/model.ts';
import type { Paise } from '#lib/money.ts';

/** A row of the customers list. `id` is the customer's first enquiry's id: the address of their record. */
export interface CustomerSummary {
  id: number;
  /** The name on their latest enquiry. */
  name: string;
  emails: string[];
  phones: string[];
  enquiryCount: number;
  firstEnquiryAt: string;
  lastEnquiryAt: string;
  /** Some enquiry was sent from a customer account. */
  registered: boolean;
  /** What they were invoiced, less credit notes. */
  business: Paise;
  hasNote: boolean;
}

export interface CustomerEnquiryRow {
  id: number;
  displayId: number;
  createdAt: string;
  status: EnquiryStatus;
  name: string;
  email: string;
  phone: string | null;
  /** The enquiry's own total (decimal string, as the enquiries list gives it). */
  total: string;
  isGuest: boolean;
  quote: QuoteSummary | null;
}

export interface CustomerInvoiceRow {
  orderId: number;
  displayId: number;
  number: string;
  issuedOn: string;
  total: Paise;
  credited: Paise;
  paid: Paise;
  balance: Paise;
  state: PaymentState;
  dueOn: string;
  overdue: boolean;
}

/** GET /api/admin/customers/{id}: everything the shop has on one customer. */
export interface CustomerRecord extends CustomerSummary {
  enquiries: CustomerEnquiryRow[];
  /** The latest version of each enquiry's quote, newest enquiry first. */
  quotes: Array<QuoteSummary & { displayId: number }>;
  invoices: CustomerInvoiceRow[];
  paid: Paise;
  outstanding: Paise;
  /** The GSTINs they gave (at checkout, newest first, then on quotes and invoices), as given. */
  gstins: string[];
  /** The delivery addresses they gave, as given, newest first. */
  addresses: string[];
  note: { text: string; updatedBy: string; updatedAt: string } | null;
  /** The staff stopped their reminders (a dispute): who and when; null while reminders go out. */
  remindersStopped: { by: string; at: string } | null;
  /** The price group the staff put them in (docs/decisions/511-trade-prices-minimums-steps-and-breaks.md); null: the public prices. */
  priceGroup: { id: number; name: string } | null;
}

/** The longest note the staff keep about a customer. */
export const MAX_CUSTOMER_NOTE = 2000;
