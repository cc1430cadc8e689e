/** Enquiry flow constants and shapes shared by the browser and the server. */

import { msg } from '#lib/i18n/translate.ts';

export const INQUIRY_TYPES = [
  { value: 'bulk-order', label: msg('Bulk Order Quote') },
  { value: 'product-info', label: msg('Product Information') },
  { value: 'custom-requirements', label: msg('Custom Requirements') },
  { value: 'general', label: msg('General Question') },
] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number]['value'];
export const INQUIRY_TYPE_VALUES = INQUIRY_TYPES.map((t) => t.value) as [InquiryType, ...InquiryType[]];

export const ENQUIRY_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** Display numbers of enquiries start here: displayId = 1000 + id. */
export const ENQUIRY_NUMBER_BASE = 1000;
/** The number people quote for an enquiry: 1000 plus the id. */
export const displayIdOf = (id: number): number => ENQUIRY_NUMBER_BASE + id;
/** The panel's orders list searched for one enquiry by its number: where the today list and the shop's e-mail lead. */
export const orderPanelPath = (displayId: number): string => `/admin/orders?q=%23${displayId}`;
export const TAX = '0.00';

/** The longest texts a customer may write, in characters: the forms count down to them and stop there. */
export const TEXT_LIMITS = { deliveryLocation: 500, specialRequests: 1000, message: 5000 } as const;

/** Where an enquiry asks for delivery, as one line: its delivery location, else its shipping address, else ''. */
export function deliveryAddressText(enquiry: {
  deliveryLocation: string | null;
  shippingAddress: { street: string; city: string; state: string; zipCode: string } | null;
}): string {
  if (enquiry.deliveryLocation) return enquiry.deliveryLocation;
  const shipping = enquiry.shippingAddress;
  return shipping ? [shipping.street, shipping.city, `${shipping.state} ${shipping.zipCode}`].join(', ') : '';
}
export const MAX_ENQUIRY_LINES = 50;

/** sessionStorage key of the direct enquiry list (the variation a card carries: domains/catalogue/ui/carried-variation.ts). */
export const DIRECT_ENQUIRY_KEY = 'direct-enquiry';
/** The checkout's working copy of a direct enquiry, kept in this tab until it is sent or emptied. */
export const KEPT_DIRECT_KEY = 'direct-enquiry-kept';

export interface EnquiryCreated {
  id: number;
  displayId: number;
  /** The token of the enquiry's private status page (/enquiry/{token}); null once the staff revoked the link. */
  statusToken: string | null;
}

/** A line of a sent enquiry as the customer's pages and the quote form read it. */
export interface SentLine {
  productName: string;
  /** 'Size: 10 inch, Model: Round', or '' without options. */
  options: string;
  quantity: number;
  unitsPerCarton: number;
  unitType: string;
  /** A carton, as priced when the enquiry was sent. */
  price: string;
}
