import { z } from 'zod';

import { lineId as id, lineOptionIds as optionIds, lineQuantity as quantity } from '#domains/cart/schema.ts';
import { ENQUIRY_NUMBER_BASE, INQUIRY_TYPE_VALUES, MAX_ENQUIRY_LINES, TEXT_LIMITS } from '#domains/enquiry/model.ts';
import { hasPincode } from '#domains/settings/pincode.ts';
import { optionalGstin } from '#domains/tax/gstin-schema.ts';
import { msg } from '#lib/i18n/translate.ts';
import { LANGUAGES } from '#lib/language.ts';
import { pathIdSchema } from '#lib/schemas/query.ts';
import {
  customerName,
  emailAddress,
  multiLine,
  PHONE_LENGTH_MESSAGE,
  phoneNumber,
  singleLine,
  textOrNone,
} from '#lib/schemas/text.ts';

const shortText = (max: number) => singleLine().trim().max(max, `Must be at most ${max} characters`);
/** Bots fill every field; people never see this one. */
const honeypot = z.string().max(0, 'Invalid submission').optional();

/** The checkout form's fields, with their rules and messages, checked in this order. */
export const checkoutFormSchema = z.object({
  customerName: customerName(),
  customerEmail: emailAddress(),
  customerPhone: phoneNumber()
    .regex(/^\d{10}$/, PHONE_LENGTH_MESSAGE)
    .regex(/^[6-9]/, 'Please enter a valid 10-digit mobile number starting with 6-9'),
  deliveryLocation: multiLine()
    .trim()
    .min(10, 'Please provide complete delivery address including street, area, city, state, and pincode')
    .max(TEXT_LIMITS.deliveryLocation, `Delivery address must be at most ${TEXT_LIMITS.deliveryLocation} characters`)
    .refine(hasPincode, 'Delivery address must include a valid 6-digit pincode'),
  specialRequests: multiLine()
    .trim()
    .max(TEXT_LIMITS.specialRequests, `Must be at most ${TEXT_LIMITS.specialRequests} characters`)
    .optional(),
  /** A business's name, billed on the quote and the invoice (the staff confirm its legal name); most leave it blank. */
  customerBusinessName: textOrNone('Business name', 200),
  /** A business's GSTIN, for the quote and the invoice; most customers leave it blank. */
  customerGstin: optionalGstin(),
  website: honeypot,
});
export type CheckoutForm = z.input<typeof checkoutFormSchema>;

const decimal = z
  .string()
  .max(20)
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Must be an amount like 450.00');
const optionalText = (max: number) => shortText(max).nullable().optional();

/** One line as the browser sends it; the server keeps only productId, variationId, optionIds and quantity. */
export const enquiryLineInputSchema = z.strictObject({
  productId: id,
  productName: shortText(200),
  quantity,
  price: decimal,
  variationId: id.nullable().optional(),
  optionIds,
  variationName: optionalText(100),
  variationType: optionalText(50),
  variationValue: optionalText(100),
  unitsPerCarton: z.number().int().min(1).max(100_000).optional(),
  unitType: optionalText(30),
  pricePerUnit: decimal.optional(),
  cartonWeight: decimal.nullable().optional(),
  cartonDimensions: optionalText(100),
});

const lineOptionSchema = z.object({ id, type: z.string().catch(''), name: z.string(), value: z.string() });

/**
 * A direct enquiry line as the browser keeps it in session storage: an enquiry line with the product's description
 * and image. A list with a broken line is ignored, like any broken session data.
 */
export const directEnquiryItemSchema = z.object({
  ...enquiryLineInputSchema.shape,
  productDescription: z.string().catch(''),
  productImageUrl: z.string().catch(''),
  options: z.array(lineOptionSchema).optional(),
});
export type StoredDirectEnquiryItem = z.output<typeof directEnquiryItemSchema>;

/** Every field named here is filled in once a direct line has been read back (or made on the product page). */
type FilledIn =
  | 'variationId'
  | 'variationName'
  | 'variationType'
  | 'variationValue'
  | 'unitsPerCarton'
  | 'unitType'
  | 'pricePerUnit'
  | 'optionIds'
  | 'options';
/**
 * A direct enquiry line as the pages use it: the stored shape with its carton fields and options filled in, so
 * an older page's line and a new one read the same.
 */
export type DirectEnquiryItem = Omit<StoredDirectEnquiryItem, FilledIn> & {
  [K in FilledIn]-?: K extends 'unitType' ? string : Exclude<StoredDirectEnquiryItem[K], undefined>;
};

/** POST /api/orders: the enquiry payload. */
export const enquiryPayloadSchema = checkoutFormSchema
  .extend({
    items: z
      .array(enquiryLineInputSchema)
      .min(1, 'Add at least one product to the enquiry')
      .max(MAX_ENQUIRY_LINES, `At most ${MAX_ENQUIRY_LINES} lines per enquiry`),
    subtotal: decimal,
    tax: decimal,
    total: decimal,
    isGuest: z.boolean(),
    userId: id.nullable(),
    sessionId: singleLine().max(100).nullable().optional(),
    orderIdPrefix: z.literal(ENQUIRY_NUMBER_BASE).optional(),
    /** The language the enquiry was sent in: the customer's e-mails and documents are written in it. */
    language: z.enum(LANGUAGES).optional(),
  })
  .strict();
export type EnquiryPayload = z.output<typeof enquiryPayloadSchema>;

export const contactSchema = z.object({
  name: customerName(),
  email: emailAddress(),
  company: singleLine().trim().max(150, msg('Must be at most 150 characters')).optional(),
  phone: phoneNumber().regex(/^\d{10}$/, PHONE_LENGTH_MESSAGE),
  inquiryType: z.enum(INQUIRY_TYPE_VALUES, { error: msg('Please select an inquiry type') }),
  message: multiLine()
    .trim()
    .min(10, msg('Message must be at least 10 characters'))
    // The form stops at the limit (TEXT_LIMITS.message), so the figure is written out.
    .max(TEXT_LIMITS.message, msg('Message must be at most 5000 characters')),
  website: honeypot,
});
export type ContactForm = z.input<typeof contactSchema>;
/** The API refuses fields it does not know. */
export const contactPayloadSchema = contactSchema.strict();

export const orderParamsSchema = z.strictObject({ id: pathIdSchema('Enquiry id') });
