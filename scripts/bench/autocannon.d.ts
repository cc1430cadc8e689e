// autocannon ships no types and @types/autocannon is not installed: only what the bench uses, from its README
// (Options, Results, the instance's stop()) and lib/aggregateResult.js.
declare module 'autocannon' {
  /** The request autocannon is about to send; setupRequest answers the one to send instead. */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export interface Options extends Request {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    requests?: Array<Request & { setupRequest?: (request: Request) => Request }>;
  }

  /** An hdr-histogram-percentiles-obj summary. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    /** Per second; total is every response, sent every request. */
    requests: Histogram & { total: number; sent: number };
    /** Milliseconds. */
    latency: Histogram;
    /** Bytes per second; total is every byte received. */
    throughput: Histogram & { total: number };
    /** Seconds, as autocannon measured them. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** A running test: awaiting it answers its result; stop() ends it early. */
  export interface Instance extends PromiseLike<Result> {
    stop(): void;
  }

  export default function autocannon(options: Options): Instance;
}
