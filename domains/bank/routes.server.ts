import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

import {
  bankCreditConfirmSchema,
  bankCreditParamsSchema,
  bankCreditsQuerySchema,
  MAX_STATEMENT_BYTES,
} from '#domains/bank/schema.ts';
import { invalid, isDomainError, tooLarge } from '#lib/errors.ts';
import { parseInput } from '#platform/http/errors.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';

import type { BankStatementService } from './service.server.ts';

const SEND_ONE_FILE = 'Send the statement as multipart/form-data in the field file';

/** Multipart's own refusals, said in the screen's words. */
function uploadRefusal(error: unknown): Error {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('File too large: a statement of at most 5 MB');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return invalid('Send one statement file, in the field file');
  }
  if (isDomainError(error)) return error;
  return invalid(`The upload could not be read: ${SEND_ONE_FILE}`);
}

/**
 * POST /api/admin/bank-statements (a statement file), GET /api/admin/bank-statements/credits (the credits kept, open or
 * settled) and POST /api/admin/bank-statements/credits/{id}/confirm (the invoices a credit pays): for the staff too,
 * who record the payments.
 */
export function bankStatementRoutes(statements: BankStatementService, siteUrl: string) {
  return async function routes(app: FastifyInstance): Promise<void> {
    await app.register(multipart, { limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 0, fieldNameSize: 20 } });

    app.post('/admin/bank-statements', STAFF_MAY, async (request, reply) => {
      if (!request.isMultipart()) throw invalid(SEND_ONE_FILE);
      let file: Buffer | null = null;
      try {
        for await (const part of request.files()) {
          if (part.fieldname !== 'file') throw invalid('Send the statement in the field file');
          file = await part.toBuffer();
        }
      } catch (error) {
        throw uploadRefusal(error);
      }
      if (!file || file.length === 0) throw invalid('No statement received: choose the file the bank gave you');
      reply.header('cache-control', 'no-store');
      return statements.upload(file, await adminActor(request));
    });

    app.get('/admin/bank-statements/credits', STAFF_MAY, async (request, reply) => {
      const query = parseInput(bankCreditsQuerySchema, request.query, 'query');
      reply.header('cache-control', 'no-store');
      return statements.list(query);
    });

    app.post<{ Params: { id: string } }>('/admin/bank-statements/credits/:id/confirm', STAFF_MAY, async (request) => {
      const { id } = parseInput(bankCreditParamsSchema, request.params, 'credit id');
      const body = parseInput(bankCreditConfirmSchema, request.body, 'match');
      return statements.confirm(id, body, await adminActor(request), siteUrl);
    });
  };
}
