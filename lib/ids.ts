/** The largest id a database row can have (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/** A database id from a path segment: digits only, so '1e3', ' 7' and '0x10' are refused. */
export function parseId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
