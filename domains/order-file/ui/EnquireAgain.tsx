import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';

import { sendJson } from '#app/lib/api.ts';
import { useT } from '#app/lib/language.ts';
import { CART_KEY } from '#domains/cart/ui/use-cart.ts';
import type { EnquireAgainResult } from '#domains/order-file/customer-view.ts';
import type { Translate } from '#lib/i18n/translate.ts';

const lines = (t: Translate, count: number) => (count === 1 ? t('{count} line', { count }) : t('{count} lines', { count }));

/** What the tap did, in one sentence in the page's language: a second tap adds nothing, and says so. */
function resultText(t: Translate, { added, alreadyInCart }: EnquireAgainResult): string {
  const already = alreadyInCart ? t('{lines} already in your enquiry cart', { lines: lines(t, alreadyInCart) }) : '';
  if (added === 0)
    return already ? t('Nothing to add: {already}.', { already }) : t('Nothing could be added to your enquiry cart.');
  return already
    ? t('{lines} added to your enquiry cart at today’s prices; {already}.', { lines: lines(t, added), already })
    : t('{lines} added to your enquiry cart at today’s prices.', { lines: lines(t, added) });
}

/**
 * 'Enquire again': the enquiry's lines go into the cart at today's prices; what could not be added is named with
 * the reason, and the result takes the focus so a screen reader hears it.
 */
export function EnquireAgain({ displayId }: { displayId: number }) {
  const queryClient = useQueryClient();
  const t = useT();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<EnquireAgainResult | 'failed' | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const enquireAgain = async () => {
    setPending(true);
    try {
      setResult(await sendJson<EnquireAgainResult>('POST', `/api/account/enquiries/${displayId}/enquire-again`));
      await queryClient.invalidateQueries({ queryKey: CART_KEY });
    } catch {
      setResult('failed');
    } finally {
      setPending(false);
      requestAnimationFrame(() => resultRef.current?.focus());
    }
  };

  return (
    <div className="mt-6">
      <button type="button" className="btn-primary min-h-11" disabled={pending} onClick={() => void enquireAgain()}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {pending ? t('Adding to your cart...') : t('Enquire again')}
      </button>
      <div ref={resultRef} tabIndex={-1} role="status" className="mt-3 outline-offset-4">
        {result === 'failed' && <p className="text-red-800">{t('The lines could not be added. Please try again.')}</p>}
        {result && result !== 'failed' && (
          <>
            <p className="font-medium text-leaf-900">{resultText(t, result)}</p>
            {result.unavailable.length > 0 && (
              <>
                <p className="mt-2 text-stone-800">{t('Not added:')}</p>
                <ul className="list-disc pl-6 text-stone-800">
                  {result.unavailable.map((line) => (
                    <li key={line.name}>
                      {line.name}: {t(line.reason)}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
