import type { Key, ReactNode } from 'react';

/** A titled part of a record's details (an order's, a customer's); `wide` spans both columns; on paper without its frame. */
export function Block({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={`rounded-xl border border-stone-200 p-4 print:border-0 print:p-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <h3 className="font-bold text-leaf-900">{title}</h3>
      <div className="mt-2 space-y-1 text-sm text-stone-800">{children}</div>
    </section>
  );
}

/** A Block that lists a record's items (its history, quotes, addresses), one `item` a line, or says `none` when empty. */
export function ListBlock<T>({
  title,
  wide,
  items,
  none,
  keyOf,
  itemClassName,
  item,
}: {
  title: string;
  wide?: boolean;
  items: readonly T[];
  none: string;
  keyOf: (item: T) => Key;
  itemClassName?: string;
  item: (item: T) => ReactNode;
}) {
  return (
    <Block title={title} wide={wide}>
      {items.length === 0 ? (
        <p>{none}</p>
      ) : (
        <ul className="space-y-1">
          {items.map((entry) => (
            <li key={keyOf(entry)} className={itemClassName}>
              {item(entry)}
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}
