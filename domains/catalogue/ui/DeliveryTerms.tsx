import { Truck } from 'lucide-react';

import { useT } from '#app/lib/language.ts';
import { termsLines } from '#domains/settings/terms.ts';

/** Delivery, minimum order, GST and returns, from the one terms module (domains/settings/terms.ts). */
export function DeliveryTerms() {
  const t = useT();
  return (
    <section aria-labelledby="terms-title" className="rounded-xl border border-stone-200 p-4 text-sm text-stone-700">
      <h2 id="terms-title" className="flex items-center gap-2 font-semibold text-stone-900">
        <Truck aria-hidden="true" className="size-5 text-leaf-700" /> {t('Delivery and terms')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {termsLines(t).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
