import { z } from 'zod';

import { day } from '#lib/schemas/list.ts';

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
