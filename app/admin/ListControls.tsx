import { Download, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';

import { signedInUser, useAuthStatus } from '#domains/account/ui/use-auth.ts';
import { pageCount } from '#domains/catalogue/model.ts';
import { formatCount } from '#lib/money.ts';

import { ADMIN_LIST_ATTRIBUTE, AdminTable, rowClass } from './AdminTable.tsx';

export const SEEN_FILTERS = ['all', 'unseen', 'seen'] as const;
export type SeenFilter = (typeof SEEN_FILTERS)[number];

/** A list screen's heading: it takes the focus when the row that had it is deleted (useAdminList's `heading`). */
export function ListHeading({
  id,
  heading,
  children,
}: {
  id: string;
  heading: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <h1 id={id} ref={heading} tabIndex={-1} className="text-2xl font-bold text-leaf-900 focus:outline-none">
      {children}
    </h1>
  );
}

/** A list screen whose heading stands alone (Orders, Contacts, Customers): the section its ListHeading names. */
export function ListScreen({
  id,
  title,
  heading,
  children,
}: {
  id: string;
  title: string;
  heading: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <ListHeading id={id} heading={heading}>
        {title}
      </ListHeading>
      {children}
    </section>
  );
}

/** Buttons that choose one filter value, the chosen one pressed; a count after each label when given. */
export function FilterTabs<V extends string>({
  label,
  options,
  value,
  counts,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<readonly [V, string]>;
  value: V;
  counts?: Partial<Record<V, number>> | null;
  onChange: (value: V) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${
            value === option
              ? 'border-leaf-700 bg-leaf-700 text-white'
              : 'border-stone-300 bg-white text-stone-800 hover:bg-leaf-50'
          }`}
        >
          {counts === null ? text : `${text} (${counts?.[option] === undefined ? '…' : formatCount(counts[option])})`}
        </button>
      ))}
    </div>
  );
}

const SEEN_OPTIONS: ReadonlyArray<readonly [SeenFilter, string]> = [
  ['all', 'All'],
  ['unseen', 'Unseen'],
  ['seen', 'Seen'],
];

/** All / Unseen / Seen with their counts: the filter of the Orders and Contacts pages. */
export function SeenTabs({
  value,
  counts,
  onChange,
}: {
  value: SeenFilter;
  counts: { all: number; unseen: number; seen: number } | undefined;
  onChange: (value: SeenFilter) => void;
}) {
  return <FilterTabs label="Show" options={SEEN_OPTIONS} value={value} counts={counts} onChange={onChange} />;
}

/** Why a list shows no table: it could not be loaded, or nothing matches its filters. */
export function ListStatus({ failed, empty, what }: { failed: boolean; empty: boolean; what: string }) {
  if (failed) {
    return (
      <p role="alert" className="mt-6 text-red-800">
        The {what} could not be loaded. Please try again.
      </p>
    );
  }
  return empty ? <p className="mt-6 text-stone-700">No {what} match.</p> : null;
}

/**
 * A list query's answer: its failure or 'No … match.' (ListStatus), else the table with a row for each item (`cells`
 * gives the row's cells; the row is marked with `testId` for the tests that read it).
 */
export function ListTable<T extends { id: number }>({
  query,
  what,
  caption,
  columns,
  testId,
  cells,
}: {
  query: { isError: boolean; data?: { items: readonly T[] } };
  what: string;
  caption: string;
  columns: readonly string[];
  testId: string;
  cells: (item: T) => ReactNode;
}) {
  const items = query.data?.items;
  return (
    <>
      <ListStatus failed={query.isError} empty={items?.length === 0} what={what} />
      {items && items.length > 0 && (
        <AdminTable caption={caption} columns={columns}>
          {items.map((item) => (
            <tr key={item.id} data-testid={testId} className={rowClass(true)}>
              {cells(item)}
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}

export const seenParam = (filter: SeenFilter) => (filter === 'all' ? undefined : filter === 'seen' ? 'true' : 'false');

/** A search box that applies on submit (Enter or the button), so each keystroke does not query the server. */
export function ListSearch({ label, initial, onSearch }: { label: string; initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  // The search from the address changed (Back, a link): the box shows it, without being remade (the focus stays).
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setText(initial);
  }
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 gap-2">
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={100}
        placeholder={label}
        onChange={(event) => setText(event.target.value)}
        className="h-11 min-w-0 flex-1 rounded-lg border border-stone-300 px-3"
      />
      <button type="submit" className="btn-outline size-11 shrink-0 p-0">
        <Search aria-hidden="true" className="size-4" />
        <span className="sr-only">Search</span>
      </button>
    </form>
  );
}

/** The list a pager turns: the nearest one before it. */
function listBefore(element: HTMLElement | null): HTMLElement | null {
  for (let sibling = element?.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
    const list = sibling.matches(`[${ADMIN_LIST_ATTRIBUTE}]`) ? sibling : sibling.querySelector(`[${ADMIN_LIST_ATTRIBUTE}]`);
    if (list instanceof HTMLElement) return list;
  }
  return null;
}

/**
 * Previous / next page, with where the list is (announced as it changes). After a page change the focus goes to the
 * top of the new rows (the list), not left on a button that may now be disabled.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(total, pageSize);
  const nav = useRef<HTMLElement>(null);
  const where = useRef<HTMLParagraphElement>(null);
  const go = (next: number) => {
    onPage(next);
    requestAnimationFrame(() => (listBefore(nav.current) ?? where.current)?.focus());
  };
  return (
    <nav ref={nav} aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
      <button type="button" className="btn-outline min-h-11" disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous
      </button>
      <p ref={where} tabIndex={-1} aria-live="polite" className="text-sm text-stone-700 focus:outline-none">
        Page {formatCount(Math.min(page, pages))} of {formatCount(pages)} ({formatCount(total)} in all)
      </p>
      <button type="button" className="btn-outline min-h-11" disabled={page >= pages} onClick={() => go(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/**
 * Downloads the list as it is filtered, as CSV: for administrators only (exports of customers' data are theirs; the
 * server refuses the staff role, so the panel does not offer it).
 */
export function ExportLink({ href }: { href: string }) {
  if (signedInUser(useAuthStatus().data)?.role !== 'admin') return null;
  return (
    <a href={href} download className="btn-outline min-h-11">
      <Download aria-hidden="true" className="size-4" /> Export CSV
    </a>
  );
}
