import type { ReactNode } from 'react';

/** A titled part of a record's details (an order's, a customer's); `wide` spans both columns; on paper without its frame. */
export function Block({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={`rounded-xl border border-stone-200 p-4 print:border-0 print:p-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <h3 className="font-bold text-leaf-900">{title}</h3>
      <div className="mt-2 space-y-1 text-sm text-stone-800">{children}</div>
    </section>
  );
}
