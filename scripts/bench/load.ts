// Load with autocannon: one URL at a time, a warm-up first, and the result boiled down to what the report shows.
import autocannon, { type Options as AutocannonOptions, type Result } from 'autocannon';

import { checkInterrupted, state } from './processes.ts';

/** The request settings of a write (method, headers, body, each request's visitor). */
export type LoadRequest = Omit<AutocannonOptions, 'url' | 'connections' | 'duration'>;

export interface LoadOptions {
  connections: number;
  duration: number;
  warmup: number;
  request?: LoadRequest;
}

export interface Summary {
  reqPerSec: number;
  reqPerSecStddev: number;
  latencyMs: { mean: number; p50: number; p97_5: number; p99: number; max: number };
  requests: number;
  sent: number;
  durationSec: number;
  bytesPerResponse: number;
  status2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  resets: number;
  statusCodes: Record<string, number>;
  /** Some 2xx answers, and no other answer, error or timeout. */
  ok: boolean;
  countPlausible: boolean;
}

async function measure(
  url: string,
  { connections, duration, request = {} }: { connections: number; duration: number; request?: LoadRequest | undefined },
): Promise<Result> {
  checkInterrupted();
  const instance = autocannon({ url, connections, duration, timeout: 10, ...request });
  state.currentRun = instance;
  try {
    return await instance;
  } finally {
    state.currentRun = null;
  }
}

export function summarise(result: Result): Summary {
  const total = result.requests.total;
  const elapsed = result.duration; // seconds, as measured by autocannon
  const summary: Summary = {
    reqPerSec: result.requests.average,
    reqPerSecStddev: result.requests.stddev,
    latencyMs: {
      mean: result.latency.mean,
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    requests: total,
    sent: result.requests.sent,
    durationSec: elapsed,
    bytesPerResponse: total > 0 ? Math.round(result.throughput.total / total) : 0,
    status2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    ok: false,
    countPlausible: false,
  };
  summary.ok = summary.status2xx > 0 && summary.non2xx === 0 && summary.errors === 0 && summary.timeouts === 0;
  // Plausibility: the per-second average times the duration should be close to the count.
  const expected = summary.reqPerSec * elapsed;
  summary.countPlausible = total > 0 && Math.abs(expected - total) <= Math.max(0.1 * total, 2 * summary.reqPerSec);
  return summary;
}

/** A warm-up (unless it is 0 s), then the measured run, printed on one line as it goes. */
export async function loadTest(label: string, url: string, options: LoadOptions): Promise<Summary> {
  if (options.warmup > 0) {
    process.stdout.write(`  ${label}: warm-up ${options.warmup} s… `);
    await measure(url, { connections: options.connections, duration: options.warmup, request: options.request });
  } else {
    process.stdout.write(`  ${label}: `);
  }
  process.stdout.write(`measuring ${options.duration} s… `);
  const summary = summarise(await measure(url, options));
  console.log(
    `${Math.round(summary.reqPerSec)} req/s, p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms` +
      (summary.ok ? '' : `  ✗ non-2xx ${summary.non2xx}, errors ${summary.errors}, timeouts ${summary.timeouts}`),
  );
  return summary;
}

/** One line for the failures when a run had anything but 2xx answers. */
export function describeProblems(who: string, s: Summary): string {
  return `${who}: ${s.status2xx} 2xx, ${s.non2xx} non-2xx ${JSON.stringify(s.statusCodes)}, ${s.errors} errors, ${s.timeouts} timeouts`;
}
