import { CircleAlert } from 'lucide-react';

import { useT } from '#app/lib/language.ts';

/**
 * An inline red alert for an error, announced when it appears. The message is English (the server's or the form's
 * fallback): its id in the page's catalogue.
 */
export function InlineAlert({ message }: { message: string }) {
  const t = useT();
  return (
    <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{t(message)}</p>
    </div>
  );
}
