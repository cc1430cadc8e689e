import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

import { statusLabel } from '#app/admin/format.ts';
import { ENQUIRY_STATUSES, type EnquiryStatus } from '#domains/enquiry/model.ts';

/** Keys that move a closed select's choice: each fires a change, which must not save. */
const MOVING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The enquiry's current status and the selector that changes it. A choice made by pointer or touch (a phone's
 * picker) saves at once; one made by keyboard saves only when committed (Enter, the Save button, or leaving the
 * selector), because a closed select changes its value on every arrow press and each change would otherwise be a
 * status written to the history and, for some statuses, an e-mail to the customer. Escape puts the choice back.
 * After the change is saved the focus moves to the current status line, which says what it now is.
 */
export function StatusSelect({
  current,
  saving,
  asking,
  onCommit,
}: {
  current: EnquiryStatus;
  /** A change is on its way to the server. */
  saving: boolean;
  /** The choice was committed and waits on a step below (the dispatch details, a confirmation). */
  asking: boolean;
  onCommit: (status: EnquiryStatus) => void;
}) {
  // A choice not saved yet belongs to the status it was made from: once the status changes, the selector shows it.
  const [draft, setDraft] = useState<{ from: EnquiryStatus; to: EnquiryStatus } | null>(null);
  const choice = draft && draft.from === current ? draft.to : current;
  const setChoice = (to: EnquiryStatus) => setDraft({ from: current, to });
  const keyed = useRef(false);
  const committed = useRef<EnquiryStatus | null>(null);
  const line = useRef<HTMLParagraphElement>(null);

  // After a change committed here is saved, the focus goes to the line that says the new status.
  useEffect(() => {
    if (committed.current === current) {
      committed.current = null;
      line.current?.focus();
    }
  }, [current]);

  // A change that was refused can be committed again.
  useEffect(() => {
    if (!saving) committed.current = null;
  }, [saving]);

  const commit = (status: EnquiryStatus) => {
    keyed.current = false;
    // Once per choice: leaving the selector for the Save button commits it, and so does the button's click.
    if (status === current || status === committed.current || saving) return;
    committed.current = status;
    onCommit(status);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (MOVING_KEYS.has(event.key) || event.key.length === 1) keyed.current = true;
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(choice);
    }
    if (event.key === 'Escape' && choice !== current) {
      // Only the choice is undone; the dialog stays open.
      event.preventDefault();
      event.stopPropagation();
      keyed.current = false;
      setChoice(current);
    }
  };

  return (
    <>
      <p ref={line} tabIndex={-1} role="status" className="focus:outline-none">
        Current status: {statusLabel(current)}
      </p>
      <label htmlFor="order-status" className="block pt-1 font-semibold print:hidden">
        Change status
      </label>
      <div className="flex gap-2 print:hidden">
        <select
          id="order-status"
          value={choice}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const status = event.target.value as EnquiryStatus;
            setChoice(status);
            if (!keyed.current) commit(status);
          }}
          onBlur={() => {
            if (keyed.current) commit(choice);
          }}
          aria-describedby={choice !== current ? 'order-status-unsaved' : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border border-stone-300 px-3"
        >
          {ENQUIRY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
        {choice !== current && !asking && (
          <button type="button" className="btn-primary min-h-11 shrink-0" onClick={() => commit(choice)}>
            Save status
          </button>
        )}
      </div>
      {choice !== current && (
        <p id="order-status-unsaved" className="text-stone-700 print:hidden">
          {asking ? 'Not saved yet: confirm it below, or keep the current status.' : 'Not saved yet: press Enter or Save status.'}
        </p>
      )}
    </>
  );
}
