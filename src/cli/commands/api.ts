import { readFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { ApiRequestError, createClient, type HttpMethod, type Logger, type Query } from '../../client/index.js';
import { usageError, type CliContext } from '../context.js';

const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

interface ApiOpts {
  all?: boolean;
  data?: string;
  query?: Array<[string, string]>;
  url?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  waitForQuota?: boolean;
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

function describe(err: ApiRequestError): string {
  const extra = [
    ...(err.target !== undefined ? [`target: ${err.target}`] : []),
    ...(err.requestId !== undefined ? [`request id: ${err.requestId}`] : []),
  ];
  const details = err.details.filter((d) => d.message !== err.message).map((d) => `\n  - ${d.message}`).join('');
  return `HTTP ${err.status}: ${err.message}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}${details}`;
}

const print = (ctx: CliContext, value: unknown): void => {
  if (value === undefined) return;
  ctx.io.stdout(typeof value === 'string' ? `${value}\n` : `${JSON.stringify(value, null, 2)}\n`);
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
    .action(async (rawMethod: string, path: string, opts: ApiOpts, cmd: Command) => {
      const method = METHODS.find((m) => m === rawMethod.toLowerCase());
      if (method === undefined) usageError(cmd, `unknown method '${rawMethod}': use one of ${METHODS.join(', ')}`);
      const config = ctx.config();
      const clientId = opts.clientId ?? config.apiClient?.clientId;
      const clientSecret = opts.clientSecret ?? config.apiClient?.clientSecret;
      if (!clientId || !clientSecret) {
        usageError(cmd, 'give --client-id and --client-secret (or set EVENTLINE_CLIENT_ID and EVENTLINE_CLIENT_SECRET)');
      }
      const body = opts.data !== undefined ? readData(cmd, opts.data) : undefined;
      const logger: Logger = {
        warn: (message, context) => ctx.io.stderr(`${message}${typeof context['waitMs'] === 'number' ? ` (waiting ${context['waitMs']} ms)` : ''}\n`),
        // The failure itself reaches stderr once, through main's error line.
        error: () => undefined,
      };
      let client;
      try {
        client = createClient({
          baseUrl: opts.url ?? config.apiClient?.url ?? config.publicUrl,
          clientId, clientSecret, logger,
          ...(opts.scope !== undefined ? { scope: opts.scope } : {}),
          ...(opts.waitForQuota ? { waitForQuota: true } : {}),
        });
      } catch (err) {
        usageError(cmd, err instanceof Error ? err.message : String(err));
      }
      const query = toQuery(opts.query ?? []);
      try {
        if (opts.all) {
          if (method !== 'get' && method !== 'post') usageError(cmd, '--all pages through a list: use get, or post for a .../filter list');
          const items: unknown[] = [];
          for await (const page of client.pages(path, query, { method, ...(body !== undefined ? { body } : {}) })) {
            items.push(...page.data);
            ctx.io.stderr(`fetched ${items.length}/${page.paging.totalCount}\n`);
          }
          print(ctx, items);
        } else {
          print(ctx, (await client.request(method, path, { query, ...(body !== undefined ? { body } : {}) })).data);
        }
      } catch (err) {
        if (err instanceof ApiRequestError) throw new Error(describe(err), { cause: err });
        throw err;
      }
    });
}
