import { z } from 'zod';

import { isCalendarDay } from '../calendar.ts';
import { monthSchema } from './invoice.ts';

const day = (name: string) =>
  z.string({ error: `'${name}' is required, like 2026-11-01` }).refine(isCalendarDay, `'${name}' must be a day like 2026-11-01`);

/** GET /api/admin/reports/eway-bills?from=2026-11-01&to=2026-11-30: the invoices issued on those days, both included. */
export const ewayBillsQuerySchema = z
  .strictObject({ from: day('from'), to: day('to') })
  .refine((days) => days.from <= days.to, { path: ['to'], error: "'to' must not be before 'from'" });

/** GET /api/admin/reports/tally?month=2026-11: the month's vouchers for TallyPrime. */
export const tallyQuerySchema = z.strictObject({ month: monthSchema });
