// Every table, for drizzle-kit (drizzle.config.ts) and the database client: each is defined in, and owned by, its
// concept's tables.ts (or a platform part's), which alone reads and writes it.

export * from '#domains/account/tables.ts';
export * from '#domains/bank/tables.ts';
export * from '#domains/cart/tables.ts';
export * from '#domains/catalogue/tables.ts';
export * from '#domains/customer/tables.ts';
export * from '#domains/enquiry/tables.ts';
export * from '#domains/handoff/tables.ts';
export * from '#domains/invoice/tables.ts';
export * from '#domains/message/tables.ts';
export * from '#domains/quote/tables.ts';
export * from '#domains/reminder/tables.ts';
export * from '#domains/settings/tables.ts';
export * from '#platform/audit/tables.ts';
export * from '#platform/db/list-counts.ts';
export * from '#platform/http/tables.ts';
export * from '#platform/idempotency/tables.ts';
export * from '#platform/mail/tables.ts';
export * from '#platform/session/tables.ts';
