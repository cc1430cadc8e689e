import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import type { BankCreditMethod, BankCreditSettlement, BankId } from '#domains/bank/model.ts';
import { payments } from '#domains/invoice/tables.ts';
import { parentKey } from '#platform/db/columns.ts';

/**
 * The credits of the bank statements the staff upload (domains/bank), each kept once by its key:
 * the bank, the day, the amount and the UTR, or a hash of its statement row when it has none.
 */
export const bankCredits = pgTable(
  'bank_credits',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    bank: text('bank').$type<BankId>().notNull(),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    amount: bigint('amount_paise', { mode: 'number' }).notNull(),
    narration: text('narration').notNull(),
    /** The UTR found in the row, normalised; null when the row has none. */
    reference: text('reference'),
    /** How the money came, as a payment records it; null for a credit that is neither UPI nor a bank transfer. */
    method: text('method').$type<BankCreditMethod>(),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    /** Null while it waits for the staff; 'confirmed' once it became payments, 'already-recorded' when they were there. */
    settlement: text('settlement').$type<BankCreditSettlement>(),
    settledBy: text('settled_by'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_credits_key_idx').on(t.key),
    index('bank_credits_list_idx').on(t.bookedOn, t.id),
    index('bank_credits_reference_idx').on(t.reference),
    check('bank_credits_amount_positive', sql`${t.amount} > 0`),
    check('bank_credits_method_check', sql`${t.method} in ('upi', 'bank-transfer')`),
    check('bank_credits_settlement_check', sql`${t.settlement} in ('confirmed', 'already-recorded')`),
  ],
);

/** The payments a bank credit became (one, or one per invoice it was split over) or was found to be already. */
export const bankCreditPayments = pgTable(
  'bank_credit_payments',
  {
    creditId: parentKey('credit_id', () => bankCredits.id),
    paymentId: parentKey('payment_id', () => payments.id),
  },
  (t) => [
    primaryKey({ name: 'bank_credit_payments_pk', columns: [t.creditId, t.paymentId] }),
    uniqueIndex('bank_credit_payments_payment_idx').on(t.paymentId),
  ],
);
