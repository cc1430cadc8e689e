import { type ReactNode, useEffect, useRef } from 'react';

interface ModalDialogProps {
  /** Shown while true (default: while mounted). */
  open?: boolean;
  /** The id of the dialog's heading. */
  labelledBy: string;
  /** Escape, the backdrop's close or a close() call. */
  onClose: () => void;
  /** Where and how big: the look (white, shadow, dimmed backdrop) is the same for every dialog. */
  className: string;
  /** Escape closes it (default). A dialog that must be answered stays open, and is shown again if the browser closes it. */
  dismissible?: boolean;
  children: ReactNode;
}

/** A native <dialog> shown modally: the focus trap, Escape and the backdrop come with showModal(). */
export function ModalDialog({ open = true, labelledBy, onClose, className, dismissible = true, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        if (!dismissible) event.preventDefault();
      }}
      onClose={() => {
        // Chromium lets a second Escape close even a dialog whose cancel was refused.
        if (!dismissible && open) dialog.current?.showModal();
        else onClose();
      }}
      className={`bg-white p-0 shadow-xl backdrop:bg-black/40 ${className}`}
    >
      {children}
    </dialog>
  );
}
