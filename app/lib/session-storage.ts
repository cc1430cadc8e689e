// This tab's session storage, as JSON: a browser without it (disabled, full) reads nothing and keeps nothing.
/** What this tab stored under `key`, as parsed JSON; null when nothing or not JSON. */
export function readStored(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: what was to be kept is not (a direct enquiry falls back to the cart)
  }
}

export function removeStored(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // storage disabled
  }
}
