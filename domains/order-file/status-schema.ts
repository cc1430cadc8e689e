import { z } from 'zod';

import { pathIdSchema, wholeNumber } from '#lib/schemas/query.ts';

/** The enquiry number in 'My enquiries' addresses (/account/enquiries/1042). */
export const enquiryNumberParamsSchema = z.object({ number: pathIdSchema('Enquiry number') });

export const MY_ENQUIRIES_PAGE_SIZE = 20;
export const myEnquiriesQuerySchema = z.strictObject({ page: wholeNumber('page', 1, 10_000).default(1) });
