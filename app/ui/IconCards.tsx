import type { LucideIcon } from 'lucide-react';

export interface IconCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Four short points with an icon each (the about page's features, the home page's reasons). */
export function IconCards({ items, cardClassName }: { items: readonly IconCard[]; cardClassName: string }) {
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className={`rounded-xl p-6 ${cardClassName}`}>
          <Icon aria-hidden="true" className="size-8 text-leaf-700" />
          <h3 className="mt-4 font-semibold text-stone-900">{title}</h3>
          <p className="mt-2 text-sm text-stone-700">{text}</p>
        </li>
      ))}
    </ul>
  );
}
