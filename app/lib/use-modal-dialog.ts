import { useEffect, useRef } from 'react';

/** A native <dialog> shown modally while `open` (focus trap, Escape and backdrop come with showModal). */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
