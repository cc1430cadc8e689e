/**
 * The server's messages in either language, at once: what it writes for a customer (e-mails, documents) is in the
 * language they sent their enquiry in, and the server holds both catalogues from the start (the browser loads only
 * its page's).
 */
import { malayalamI18n } from '#lib/i18n/malayalam.ts';
import messages from '#lib/i18n/messages/ml.ts';
import { registerMalayalam, type Translate, translator } from '#lib/i18n/translate.ts';
import type { Language } from '#lib/language.ts';

registerMalayalam(malayalamI18n(messages), true);

export const serverTranslator = (language: Language): Translate => translator(language);
