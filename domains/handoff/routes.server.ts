import type { FastifyInstance, FastifyReply } from 'fastify';
import { strToU8, zipSync } from 'fflate';

import { orderParamsSchema } from '#domains/enquiry/schema.ts';
import { GSTR1_TABLES, gstr1Filename, gstr1Table } from '#domains/handoff/gstr1-csv.ts';
import { gstr1Gstn, gstr1GstnFilename } from '#domains/handoff/gstr1-gstn.ts';
import {
  eInvoiceAnswerBodySchema,
  eInvoiceCancelBodySchema,
  eInvoiceQuerySchema,
  ewayBillsQuerySchema,
  gstr1QuerySchema,
  tallyQuerySchema,
} from '#domains/handoff/schema.ts';
import { csvRow, oneBatch, sendCsv } from '#platform/http/csv.ts';
import { parseInput } from '#platform/http/errors.ts';
import { adminActor, STAFF_MAY } from '#platform/http/require-admin.ts';

import type { EInvoices } from './e-invoices.server.ts';
import type { EwayBills } from './eway-bills.server.ts';
import type { MonthFiles } from './month-files.server.ts';

/**
 * The files handed to the government's portals and to the accountant: the e-invoices' and the e-way bills' JSON, the
 * month's GSTR-1, Tally's XML.
 */
export function handoffRoutes(ewayBills: EwayBills, eInvoices: EInvoices, monthFiles: MonthFiles, siteUrl: string) {
  return async function routes(app: FastifyInstance): Promise<void> {
    // The month's GSTR-1 lists every customer's GSTIN and amounts: an export of customers' data, for administrators.
    app.get('/admin/reports/gstr1', async (request, reply) => {
      const { month, format, table } = parseInput(gstr1QuerySchema, request.query, 'query');
      const report = await monthFiles.gstr1(month);
      reply.header('cache-control', 'no-store');
      // The files go to the offline tool as they are: UTF-8 without a byte order mark, which it would read as text.
      if (format === 'csv' && table) {
        const [header = [], ...rows] = gstr1Table(report, table);
        return sendCsv(reply, gstr1Filename(month, table), header.map(String), oneBatch(rows), (row) => row, {
          byteOrderMark: false,
        });
      }
      if (format === 'zip') {
        const files = Object.fromEntries(
          GSTR1_TABLES.map((name) => [gstr1Filename(month, name), strToU8(gstr1Table(report, name).map(csvRow).join(''))]),
        );
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="GSTR-1-${month}.zip"`)
          .send(Buffer.from(zipSync(files)));
      }
      if (format === 'gstn-json') {
        return reply.header('content-disposition', `attachment; filename="${gstr1GstnFilename(report)}"`).send(gstr1Gstn(report));
      }
      return report;
    });

    // The invoice registration portal's JSON of the order's invoice, or of its credit note N.
    app.get<{ Params: { id: string } }>('/admin/orders/:id/e-invoice', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      const { creditNote } = parseInput(eInvoiceQuerySchema, request.query, 'query');
      const { number, json } = await eInvoices.file(id, creditNote);
      return sendJsonFile(reply, `e-invoice-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.json`, json);
    });

    app.post<{ Params: { id: string } }>('/admin/orders/:id/e-invoice/answer', STAFF_MAY, async (request) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      const body = parseInput(eInvoiceAnswerBodySchema, request.body, 'answer');
      return eInvoices.recordAnswer(id, body, await adminActor(request), siteUrl);
    });

    app.post<{ Params: { id: string } }>('/admin/orders/:id/e-invoice/cancel', STAFF_MAY, async (request) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      const body = parseInput(eInvoiceCancelBodySchema, request.body, 'cancellation');
      return eInvoices.cancel(id, body, await adminActor(request));
    });

    app.get<{ Params: { id: string } }>('/admin/orders/:id/eway-bill', STAFF_MAY, async (request, reply) => {
      const { id } = parseInput(orderParamsSchema, request.params, 'enquiry id');
      const { number, file } = await ewayBills.ofOrder(id);
      return sendJsonFile(reply, `eway-bill-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.json`, file);
    });

    // The days' file names every buyer with their address and GSTIN: an export of customers' data, for administrators
    // (as GSTR-1); the staff download one order's file from the order.
    app.get('/admin/reports/eway-bills', async (request, reply) => {
      const { from, to } = parseInput(ewayBillsQuerySchema, request.query, 'query');
      return sendJsonFile(reply, `eway-bills-${from}-to-${to}.json`, await ewayBills.ofDays(from, to));
    });

    // The month's vouchers name every customer with their amounts: for administrators, as GSTR-1.
    app.get('/admin/reports/tally', async (request, reply) => {
      const { month } = parseInput(tallyQuerySchema, request.query, 'query');
      const xml = await monthFiles.tally(month);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="tally-vouchers-${month}.xml"`)
        .header('cache-control', 'no-store')
        .send(xml);
    });
  };
}

/** A JSON file to save and upload elsewhere, as the browser downloads it. */
function sendJsonFile(reply: FastifyReply, filename: string, body: unknown): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(JSON.stringify(body, null, 2));
}
