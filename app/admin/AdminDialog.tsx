import { type ReactNode, useId } from 'react';

import { CloseButton } from '#app/ui/CloseButton.tsx';
import { ModalDialog } from '#app/ui/ModalDialog.tsx';

/**
 * An admin dialog: nearly the whole screen on a phone, 48rem at most on a laptop, its title bar staying on top while
 * the rest scrolls; `className` adds to the dialog (e.g. print rules).
 */
export function AdminDialog({
  title,
  onClose,
  className = '',
  children,
}: {
  title: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      // Printed, an open record or form is the page: alone, its whole length, without the list behind it.
      className={`print-alone m-auto max-h-[95dvh] w-[calc(100%-1rem)] max-w-3xl overflow-y-auto rounded-2xl print:max-h-none print:w-full print:max-w-none print:shadow-none ${className}`}
    >
      <div className="sticky top-0 z-10 flex items-center justify-between border-b border-stone-200 bg-white px-4 py-3 print:static">
        <h2 id={titleId} className="text-lg font-bold text-leaf-900">
          {title}
        </h2>
        <CloseButton className="print:hidden" onClick={onClose} />
      </div>
      {children}
    </ModalDialog>
  );
}

/** Why a dialog shows nothing yet: it is loading, or its data could not be loaded. */
export function DialogLoading({ failed, what }: { failed: boolean; what: string }) {
  return failed ? (
    <p role="alert" className="p-4 text-red-800">
      {what} could not be loaded.
    </p>
  ) : (
    <p role="status" className="p-4 text-stone-700">
      Loading…
    </p>
  );
}
