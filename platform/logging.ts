import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the log may hold. A failed query's error carries its parameters (a customer's name, e-mail, phone and address;
 * an account's password hash) in its message and in `params`, and PostgreSQL's own error adds a `detail` quoting the
 * failing row; so an error is logged by an allow-list of fields, with the parameters cut from its message and stack.
 * Secrets that could reach a log line by name (cookies, tokens, passwords, hashes, codes) are redacted besides.
 */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'hash',
  'token',
  'csrfToken',
  'codes',
  'backupCodes',
  'secret',
  'twoFactorSecret',
  'manualEntryKey',
  'qrCode',
];

export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
];

/** Fields of an error (and of its cause) that describe the failure without quoting the data. */
const ERROR_FIELDS = new Set(['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'schema', 'query']);
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
const ADDRESS = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g;

const withoutValues = (text: string) => text.replace(PARAMS_IN_MESSAGE, '\nparams: [withheld]').replace(ADDRESS, '[address]');

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: typeof error === 'string' ? withoutValues(error) : '[not an Error]', stack: '' };
  }
  const out: LoggedError = {
    type: error.constructor.name,
    message: withoutValues(error.message),
    stack: withoutValues(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) if (ERROR_FIELDS.has(key)) out[key] = value;
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** A status link's token in a path opens a customer's enquiry: the log keeps the path without it. */
const STATUS_TOKEN_IN_PATH = /(\/enquiry\/|\/enquiries\/status\/)[^/?#]+/g;
export const withoutStatusTokens = (url: string): string => url.replace(STATUS_TOKEN_IN_PATH, '$1[token]');

/**
 * The address as the log keeps it: the path without status tokens, and of the query only the parameters' names (a
 * value may be a token, a search for a customer's name or a pasted link; the name says what was asked for). A
 * fragment never reaches the server.
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  const path = withoutStatusTokens(at === -1 ? url : url.slice(0, at));
  if (at === -1) return path;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => pair.split('=', 1)[0] ?? '')
    // A name is the sender's choice too: kept only when it looks like one.
    .map((name) => (/^[A-Za-z0-9_.[\]-]{1,40}$/.test(name) ? name : '[name]'));
  return names.length === 0 ? path : `${path}?${names.join('&')}`;
}

/** Fastify's request fields, with the address's status token and query values taken out. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // `error` is the outbox's delivery failure text, which may name a recipient.
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}
