import { InvalidArgumentError, type Command } from 'commander';
import { createClient, type Query } from '../../client/index.js';
import { usageError, type CliContext } from '../context.js';
import { reaching } from '../errors.js';
import { table } from '../format.js';

/** One entry of GET /ea/request-logs. */
interface Entry {
  id: string; at: string; method: string; route: string; status: number; latencyMs: number; requestId: string; message?: string; sandbox?: string;
}

interface LogsClient {
  request(method: 'get', path: string, options?: { query?: Query }): Promise<{ data: unknown }>;
}

interface LogsOpts {
  follow?: boolean;
  status?: string;
  since?: string;
  limit?: number;
  interval?: number;
  app?: string;
  url?: string;
  clientId?: string;
  clientSecret?: string;
  json?: boolean;
}

function statusOption(value: string): string {
  if (!/^([1-5]xx|[1-5]\d\d)$/i.test(value)) throw new InvalidArgumentError('must be a status (429) or a class (4xx).');
  return value.toLowerCase();
}

function timeOption(value: string): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new InvalidArgumentError('must be a date or date-time, e.g. 2027-01-31T12:00:00Z.');
  return at.toISOString();
}

function intOption(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}.`);
    return n;
  };
}

function isEntry(v: unknown): v is Entry {
  return v !== null && typeof v === 'object' && 'id' in v && 'at' in v && 'status' in v && 'route' in v;
}

function entriesOf(data: unknown): Entry[] {
  const list = data !== null && typeof data === 'object' && 'data' in data && Array.isArray(data.data) ? data.data as unknown[] : [];
  return list.filter(isEntry);
}

const row = (e: Entry): string[] => [
  e.at, e.method, e.route, String(e.status), `${Math.round(e.latencyMs)}ms`, e.requestId, e.sandbox ?? '', e.message ?? '',
];
const HEADERS = ['AT', 'METHOD', 'ROUTE', 'STATUS', 'LATENCY', 'REQUEST', 'SANDBOX', 'MESSAGE'];

/** `eventline logs [--follow] [--status 4xx]`: the calling application's request log (issue 35, docs/sandbox.md). */
export function registerLogs(program: Command, ctx: CliContext): void {
  program
    .command('logs')
    .description("print the application's request log (GET /ea/request-logs), oldest first; --follow prints new entries as they come")
    .option('--follow', 'keep polling and print new entries as they come (Ctrl-C stops)')
    .option('--status <status>', 'only this status (429) or class (4xx, 5xx)', statusOption)
    .option('--since <time>', 'only entries at or after this date-time (ISO 8601)', timeOption)
    .option('--limit <n>', 'print the newest n entries first (default 50)', intOption(1, 200))
    .option('--interval <ms>', 'how often --follow asks for new entries (default 2000)', intOption(200, 60_000))
    .option('--app <clientId>', 'another application of the account (its client id); default: the calling one')
    .option('--url <url>', 'API base URL (default: EVENTLINE_URL, else PUBLIC_URL)')
    .option('--client-id <id>', 'client id (default: EVENTLINE_CLIENT_ID)')
    .option('--client-secret <secret>', 'client secret (default: EVENTLINE_CLIENT_SECRET, which keeps it out of process listings)')
    .option('--json', 'one JSON object per entry and line (JSON Lines)')
    .action(async (opts: LogsOpts, cmd: Command) => {
      const config = ctx.config();
      const clientId = opts.clientId ?? config.apiClient?.clientId;
      const clientSecret = opts.clientSecret ?? config.apiClient?.clientSecret;
      if (!clientId || !clientSecret) usageError(cmd, 'give --client-id and --client-secret (or set EVENTLINE_CLIENT_ID and EVENTLINE_CLIENT_SECRET)');
      const baseUrl = opts.url ?? config.apiClient?.url ?? config.publicUrl;
      let client: LogsClient;
      try {
        client = createClient({ baseUrl, clientId, clientSecret, logger: { error: () => undefined } }) as unknown as LogsClient;
      } catch (err) {
        usageError(cmd, err instanceof Error ? err.message : String(err));
      }
      const filters: Query = {
        ...(opts.status !== undefined ? { status: opts.status } : {}),
        ...(opts.app !== undefined ? { clientId: opts.app } : {}),
      };
      const seen = new Set<string>();
      let headerShown = false;
      const print = (entries: readonly Entry[]): void => {
        const fresh = entries.filter((e) => !seen.has(e.id));
        for (const e of fresh) seen.add(e.id);
        if (fresh.length === 0) return;
        // --json, --jq and --fields: one JSON line per entry, shaped by the context.
        if (opts.json || ctx.shaping()) {
          for (const e of fresh) ctx.printLine(true, e, () => '');
          return;
        }
        const lines = table(HEADERS, fresh.map(row)).split('\n');
        // The header once; a followed log prints rows only after that.
        ctx.io.stdout(`${(headerShown ? lines.slice(1) : lines).join('\n')}\n`);
        headerShown = true;
      };

      await reaching(baseUrl, 'the server', async () => {
        // First the newest `limit` entries (asked newest first, printed oldest first).
        const first = await client.request('get', '/request-logs', {
          query: { ...filters, sort: 'at:DESC', limit: String(opts.limit ?? 50), ...(opts.since !== undefined ? { since: opts.since } : {}) },
        });
        const initial = entriesOf(first.data).reverse();
        print(initial);
        if (!initial.length && !opts.follow && !opts.json && !ctx.shaping()) ctx.io.stdout('No requests logged.\n');
        if (!opts.follow) return;
        let since = initial.at(-1)?.at ?? opts.since ?? new Date().toISOString();
        // Ctrl-C ends the follow cleanly (exit code 0), as the context's signal does for an embedding program.
        let interrupted = false;
        const stopped = (): boolean => interrupted || ctx.signal?.aborted === true;
        const onSignal = (): void => {
          interrupted = true;
        };
        process.on('SIGINT', onSignal);
        try {
          while (!stopped()) {
            await pause(opts.interval ?? 2000, ctx.signal);
            if (stopped()) break;
            // Entries at the same millisecond as the last one printed come again: `seen` drops them.
            let token: string | undefined;
            do {
              const page = await client.request('get', '/request-logs', { query: token ? { token } : { ...filters, since, limit: '200' } });
              const entries = entriesOf(page.data);
              print(entries);
              since = entries.at(-1)?.at ?? since;
              const paging = page.data !== null && typeof page.data === 'object' && 'paging' in page.data ? page.data.paging : undefined;
              token = paging !== null && typeof paging === 'object' && paging !== undefined && 'nextToken' in paging && typeof paging.nextToken === 'string' ? paging.nextToken : undefined;
            } while (token !== undefined && !stopped());
            if (seen.size > 50_000) seen.clear();
          }
        } finally {
          process.off('SIGINT', onSignal);
        }
      });
    });
}

/** Waits `ms`, or less when the signal aborts (Ctrl-C reaches the CLI as the context's signal or SIGINT). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      process.off('SIGINT', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    process.once('SIGINT', done);
  });
}
