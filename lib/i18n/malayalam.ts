// Lingui's runtime with the compiled Malayalam catalogue: loaded only by a Malayalam page (and by the server).
import { setupI18n } from '@lingui/core';

import messages from './messages/ml.ts';
import type { Translate } from './translate.ts';

export function malayalamTranslator(): Translate {
  const i18n = setupI18n({ locale: 'ml', messages: { ml: messages } });
  return (id, values) => i18n._(id, values);
}
