import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { useT } from '#app/lib/language.ts';
import { useCart } from '#domains/cart/ui/use-cart.ts';
import { forgetDirectLines } from '#domains/enquiry/ui/enquiry-storage.ts';

// The panel is not needed for the first paint: it loads when first opened.
const CartPanel = lazy(() => import('#domains/cart/ui/CartPanel.tsx'));

export function CartButton() {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const count = useCart().data?.length ?? 0;
  const t = useT();

  return (
    <>
      <button
        type="button"
        className="btn-ghost relative min-w-11 px-2"
        aria-haspopup="dialog"
        onClick={() => {
          setEverOpened(true);
          setOpen(true);
        }}
      >
        <ShoppingBag aria-hidden="true" className="size-6" />
        <span className="sr-only">{t('Enquiry Cart, {count} items', { count })}</span>
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex size-5 items-center justify-center rounded-full bg-leaf-700 text-xs font-bold text-white"
        >
          {count}
        </span>
      </button>
      {everOpened && (
        <Suspense fallback={null}>
          <CartPanel open={open} onClose={() => setOpen(false)} onCheckout={forgetDirectLines} />
        </Suspense>
      )}
    </>
  );
}
