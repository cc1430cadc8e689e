import type { EncodedBody } from '../http/encoded-body.ts';
import type { NoncedBody } from './nonced-body.ts';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** A rendered page, whose script nonce every answer replaces with a fresh one; any other answer as it was. */
  body: NoncedBody | EncodedBody;
}

/**
 * Rendered pages that are the same for every anonymous visitor, by URL. Bounded in entries and
 * age; cleared whenever the catalogue changes.
 */
export class PageCache {
  private readonly pages = new Map<string, { page: CachedPage; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return entry.page;
  }

  set(key: string, page: CachedPage): void {
    if (!this.enabled) return;
    this.pages.delete(key);
    if (this.pages.size >= this.maxEntries) {
      const oldest = this.pages.keys().next();
      if (!oldest.done) this.pages.delete(oldest.value);
    }
    this.pages.set(key, { page, expires: this.now() + this.ttlMs });
  }

  clear(): void {
    this.pages.clear();
  }
}
