/**
 * Turns the Malayalam catalogue's ICU messages into Lingui's compiled form, so the browser needs no message parser: run by
 * `npm run messages` after the catalogue changes, and by a test that fails when the compiled files are out of date.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';

type Catalogue = Record<string, string>;

export function compiledCatalogue(messages: Catalogue): Record<string, unknown> {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]));
}

/** The module a compiled catalogue is kept in. */
export function catalogueModule(compiled: Record<string, unknown>): string {
  return [
    '// Written by `npm run messages` from lib/i18n/messages/ml.json: edit that, not this.',
    "import type { Messages } from '@lingui/core';",
    '',
    `const messages: Messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`,
    'export default messages;',
    '',
  ].join('\n');
}
