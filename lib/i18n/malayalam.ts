// Lingui's runtime: loaded only by a Malayalam page (and by the server), with the messages it is given.
import { type I18n, type Messages, setupI18n } from '@lingui/core';

export const malayalamI18n = (messages: Messages): I18n => setupI18n({ locale: 'ml', messages: { ml: messages } });
