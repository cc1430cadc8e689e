import { X } from 'lucide-react';

/** The × that closes a dialog or panel: a 44 px target named for screen readers. */
export function CloseButton({
  label = 'Close',
  className = '',
  onClick,
}: {
  label?: string;
  className?: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className={`btn-ghost size-11 shrink-0 p-0 ${className}`} onClick={onClick}>
      <X aria-hidden="true" className="size-5" />
      <span className="sr-only">{label}</span>
    </button>
  );
}
