import type { ApiError } from '#app/lib/api.ts';

/** What the page shows of a refused enquiry. */
export interface Refusal {
  /** Messages for fields of the form, in the server's order. */
  fields: Array<[field: string, message: string]>;
  /** The server's explanation, shown above the button; null when the field messages say it all. */
  message: string | null;
}

/**
 * Field messages from a 400 go to their fields; anything else the server explains (a 409 about stock, a 400 about a
 * line, a 429) goes above the button. A 5xx explains nothing the customer can act on.
 */
export function refusalOf(error: Pick<ApiError, 'status' | 'body'>, formFields: ReadonlySet<string>): Refusal {
  const all = Object.entries(error.body?.errors ?? {});
  const fields = all.filter(([field]) => formFields.has(field));
  const explained = error.status < 500 ? error.body?.message || null : null;
  const aboutFieldsOnly = error.status === 400 && fields.length > 0 && fields.length === all.length;
  return { fields, message: explained && !aboutFieldsOnly ? explained : null };
}
