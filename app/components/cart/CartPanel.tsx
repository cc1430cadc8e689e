import { Minus, Plus, Trash2, X } from 'lucide-react';
import { Link, useNavigate } from 'react-router';

import type { CartItem } from '../../../core/enquiry';
import { formatRupees } from '../../../core/money';
import { cartTotal, itemCarton, itemMax, itemOptionsText, itemPrice } from '../../lib/line-price';
import { PLACEHOLDER_IMAGE } from '../../lib/placeholder';
import { useToast } from '../../lib/toast';
import { useCart, useRemoveLine, useSetQuantity } from '../../lib/use-cart';
import { ModalDialog } from '../ui/ModalDialog';

/** The Enquiry Cart side panel (a modal dialog: focus stays inside, Escape closes it). */
export default function CartPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const items = useCart().data ?? [];

  return (
    <ModalDialog open={open} labelledBy="cart-title" onClose={onClose} className="m-0 ml-auto h-dvh max-h-dvh w-full max-w-md">
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
          <h2 id="cart-title" className="flex items-center gap-2 text-lg font-bold text-leaf-900">
            Enquiry Cart
            <span className="rounded-full bg-leaf-100 px-2 py-0.5 text-sm text-leaf-800">{items.length}</span>
          </h2>
          <button type="button" className="btn-ghost px-2" onClick={onClose}>
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close cart</span>
          </button>
        </div>
        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
            <p className="text-stone-600">Your enquiry cart is empty</p>
            <Link to="/products" className="btn-primary" onClick={onClose}>
              Continue Shopping
            </Link>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-stone-200 overflow-y-auto px-5">
              {items.map((item) => (
                <CartLine key={item.id} item={item} />
              ))}
            </ul>
            <div className="space-y-3 border-t border-stone-200 px-5 py-4">
              <p className="flex justify-between text-lg font-bold">
                <span>Total</span>
                <span>{formatRupees(cartTotal(items))}</span>
              </p>
              <button
                type="button"
                className="btn-primary w-full"
                onClick={() => {
                  onClose();
                  void navigate('/checkout');
                }}
              >
                Submit Enquiry
              </button>
              <Link to="/products" className="btn-outline w-full" onClick={onClose}>
                Continue Shopping
              </Link>
            </div>
          </>
        )}
      </div>
    </ModalDialog>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const toast = useToast();
  const setQuantity = useSetQuantity();
  const remove = useRemoveLine();
  const line = { productId: item.productId, variationId: item.variationId, optionIds: item.optionIds };
  const options = itemOptionsText(item);
  const carton = itemCarton(item);
  const change = (quantity: number) =>
    setQuantity.mutate(
      { line, quantity: Math.max(0, quantity) },
      { onError: () => toast({ title: 'Error', description: 'Failed to update quantity', variant: 'destructive' }) },
    );

  return (
    <li className="flex gap-3 py-4">
      <img
        src={item.product.imageUrl || PLACEHOLDER_IMAGE}
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
        <p className="text-sm text-stone-700">{formatRupees(itemPrice(item))} per carton</p>
        <p className="text-sm text-stone-600">
          {carton.unitsPerCarton} {carton.unitType} per carton
        </p>
        <div className="mt-2 flex items-center gap-2">
          <button type="button" className="btn-outline size-9 min-h-9 p-0" onClick={() => change(item.quantity - 1)}>
            <Minus aria-hidden="true" className="size-4" />
            <span className="sr-only">Decrease quantity of {item.product.name}</span>
          </button>
          <span className="w-8 text-center font-semibold" aria-label={`Quantity ${item.quantity}`}>
            {item.quantity}
          </span>
          <button
            type="button"
            className="btn-outline size-9 min-h-9 p-0"
            disabled={item.quantity >= itemMax(item)}
            onClick={() => change(item.quantity + 1)}
          >
            <Plus aria-hidden="true" className="size-4" />
            <span className="sr-only">Increase quantity of {item.product.name}</span>
          </button>
          <button
            type="button"
            className="btn-ghost ml-auto size-9 min-h-9 p-0 text-red-700"
            onClick={() =>
              remove.mutate(line, {
                onError: () => toast({ title: 'Error', description: 'Failed to remove item', variant: 'destructive' }),
              })
            }
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="sr-only">Remove {item.product.name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
