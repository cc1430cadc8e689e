import type { ReactNode } from 'react';

import { Titled } from '#app/ui/Titled.tsx';

/** A bordered box beside the product (its quantity prices, why to enquire), named by its heading. */
export function SideBox({
  id,
  title,
  className = '',
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Titled id={id} title={title} heading="text-base" className={`rounded-xl border border-leaf-200 p-4 ${className}`}>
      {children}
    </Titled>
  );
}
