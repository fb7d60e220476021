import { InvalidArgumentError, type Command } from 'commander';
import { createClient } from '../../client/index.js';
import { createProvider, EventlineApi, providerNames, SyncEngine, WebhookReceiver, type SessionSyncResult, type SyncLogger } from '../../modules/sync/index.js';
import { nonEmpty, positiveInt, usageError, type CliContext, type CliIo } from '../context.js';
import { CliError, reaching } from '../errors.js';

interface SyncOptions {
  provider: string;
  once?: boolean;
  watch?: boolean;
  simUrl?: string;
  url?: string;
  clientId?: string;
  clientSecret?: string;
  profile?: string;
  interval?: number;
  webhookPort?: number;
  webhookSecret?: string;
  json?: boolean;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number (0-65535).');
  return n;
}

/**
 * The engine's view of eventline, remembering each session's title as it is read, so the
 * lines printed for a person name sessions by title (the engine logs ids only).
 */
class TitledApi extends EventlineApi {
  readonly titles = new Map<string, string>();

  override async virtualSessions(): ReturnType<EventlineApi['virtualSessions']> {
    const list = await super.virtualSessions();
    for (const s of list) this.titles.set(s.id, s.title);
    return list;
  }

  override async session(id: string): ReturnType<EventlineApi['session']> {
    const s = await super.session(id);
    this.titles.set(s.id, s.title);
    return s;
  }
}

const quoted = (title: string): string => JSON.stringify(title);

function textValue(v: unknown): string {
  if (Array.isArray(v)) return v.map(String).join(',');
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  return String(v);
}

function logger(io: CliIo, json: boolean | undefined, titles: ReadonlyMap<string, string>): SyncLogger {
  const write = (level: string, msg: string, o: Record<string, unknown> = {}): void => {
    const time = new Date().toISOString();
    const session = typeof o['session'] === 'string' ? o['session'] : undefined;
    const title = session !== undefined ? titles.get(session) : undefined;
    if (json) {
      io.stdout(`${JSON.stringify({ time, level, msg, ...o, ...(title !== undefined ? { title } : {}) })}\n`);
      return;
    }
    // A person reads the session's title; the id stays in the JSON lines.
    const pairs = Object.entries(o).map(([k, v]) => (k === 'session' && title !== undefined ? `session=${quoted(title)}` : `${k}=${textValue(v)}`));
    io.stdout(`${time} ${level === 'warn' ? 'WARN ' : ''}${msg}${pairs.length > 0 ? ` ${pairs.join(' ')}` : ''}\n`);
  };
  return { info: (m, o) => write('info', m, o), warn: (m, o) => write('warn', m, o) };
}

/** One line per session: its title (the id when it could not be read), the outcome, and why it was skipped or failed. */
export function summary(r: SessionSyncResult): string {
  const name = r.title !== undefined ? quoted(r.title) : `session ${r.session}`;
  const facts = r.outcome === 'Skipped' ? [] : [
    ...(r.meetingId ? [`meeting=${r.meetingId}`] : []),
    `links=${r.links}`, `checkIns=${r.checkIns}`, `recording=${r.recording ? 'yes' : 'no'}`,
    ...(r.conflicts.length ? [`conflicts=${r.conflicts.length}`] : []),
  ];
  const why = r.outcome === 'Skipped' && r.reason ? `: ${r.reason}` : r.error ? `: ${r.error}` : '';
  return `${name}: ${r.outcome}${why}${r.outcome === 'Failed' || facts.length === 0 ? '' : ` ${facts.join(' ')}`}`;
}

/** Sleeps until the interval passes, a webhook arrives or the process is asked to stop. */
function pause(ms: number, wake: { fn?: () => void }, stopped: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (stopped()) return resolve();
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      wake.fn = undefined;
      resolve();
    }
    wake.fn = done;
  });
}

export function registerSync(program: Command, ctx: CliContext): void {
  program
    .command('sync')
    .description('Sync virtual sessions with an outside webcast platform through eventline\'s API (docs/sync.md)')
    .requiredOption('--provider <name>', `the connector (${providerNames().join(', ')})`, nonEmpty)
    .option('--once', 'one pass over every virtual session, then exit (1 if a session failed)')
    .option('--watch', 'keep syncing: a pass every --interval seconds, and at once on a signed webhook')
    .option('--sim-url <url>', 'the simulator of the sim provider (default SYNC_SIM_URL)')
    .option('--url <url>', 'eventline\'s base URL (default EVENTLINE_URL, else PUBLIC_URL)')
    .option('--client-id <id>', 'the application\'s client id (default EVENTLINE_CLIENT_ID)')
    .option('--client-secret <secret>', 'the application\'s client secret (default EVENTLINE_CLIENT_SECRET)')
    .option('--interval <seconds>', 'seconds between passes with --watch (default SYNC_INTERVAL_SECONDS)', positiveInt)
    .option('--webhook-port <n>', 'with --watch: receive the provider\'s webhooks on this port (POST /webhooks/<provider>)', port)
    .option('--webhook-secret <secret>', 'the webhooks\' signing secret (default SYNC_WEBHOOK_SECRET)')
    .option('--json', 'log one JSON object per line')
    .action(async (opts: SyncOptions, cmd: Command) => {
      if (opts.once === opts.watch) usageError(cmd, 'give exactly one of --once and --watch');
      const config = ctx.config();
      // Flags, else EVENTLINE_* or a profile of `eventline login`.
      const { baseUrl, clientId, clientSecret } = await ctx.apiTarget(opts);
      const simUrl = opts.simUrl ?? config.sync?.simUrl;
      const zoom = { ...config.sync?.zoom, ...(opts.webhookSecret ? { webhookSecret: opts.webhookSecret } : {}) };
      const webhookSecret = opts.webhookSecret ?? (opts.provider === 'zoom' ? zoom.webhookSecret : undefined) ?? config.sync?.webhookSecret;
      const provider = createProvider(opts.provider, {
        ...(simUrl ? { simUrl } : {}), ...(webhookSecret ? { webhookSecret } : {}), zoom, ...(config.sync?.teams ? { teams: config.sync.teams } : {}), ...(config.sync?.gotowebinar ? { gotowebinar: config.sync.gotowebinar } : {}),
      });
      const client = createClient({
        baseUrl, clientId, clientSecret,
        logger: { error: (m, c) => log.warn(m, c), warn: (m, c) => log.warn(m, c) },
      });
      const api = new TitledApi(client);
      // Under --jq or --fields stdout carries the shaped results alone; the log lines go to stderr.
      const log = logger(ctx.shaping() ? { ...ctx.io, stdout: ctx.io.stderr } : ctx.io, opts.json, api.titles);
      const engine = new SyncEngine({ api, provider, logger: log });
      // A session's own failures are recorded in its result; what escapes is eventline being unreachable.
      const pass = (): Promise<SessionSyncResult[]> => reaching(baseUrl, 'the eventline server', () => engine.runOnce());

      if (opts.once) {
        const results = await pass();
        // One line per session, then the total: NDJSON under --json, each line shaped by --jq / --fields.
        for (const r of results) ctx.printLine(opts.json, r, () => summary(r));
        const failed = results.filter((r) => r.outcome === 'Failed').length;
        const skipped = results.filter((r) => r.outcome === 'Skipped').length;
        ctx.printLine(opts.json, { done: true, sessions: results.length, failed, skipped },
          () => `sync done: ${results.length} sessions, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
        if (failed > 0) {
          throw new CliError('failed', `${failed} session(s) failed to sync: ${results.filter((r) => r.outcome === 'Failed').map((r) => r.title !== undefined ? quoted(r.title) : r.session).join(', ')}; see their sync state (GET /sessions/{id}/sync)`, { failed });
        }
        return;
      }

      let stopped = false;
      const wake: { fn?: () => void } = {};
      const stop = (): void => {
        stopped = true;
        wake.fn?.();
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      ctx.signal?.addEventListener('abort', stop, { once: true });
      const wakeup = { pending: false };
      const receiver = new WebhookReceiver(provider, (n) => {
        log.info('webhook received', { type: n.type, meeting: n.meetingId });
        wakeup.pending = true;
        wake.fn?.();
      });
      if (opts.webhookPort !== undefined) {
        if (opts.provider === 'gotowebinar') usageError(cmd, '--webhook-port: the gotowebinar connector polls (GoToWebinar\'s published API has no webhook signature to check); leave it out');
        if (!webhookSecret) usageError(cmd, '--webhook-port needs --webhook-secret or SYNC_WEBHOOK_SECRET (zoom: ZOOM_WEBHOOK_SECRET)');
        log.info('receiving webhooks', { url: await receiver.listen(opts.webhookPort) });
      }
      const intervalMs = (opts.interval ?? config.sync?.intervalSeconds ?? 60) * 1000;
      try {
        while (!stopped) {
          wakeup.pending = false;
          const results = await pass();
          for (const r of results) log.info(summary(r));
          log.info('pass done', { sessions: results.length, failed: results.filter((r) => r.outcome === 'Failed').length });
          if (!wakeup.pending) await pause(intervalMs, wake, () => stopped);
        }
      } finally {
        process.off('SIGTERM', stop);
        process.off('SIGINT', stop);
        await receiver.close();
      }
    });
}
