import type { ReactNode } from 'react';

import type { CreditNotePreview } from '../../../../core/invoice';
import { formatRupees } from '../../../../core/money';

function Row({ term, amount, strong = false }: { term: ReactNode; amount: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'font-bold' : ''}`}>
      <dt className="min-w-0 break-words">{term}</dt>
      <dd className="shrink-0 text-right">{formatRupees(amount)}</dd>
    </div>
  );
}

/** A credit note's figures before it is issued, as the server worked them out: its lines, tax and total. */
export function CreditNoteFigures({ preview }: { preview: CreditNotePreview }) {
  const { lines, delivery, totals } = preview;
  return (
    <dl className="space-y-1 rounded-lg border border-stone-200 bg-white p-3" data-testid="credit-preview">
      {lines.map((line) => (
        <Row key={line.line} term={`Line ${line.line}: ${line.productName}, ${line.quantity} carton(s)`} amount={line.taxable} />
      ))}
      {delivery && <Row term="Delivery charge" amount={delivery.taxable} />}
      <Row term="GST" amount={totals.cgst + totals.sgst + totals.igst} />
      {totals.roundOff !== 0 && <Row term="Round off" amount={totals.roundOff} />}
      <Row term="Credit note total" amount={totals.total} strong />
    </dl>
  );
}
