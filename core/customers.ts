/**
 * The shop's customers: the people behind the enquiries. Nobody has to sign up to enquire, so a customer is found from
 * the enquiries themselves: two enquiries are the same customer when they share an e-mail address (in any case) or a
 * phone number (as its 10 national digits), and so are the enquiries joined to either, whether sent as a guest or
 * signed in.
 */
import type { EnquiryStatus } from './enquiry.ts';
import type { Paise } from './money.ts';
import type { PaymentState } from './payments.ts';
import type { QuoteSummary } from './quote.ts';
import { nationalPhone } from './schemas/text.ts';

/** What the grouping reads of an enquiry. */
export interface EnquiryContact {
  id: number;
  email: string;
  phone: string | null;
}

/** An e-mail address as the grouping compares it. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/** A phone number as the grouping compares it (10 national digits), or null when it has too few digits to say. */
export function phoneKey(phone: string | null): string | null {
  if (!phone) return null;
  const national = nationalPhone(phone).replace(/\D/g, '');
  return national.length >= 8 ? national : null;
}

/**
 * The enquiries grouped into customers (a union of the enquiries sharing an e-mail or a phone number), each group's
 * ids in ascending order and the groups ordered by their first id.
 */
export function groupCustomers(enquiries: readonly EnquiryContact[]): number[][] {
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) as number;
    // Path halving keeps later finds short.
    for (let at = id; parent.get(at) !== root;) {
      const next = parent.get(at) as number;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  const union = (a: number, b: number) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  };
  const firstWith = new Map<string, number>();
  for (const enquiry of enquiries) parent.set(enquiry.id, enquiry.id);
  for (const enquiry of enquiries) {
    const phone = phoneKey(enquiry.phone);
    for (const key of [`e:${emailKey(enquiry.email)}`, phone && `p:${phone}`]) {
      if (!key) continue;
      const first = firstWith.get(key);
      if (first === undefined) firstWith.set(key, enquiry.id);
      else union(first, enquiry.id);
    }
  }
  const groups = new Map<number, number[]>();
  for (const enquiry of enquiries) {
    const root = find(enquiry.id);
    groups.set(root, [...(groups.get(root) ?? []), enquiry.id]);
  }
  return [...groups.values()].map((ids) => ids.sort((a, b) => a - b)).sort((a, b) => (a[0] as number) - (b[0] as number));
}

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
}

/** The longest note the staff keep about a customer. */
export const MAX_CUSTOMER_NOTE = 2000;
