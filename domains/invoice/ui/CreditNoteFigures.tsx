import type { ReactNode } from 'react';

import type { CreditNotePreview } from '#domains/invoice/model.ts';
import { signedRupees } from '#domains/tax/document.ts';
import { formatRupees } from '#lib/money.ts';

function Row({ term, amount, strong = false }: { term: ReactNode; amount: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'font-bold' : ''}`}>
      <dt className="min-w-0 break-words">{term}</dt>
      <dd className="shrink-0 text-right">{amount}</dd>
    </div>
  );
}

/** A credit note's figures before it is issued, as the server worked them out: its lines, tax and total. */
export function CreditNoteFigures({ preview }: { preview: CreditNotePreview }) {
  const { lines, delivery, totals } = preview;
  return (
    <dl className="space-y-1 rounded-lg border border-stone-200 bg-white p-3" data-testid="credit-preview">
      {lines.map((line) => (
        <Row
          key={line.line}
          term={`Line ${line.line}: ${line.productName}, ${line.quantity} carton(s)`}
          amount={formatRupees(line.taxable)}
        />
      ))}
      {delivery && <Row term="Delivery charge" amount={formatRupees(delivery.taxable)} />}
      <Row term="GST" amount={formatRupees(totals.cgst + totals.sgst + totals.igst)} />
      {totals.roundOff !== 0 && <Row term="Round off" amount={signedRupees(totals.roundOff)} />}
      <Row term="Credit note total" amount={formatRupees(totals.total)} strong />
    </dl>
  );
}
