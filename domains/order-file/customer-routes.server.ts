import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { signedInCustomer } from '#domains/account/signed-in.server.ts';
import type { CartService } from '#domains/cart/service.server.ts';
import { displayIdOf } from '#domains/enquiry/model.ts';
import { creditNoteNumberSchema } from '#domains/invoice/schema.ts';
import type { InvoiceService } from '#domains/invoice/service.server.ts';
import { creditNoteViewOf, invoiceViewOf, sendTaxDocumentPdf } from '#domains/invoice/views.server.ts';
import type { EnquireAgainResult } from '#domains/order-file/customer-view.ts';
import { enquiryNumberParamsSchema, MY_ENQUIRIES_PAGE_SIZE, myEnquiriesQuerySchema } from '#domains/order-file/status-schema.ts';
import { sendQuotePdf } from '#domains/quote/pdf.server.ts';
import { quoteAnswerSchema } from '#domains/quote/schema.ts';
import type { QuoteService } from '#domains/quote/service.server.ts';
import { isDomainError } from '#lib/errors.ts';
import { msg } from '#lib/i18n/translate.ts';
import { pathIdSchema } from '#lib/schemas/query.ts';
import { parseInput } from '#platform/http/errors.ts';
import { neverCached } from '#platform/http/security-headers.ts';

import type { CustomerEnquiries } from './customer-service.server.ts';

const tokenParams = z.object({ token: z.string() });
const versionParams = z.object({ version: pathIdSchema('Quote version') });

/** The customer's side of a sent enquiry: the status page by its link, and 'My enquiries' for signed-in customers. */
export function customerEnquiryRoutes(
  enquiries: CustomerEnquiries,
  quotes: QuoteService,
  cart: CartService,
  invoices: InvoiceService,
  siteUrl: string,
) {
  /** The enquiry a request is about, by its status link or as the signed-in customer's own, and who is answering. */
  const byToken = async (request: FastifyRequest) => {
    const { token } = parseInput(tokenParams, request.params, 'status link');
    return { enquiry: await enquiries.rowByToken(token), actor: { userId: null, username: 'customer (status link)' } };
  };
  const byAccount = async (request: FastifyRequest) => {
    const user = await signedInCustomer(request);
    const { number } = parseInput(enquiryNumberParamsSchema, request.params, 'enquiry number');
    return { enquiry: await enquiries.own(user.id, number), actor: { userId: user.id, username: user.username } };
  };

  return async function routes(app: FastifyInstance): Promise<void> {
    neverCached(app);

    app.get('/enquiries/status/:token', async (request) => {
      const { token } = parseInput(tokenParams, request.params, 'status link');
      return enquiries.byToken(token);
    });

    app.get('/account/enquiries', async (request) => {
      const { id: userId } = await signedInCustomer(request);
      const { page } = parseInput(myEnquiriesQuerySchema, request.query, 'query');
      return enquiries.list(userId, page, MY_ENQUIRIES_PAGE_SIZE);
    });

    // A returning customer's phone and address, to fill in at checkout.
    app.get('/account/checkout-details', async (request) => {
      const { id: userId } = await signedInCustomer(request);
      return enquiries.checkoutDetails(userId);
    });

    app.get('/account/enquiries/:number', async (request) => {
      const { id: userId } = await signedInCustomer(request);
      const { number } = parseInput(enquiryNumberParamsSchema, request.params, 'enquiry number');
      return enquiries.ownEnquiry(userId, number);
    });

    // Each line goes into the cart at today's price with at least its cartons, so a second tap changes nothing; a
    // line the catalogue no longer allows is named, not dropped.
    app.post('/account/enquiries/:number/enquire-again', async (request): Promise<EnquireAgainResult> => {
      const { id: userId } = await signedInCustomer(request);
      const { number } = parseInput(enquiryNumberParamsSchema, request.params, 'enquiry number');
      const result: EnquireAgainResult = { added: 0, alreadyInCart: 0, unavailable: [] };
      for (const line of await enquiries.linesToRepeat(userId, number)) {
        try {
          if (line.optionIds === null) throw new UnavailableOption();
          if (await cart.add({ userId }, line, { atLeast: true })) result.added += 1;
          else result.alreadyInCart += 1;
        } catch (error) {
          if (!(error instanceof UnavailableOption) && !isDomainError(error)) throw error;
          result.unavailable.push({ name: line.name, reason: reasonOf(error) });
        }
      }
      return result;
    });

    // The quote, the same way by status link and from 'My enquiries': accept, decline, the PDF; the tax invoice
    // (with how to pay what is due today) and its credit notes as PDFs.
    for (const [prefix, resolve] of [
      ['/enquiries/status/:token', byToken],
      ['/account/enquiries/:number', byAccount],
    ] as const) {
      app.post(`${prefix}/quote/accept`, async (request) => {
        const { enquiry, actor } = await resolve(request);
        const { version } = parseInput(quoteAnswerSchema, request.body, 'answer');
        return quotes.answer(enquiry.id, version, { accept: true }, actor, siteUrl);
      });
      app.post(`${prefix}/quote/decline`, async (request) => {
        const { enquiry, actor } = await resolve(request);
        const { version, reason } = parseInput(quoteAnswerSchema, request.body, 'answer');
        return quotes.answer(enquiry.id, version, { accept: false, reason }, actor, siteUrl);
      });
      app.get(`${prefix}/quotes/:version/pdf`, async (request, reply) => {
        const { enquiry } = await resolve(request);
        const { version } = parseInput(versionParams, request.params, 'quote');
        return sendQuotePdf(reply, await quotes.one(enquiry.id, version), displayIdOf(enquiry.id));
      });
      app.get(`${prefix}/invoice/pdf`, async (request, reply) => {
        const { enquiry } = await resolve(request);
        return sendTaxDocumentPdf(reply, invoiceViewOf(await invoices.forCustomer(enquiry.id)), ['original']);
      });
      app.get(`${prefix}/credit-notes/:n/pdf`, async (request, reply) => {
        const { enquiry } = await resolve(request);
        const { n } = parseInput(creditNoteNumberSchema, request.params, 'credit note');
        return sendTaxDocumentPdf(reply, creditNoteViewOf(await invoices.forCustomer(enquiry.id), n));
      });
    }
  };
}

class UnavailableOption extends Error {}

function reasonOf(error: unknown): string {
  // The customer's page shows these in its language (marked for the catalogue, lib/i18n).
  if (error instanceof UnavailableOption) return msg('One of its options is no longer offered');
  return isDomainError(error) && error.kind === 'not-found' ? msg('No longer in the catalogue') : (error as Error).message;
}
