/**
 * What a service says when it will not do what was asked, in the domain's words. It lives in core so the server's
 * services and the pages' loaders recognise the same error: the API answers a kind with its status
 * (platform/http/errors.ts) and a loader turns it into its page's status (app/lib/loader-errors.server.ts), both
 * from STATUS_OF below; services never choose HTTP statuses themselves.
 */
export type DomainErrorKind =
  /** The input breaks a rule the schema cannot see (400). */
  | 'invalid'
  /** Nobody is signed in, or the sign-in has lapsed (401). */
  | 'not-signed-in'
  /** Signed in, but this is not theirs to do (403). */
  | 'refused'
  /** The thing asked for does not exist (404). */
  | 'not-found'
  /** It exists, but its state does not allow this now: out of stock, taken, already done (409). */
  | 'conflict'
  /** It worked once and never will again: a one-time link used or expired (410). */
  | 'gone'
  /** A request claims to repeat an earlier one (the same Idempotency-Key) but asks for something else (422). */
  | 'mismatch'
  /** The upload is larger than allowed (413). */
  | 'too-large'
  /** Too many attempts; try again after a while (429). */
  | 'too-many';

/** The one place a domain error's kind becomes a status code, for the API and the pages alike. */
export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  'not-signed-in': 401,
  refused: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  mismatch: 422,
  'too-large': 413,
  'too-many': 429,
};

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    /** Meant for the person: shown as it is. */
    message: string,
    /** Per-field messages, when the error belongs to fields. */
    readonly errors?: Record<string, string>,
    /** A machine-readable reason and, for too-many, when to try again. */
    readonly detail?: { code?: string; retryAfterSeconds?: number },
  ) {
    super(message);
  }
}

/**
 * Recognises a domain error by its shape as well as its class: the server and the React Router build each load
 * their own copy of this module, so an error thrown by a service may not be an instance of the loader's class.
 */
export function isDomainError(error: unknown): error is DomainError {
  return error instanceof Error && error.name === 'DomainError' && typeof (error as Partial<DomainError>).kind === 'string';
}

export const invalid = (message: string, errors?: Record<string, string>) => new DomainError('invalid', message, errors);
export const notSignedIn = (message: string) => new DomainError('not-signed-in', message);
export const refused = (message: string) => new DomainError('refused', message);
export const notFound = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string, errors?: Record<string, string>) => new DomainError('conflict', message, errors);
export const mismatch = (message: string) => new DomainError('mismatch', message);
export const gone = (message: string) => new DomainError('gone', message);
export const tooLarge = (message: string) => new DomainError('too-large', message);
export const tooMany = (message: string, retryAfterSeconds: number, code?: string) =>
  new DomainError('too-many', message, undefined, { retryAfterSeconds, ...(code && { code }) });
