import { afterEach, beforeEach } from 'vitest';

/**
 * An in-memory stand-in for the browser's localStorage or sessionStorage, as far as the app's code uses it (getItem,
 * setItem, removeItem): empty before each test of the file, gone after it. Gives the map behind it, for a test to fill.
 */
export function fakeWebStorage(name: 'localStorage' | 'sessionStorage'): Map<string, string> {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    Object.assign(globalThis, {
      [name]: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => store.set(key, value),
        removeItem: (key: string) => store.delete(key),
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, name);
  });
  return store;
}
