import { X } from 'lucide-react';

import { useT } from '#app/lib/language.ts';

/** The × that closes a dialog or panel: a 44 px target named for screen readers. */
export function CloseButton({ label, className = '', onClick }: { label?: string; className?: string; onClick: () => void }) {
  const t = useT();
  return (
    <button type="button" className={`btn-ghost size-11 shrink-0 p-0 ${className}`} onClick={onClick}>
      <X aria-hidden="true" className="size-5" />
      <span className="sr-only">{label ?? t('Close')}</span>
    </button>
  );
}
