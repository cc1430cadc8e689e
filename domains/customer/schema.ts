import { z } from 'zod';

import { MAX_CUSTOMER_NOTE } from '#domains/customer/model.ts';
import { day } from '#lib/schemas/list.ts';
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

const periodFields = { from: day('from').optional(), to: day('to').optional() };
/** A statement's period: either end may be left out (domains/statement/model.ts says what it then is), never inverted. */
const inOrder: [(period: { from?: string; to?: string }) => boolean, { path: string[]; error: string }] = [
  ({ from, to }) => !from || !to || from <= to,
  { path: ['to'], error: "'to' must not be before 'from'" },
];

/** GET /api/admin/customers/{id}/statement: the period and the form. */
export const statementQuerySchema = z
  .strictObject({
    ...periodFields,
    format: z.enum(['json', 'pdf'], { error: "'format' must be json or pdf" }).default('json'),
  })
  .refine(...inOrder);

/** POST /api/admin/customers/{id}/statement/email: the period. */
export const statementEmailBodySchema = z.strictObject(periodFields).refine(...inOrder);

/** GET /api/admin/reports/ageing: JSON, or a CSV of its rows and totals. */
export const ageingQuerySchema = z.strictObject({
  format: z.enum(['json', 'csv'], { error: "'format' must be json or csv" }).default('json'),
});

/** PUT /api/admin/customers/{id}/reminders: stop the customer's reminders (a dispute), or resume them. */
export const remindersBodySchema = z.strictObject({
  stopped: z.boolean({ error: "'stopped' must be true or false" }),
});

/** Who stopped a customer's reminders and when; null while they go out. */
export interface RemindersStopped {
  by: string;
  at: string;
}
