import { readFileSync } from 'node:fs';
import { SingleBar } from 'cli-progress';
import { InvalidArgumentError, type Command } from 'commander';
import { createClient, type HttpMethod, type Logger, type Query } from '../../client/index.js';
import { usageError, type CliContext, type CliIo } from '../context.js';
import { reaching } from '../errors.js';

/** The client's plain signatures (see EventlineClient.request and .pages), for a path given on the command line. */
interface RuntimeClient {
  request(method: HttpMethod, path: string, options?: { query?: Query; body?: unknown }): Promise<{ data: unknown }>;
  pages(path: string, query?: Query, options?: { method?: 'get' | 'post'; body?: unknown }): AsyncIterable<{ data: unknown[]; paging: { totalCount?: number } }>;
}

const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

interface ApiOpts {
  all?: boolean;
  data?: string;
  query?: Array<[string, string]>;
  url?: string;
  clientId?: string;
  clientSecret?: string;
  profile?: string;
  scope?: string;
  waitForQuota?: boolean;
  json?: boolean;
}

function queryPair(value: string, previous: Array<[string, string]> = []): Array<[string, string]> {
  const i = value.indexOf('=');
  if (i <= 0) throw new InvalidArgumentError(`expected key=value, got '${value}'.`);
  return [...previous, [value.slice(0, i), value.slice(i + 1)]];
}

/** Repeated keys become a repeated parameter (`--query in=a --query in=b`). */
function toQuery(pairs: ReadonlyArray<[string, string]>): Query {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of pairs) {
    const prev = out[k];
    out[k] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v];
  }
  return out;
}

function readData(cmd: Command, data: string): unknown {
  let text = data;
  if (data.startsWith('@')) {
    try {
      text = readFileSync(data.slice(1), 'utf8');
    } catch (err) {
      usageError(cmd, `--data ${data}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    usageError(cmd, `--data is not valid JSON${data.startsWith('@') ? ` (${data.slice(1)})` : ''}`);
  }
}

/** The items fetched out of the list's totalCount, drawn on the terminal; nothing when stderr is not one. */
interface Progress {
  update(fetched: number, total: number | undefined): void;
  stop(): void;
}

function progressBar(io: CliIo, enabled: boolean): Progress {
  const stream = io.progressStream;
  if (!enabled || stream === undefined) return { update: () => undefined, stop: () => undefined };
  const bar = new SingleBar({
    stream, format: 'fetching {bar} {value}/{total} items', barsize: 30, hideCursor: true, clearOnComplete: false,
    barCompleteChar: '\u2588', barIncompleteChar: '\u2591',
  });
  let started = false;
  return {
    update(fetched, total) {
      // totalCount may grow while paging (items added meanwhile): the bar follows it.
      const max = Math.max(total ?? fetched, fetched);
      if (!started) {
        bar.start(max, fetched);
        started = true;
      } else {
        bar.setTotal(max);
        bar.update(fetched);
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

const print = (ctx: CliContext, json: boolean | undefined, value: unknown): void => {
  if (value === undefined) return;
  // JSON either way; on a terminal a list is drawn as a table (--json keeps the JSON), --jq and --fields shape it.
  ctx.printJson(json, value);
};

/** `eventline api <method> <path>`: any API call through the SDK (token, paging and 429 rules included). */
export function registerApi(program: Command, ctx: CliContext): void {
  program
    .command('api')
    .description('call the API through the SDK and print the JSON answer (e.g. eventline api get /ea/events --all)')
    .argument('<method>', `HTTP method: ${METHODS.join(', ')}`)
    .argument('<path>', "path, e.g. /ea/events/<id> or /events?limit=50 (the /ea prefix is added when missing)")
    .option('--all', 'follow paging.nextToken through every page and print all items in one JSON array')
    .option('--data <json|@file>', 'JSON request body, inline or read from a file')
    .option('--query <key=value>', 'query parameter (repeatable)', queryPair)
    .option('--url <url>', 'API base URL (default: EVENTLINE_URL, else PUBLIC_URL)')
    .option('--client-id <id>', 'client id (default: EVENTLINE_CLIENT_ID)')
    .option('--client-secret <secret>', 'client secret (default: EVENTLINE_CLIENT_SECRET, which keeps it out of process listings)')
    .option('--scope <scopes>', 'scopes to ask the token for, separated by spaces (default: all of the application)')
    .option('--wait-for-quota', 'when the daily quota is used up, wait until 00:00 UTC and retry instead of failing')
    .option('--json', 'errors as a JSON document on stderr, and no progress bar (the answer is JSON either way)')
    .action(async (rawMethod: string, path: string, opts: ApiOpts, cmd: Command) => {
      const method = METHODS.find((m) => m === rawMethod.toLowerCase());
      if (method === undefined) usageError(cmd, `unknown method '${rawMethod}': use one of ${METHODS.join(', ')}`);
      // Flags, else EVENTLINE_* or a profile of `eventline login`.
      const { baseUrl, clientId, clientSecret } = await ctx.apiTarget(opts);
      const body = opts.data !== undefined ? readData(cmd, opts.data) : undefined;
      const logger: Logger = {
        warn: (message, context) => {
          const waitMs = typeof context['waitMs'] === 'number' ? context['waitMs'] : undefined;
          // Under --json stderr stays machine-readable: one JSON object per line.
          ctx.io.stderr(opts.json ? `${JSON.stringify({ warning: message, ...(waitMs !== undefined ? { waitMs } : {}) })}\n` : `${message}${waitMs !== undefined ? ` (waiting ${waitMs} ms)` : ''}\n`);
        },
        // The failure itself reaches stderr once, through main's error line.
        error: () => undefined,
      };
      let client: RuntimeClient;
      try {
        // The path is only known at run time: the untyped signatures spare the type checker the
        // per-path types of every documented operation (22 s of `tsc` for this file otherwise).
        client = createClient({
          baseUrl, clientId, clientSecret, logger,
          ...(opts.scope !== undefined ? { scope: opts.scope } : {}),
          ...(opts.waitForQuota ? { waitForQuota: true } : {}),
        }) as unknown as RuntimeClient;
      } catch (err) {
        usageError(cmd, err instanceof Error ? err.message : String(err));
      }
      const query = toQuery(opts.query ?? []);
      const listMethod = !opts.all ? undefined
        : method === 'get' || method === 'post' ? method
        : usageError(cmd, '--all pages through a list: use get, or post for a .../filter list');
      await reaching(baseUrl, 'the server', async () => {
        if (listMethod === undefined) {
          print(ctx, opts.json, (await client.request(method, path, { query, ...(body !== undefined ? { body } : {}) })).data);
          return;
        }
        const items: unknown[] = [];
        const progress = progressBar(ctx.io, !opts.json);
        try {
          for await (const page of client.pages(path, query, { method: listMethod, ...(body !== undefined ? { body } : {}) })) {
            items.push(...page.data);
            progress.update(items.length, page.paging.totalCount);
          }
        } finally {
          progress.stop();
        }
        print(ctx, opts.json, items);
      });
    });
}
