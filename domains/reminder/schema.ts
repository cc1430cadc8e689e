import { z } from 'zod';

/** PUT /api/admin/customers/{id}/reminders: stop the customer's reminders (a dispute), or resume them. */
export const remindersBodySchema = z.strictObject({
  stopped: z.boolean({ error: "'stopped' must be true or false" }),
});

/** Who stopped a customer's reminders and when; null while they go out. */
export interface RemindersStopped {
  by: string;
  at: string;
}
