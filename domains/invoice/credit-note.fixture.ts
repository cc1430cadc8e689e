import {
  creditFor,
  type CreditNoteDocument,
  creditNoteDocument,
  type CreditRequest,
  type InvoiceDocument,
} from '#domains/invoice/model.ts';

/** The credit note that `request` makes of an invoice nothing was credited on before; a refused request fails the test. */
export function creditNoteOf(
  invoice: InvoiceDocument,
  request: CreditRequest,
  note: { number: string; date: string; reason: string },
): CreditNoteDocument {
  const credit = creditFor(invoice, [], request);
  if (!credit.ok) throw new Error(credit.message);
  return creditNoteDocument({ ...note, invoice, credit });
}
