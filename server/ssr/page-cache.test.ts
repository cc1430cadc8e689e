import { describe, expect, it } from 'vitest';

import { EncodedBody } from '../http/encoded-body.ts';
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
  const cache = new PageCache(60_000, max, clock().now);
  for (const [path, body] of pages) cache.set(path, page(body));
  return cache;
}

/** The body the cache answers for the path (undefined on a miss). */
const bodyAt = (cache: PageCache, path: string) => cache.get(path)?.body.identity.toString();

describe('PageCache', () => {
  it('answers a stored page until its time to live has passed', () => {
    const time = clock();
    const cache = new PageCache(60_000, 500, time.now);
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
    const cache = new PageCache(1_000, 500, time.now);
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
    const cache = new PageCache(0, 10, clock().now);
    expect(cache.enabled).toBe(false);
    cache.set('/a', page('a'));
    expect(cache.get('/a')).toBeUndefined();
    expect(new PageCache(1).enabled).toBe(true);
  });
});
