import { useT } from '#app/lib/language.ts';

import { InlineAlert } from './InlineAlert.tsx';

/**
 * A form's last row: why the server refused it, in a red alert right above the button that sent it, and that button,
 * which while the form is on its way is disabled and says so. On a page the button takes the whole width; in a dialog
 * (`onCancel` given) it stands at the end of the row with Cancel before it.
 */
export function SubmitRow({
  alert,
  sending,
  label,
  sendingLabel,
  disabled = false,
  onCancel,
}: {
  alert: string | null;
  sending: boolean;
  label: string;
  sendingLabel: string;
  /** Held off for another reason too (the page is already leaving). */
  disabled?: boolean;
  onCancel?: () => void;
}) {
  const t = useT();
  const submit = (
    <button type="submit" className={onCancel ? 'btn-primary min-h-11' : 'btn-primary w-full'} disabled={sending || disabled}>
      {sending ? sendingLabel : label}
    </button>
  );
  return (
    <>
      {alert && <InlineAlert message={alert} />}
      {onCancel ? (
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline min-h-11" onClick={onCancel}>
            {t('Cancel')}
          </button>
          {submit}
        </div>
      ) : (
        submit
      )}
    </>
  );
}
