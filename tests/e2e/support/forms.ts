import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

import { poll } from './expect.ts';

/** The error message a field points at with aria-describedby (an id ending in -error), or null. */
export function fieldError(field: Locator): Promise<string | null> {
  return field.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
    const node = ids.map((id) => document.getElementById(id)).find((n) => n !== null);
    return node ? (node.textContent ?? '').trim() : null;
  });
}

/** The field shows `message` (null: none) and says so with aria-invalid. */
export async function expectFieldError(field: Locator, message: string | null): Promise<void> {
  await poll(() => fieldError(field), `error of ${field}`).toBe(message);
  expect(await field.getAttribute('aria-invalid')).toBe(message === null ? 'false' : 'true');
}

/** A form's fields, each by its exact label, under the names the test reads them by. */
export function fieldsByLabel<Name extends string>(form: Locator, labels: Record<Name, string>): Record<Name, Locator> {
  const entries = Object.entries<string>(labels).map(([name, label]) => [name, form.getByLabel(label, { exact: true })]);
  return Object.fromEntries(entries) as Record<Name, Locator>;
}

/**
 * Watches the scripts a page loads for Zod (its class names survive minifying): `withPage()` says whether any script
 * loaded so far holds it, and `loadsLater()` waits until one loaded after the page does. Start it before the visit.
 */
export function watchForZod(page: Page) {
  const scripts: Array<Promise<boolean>> = [];
  let pageScripts = 0;
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.text().then(
        (body) => body.includes('"$ZodType"'),
        () => false,
      ),
    );
  });
  return {
    async withPage(): Promise<boolean> {
      pageScripts = scripts.length;
      return (await Promise.all(scripts)).includes(true);
    },
    loadsLater: () =>
      poll(async () => (await Promise.all(scripts.slice(pageScripts))).includes(true), 'Zod loaded after the page').toBe(true),
  };
}
