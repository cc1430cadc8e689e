import { Eye, EyeOff, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

/** A cell: a labelled line of a stacked card on a phone, a table cell from tablet width. */
export const CELL =
  'flex justify-between gap-3 px-3 py-2 md:table-cell md:align-top before:font-semibold before:text-stone-600 before:content-[attr(data-label)] md:before:content-none';

/** A row: a card on a phone, a table row from tablet width; unseen rows highlighted (spec). */
export const rowClass = (seen: boolean) =>
  `mb-3 block rounded-xl border border-stone-200 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-b ${seen ? 'bg-white' : 'bg-amber-50'}`;

/** An admin list as a table that becomes stacked cards below tablet width. */
export function AdminTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <table className="mt-6 block w-full text-sm md:table">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only md:not-sr-only">
        <tr className="border-b border-stone-300 text-left text-stone-600">
          {columns.map((title) => (
            <th key={title} scope="col" className="px-3 py-2 font-semibold">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block md:table-row-group">{children}</tbody>
    </table>
  );
}

/** Toggles a row's seen flag; `what` names the row for screen readers ('order #1042'). */
export function SeenButton({ seen, what, onClick }: { seen: boolean; what: string; onClick: () => void }) {
  return (
    <button type="button" className="btn-outline size-11 p-0" onClick={onClick}>
      {seen ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
      <span className="sr-only">
        {seen ? 'Mark as unseen' : 'Mark as seen'}: {what}
      </span>
    </button>
  );
}

export function DeleteButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <button type="button" className="btn-outline size-11 p-0 text-red-800" onClick={onClick}>
      <Trash2 aria-hidden="true" className="size-4" />
      <span className="sr-only">Delete {what}</span>
    </button>
  );
}
