// Lingui's runtime with the compiled Malayalam catalogue: loaded only by a Malayalam page (and by the server).
import { setupI18n } from '@lingui/core';

import messages from './messages/ml.ts';

/** A `Translate` (./translate.ts, which loads this file: the shape is written out so the two do not import each other). */
export function malayalamTranslator(): (id: string, values?: Record<string, string | number>) => string {
  const i18n = setupI18n({ locale: 'ml', messages: { ml: messages } });
  return (id, values) => i18n._(id, values);
}
