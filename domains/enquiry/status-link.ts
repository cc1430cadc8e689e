// Where a customer follows an enquiry: the status link sent by e-mail, and their account's page for it.
/** A status link's token: an HMAC-SHA256 in base64url (domains/enquiry/status-links.server.ts). */
export const STATUS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const statusPagePath = (token: string): string => `/enquiry/${token}`;
export const accountEnquiryPath = (displayId: number): string => `/account/enquiries/${displayId}`;

/**
 * What a signed-in customer's checkout starts from: the phone and delivery address of their last enquiry, and the
 * last GSTIN they gave (at checkout, else on a quote the staff sent them).
 */
export interface CheckoutDetails {
  customerPhone: string | null;
  deliveryLocation: string | null;
  customerGstin: string | null;
  customerBusinessName: string | null;
}
