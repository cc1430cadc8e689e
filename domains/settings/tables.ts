import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from '#domains/account/tables.ts';
import type { HistorySection } from '#domains/settings/schema.ts';

/** The shop's own settings: every save of a section is a new row, the newest row of each section is in force. */
export const settingsVersions = pgTable(
  'settings_versions',
  {
    id: serial('id').primaryKey(),
    section: text('section').$type<HistorySection>().notNull(),
    value: jsonb('value').notNull(),
    /** Null on the first version, seeded at install, and when the account is deleted. */
    savedByUserId: integer('saved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the account is deleted; null on the seeded version. */
    savedByUsername: text('saved_by_username'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('settings_versions_section_idx').on(t.section, t.id)],
);
