import { z } from 'zod';

import { MAX_CUSTOMER_NOTE } from '../customers.ts';
import { day, pagingFields } from './admin.ts';
import { pathIdSchema } from './catalogue.ts';
import { multiLine } from './text.ts';

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

/** GET /api/admin/customers/{id}/statement: the period (core/statement.ts says what is left out means) and the form. */
export const statementQuerySchema = z
  .strictObject({
    from: day('from').optional(),
    to: day('to').optional(),
    format: z.enum(['json', 'pdf'], { error: "'format' must be json or pdf" }).default('json'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    error: "'to' must not be before 'from'",
  });
export type StatementQuery = z.output<typeof statementQuerySchema>;

/** GET /api/admin/reports/ageing: JSON, or a CSV of its rows and totals. */
export const ageingQuerySchema = z.strictObject({
  format: z.enum(['json', 'csv'], { error: "'format' must be json or csv" }).default('json'),
});
