// The command line of `npm run bench`. Parsing is pure (answers the options, 'help', or throws a UsageError) so a
// test can walk it; readOptions does what the command line expects: the usage on --help, exit code 2 on a mistake.

export interface Options {
  connections: number;
  /** Seconds per measured run. */
  duration: number;
  /** Seconds of load before each measured run, not counted. */
  warmup: number;
  verbose: boolean;
  /** PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  scale?: boolean;
  lighthouse?: boolean;
  upload?: boolean;
  /** The pages Lighthouse visits instead of its own list. */
  pages?: string[];
  /** At least this many products in the catalogue Lighthouse visits (the demo has 35; a full page is 48). */
  products?: number;
  /** Only the first-load JavaScript of the public pages, without the load tests. */
  jsOnly?: boolean;
  /** A signed-in price group customer's pages against a guest's cache miss (issue 36). */
  trade?: boolean;
}

export const USAGE =
  'Usage: npm run bench -- [--duration <s>=10] [--quick (3 s)] [--connections <n>=10] [--warmup <s>=3]\n' +
  '                        [--postgres <url> | BENCH_DATABASE_URL=<url>] [--verbose]\n' +
  '       npm run bench -- --scale [--postgres <url>]   (the catalogue at demo size and with 5,000 more products;\n' +
  '                                                      admin lists at demo size and at 100,000 enquiries)\n' +
  '       npm run bench -- --lighthouse [--pages /,/products] [--products 48] [--postgres <url>]   (Lighthouse 12,\n' +
  '                                                      mobile, median of 3; --products: at least that many in the catalogue)\n' +
  '       npm run bench -- --js   (first-load JavaScript only, no load tests)\n' +
  '       npm run bench -- --upload   (a 12-megapixel phone photo through POST /api/admin/upload-images)\n' +
  "       npm run bench -- --trade [--postgres <url>]   (a signed-in price group customer's pages against a guest's cache miss)";

/** A mistake on the command line, said to whoever typed it. */
export class UsageError extends Error {}

/** `--name value` and `--name=value` alike; --help answers 'help' as soon as it is reached. */
export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Options | 'help' {
  const options: Options = {
    connections: 10,
    duration: 10,
    warmup: 3,
    verbose: false,
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
  };
  let durationGiven = false;
  let quick = false;
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i] ?? '';
    const [name = '', inline] = argument.split(/=(.*)/s, 2);
    let value = inline;
    const takeValue = (): string => {
      if (value === undefined) value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
      return value;
    };
    const positive = (text: string): number => {
      const number = Number(text);
      if (!Number.isFinite(number) || number <= 0)
        throw new UsageError(`${name} must be a positive number, got ${JSON.stringify(text)}`);
      return number;
    };
    switch (name) {
      case '--duration':
        options.duration = positive(takeValue());
        durationGiven = true;
        break;
      case '--warmup':
        options.warmup = Number(takeValue());
        if (!(options.warmup >= 0)) throw new UsageError('--warmup must be 0 or more seconds');
        break;
      case '--connections':
        options.connections = Math.round(positive(takeValue()));
        break;
      case '--quick':
        quick = true;
        break;
      case '--postgres':
        options.databaseUrl = takeValue();
        break;
      case '--verbose':
        options.verbose = true;
        break;
      case '--scale':
        options.scale = true;
        break;
      case '--lighthouse':
        options.lighthouse = true;
        break;
      case '--upload':
        options.upload = true;
        break;
      case '--pages':
        options.pages = takeValue().split(',');
        break;
      case '--products':
        options.products = Math.round(positive(takeValue()));
        break;
      case '--js':
        options.jsOnly = true;
        break;
      case '--trade':
        options.trade = true;
        break;
      case '--help':
      case '-h':
        return 'help';
      default:
        throw new UsageError(`Unknown option ${argument} (try --help)`);
    }
  }
  if (quick && !durationGiven) options.duration = 3;
  return options;
}

/** The options of this process; prints the usage and exits on --help, the mistake and exit code 2 on a wrong one. */
export function readOptions(argv: readonly string[], env: NodeJS.ProcessEnv): Options {
  let options: Options | 'help';
  try {
    options = parseOptions(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    process.exit(0);
  }
  return options;
}
