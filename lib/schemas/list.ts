// What every admin list takes and answers: its page, its filters by day and by seen, and its counts.
import { z } from 'zod';

import { isCalendarDay } from '#lib/calendar.ts';
import { pagingFields } from '#lib/schemas/query.ts';

/** A 'YYYY-MM-DD' query parameter that is a real day. */
export const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `'${name}' must be a date like 2026-11-23`)
    .refine(isCalendarDay, { error: `'${name}' is not a real date` });

/** The filters and page of an admin list; with none of them, the plain list of the newest rows. */
export const adminListQueryFields = {
  ...pagingFields,
  seen: z.enum(['true', 'false'], { error: "'seen' must be true or false" }).optional(),
  from: day('from').optional(),
  to: day('to').optional(),
};

export const seenBodySchema = z.strictObject({ seen: z.boolean({ error: "'seen' must be true or false" }) });

/** A page of an admin list: the rows, how many match, and the All / Unseen / Seen counts under the other filters. */
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  counts: { all: number; unseen: number; seen: number };
}
