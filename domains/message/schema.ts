// Contact messages as the staff's list takes and answers them, and the enquiry the staff make of one.
import { z } from 'zod';

import { cartAddSchema } from '#domains/cart/schema.ts';
import { MAX_ENQUIRY_LINES } from '#domains/enquiry/model.ts';
import { adminListQueryFields } from '#lib/schemas/list.ts';
import { pathIdSchema } from '#lib/schemas/query.ts';
import { multiLine } from '#lib/schemas/text.ts';

export const contactListQuerySchema = z.strictObject(adminListQueryFields);
export type ContactListQuery = z.output<typeof contactListQuerySchema>;
export const contactParamsSchema = z.strictObject({ id: pathIdSchema('Message id') });

/**
 * POST /api/admin/contacts/{id}/enquiry: the lines the customer asked for in their message (each checked and priced
 * from the catalogue, as a cart line is) and, when they gave one, the delivery address.
 */
export const messageEnquiryBodySchema = z.strictObject({
  deliveryLocation: multiLine().trim().max(500, 'Delivery address must be at most 500 characters').default(''),
  items: z
    .array(cartAddSchema, { error: 'items must be a list' })
    .min(1, 'Add at least one product to the enquiry')
    .max(MAX_ENQUIRY_LINES, `At most ${MAX_ENQUIRY_LINES} lines per enquiry`),
});
export type MessageEnquiryBody = z.input<typeof messageEnquiryBodySchema>;

/** A contact inquiry as the admin sees it. */
export interface AdminContact {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  inquiryType: string;
  message: string;
  seen: boolean;
  /** The enquiry the staff made of it, by its number, once they have. */
  enquiryDisplayId: number | null;
}
