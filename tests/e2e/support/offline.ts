import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import type { OpenPageOptions } from './browser.ts';
import { poll } from './expect.ts';

/**
 * A page the service worker may control, for the tests of offline use. Offline, every request that goes out fails and
 * says so in the console: expected there.
 */
export const WITH_WORKER: OpenPageOptions = {
  allowRequest: () => true,
  // What the browser itself says offline: a request that could not go out, and the worker's own script that it could
  // not fetch when it looked for an update on a navigation.
  allowConsole: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load|An unknown error occurred when fetching the script/],
  context: { serviceWorkers: 'allow' },
};

/** Waits until the worker controls the page and has stored every file of offline-assets.json. */
export async function codeStored(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  const wanted = (await (await page.request.get('/offline-assets.json')).json()) as string[];
  expect(wanted.length).toBeGreaterThan(10);
  await poll(
    () =>
      page.evaluate(async (paths) => {
        // The worker's code cache, whichever release of public/sw.js named it (`assets-<version>`).
        const name = (await caches.keys()).find((key) => key.startsWith('assets-'));
        if (!name) return paths;
        const cache = await caches.open(name);
        const stored = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
        return paths.filter((path) => !stored.has(path));
      }, wanted),
    'files not stored yet',
  ).toEqual([]);
}
