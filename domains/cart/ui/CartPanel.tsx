import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';

import { useLocalNavigate, useT } from '#app/lib/language.ts';
import { PLACEHOLDER_IMAGE } from '#app/lib/placeholder.ts';
import { useToast } from '#app/lib/toast.tsx';
import { failureToast } from '#app/lib/use-online.ts';
import { CloseButton } from '#app/ui/CloseButton.tsx';
import { Link } from '#app/ui/LocalLink.tsx';
import { ModalDialog } from '#app/ui/ModalDialog.tsx';
import { cartTotal, itemCarton, itemList, itemMax, itemOptionsText, itemPrice, itemRule } from '#domains/cart/line-price.ts';
import type { CartItem } from '#domains/cart/model.ts';
import { useRemoveLine, useSetQuantity } from '#domains/cart/ui/line-changes.ts';
import { type LineRef, useAddToCart, useCart } from '#domains/cart/ui/use-cart.ts';
import { correctedQuantity } from '#domains/catalogue/carton-rules.ts';
import { GuestPlanner } from '#domains/catalogue/ui/GuestPlanner.tsx';
import { NextBreak } from '#domains/catalogue/ui/PriceBreaks.tsx';
import { QuantityInput } from '#domains/catalogue/ui/QuantityInput.tsx';
import { useUnits } from '#domains/catalogue/ui/units.ts';
import { imageAtWidth } from '#lib/images.ts';
import { formatRupees } from '#lib/money.ts';

import { RemovedLine } from './RemovedLine.tsx';

interface Removed {
  name: string;
  line: LineRef;
  quantity: number;
}

const lineOf = (item: CartItem): LineRef => ({
  productId: item.productId,
  variationId: item.variationId,
  optionIds: item.optionIds,
});

/**
 * The Enquiry Cart side panel (a modal dialog: focus stays inside, Escape closes it). `onCheckout`: what going to the
 * checkout from the cart does first (the shell, which knows the checkout, says).
 */
export default function CartPanel({
  open,
  onClose: close,
  onCheckout,
}: {
  open: boolean;
  onClose: () => void;
  onCheckout: () => void;
}) {
  const navigate = useLocalNavigate();
  const toast = useToast();
  const t = useT();
  const items = useCart().data ?? [];
  const title = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const restore = useAddToCart();
  // An Undo belongs to the visit in which the line was removed.
  const onClose = () => {
    setRemoved(null);
    close();
  };
  const removeLine = useRemoveLine();
  const setQuantity = useSetQuantity();
  // Removals run here, not in the line, which is gone (and its callbacks with it) as soon as the cart refreshes.
  // The removal is said once the shop has made it, never before (offline it is not made, and the line stays).
  const remove = (item: CartItem, how: 'remove' | 'minus') => {
    const line = lineOf(item);
    const done = () => setRemoved({ name: item.product.name, line, quantity: item.quantity });
    const failed = (description: string) => (error: Error) =>
      toast(failureToast(error, description, t('{name} was not removed.', { name: item.product.name })));
    if (how === 'remove') removeLine.mutate(line, { onSuccess: done, onError: failed(t('Failed to remove item')) });
    else setQuantity.mutate({ line, quantity: 0 }, { onSuccess: done, onError: failed(t('Failed to update quantity')) });
  };
  const undo = () => {
    if (!removed) return;
    restore.mutate(
      { ...removed.line, quantity: removed.quantity },
      {
        onSuccess: () => {
          setRemoved(null);
          title.current?.focus();
        },
        onError: (error) =>
          toast(
            failureToast(
              error,
              t('Failed to add item to cart. Please try again.'),
              t('{name} was not put back.', { name: removed.name }),
            ),
          ),
      },
    );
  };

  return (
    <ModalDialog open={open} labelledBy="cart-title" onClose={onClose} className="m-0 ml-auto h-dvh max-h-dvh w-full max-w-md">
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
          <h2
            id="cart-title"
            ref={title}
            tabIndex={-1}
            className="flex items-center gap-2 text-lg font-bold text-leaf-900 focus:outline-none"
          >
            {t('Enquiry Cart')}
            <span className="rounded-full bg-leaf-100 px-2 py-0.5 text-sm text-leaf-800">{items.length}</span>
          </h2>
          <CloseButton label={t('Close cart')} onClick={onClose} />
        </div>
        {removed && (
          <div className="px-5 pt-3">
            <RemovedLine name={removed.name} busy={restore.isPending} onUndo={undo} />
          </div>
        )}
        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
            <p className="text-stone-600">{t('Your enquiry cart is empty')}</p>
            <Link to="/products" className="btn-primary" onClick={onClose}>
              {t('Continue Shopping')}
            </Link>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-stone-200 overflow-y-auto px-5">
              {items.map((item) => (
                <CartLine key={item.id} item={item} onRemove={(how) => remove(item, how)} />
              ))}
            </ul>
            <div className="space-y-3 border-t border-stone-200 px-5 py-4">
              <p className="flex justify-between text-lg font-bold">
                <span>{t('Total')}</span>
                <span>{formatRupees(cartTotal(items))}</span>
              </p>
              <button
                type="button"
                className="btn-primary w-full"
                onClick={() => {
                  onClose();
                  onCheckout();
                  void navigate('/checkout');
                }}
              >
                {t('Submit Enquiry')}
              </button>
              <Link to="/products" className="btn-outline w-full" onClick={onClose}>
                {t('Continue Shopping')}
              </Link>
            </div>
          </>
        )}
      </div>
    </ModalDialog>
  );
}

/** One line; its removal (the remove button, or minus at 1) is the panel's, which offers Undo. */
function CartLine({ item, onRemove }: { item: CartItem; onRemove: (how: 'remove' | 'minus') => void }) {
  const toast = useToast();
  const t = useT();
  const { units } = useUnits();
  const setQuantity = useSetQuantity();
  const options = itemOptionsText(item);
  const carton = itemCarton(item);
  const change = (quantity: number) => {
    if (quantity === 0) return onRemove('minus');
    setQuantity.mutate(
      { line: lineOf(item), quantity },
      { onError: () => toast({ title: t('Error'), description: t('Failed to update quantity'), variant: 'destructive' }) },
    );
  };

  return (
    <li className="flex gap-3 py-4">
      <img
        src={imageAtWidth(item.product.imageUrl, 128) || PLACEHOLDER_IMAGE}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        onError={(event) => (event.currentTarget.src = PLACEHOLDER_IMAGE)}
        className="size-16 shrink-0 rounded-lg bg-leaf-50 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">{item.product.name}</p>
        {options && <p className="text-sm text-stone-600">{options}</p>}
        <p className="text-sm text-stone-700">{t('{price} per carton', { price: formatRupees(itemPrice(item)) })}</p>
        <NextBreak list={itemList(item)} quantity={item.quantity} />
        <p className="text-sm text-stone-600">
          {t('{units} per carton', { units: units(carton.unitsPerCarton, carton.unitType) })}
        </p>
        <div className="mt-2 flex items-center justify-between gap-2">
          <QuantityInput
            value={item.quantity}
            min={0}
            max={itemMax(item)}
            rule={itemRule(item)}
            of={item.product.name}
            onChange={change}
          />
          <button type="button" className="btn-ghost size-11 p-0 text-red-700" onClick={() => onRemove('remove')}>
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('Remove {name}', { name: item.product.name })}</span>
          </button>
        </div>
        <div className="mt-2">
          <GuestPlanner
            unitsPerCarton={carton.unitsPerCarton}
            unitType={carton.unitType}
            max={itemMax(item)}
            onUse={(cartons) => change(correctedQuantity(itemRule(item), cartons, itemMax(item)).quantity)}
          />
        </div>
      </div>
    </li>
  );
}
