import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';

import { useT } from '#app/lib/language.ts';

/**
 * A toast's words are shown in the page's language: a message given in English (an id of the catalogue, as the shared
 * failure toasts give them) is translated where it is drawn, and one already translated is shown as it is.
 */
export interface Toast {
  title: string;
  /** Sentences, each translated on its own (a cause and what to do about it). */
  description?: string | readonly string[];
  variant?: 'default' | 'destructive';
  /**
   * The toast takes the focus: it is the one message saying what an action did, and the control that was pressed is
   * gone or disabled. It stays while the focus is in it; dismissed, the focus goes to the page.
   */
  focus?: boolean;
}

/** Default display time: 5000 ms (one toast shows at a time). */
export const TOAST_DURATION_MS = 5000;

const ToastContext = createContext<(toast: Toast) => void>(() => {});

/** Shows one toast at a time: a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { id: number }) | null>(null);
  /** While the focus is in the toast, it stays (time to read it is the reader's own). */
  const [held, setHeld] = useState(false);
  const counter = useRef(0);
  const show = useCallback((toast: Toast) => setCurrent({ ...toast, id: ++counter.current }), []);

  useEffect(() => {
    if (!current || held) return;
    const timer = setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current, held]);

  const close = () => {
    const hadFocus = held;
    setCurrent(null);
    setHeld(false);
    if (hadFocus) document.getElementById('main-content')?.focus();
  };
  const card = current && <ToastCard key={current.id} toast={current} onClose={close} onHeld={setHeld} />;
  const destructive = current?.variant === 'destructive';
  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* Both regions always exist so screen readers announce what appears in them. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4 sm:justify-end">
        <div role="status" aria-live="polite" className="contents">
          {!destructive && card}
        </div>
        <div role="alert" aria-live="assertive" className="contents">
          {destructive && card}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastCard({ toast, onClose, onHeld }: { toast: Toast; onClose: () => void; onHeld: (held: boolean) => void }) {
  const destructive = toast.variant === 'destructive';
  const self = useRef<HTMLDivElement>(null);
  const { focus } = toast;
  const t = useT();
  useEffect(() => {
    if (focus) self.current?.focus();
  }, [focus]);
  return (
    <div
      ref={self}
      data-testid="toast"
      tabIndex={focus ? -1 : undefined}
      onFocus={() => onHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onHeld(false);
      }}
      className={`pointer-events-auto w-full max-w-sm rounded-xl border p-4 shadow-lg focus:outline-3 focus:outline-leaf-700 ${
        destructive ? 'border-red-300 bg-red-50 text-red-900' : 'border-leaf-200 bg-white text-stone-900'
      }`}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="font-semibold">{t(toast.title)}</p>
          {toast.description && (
            <p className="mt-1 text-sm">
              {(typeof toast.description === 'string' ? [toast.description] : toast.description).map((part) => t(part)).join(' ')}
            </p>
          )}
        </div>
        <button type="button" onClick={onClose} className="rounded px-1 text-sm underline-offset-2 hover:underline">
          {t('Dismiss')}
        </button>
      </div>
    </div>
  );
}

export function useToast(): (toast: Toast) => void {
  return useContext(ToastContext);
}
