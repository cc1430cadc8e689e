/**
 * One Idempotency-Key per enquiry: made at the first submit and kept while the same enquiry is retried (so a request
 * that reached the server before the network failed is not recorded twice); a changed form or list of lines makes
 * the next submit a new enquiry with a new key. After a success the attempt is forgotten.
 */
export interface SendAttempt {
  key: string;
  /** The request body as sent. */
  payload: string;
}

export function attemptFor(previous: SendAttempt | null, payload: string, newKey: () => string): SendAttempt {
  return previous?.payload === payload ? previous : { key: newKey(), payload };
}
