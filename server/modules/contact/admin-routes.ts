import type { FastifyInstance } from 'fastify';

import { INQUIRY_TYPES } from '../../../core/enquiry.ts';
import { contactListQuerySchema, contactParamsSchema, messageEnquiryBodySchema } from '../../../core/schemas/admin.ts';
import { adminCollectionRoutes } from '../../http/admin-list.ts';
import { parseInput } from '../../http/errors.ts';
import { adminActor, STAFF_MAY } from '../../http/require-admin.ts';
import type { InquiryAdmin } from './admin-service.ts';

const CSV_HEADER = ['Date', 'Name', 'Email', 'Phone', 'Company', 'Inquiry Type', 'Message', 'Seen'];
const typeLabel = (value: string) => INQUIRY_TYPES.find((type) => type.value === value)?.label ?? value;

/** The admin's contact inquiries (/api/admin/contacts), listed like the enquiries; a message can become an enquiry. */
export function inquiryAdminRoutes(inquiries: InquiryAdmin, siteUrl: string) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const idOf = adminCollectionRoutes(app, {
      path: '/admin/contacts',
      query: contactListQuerySchema,
      list: (query) => inquiries.list(query),
      params: contactParamsSchema,
      what: 'message id',
      get: (id) => inquiries.get(id),
      csv: {
        name: 'messages',
        header: CSV_HEADER,
        each: (filters) => inquiries.each(filters),
        cells: (contact) => [
          contact.createdAt,
          contact.name,
          contact.email,
          contact.phone,
          contact.company,
          typeLabel(contact.inquiryType),
          contact.message,
          contact.seen,
        ],
      },
      setSeen: (id, seen, actor) => inquiries.setSeen(id, seen, actor),
      remove: (id, actor) => inquiries.delete(id, actor),
    });

    app.post('/admin/contacts/:id/enquiry', STAFF_MAY, async (request, reply) => {
      const id = idOf(request);
      const body = parseInput(messageEnquiryBodySchema, request.body, 'enquiry');
      const made = await inquiries.makeEnquiry(id, body, await adminActor(request), siteUrl);
      return reply.status(201).send(made);
    });
  };
}
