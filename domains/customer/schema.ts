import { z } from 'zod';

import { MAX_CUSTOMER_NOTE } from '#domains/customer/model.ts';
import { pagingFields, pathIdSchema } from '#lib/schemas/query.ts';
import { multiLine } from '#lib/schemas/text.ts';

/** GET /api/admin/customers: the page and the search text (a name, an e-mail or a phone number). */
export const customerListQuerySchema = z.strictObject(pagingFields);
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

/** A customer's address: their first enquiry's id. */
export const customerParamsSchema = z.strictObject({ id: pathIdSchema('Customer id') });

/** PUT /api/admin/customers/{id}/note: the note as the staff want it kept; empty removes it. */
export const customerNoteBodySchema = z.strictObject({
  note: multiLine({ error: "'note' must be text" })
    .trim()
    .max(MAX_CUSTOMER_NOTE, `The note must be at most ${MAX_CUSTOMER_NOTE} characters`),
});
