import type { Locator } from 'playwright-core';
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
