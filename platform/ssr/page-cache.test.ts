import { describe, expect, it } from 'vitest';

import { EncodedBody } from '#platform/http/encoded-body.ts';

import { NoncedBody } from './nonced-body.ts';
import { type CachedPage, PageCache } from './page-cache.ts';

const page = (body: string, status = 200): CachedPage => ({
  status,
  headers: [['content-type', 'text/html; charset=utf-8']],
  body: new EncodedBody(Buffer.from(body)),
});

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

/** A cache of a minute's pages, holding at most `max`, given these pages ([path, body]) in this order. */
function cacheOf(max: number, ...pages: Array<[string, string]>): PageCache {
  const cache = new PageCache(60_000, { maxEntries: max, now: clock().now });
  for (const [path, body] of pages) cache.set(path, page(body));
  return cache;
}

/** The body the cache answers for the path (undefined on a miss). */
const bodyAt = (cache: PageCache, path: string) => cache.get(path)?.body.identity.toString();

describe('PageCache', () => {
  it('answers a stored page until its time to live has passed', () => {
    const time = clock();
    const cache = new PageCache(60_000, { now: time.now });
    const home = page('<h1>Home</h1>');
    cache.set('/home', home);

    expect(cache.get('/home')).toBe(home);
    time.advance(59_999);
    expect(bodyAt(cache, '/home')).toBe('<h1>Home</h1>');
    time.advance(1);
    expect(cache.get('/home')).toBeUndefined();
    time.advance(-1); // an expired entry is dropped, not merely hidden
    expect(cache.get('/home')).toBeUndefined();
  });

  it('misses a key never stored', () => {
    expect(new PageCache(60_000).get('/nope')).toBeUndefined();
  });

  it('restarts the time to live when a page is stored again', () => {
    const time = clock();
    const cache = new PageCache(1_000, { now: time.now });
    cache.set('/a', page('one'));
    time.advance(900);
    cache.set('/a', page('two'));
    time.advance(900);
    expect(bodyAt(cache, '/a')).toBe('two');
  });

  it('evicts the oldest entry when full', () => {
    const cache = cacheOf(2, ['/a', 'a'], ['/b', 'b'], ['/c', 'c']);
    expect(cache.get('/a')).toBeUndefined();
    expect(bodyAt(cache, '/b')).toBe('b');
    expect(bodyAt(cache, '/c')).toBe('c');
  });

  it('counts a page answered from the cache as the newest: a stream of one-off URLs pushes out each other first', () => {
    const cache = cacheOf(3, ['/', 'home'], ['/products', 'list']);
    for (let i = 0; i < 100; i++) {
      cache.set(`/products?x=${i}`, page('one-off'));
      expect(bodyAt(cache, '/')).toBe('home');
      expect(bodyAt(cache, '/products')).toBe('list');
    }
    expect(cache.size.entries).toBe(3);
  });

  it('holds at most its bytes, a page counted with its compressed forms (twice its length), however many URLs come', () => {
    const kilobytes = (n: number) => 'x'.repeat(n * 1024);
    const cache = new PageCache(60_000, { maxEntries: 10_000, maxBytes: 100 * 1024, now: clock().now });
    for (let i = 0; i < 1_000; i++) {
      cache.set(`http://shop-${i}.example/products?page=${i}`, page(kilobytes(10)));
      expect(cache.size.bytes).toBeLessThanOrEqual(100 * 1024);
    }
    expect(cache.size).toEqual({ entries: 5, bytes: 100 * 1024 });
    expect(bodyAt(cache, 'http://shop-999.example/products?page=999')).toBe(kilobytes(10));
    expect(cache.get('http://shop-994.example/products?page=994')).toBeUndefined();

    cache.set('/huge', page(kilobytes(51))); // more than the whole cache may hold: not kept, nothing pushed out
    expect(cache.get('/huge')).toBeUndefined();
    expect(cache.size.entries).toBe(5);
  });

  it('counts a page with a nonce by its length too', () => {
    const nonced = (n: number): CachedPage => ({
      status: 200,
      headers: [['content-type', 'text/html; charset=utf-8']],
      body: new NoncedBody(Buffer.from(`<script nonce="abc">${'y'.repeat(n)}</script>`), 'abc'),
    });
    const cache = new PageCache(60_000, { maxBytes: 1_000, now: clock().now });
    cache.set('/a', nonced(300));
    cache.set('/b', nonced(300));
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 1, bytes: 2 * '<script nonce="abc"></script>'.length + 600 });
  });

  it('frees the bytes of a page that expired, was replaced or cleared', () => {
    const time = clock();
    const cache = new PageCache(1_000, { now: time.now });
    cache.set('/a', page('aaaa'));
    cache.set('/a', page('aa'));
    expect(cache.size).toEqual({ entries: 1, bytes: 4 });
    time.advance(1_000);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    cache.set('/b', page('bb'));
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('counts a re-stored page as the newest', () => {
    const cache = cacheOf(2, ['/a', 'a'], ['/b', 'b'], ['/a', 'a2'], ['/c', 'c']);
    expect(cache.get('/b')).toBeUndefined();
    expect(bodyAt(cache, '/a')).toBe('a2');
    expect(bodyAt(cache, '/c')).toBe('c');
  });

  it('does not evict when replacing a page in a full cache', () => {
    const cache = cacheOf(2, ['/a', 'a'], ['/b', 'b'], ['/b', 'b2']);
    expect(bodyAt(cache, '/a')).toBe('a');
    expect(bodyAt(cache, '/b')).toBe('b2');
  });

  it('clear() forgets every page', () => {
    const cache = cacheOf(10, ['/a', 'a'], ['/b', 'b']);
    cache.clear();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBeUndefined();
    cache.set('/a', page('again'));
    expect(bodyAt(cache, '/a')).toBe('again');
  });

  it('is disabled with a time to live of 0: nothing is stored', () => {
    const cache = new PageCache(0, { maxEntries: 10, now: clock().now });
    expect(cache.enabled).toBe(false);
    cache.set('/a', page('a'));
    expect(cache.get('/a')).toBeUndefined();
    expect(new PageCache(1).enabled).toBe(true);
  });
});
