import { notFound } from '../../../core/errors.ts';
import type { orderItems, orders } from '../../db/schema.ts';

/** An enquiry as the `orders` table stores it. */
export type EnquiryRow = typeof orders.$inferSelect;
/** One line of an enquiry. */
export type ItemRow = typeof orderItems.$inferSelect;

/** The answer to an enquiry id that names none. */
export const enquiryNotFound = (id: number) => notFound(`Enquiry ${id} not found`);
