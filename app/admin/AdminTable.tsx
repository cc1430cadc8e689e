import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { Fragment, type ReactNode, type RefObject, useEffect, useRef } from 'react';

/** A cell: a labelled line of a stacked card on a phone, a table cell from tablet width. */
export const CELL =
  'flex justify-between gap-3 px-3 py-2 md:table-cell md:align-top before:font-semibold before:text-stone-600 before:content-[attr(data-label)] md:before:content-none';

/** What makes a row a card on a phone and a table row from tablet width; unseen rows highlighted so new ones stand out. */
const cardOrRow = (seen: boolean) =>
  `rounded-xl border border-stone-200 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-b ${seen ? 'bg-white' : 'bg-amber-50'}`;

/** A row: a card of labelled lines (CELL) on a phone, a table row from tablet width. */
export const rowClass = (seen: boolean) => `mb-3 block ${cardOrRow(seen)}`;

/**
 * A row drawn as its own card on a phone: its cells (CARD_CELL) flow and wrap in the order their `order-*` classes
 * give (`layout`: the card's gaps and padding), a table row from tablet width.
 */
export const cardRow = (seen: boolean, layout: string) => `flex flex-wrap ${layout} md:p-0 ${cardOrRow(seen)}`;

/** A cell of a cardRow: a piece of the phone's card, a table cell from tablet width. */
export const CARD_CELL = 'md:table-cell md:px-2 md:py-2 md:align-top md:text-sm';

/**
 * An e-mail address that wraps only between its parts (after a dot or hyphen, before the @): in a narrow column a
 * long address takes a few lines instead of one letter per line.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  return (
    <span className={className}>
      {email.split(/(?<=[.-])|(?=@)/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** Ends a line of a cardRow's card on a phone (placed by its `order-*` class); no cell of the table. */
export function CardBreak({ className }: { className: string }) {
  return <td aria-hidden="true" className={`basis-full md:hidden ${className}`} />;
}

/** Marks an admin list (the table's data-admin-list), for whatever moves the focus to it (the pager). */
export const ADMIN_LIST_ATTRIBUTE = 'data-admin-list';

/**
 * When the focused control inside `container` disappears or is disabled (a row leaves the filtered list after 'Mark as
 * seen', a page's last row is deleted), the focus would fall to the page's body, and a keyboard or screen reader user
 * would start again from the top: the container takes it instead. Focus moved out by the person is left alone.
 */
function useFocusRescue(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let last: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      last = element.contains(event.target as Node) && event.target !== element ? (event.target as HTMLElement) : null;
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!element.contains(event.target as Node)) last = null;
    };
    const lost = () => last !== null && (!last.isConnected || last.matches(':disabled'));
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if (lost() && (active === null || active === document.body || active === last)) {
        last = null;
        element.focus();
      }
    });
    observer.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [container]);
}

/** A list's outline when the focus is sent to it by keyboard. */
const LIST_FOCUS = 'focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-leaf-700';

/** What makes an element an admin list that takes the focus: its ref (with the rescue), tabIndex and the marker. */
function useListFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useFocusRescue(ref);
  return { ref, tabIndex: -1, [ADMIN_LIST_ATTRIBUTE]: '' };
}

/**
 * An admin list as a table that becomes stacked cards below tablet width. It can take the focus (named by its
 * caption): the pager sends it there after a page change, and it keeps the focus from falling to the page's body.
 */
export function AdminTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <table {...useListFocus<HTMLTableElement>()} className={`mt-6 block w-full text-sm md:table ${LIST_FOCUS}`}>
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

/**
 * An admin list of cards (where a table would squeeze its rows), with the table's focus behaviour: it can take the focus
 * (named by `label`) and keeps it from falling to the page's body.
 */
export function AdminList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul {...useListFocus<HTMLUListElement>()} aria-label={label} className={`mt-6 space-y-3 ${LIST_FOCUS}`}>
      {children}
    </ul>
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
