// Assertions for the browser tests that wait until the page shows what is expected (vitest has no web-first matchers).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// vitest's expect has no web-first Playwright matchers: these poll until the state holds.

/** Polling timeout: generous, since the browser shares 2 cores with the server and other workers. */
export const POLL_TIMEOUT_MS = 10_000;

/** `expect.poll` with the polling timeout above. */
export function poll<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, { timeout: POLL_TIMEOUT_MS, interval: 50, message });
}

export async function expectVisible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
}

export async function expectHidden(locator: Locator): Promise<void> {
  await poll(() => locator.isVisible(), `${locator} should be hidden`).toBe(false);
}

export async function expectCount(locator: Locator, count: number): Promise<void> {
  await poll(() => locator.count(), `${locator} count`).toBe(count);
}

export async function expectURL(page: Page, path: string): Promise<void> {
  await poll(() => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  }, 'page path').toBe(path);
}

/** The trimmed inner texts of the matches. */
export async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** Whether the element has focus. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}
