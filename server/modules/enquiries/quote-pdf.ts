import type { FastifyReply } from 'fastify';

import type { Quote } from '#core/quote.ts';
import { sendDocumentPdf } from '#server/modules/documents/pdf.ts';

/** A quote's PDF download, named by its number: the document view every other renderer shows too. */
export const sendQuotePdf = (reply: FastifyReply, quote: Quote, displayId: number): Promise<FastifyReply> =>
  sendDocumentPdf(reply, quote.document, { subject: `Enquiry #${displayId}`, filename: `Quotation-${quote.number}.pdf` });
