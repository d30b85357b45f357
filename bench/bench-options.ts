/** The command line of `npm run bench`, read once and handed to every section. */

/** What the user asked of this run. */
export interface BenchOptions {
  /** Timed repetitions per page and tool (after one untimed warm-up call). */
  runs: number;
  /** How many corpus pages to measure; undefined means the default subset (see the snapshot section). */
  corpusLimit: number | undefined;
  /** Whether the user asked for every corpus page (`--pages all`). */
  allCorpusPages: boolean;
  /** Corpus pages asked for by name (`--pages aclu,wikipedia-2`), to look into a few pages. */
  corpusNames: string[];
  /** Sections to run, by name; empty means all. */
  only: string[];
  /** Catalog sizes (cards) the snapshot bench measures; undefined means its default sizes. */
  catalogs: number[] | undefined;
  /** The snapshot bench's readers to measure (`--readers loupe,domFloor`); empty means all. */
  readers: string[];
}

const USAGE =
  "usage: npm run bench -- [--runs N] [--pages N|all] [--only SECTION[,SECTION]] [--catalogs N[,N]]\n" +
  "  --runs N    timed repetitions per page and tool (default 5)\n" +
  "  --pages N   corpus pages to measure (default: env BENCH_CORPUS_LIMIT, else a subset);\n" +
  "              all = every page; or names: --pages aclu,wikipedia-2\n" +
  "  --only S    run only these sections (e.g. snapshot)\n" +
  "  --catalogs N[,N]  catalog sizes in cards for the snapshot bench (default 1000,3000,10000,30000)\n" +
  "  --readers R[,R]   the snapshot bench's readers (default all: loupe,loupeWarm,stagehand3,stagehand4,\n" +
  "              axFloor,domFloor,walkFloor), e.g. --readers loupe,domFloor to time a 30k-card catalog in minutes";

/** Parses `argv` (without node and the script) and the BENCH_* environment variables. */
export function parseBenchOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const options: BenchOptions = {
    runs: 5,
    corpusLimit: undefined,
    allCorpusPages: false,
    corpusNames: [],
    only: [],
    catalogs: undefined,
    readers: [],
  };
  const pages = (value: string): void => {
    if (value === "all") options.allCorpusPages = true;
    else if (/^\d+$/.test(value)) options.corpusLimit = positiveInteger("--pages", value, true);
    else options.corpusNames = value.split(",").filter(Boolean);
  };
  if (env["BENCH_CORPUS_LIMIT"]) pages(env["BENCH_CORPUS_LIMIT"]);
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? "").split("=", 2) as [string, string | undefined];
    const value = (): string => {
      const next = inline ?? argv[++i];
      if (next === undefined) fail(`${flag} needs a value`);
      return next;
    };
    if (flag === "--runs") options.runs = positiveInteger(flag, value(), false);
    else if (flag === "--pages") pages(value());
    else if (flag === "--only") options.only = value().split(",").filter(Boolean);
    else if (flag === "--catalogs")
      options.catalogs = value()
        .split(",")
        .filter(Boolean)
        .map((n) => positiveInteger(flag, n, false));
    else if (flag === "--readers") options.readers = value().split(",").filter(Boolean);
    else if (flag === "--help" || flag === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown argument ${JSON.stringify(argv[i])}`);
  }
  return options;
}

function positiveInteger(flag: string, value: string, allowZero: boolean): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1)) fail(`${flag} must be a whole number, not ${value}`);
  return n;
}

function fail(message: string): never {
  console.error(`bench: ${message}\n${USAGE}`);
  process.exit(2);
}
