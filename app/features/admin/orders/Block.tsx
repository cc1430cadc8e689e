import type { ReactNode } from 'react';

/** A titled part of the order details; on paper without its frame. */
export function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-stone-200 p-4 print:border-0 print:p-0">
      <h3 className="font-bold text-leaf-900">{title}</h3>
      <div className="mt-2 space-y-1 text-sm text-stone-800">{children}</div>
    </section>
  );
}
