import { Undo2 } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { useT } from '#app/lib/language.ts';

/**
 * Where a removed line was: says so and offers Undo. It takes the focus when it appears, so a keyboard or
 * screen-reader user is not left on a button that no longer exists.
 */
export function RemovedLine({ name, onUndo, busy }: { name: string; onUndo: () => void; busy: boolean }) {
  const undo = useRef<HTMLButtonElement>(null);
  const t = useT();
  useEffect(() => undo.current?.focus(), [name]);
  return (
    <p role="status" className="flex items-center justify-between gap-3 rounded-lg bg-stone-100 px-3 py-1 text-sm text-stone-800">
      <span className="min-w-0">
        <span className="font-semibold">{name}</span> {t('removed.')}
      </span>
      <button
        ref={undo}
        type="button"
        className="btn-ghost shrink-0 text-leaf-800"
        aria-disabled={busy || undefined}
        onClick={busy ? undefined : onUndo}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        {t('Undo')}
        <span className="sr-only"> {t('removing {name}', { name })}</span>
      </button>
    </p>
  );
}
