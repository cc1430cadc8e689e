import type { FastifyInstance } from 'fastify';

import { INQUIRY_TYPES } from '../../../core/enquiry.ts';
import { istDate } from '../../../core/reply-promise.ts';
import {
  contactListQuerySchema,
  contactParamsSchema,
  messageEnquiryBodySchema,
  seenBodySchema,
} from '../../../core/schemas/admin.ts';
import { answerAdminList } from '../../http/admin-list.ts';
import { sendCsv } from '../../http/csv.ts';
import { parseInput } from '../../http/errors.ts';
import { adminActor, STAFF_MAY } from '../../http/require-admin.ts';
import type { InquiryAdmin } from './admin-service.ts';

const CSV_HEADER = ['Date', 'Name', 'Email', 'Phone', 'Company', 'Inquiry Type', 'Message', 'Seen'];
const typeLabel = (value: string) => INQUIRY_TYPES.find((type) => type.value === value)?.label ?? value;

/** The admin's contact inquiries (/api/admin/contacts), listed like the enquiries. */
export function inquiryAdminRoutes(inquiries: InquiryAdmin, siteUrl: string) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/admin/contacts', STAFF_MAY, (request, reply) =>
      answerAdminList(request, reply, contactListQuerySchema, '/api/admin/contacts', (query) => inquiries.list(query)),
    );

    app.get('/admin/contacts/export.csv', async (request, reply) => {
      const { page: _page, pageSize: _size, ...filters } = parseInput(contactListQuerySchema, request.query, 'query');
      return sendCsv(reply, `messages-${istDate(new Date())}.csv`, CSV_HEADER, inquiries.each(filters), (contact) => [
        contact.createdAt,
        contact.name,
        contact.email,
        contact.phone,
        contact.company,
        typeLabel(contact.inquiryType),
        contact.message,
        contact.seen,
      ]);
    });

    app.get<{ Params: { id: string } }>('/admin/contacts/:id', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(contactParamsSchema, request.params, 'message id');
      reply.header('cache-control', 'no-store');
      return inquiries.get(id);
    });

    app.patch<{ Params: { id: string } }>('/admin/contacts/:id/seen', STAFF_MAY, async (request) => {
      const { id } = parseInput(contactParamsSchema, request.params, 'message id');
      const { seen } = parseInput(seenBodySchema, request.body, 'change');
      return inquiries.setSeen(id, seen, await adminActor(request));
    });

    app.post<{ Params: { id: string } }>('/admin/contacts/:id/enquiry', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(contactParamsSchema, request.params, 'message id');
      const body = parseInput(messageEnquiryBodySchema, request.body, 'enquiry');
      const made = await inquiries.makeEnquiry(id, body, await adminActor(request), siteUrl);
      return reply.status(201).send(made);
    });

    app.delete<{ Params: { id: string } }>('/admin/contacts/:id', STAFF_MAY, async (request) => {
      const { id } = parseInput(contactParamsSchema, request.params, 'message id');
      await inquiries.delete(id, await adminActor(request));
      return { id, deleted: true };
    });
  };
}
