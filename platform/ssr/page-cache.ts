import type { EncodedBody } from '#platform/http/encoded-body.ts';

import { NoncedBody } from './nonced-body.ts';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** A rendered page, whose script nonce every answer replaces with a fresh one; any other answer as it was. */
  body: NoncedBody | EncodedBody;
}

export interface PageCacheLimits {
  maxEntries?: number;
  /** What the pages may hold together, their compressed forms counted (see `costOf`). */
  maxBytes?: number;
  now?: () => number;
}

/**
 * Rendered pages that are the same for every anonymous visitor, by URL. The key is the visitor's (any path, query or
 * host makes a new one), so the cache is bounded in entries, in bytes and in age, and when full drops the page least
 * recently answered from it: a crawler's thousand one-off URLs push out each other, not the pages everyone asks for.
 * Cleared whenever the catalogue changes.
 */
export class PageCache {
  private readonly pages = new Map<string, { page: CachedPage; expires: number; cost: number }>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(
    private readonly ttlMs: number,
    { maxEntries = 500, maxBytes = 32 * 1024 * 1024, now = Date.now }: PageCacheLimits = {},
  ) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.now = now;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** What the cached pages hold now, as counted against `maxBytes`. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.pages.size, bytes: this.bytes };
  }

  get(key: string): CachedPage | undefined {
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    this.drop(key);
    if (entry.expires <= this.now()) return undefined;
    this.pages.set(key, entry); // the most recently used, last in the map's order
    this.bytes += entry.cost;
    return entry.page;
  }

  set(key: string, page: CachedPage): void {
    if (!this.enabled) return;
    this.drop(key);
    const cost = costOf(page);
    if (cost > this.maxBytes) return;
    for (const oldest of this.pages.keys()) {
      if (this.pages.size < this.maxEntries && this.bytes + cost <= this.maxBytes) break;
      this.drop(oldest);
    }
    this.pages.set(key, { page, expires: this.now() + this.ttlMs, cost });
    this.bytes += cost;
  }

  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  private drop(key: string): void {
    const entry = this.pages.get(key);
    if (!entry) return;
    this.pages.delete(key);
    this.bytes -= entry.cost;
  }
}

/**
 * A page's bytes twice: its compressed forms are made on first need after it is stored (gzip for a page with a nonce;
 * gzip and brotli for other answers), and for the text the cache holds they come to well under the page itself.
 */
function costOf(page: CachedPage): number {
  const length = page.body instanceof NoncedBody ? page.body.size : page.body.identity.length;
  return 2 * length;
}
