import type { FastifyInstance } from 'fastify';

import { INQUIRY_TYPES } from '#domains/enquiry/model.ts';
import {
  type AdminContact,
  contactListQuerySchema,
  contactParamsSchema,
  messageEnquiryBodySchema,
} from '#domains/message/schema.ts';
import { adminCollectionRoutes, type CsvColumns } from '#platform/http/admin-list.ts';
import { parseInput } from '#platform/http/errors.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';

import type { InquiryAdmin } from './admin-service.server.ts';

const typeLabel = (value: string) => INQUIRY_TYPES.find((type) => type.value === value)?.label ?? value;

const CSV_COLUMNS: CsvColumns<AdminContact> = [
  ['Date', (contact) => contact.createdAt],
  ['Name', (contact) => contact.name],
  ['Email', (contact) => contact.email],
  ['Phone', (contact) => contact.phone],
  ['Company', (contact) => contact.company],
  ['Inquiry Type', (contact) => typeLabel(contact.inquiryType)],
  ['Message', (contact) => contact.message],
  ['Seen', (contact) => contact.seen],
];

/** The admin's contact inquiries (/api/admin/contacts), listed like the enquiries; a message can become an enquiry. */
export function inquiryAdminRoutes(inquiries: InquiryAdmin, siteUrl: string) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const idOf = adminCollectionRoutes(app, '/admin/contacts', inquiries, {
      query: contactListQuerySchema,
      id: [contactParamsSchema, 'message id'],
      changes: ['seen', 'delete'],
      csv: ['messages', CSV_COLUMNS],
    });

    app.post('/admin/contacts/:id/enquiry', STAFF_MAY, async (request, reply) => {
      const id = idOf(request);
      const body = parseInput(messageEnquiryBodySchema, request.body, 'enquiry');
      const made = await inquiries.makeEnquiry(id, body, await adminActor(request), siteUrl);
      return reply.status(201).send(made);
    });
  };
}
