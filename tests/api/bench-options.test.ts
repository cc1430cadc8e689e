// The command line of `npm run bench`: its defaults, both spellings of a value, --quick, and the mistakes it refuses;
// and the servers it starts lifting every rate limit.
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { parseOptions, UsageError } from '#scripts/bench/options.ts';
import { LIFTED_RATE_LIMITS } from '#scripts/bench/servers.ts';

describe('bench options', () => {
  it('has defaults: 10 connections, 10 s after a 3 s warm-up, PGlite', () => {
    expect(parseOptions([])).toEqual({ connections: 10, duration: 10, warmup: 3, verbose: false, databaseUrl: undefined });
  });

  it('takes BENCH_DATABASE_URL, and --postgres over it', () => {
    const env = { BENCH_DATABASE_URL: 'postgres://a@127.0.0.1/one' };
    expect(parseOptions([], env)).toMatchObject({ databaseUrl: 'postgres://a@127.0.0.1/one' });
    expect(parseOptions(['--postgres', 'postgres://b@127.0.0.1/two'], env)).toMatchObject({
      databaseUrl: 'postgres://b@127.0.0.1/two',
    });
    expect(parseOptions([], { BENCH_DATABASE_URL: '' })).toMatchObject({ databaseUrl: undefined });
  });

  it('reads --name value and --name=value alike (a value may hold =)', () => {
    expect(parseOptions(['--duration', '2', '--warmup=0', '--connections=2.6', '--postgres=postgres://u:p=q@h/d'])).toEqual({
      connections: 3,
      duration: 2,
      warmup: 0,
      verbose: false,
      databaseUrl: 'postgres://u:p=q@h/d',
    });
  });

  it('--quick runs 3 s unless a duration is given, in either order', () => {
    expect(parseOptions(['--quick'])).toMatchObject({ duration: 3 });
    expect(parseOptions(['--quick', '--duration', '2'])).toMatchObject({ duration: 2 });
    expect(parseOptions(['--duration', '7', '--quick'])).toMatchObject({ duration: 7 });
  });

  it('sets the modes and the pages', () => {
    expect(parseOptions(['--scale', '--verbose'])).toMatchObject({ scale: true, verbose: true });
    expect(parseOptions(['--lighthouse', '--pages', '/,/products'])).toMatchObject({
      lighthouse: true,
      pages: ['/', '/products'],
    });
    expect(parseOptions(['--upload'])).toMatchObject({ upload: true });
    expect(parseOptions(['--trade'])).toMatchObject({ trade: true });
  });

  it('answers help for --help and -h, as soon as it is reached', () => {
    expect(parseOptions(['--help'])).toBe('help');
    expect(parseOptions(['--quick', '-h', '--nonsense'])).toBe('help');
  });

  it.each([
    [['--duration'], '--duration needs a value'],
    [['--postgres', '--quick'], '--postgres needs a value'],
    [['--duration', '0'], '--duration must be a positive number, got "0"'],
    [['--connections=ten'], '--connections must be a positive number, got "ten"'],
    [['--warmup', '-1'], '--warmup must be 0 or more seconds'],
    [['--warmup', 'soon'], '--warmup must be 0 or more seconds'],
    [['--fast'], 'Unknown option --fast (try --help)'],
    [['--nonsense', '--help'], 'Unknown option --nonsense (try --help)'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseOptions(argv)).toThrow(new UsageError(message));
  });
});

describe('the bench servers', () => {
  it('lift every rate limit the server reads, so a 429 in the results is a defect', () => {
    const source = readFileSync(new URL('../../platform/config.ts', import.meta.url), 'utf8');
    const read = [...new Set(source.match(/RATE_LIMIT_[A-Z_]+/g))].sort();
    expect(read.length).toBeGreaterThan(0);
    expect(Object.keys(LIFTED_RATE_LIMITS).sort()).toEqual(read);
  });
});
