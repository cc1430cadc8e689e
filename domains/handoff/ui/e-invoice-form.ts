import type { OrderInvoice } from '#domains/invoice/model.ts';

/**
 * What the invoice panel hands a form about the order's e-invoices (the portal's answer, a cancellation): the order,
 * what follows once the form has recorded a document's e-invoice (given that document's number), and how to close it.
 */
export interface EInvoiceFormProps {
  orderId: number;
  order: OrderInvoice;
  onDone: (number: string) => void;
  onCancel: () => void;
}

/** The order's documents' numbers by their place on it, as the API names them: 0 the invoice, N its N-th credit note. */
export const documentNumbers = (order: OrderInvoice): string[] => [
  order.invoice.number,
  ...order.creditNotes.map((note) => note.number),
];
