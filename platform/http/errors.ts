import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { type DomainError, invalid, isDomainError, STATUS_OF } from '#lib/errors.ts';
import { msg } from '#lib/i18n/translate.ts';

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
};

/** The issues of a union's branch the input is not of (another type, another literal). */
const WRONG_KIND = new Set(['invalid_type', 'invalid_value']);

/** A literal as a JSON caller would write it; String() for the rest (JSON.stringify throws on a bigint). */
const shownValue = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/**
 * Words for what a schema leaves to zod's defaults ('Invalid input: expected string, received undefined'): a
 * missing, mistyped or wrong-valued field by its name, and a body that is not a JSON object. A schema's own
 * messages win.
 */
const inputErrorMap: z.core.$ZodErrorMap = (issue) => {
  const path = issue.path ?? [];
  const field = `'${path.join('.')}'`;
  if (issue.code === 'invalid_value' && path.length > 0) return `${field} must be ${issue.values.map(shownValue).join(' or ')}`;
  // A field of several kinds (nothing, or a text): the message of the kind it is, e.g. the text rule's, not 'Invalid input'.
  if (issue.code === 'invalid_union') return issue.errors.flat().find((inner) => !WRONG_KIND.has(inner.code))?.message;
  if (issue.code !== 'invalid_type') return undefined;
  if (path.length === 0) return issue.expected === 'object' ? 'The request body must be a JSON object' : undefined;
  if (issue.input === undefined) return `${field} is required`;
  return `${field} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
};

/** The body of a request that takes none: nothing, null or {}. */
export const noBody = z.union([z.undefined(), z.null(), z.strictObject({})], { error: 'This request takes no body' });

/** Parses input with a shared schema, or answers 400 with every field's message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input, { error: inputErrorMap });
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[[...issue.path, key].join('.')] = `Unknown field '${key}'`;
    } else {
      errors[field] ??= issue.message;
    }
  }
  const [field, first] = Object.entries(errors)[0] ?? ['_', 'Invalid input'];
  // A rule about the whole input (e.g. a password change's checks) is its own message.
  throw invalid(field === '_' ? first : `Invalid ${what}: ${first}`, errors);
}

// A form's alert shows it in the page's language (marked for the catalogue, lib/i18n).
const INTERNAL_MESSAGE = msg('Something went wrong on our side. Please try again in a moment.');

/**
 * JSON whose text cannot be read as markup: an error message may quote the request (a field name, a path), and a
 * client that shows it, or a browser sniffing it, must not find a tag there.
 */
const inertJson = (payload: unknown) =>
  JSON.stringify(payload).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function sendError(reply: FastifyReply, status: number, body: { message: string } & Record<string, unknown>): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').serializer(inertJson).send(body);
}

/** JSON errors for /api: clear messages for the client's mistakes, nothing internal for ours. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (isDomainError(error)) {
      const { code, retryAfterSeconds } = error.detail ?? {};
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return sendError(reply, STATUS_OF[error.kind], {
        message: error.message,
        ...(error.errors && { errors: error.errors }),
        ...(code && { code }),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, { message: clientMessage(error) });
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, { message: INTERNAL_MESSAGE });
  });
  app.setNotFoundHandler(notFound);
}

const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(reply, 404, { message: `No API endpoint ${request.method} ${request.url.split('?')[0]}` });

/**
 * Every method of every unknown path under the prefix answers the API's 404: the pages' GET /* would otherwise answer
 * it with the HTML page. Registered after the scope's hooks, so the admin guard and the CSRF check still come first.
 */
export function answerUnknownPaths(app: FastifyInstance): void {
  app.all('/', notFound);
  app.all('/*', notFound);
}

/**
 * Fastify's own answers to a URL it cannot route (a malformed %-escape, a path segment over the length limit) name
 * the framework and echo the path: the same JSON as every other refusal instead, for every path.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long.'
      : 'The address is not valid: it has a malformed %-escape.';
  void sendError(reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400, { message });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON.';
    default:
      return error.message;
  }
}
