import type { ReactNode } from 'react';

interface TitledProps {
  /** The landmark or section element: named by its heading. */
  as?: 'section' | 'aside' | 'nav';
  /** The heading's id, which names the element for screen readers. */
  id: string;
  title: ReactNode;
  className?: string;
  /** The heading's size and layout (Tailwind classes); it is always bold and in the shop's dark green. */
  heading?: string;
  children: ReactNode;
}

/** A part of a page named by its h2 (aria-labelledby), so screen readers list it by that name. */
export function Titled({ as: Element = 'section', id, title, className, heading = 'text-3xl', children }: TitledProps) {
  return (
    <Element aria-labelledby={id} className={className}>
      <h2 id={id} className={`${heading} font-bold text-leaf-900`}>
        {title}
      </h2>
      {children}
    </Element>
  );
}
