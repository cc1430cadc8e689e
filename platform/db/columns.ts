import { type AnyPgColumn, integer, type ReferenceConfig } from 'drizzle-orm/pg-core';

/**
 * The column that ties a row to the row it belongs to (an enquiry's lines to the enquiry, a payment to its invoice):
 * never empty, and pointing at the parent's id. With `{ onDelete: 'cascade' }` the row goes when its parent does;
 * without, the parent cannot be deleted while the row stands.
 */
export const parentKey = <Name extends string>(column: Name, parent: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  integer(column).notNull().references(parent, actions);
