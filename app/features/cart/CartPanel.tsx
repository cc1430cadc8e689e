import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

/** The Enquiry Cart side panel (a modal dialog: focus stays inside, Escape closes it). */
export default function CartPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const count = 0;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="cart-title"
      onClose={onClose}
      className="m-0 ml-auto h-dvh max-h-dvh w-full max-w-md bg-white p-0 shadow-xl backdrop:bg-black/40"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
          <h2 id="cart-title" className="flex items-center gap-2 text-lg font-bold text-leaf-900">
            Enquiry Cart
            <span className="rounded-full bg-leaf-100 px-2 py-0.5 text-sm text-leaf-800">{count}</span>
          </h2>
          <button type="button" className="btn-ghost px-2" onClick={onClose}>
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close cart</span>
          </button>
        </div>
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <p className="text-stone-600">Your enquiry cart is empty</p>
          <Link to="/products" className="btn-primary" onClick={onClose}>
            Continue Shopping
          </Link>
        </div>
      </div>
    </dialog>
  );
}
