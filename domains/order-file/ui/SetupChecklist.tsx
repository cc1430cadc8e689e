import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';

import type { SetupSteps } from '#domains/settings/schema.ts';
import { useSettings } from '#domains/settings/ui/settings-api.ts';

/** Each step of setting up the shop, in order, and the settings section it is done in. */
const STEPS: ReadonlyArray<{ step: keyof SetupSteps; label: string; section: string }> = [
  { step: 'details', label: 'The shop’s details: names, GSTIN and registered address', section: 'business' },
  { step: 'dispatch', label: 'The address goods are dispatched from', section: 'dispatch' },
  { step: 'payments', label: 'How customers pay: UPI ID and bank account', section: 'payments' },
  { step: 'images', label: 'The logo and the signature for invoices', section: 'documents' },
];

/**
 * 'Set up your shop' on an administrator's dashboard while the shop is not set up: each step links to its part of
 * the settings and is ticked once done; when every step is, the list is gone.
 */
export function SetupChecklist() {
  const { data } = useSettings();
  if (!data || STEPS.every(({ step }) => data.setup[step])) return null;
  return (
    <section aria-labelledby="setup-title" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="setup-title" className="text-lg font-bold">
        Set up your shop
      </h2>
      <p className="mt-1 text-sm">
        {data.demo
          ? 'The shop still has the demo’s details: every tax document is marked “Specimen, not a tax invoice” until its own are saved.'
          : 'A few details are still the first ones the shop was installed with.'}
      </p>
      <ul className="mt-2">
        {STEPS.map(({ step, label, section }) => {
          const done = data.setup[step];
          return (
            <li key={step}>
              <Link
                to={`/admin/settings#${section}`}
                className="flex min-h-11 items-center gap-2 rounded-lg px-1 font-medium underline-offset-2 hover:underline"
              >
                {done ? (
                  <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-leaf-700" />
                ) : (
                  <Circle aria-hidden="true" className="size-5 shrink-0" />
                )}
                {label}
                <span className="sr-only">{done ? ': done' : ': to do'}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
