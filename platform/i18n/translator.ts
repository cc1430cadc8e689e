/**
 * The server's messages in either language, at once: what it writes for a customer (e-mails, documents) is in the
 * language they sent their enquiry in, and the server holds both catalogues from the start (the browser loads only
 * its page's).
 */
import { malayalamTranslator } from '#lib/i18n/malayalam.ts';
import { registerMalayalam, type Translate, translator } from '#lib/i18n/translate.ts';
import type { Language } from '#lib/language.ts';

registerMalayalam(malayalamTranslator());

export const serverTranslator = (language: Language): Translate => translator(language);
