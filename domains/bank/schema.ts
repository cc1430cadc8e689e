import { z } from 'zod';

import type { SuggestedMatch } from '#domains/bank/matching.ts';
import type { BankCreditMethod, BankCreditSettlement, BankId } from '#domains/bank/model.ts';
import type { Paise } from '#lib/money.ts';
import { toPaise } from '#lib/money.ts';
import { groupedRupees } from '#lib/schemas/money.ts';
import { pagingFields, pathIdSchema } from '#lib/schemas/query.ts';
import { singleLine } from '#lib/schemas/text.ts';

/** The most invoices one credit is split over. */
export const MAX_ALLOCATIONS = 10;
/** The largest statement file taken: a year of a busy account's CSV is well under it. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

export const BANK_CREDIT_STATES = ['open', 'settled'] as const;
export type BankCreditState = (typeof BANK_CREDIT_STATES)[number];

export const bankCreditParamsSchema = z.strictObject({ id: pathIdSchema('Credit id') });

export const bankCreditsQuerySchema = z.strictObject({
  page: pagingFields.page,
  pageSize: pagingFields.pageSize,
  state: z.enum(BANK_CREDIT_STATES, { error: `'state' must be one of ${BANK_CREDIT_STATES.join(', ')}` }).default('open'),
});

/** The invoices a credit pays and how much of it each takes, as the staff confirm or change the suggestion. */
export const bankCreditConfirmSchema = z.strictObject({
  allocations: z
    .array(
      z.strictObject({
        invoice: singleLine({ error: 'Invoice number is required' })
          .trim()
          .min(1, 'Invoice number is required')
          .max(40, 'Invoice number is too long')
          .transform((value) => value.toUpperCase()),
        amount: groupedRupees('Amount').transform(toPaise),
      }),
      { error: 'allocations must be a list of invoices and amounts' },
    )
    .max(MAX_ALLOCATIONS, `Split a credit over at most ${MAX_ALLOCATIONS} invoices`),
});
export type BankCreditConfirm = z.output<typeof bankCreditConfirmSchema>;

/** A payment a credit became or was found to be. */
export interface BankCreditPayment {
  orderId: number;
  invoice: string;
  amount: Paise;
}

/** A credit of an uploaded statement, with what it became or what it is suggested to pay. */
export interface BankCreditView {
  id: number;
  bank: BankId;
  bankName: string;
  bookedOn: string;
  amount: Paise;
  narration: string;
  reference: string | null;
  method: BankCreditMethod | null;
  settlement: BankCreditSettlement | null;
  payments: BankCreditPayment[];
  /** Of a settled credit: what no invoice took. */
  unallocated: Paise;
  /** Of an open credit: the invoices it seems to pay, or null. */
  suggestion: SuggestedMatch | null;
}

/** POST /api/admin/bank-statements: the file's bank and every credit it lists (the new ones and the ones kept before). */
export interface BankStatementUpload {
  bank: BankId;
  bankName: string;
  credits: BankCreditView[];
  /** Credits kept for the first time. */
  added: number;
  /** Credits already kept from an earlier upload: nothing changed for them. */
  repeated: number;
  /** Rows of money going out, left out. */
  debits: number;
}

/** GET /api/admin/bank-statements/credits: a page of the kept credits, open or settled, with how many there are of each. */
export interface BankCreditPage {
  items: BankCreditView[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<BankCreditState, number>;
}
