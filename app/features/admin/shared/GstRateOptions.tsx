import { GST_RATES } from '../../../../core/gst';

/** The options of a GST rate select: the product dialog's and the quote form's. */
export function GstRateOptions() {
  return GST_RATES.map((rate) => (
    <option key={rate} value={rate}>
      {rate}%
    </option>
  ));
}
