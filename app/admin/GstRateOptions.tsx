import { useRouteLoaderData } from 'react-router';

import { DEFAULT_GST_RATES, type GstRate } from '#domains/tax/gst.ts';

/** The GST rates the shop offers (its GST_RATES setting), as the admin area's loader gives them. */
function useGstRates(): readonly GstRate[] {
  return useRouteLoaderData<{ gstRates: GstRate[] }>('routes/admin')?.gstRates ?? DEFAULT_GST_RATES;
}

/**
 * The options of a GST rate select: the product dialog's and the quote form's. A rate no longer offered (12 % before
 * September 2025) stays visible as the current value, marked, so it is never changed silently; saving it is refused.
 */
export function GstRateOptions({ current }: { current: GstRate }) {
  const rates = useGstRates();
  const shown = rates.includes(current) ? rates : [...rates, current].sort((a, b) => a - b);
  return shown.map((rate) => (
    <option key={rate} value={rate}>
      {rate}%{rates.includes(rate) ? '' : ' (no longer offered)'}
    </option>
  ));
}
