import { type LucideIcon, Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

import { useT } from '#app/lib/language.ts';
import {
  ANY_QUANTITY,
  type CartonRule,
  cartonRuleProblem,
  correctedQuantity,
  ruleCeiling,
  ruleText,
} from '#domains/catalogue/carton-rules.ts';
import { cartonsIn } from '#lib/i18n/translate.ts';

interface QuantityInputProps {
  value: number;
  max: number;
  onChange: (value: number) => void;
  /** The smallest quantity the minus button reaches: the cart panel goes down to 0, which removes the line. */
  min?: number;
  /**
   * A cart or checkout line (`of` names its product): compact, the label read by screen readers only, and a typed
   * number is committed when the box is left or Enter is pressed, since each change there is a request.
   */
  of?: string;
  /** A change is on its way: the buttons wait (and keep focus). */
  busy?: boolean;
  /** Enter in the box of a product's quantity (not a line's): what the page's main button does, such as adding. */
  onEnter?: () => void;
  /** The minimum order and carton step: the buttons step by it and a typed quantity is corrected to it. */
  rule?: CartonRule;
}

/**
 * The one quantity control: minus, a box the customer can type in, plus. What is typed is kept apart from the
 * quantity (it may be empty or out of range for a moment: Backspace, then 3), so only a whole number in range reaches
 * onChange; leaving the box shows the quantity again. Buttons at a limit are aria-disabled rather than disabled, so
 * the focus stays on them.
 */
export function QuantityInput({
  value,
  max,
  onChange,
  min = 1,
  of,
  busy = false,
  onEnter,
  rule = ANY_QUANTITY,
}: QuantityInputProps) {
  const id = useId();
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  /** Why a typed quantity was changed, until the next change. */
  const [note, setNote] = useState<string | null>(null);
  const ceiling = Math.max(1, max);
  const clamp = (n: number) => Math.min(Math.max(1, n), ceiling);
  const line = of !== undefined;
  /** The typed quantity, corrected to the rule: answers whether it changed. */
  const commit = (): boolean => {
    setDraft(null);
    if (!draft) return false;
    const { quantity, reason } = correctedQuantity(rule, clamp(Number(draft)), ceiling, t);
    setNote(reason);
    if (quantity !== value) onChange(quantity);
    return reason !== null;
  };
  const type = (text: string) => {
    setNote(null);
    const digits = text.replace(/\D/g, '').replace(/^0+/, '');
    if (digits === '') return setDraft('');
    const quantity = clamp(Number(digits));
    setDraft(String(quantity));
    // A quantity the rule refuses waits for the box to be left: 1 may be the start of 15.
    if (!line && quantity !== value && cartonRuleProblem(rule, quantity, '') === null) onChange(quantity);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (commit() || line) return;
    onEnter?.();
  };
  const top = ruleCeiling(rule, max);
  // A typed number above the limit became the limit: say so at once, wherever the box is.
  const atLimit = max > 0 && (value >= top || (draft !== null && draft !== '' && Number(draft) >= ceiling));
  // Below the minimum order the cart panel's minus removes the line (its floor is 0); elsewhere it stops.
  const downFrom = (from: number) =>
    from - rule.cartonStep >= Math.max(rule.minCartons, min) ? from - rule.cartonStep : min === 0 ? 0 : null;
  const upFrom = (from: number) => (from + rule.cartonStep <= top ? from + rule.cartonStep : null);
  // The quantity a button last asked for, until `value` changes: in the cart panel the second press of a double click
  // came before the first's change had reached `value`, and stepped from the old quantity (plus twice added one).
  const asked = useRef<number | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [value]);
  const step = (way: typeof downFrom) => {
    const next = way(asked.current ?? value);
    if (busy || next === null) return;
    asked.current = next;
    setDraft(null);
    setNote(null);
    onChange(next);
  };

  return (
    <div>
      <label htmlFor={id} className={line ? 'sr-only' : 'mb-2 block text-sm font-semibold text-stone-900'}>
        {line ? t('Cartons of {name}', { name: of }) : t('Quantity (cartons)')}
      </label>
      <div className={`flex items-center ${line ? 'gap-1' : 'gap-2'}`}>
        <StepButton icon={Minus} off={busy || downFrom(value) === null} onClick={() => step(downFrom)}>
          {line ? t('Decrease quantity of {name}', { name: of }) : t('Decrease quantity')}
        </StepButton>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          enterKeyHint="done"
          min={rule.minCartons}
          max={top}
          step={rule.cartonStep}
          value={draft ?? String(value)}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={line ? commit : () => setDraft(null)}
          className={`h-11 rounded-lg border border-stone-300 text-center font-semibold ${line ? 'w-14' : 'w-20'}`}
        />
        <StepButton icon={Plus} off={busy || upFrom(value) === null} onClick={() => step(upFrom)}>
          {line ? t('Increase quantity of {name}', { name: of }) : t('Increase quantity')}
        </StepButton>
      </div>
      {atLimit && (
        <p role="status" className={line ? 'mt-1 text-xs text-amber-800' : 'mt-2 text-sm text-amber-800'}>
          {t('Maximum available quantity: {cartons}', { cartons: cartonsIn(t, top) })}
        </p>
      )}
      {note && (
        <p role="status" className={line ? 'mt-1 text-xs text-amber-800' : 'mt-2 text-sm text-amber-800'}>
          {note}
        </p>
      )}
      {!note && !line && (rule.minCartons > 1 || rule.cartonStep > 1) && (
        <p className="mt-2 text-sm text-stone-700">{ruleText(rule, t)}</p>
      )}
    </div>
  );
}

/**
 * A button of the stepper, named for screen readers by `children`; `off` (busy, or no step that way) leaves it in the
 * tab order and announced, doing nothing.
 */
function StepButton({
  icon: Icon,
  off,
  onClick,
  children,
}: {
  icon: LucideIcon;
  off: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="btn-outline size-11 p-0" aria-disabled={off || undefined} onClick={onClick}>
      <Icon aria-hidden="true" className="size-4" />
      <span className="sr-only">{children}</span>
    </button>
  );
}
