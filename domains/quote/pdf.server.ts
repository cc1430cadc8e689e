import type { FastifyReply } from 'fastify';

import type { Quote } from '#domains/quote/model.ts';
import { sendDocumentPdf } from '#platform/pdf/pdf.ts';

/** A quote's PDF download, named by its number: the document view every other renderer shows too. */
export const sendQuotePdf = (reply: FastifyReply, quote: Quote, displayId: number): Promise<FastifyReply> =>
  sendDocumentPdf(reply, quote.document, { subject: `Enquiry #${displayId}`, filename: `Quotation-${quote.number}.pdf` });
