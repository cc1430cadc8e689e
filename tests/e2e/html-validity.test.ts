// Valid HTML: every public page as the server renders it passes html-validate's recommended rules, less the few that
// are matters of taste rather than validity (listed below with their reasons). It only fetches HTML from the test
// server, so it needs no browser and runs where Chromium is missing too.
import { HtmlValidate } from 'html-validate';
import { describe, expect, test } from 'vitest';

import { BASE_URL } from './support/browser.ts';
import { publicPages } from './support/catalogue.ts';

// The Malayalam pages carry their messages as JSON before </body> (app/lib/page-html.server.ts).
const PAGES = [
  ...publicPages(),
  '/products?search=plate',
  '/no-such-page',
  '/ml',
  '/ml/products',
  '/ml/contact',
  '/ml/no-such-page',
];

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // Style, not validity: React writes boolean attributes as attr="" and self-closes void elements in SVG.
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'void-style': 'off',
    'no-trailing-whitespace': 'off',
    // HTML attribute names are case-insensitive; React writes some in camelCase (maxLength, autoComplete, charSet).
    'attr-case': 'off',
    // A style advice (keep a phone number on one line); the numbers sit in links that do not wrap.
    'tel-non-breaking': 'off',
    // Tailwind's arbitrary-value classes (w-[calc(100%-1rem)]) are valid class names the rule does not know.
    'valid-id': 'off',
    // Inline style attributes carry aspect ratios (the CSP allows style attributes, not <style>).
    'no-inline-style': 'off',
    // Typographic quotes are the shop's choice of text, not markup errors.
    'unrecognized-char-ref': 'off',
    'no-raw-characters': ['error', { relaxed: true }],
    // A list may carry a name (the gallery's 'Product images'): ARIA allows it, and html-validate 11 knows so, but 10,
    // the last line that runs on Node 20, calls it 'allowed but not recommended'. Labels on elements that cannot be
    // named are still errors.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
  },
});

describe('valid HTML', () => {
  test.each(PAGES)('%s as the server renders it has no HTML errors', async (path) => {
    const response = await fetch(new URL(path, BASE_URL));
    expect(response.status, path).toBe(path.endsWith('/no-such-page') ? 404 : 200);
    const html = await response.text();
    const report = await validator.validateString(html, path);
    const errors = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.ruleId} at ${message.line}:${message.column}: ${message.message}`),
    );
    expect(errors).toEqual([]);
  });
});
