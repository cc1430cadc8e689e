// A tax document (a quotation, a tax invoice, a credit note) as an e-mail's table, from the same view model as its
// page and PDF (domains/tax/document.ts).
import type { TaxDocumentView } from '#domains/tax/document.ts';
import { type MailTable } from '#platform/mail/layout.tsx';

/** A quote's rows and totals as the e-mail's table: each row's amount is its taxable value and its tax. */
export function documentTable(document: TaxDocumentView): MailTable {
  return {
    caption: `${document.title} ${document.number}`,
    rows: document.rows.map((row) => {
      const tax = document.taxHeads
        .map((head, index) => `${head} ${row.taxRates[index] ?? ''} ${row.taxes[index]?.text ?? ''}`)
        .join(' + ');
      const basis = row.rate ? `${row.quantityText} × ${row.rate.text} = ${row.taxable.text}` : row.taxable.text;
      return {
        label: row.detail ? `${row.description} (${row.detail})` : row.description,
        detail: `${basis} + ${tax}`,
        amount: row.amount.text,
      };
    }),
    sums: document.sums.map((sum) => ({ label: sum.label, amount: sum.text, strong: sum.strong })),
  };
}
