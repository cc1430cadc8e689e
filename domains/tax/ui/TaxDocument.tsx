import type { ReactNode } from 'react';

import type { TaxDocumentView } from '#domains/tax/document.ts';
import { formatCount } from '#lib/money.ts';

/** A cell: a labelled line of a row's card on a phone, a table cell from tablet width and on paper. */
const CELL =
  'flex justify-between gap-3 py-1 sm:table-cell sm:px-2 sm:py-2 sm:align-top print:table-cell print:px-1.5 print:py-1 print:align-top before:text-stone-600 before:content-[attr(data-label)] sm:before:content-none print:before:content-none';
const AMOUNT = `${CELL} whitespace-nowrap sm:text-right print:text-right`;

/**
 * A tax document (a quotation now; a tax invoice or credit note later) on the page and on paper: the supplier, the
 * document's number and facts, the parties, the line table with a column per tax head, the totals, the amount in
 * words, the note, the terms and (on paper) the signatory. It lays out domains/tax/document.ts's view and works out
 * nothing; `heading` is the document's title as the page's outline needs it (an h2 with its id, for example).
 */
export function TaxDocument({
  view,
  heading,
  status,
  pay,
}: {
  view: TaxDocumentView;
  heading: ReactNode;
  status?: ReactNode;
  /** Beside an invoice's payment block: the UPI button and QR code. */
  pay?: ReactNode;
}) {
  return (
    <div className="text-stone-900">
      {view.specimen && <p className="mb-2 font-bold text-red-700 uppercase">{view.specimen}</p>}
      <div className="hidden text-sm print:mb-3 print:block">
        {view.supplier.logo && <img src={view.supplier.logo} alt="" className="mb-1 h-10 w-auto" />}
        <p className="text-base font-bold">{view.supplier.name}</p>
        <p>{view.supplier.address}</p>
        <p>
          {view.supplier.contact} · GSTIN {view.supplier.gstin}
        </p>
      </div>
      {heading}
      {status}
      <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-700">
        {view.facts.map((fact) => (
          <div key={fact.label} className="flex gap-1">
            <dt className="font-semibold">{fact.label}:</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 grid gap-3 text-sm sm:grid-cols-2 print:grid-cols-2">
        {view.parties.map((party) => (
          <div key={party.heading}>
            <p className="font-semibold text-stone-600">{party.heading}</p>
            {party.lines.map((line, index) => (
              <p key={index} className={`whitespace-pre-line ${index === 0 ? 'font-semibold' : ''}`}>
                {line}
              </p>
            ))}
          </div>
        ))}
      </div>

      <table className="mt-4 block w-full text-sm sm:table print:table print:text-xs">
        <caption className="sr-only">
          Lines of {view.title.toLowerCase()} {view.number}
        </caption>
        <thead className="sr-only sm:not-sr-only print:not-sr-only">
          <tr className="border-b border-stone-300 text-left text-stone-600">
            {['Item', 'HSN', 'Cartons', 'Rate', 'Taxable', ...view.taxHeads.flatMap((head) => [`${head} %`, head]), 'Amount'].map(
              (title, index) => (
                <th
                  key={title}
                  scope="col"
                  className={`px-2 py-2 font-semibold print:px-1.5 print:py-1 ${index >= 2 ? 'text-right' : ''}`}
                >
                  {title}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="block sm:table-row-group print:table-row-group">
          {view.rows.map((row, index) => (
            <tr key={index} className="block border-b border-stone-200 py-2 sm:table-row sm:py-0 print:table-row">
              <th
                scope="row"
                className="block py-1 text-left font-semibold sm:table-cell sm:px-2 sm:py-2 sm:align-top print:table-cell print:px-1.5 print:py-1"
              >
                {row.description}
                {row.detail && <span className="block text-xs font-normal text-stone-600">{row.detail}</span>}
              </th>
              <td data-label="HSN" className={CELL}>
                {row.hsn || '—'}
              </td>
              <td data-label="Cartons" className={`${CELL} sm:text-right print:text-right`}>
                {row.quantity === null ? '' : formatCount(row.quantity)}
              </td>
              <td data-label="Rate" className={AMOUNT}>
                {row.rate?.text ?? ''}
              </td>
              <td data-label="Taxable" className={AMOUNT}>
                {row.taxable.text}
              </td>
              {view.taxHeads.map((head, headIndex) => [
                <td key={`${head} %`} data-label={`${head} rate`} className={`${CELL} sm:text-right print:text-right`}>
                  {row.taxRates[headIndex]}
                </td>,
                <td key={head} data-label={head} className={AMOUNT}>
                  {row.taxes[headIndex]?.text}
                </td>,
              ])}
              <td data-label="Amount" className={`${AMOUNT} font-semibold`}>
                {row.amount.text}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="mt-3 ml-auto max-w-sm space-y-1">
        {view.sums.map((sum) => (
          <div key={sum.label} className={`flex justify-between gap-4 ${sum.strong ? 'text-lg font-bold' : ''}`}>
            <dt>{sum.label}</dt>
            <dd className="whitespace-nowrap">{sum.text}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-sm font-semibold">Amount in words: {view.amountInWords}</p>
      {view.payment && (
        <div className="mt-4 flex flex-wrap items-start justify-between gap-4 rounded-lg bg-stone-100 p-3 print:break-inside-avoid">
          <div className="min-w-0">
            <p className="font-bold">Payment: {view.payment.status}</p>
            {view.payment.due && <p className="font-semibold">{view.payment.due}</p>}
            {view.payment.lines.map((line) => (
              <p key={line} className="text-sm break-words">
                {line}
              </p>
            ))}
          </div>
          {pay}
        </div>
      )}
      {view.note && (
        <div className="mt-3">
          <p className="font-semibold">Note</p>
          <p className="whitespace-pre-line text-stone-800">{view.note}</p>
        </div>
      )}
      <div className="mt-3 text-sm text-stone-700">
        <p className="font-semibold text-stone-900">Terms</p>
        <ul className="list-disc pl-5">
          {view.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </div>
      <div className="mt-10 hidden text-right text-sm print:block">
        <p className="font-semibold">{view.signatory.for}</p>
        {view.signatory.signature ? (
          <img src={view.signatory.signature} alt="" className="mt-1 ml-auto h-11 w-auto" />
        ) : (
          <div className="h-12" />
        )}
        <p className="ml-auto w-56 border-t border-stone-900 pt-1">
          {view.signatory.name && <span className="block">{view.signatory.name}</span>}
          {view.signatory.title}
        </p>
      </div>
    </div>
  );
}
