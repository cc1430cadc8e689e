import type { LucideIcon } from 'lucide-react';

import { useT } from '#app/lib/language.ts';

/** The title and text are English messages, marked `msg(…)` where the cards are written: shown in the page's language. */
export interface IconCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Four short points with an icon each (the about page's features, the home page's reasons). */
export function IconCards({ items, cardClassName }: { items: readonly IconCard[]; cardClassName: string }) {
  const t = useT();
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className={`rounded-xl p-6 ${cardClassName}`}>
          <Icon aria-hidden="true" className="size-8 text-leaf-700" />
          <h3 className="mt-4 font-semibold text-stone-900">{t(title)}</h3>
          <p className="mt-2 text-sm text-stone-700">{t(text)}</p>
        </li>
      ))}
    </ul>
  );
}
