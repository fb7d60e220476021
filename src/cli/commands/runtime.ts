import type { Command } from 'commander';
import type { Config } from '../../config/index.js';
import { createDb, migrateToLatest } from '../../db/index.js';
import { DEFAULT_LEASE_MS, DEFAULT_POLL_MS, Worker, type WorkerLogger } from '../../jobs/index.js';
import { serve } from '../../server.js';
import { MetricsListener } from '../../http/metrics.js';
import { stopTracing } from '../../telemetry/start.js';
import { nonNegativeInt, positiveInt, type CliContext, type CliIo } from '../context.js';
import { classify, errorDocument } from '../errors.js';

/** What `eventline worker` gives running jobs on SIGTERM (the server's in-process worker gets 8 s of its 10 s). */
export const DEFAULT_GRACE_MS = 8000;

type DatabaseInfo =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; host: string; database: string; schema?: string };

// Only host and database name: the URL may carry a password, which must not reach a terminal or a log.
export function databaseInfo(database: Config['database']): DatabaseInfo {
  if (database.dialect === 'sqlite') return { dialect: 'sqlite', file: database.file };
  let host = '';
  let name = '';
  try {
    const url = new URL(database.url);
    host = url.host;
    name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  } catch {
    // loadConfig already checked the scheme; an unparsable rest is reported by the driver.
  }
  return { dialect: 'postgres', host, database: name, ...(database.schema ? { schema: database.schema } : {}) };
}

function databaseLabel(info: DatabaseInfo): string {
  if (info.dialect === 'sqlite') return `SQLite database ${info.file}`;
  return `PostgreSQL database ${info.database || '(default)'} on ${info.host || '(default host)'}${info.schema ? `, schema ${info.schema}` : ''}`;
}

function textValue(v: unknown): string {
  if (Array.isArray(v)) return v.map(String).join(',');
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  return String(v);
}

function workerLogger(io: CliIo, json: boolean | undefined): WorkerLogger & { warn(o: object, msg: string): void } {
  const write = (level: 'info' | 'warn' | 'error', o: object, msg = ''): void => {
    const time = new Date().toISOString();
    if (json) {
      io.stdout(`${JSON.stringify({ time, level, msg, ...o })}\n`);
      return;
    }
    const pairs = Object.entries(o).map(([k, v]) => `${k}=${textValue(v)}`).join(' ');
    (level === 'info' ? io.stdout : io.stderr)(`${time} ${level === 'info' ? '' : `${level.toUpperCase()} `}${msg}${pairs ? ` ${pairs}` : ''}\n`);
  };
  return { info: (o, msg) => write('info', o, msg), warn: (o, msg) => write('warn', o, msg), error: (o, msg) => write('error', o, msg) };
}

/** Resolves with the reason on the first SIGTERM/SIGINT (or abort); a second signal gets Node's default: exit at once. */
function untilStopped(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    const done = (reason: string): void => {
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      signal?.removeEventListener('abort', onAbort);
      resolve(reason);
    };
    const onTerm = (): void => done('SIGTERM');
    const onInt = (): void => done('SIGINT');
    const onAbort = (): void => done('abort');
    if (signal?.aborted) {
      resolve('abort');
      return;
    }
    process.once('SIGTERM', onTerm);
    process.once('SIGINT', onInt);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function registerRuntime(program: Command, ctx: CliContext): void {
  program
    .command('serve')
    .description('Run the API server, with the job worker inside unless RUN_WORKER=false (what npm start runs)')
    .option('--json', 'an error on start as a JSON document on stderr (the request log is JSON lines either way)')
    .action(async (opts: { json?: boolean }) => {
      try {
        await serve(ctx.config());
      } catch (err) {
        // A server that cannot start must not linger (open handles would keep the process up): say why and exit.
        const { error } = classify(err);
        ctx.io.stderr(opts.json ? `${JSON.stringify(errorDocument(error))}\n` : `eventline failed to start: ${error.message}\n`);
        process.exit(error.exitCode);
      }
    });

  program
    .command('migrate')
    .description('Bring the database schema up to date (every other command also does this on start)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const config = ctx.config();
      const info = databaseInfo(config.database);
      const handle = createDb(config.database);
      let ran: string[];
      try {
        const result = await migrateToLatest(handle.db, config.database.dialect === 'postgres' ? config.database.schema : undefined);
        ran = (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
      } finally {
        await handle.destroy();
      }
      ctx.print(opts.json, { database: info, ran }, () =>
        ran.length === 0
          ? `${databaseLabel(info)} is up to date; no migrations to run.`
          : `Ran ${ran.length} migration${ran.length === 1 ? '' : 's'} on ${databaseLabel(info)}:\n${ran.map((n) => `  ${n}`).join('\n')}`,
      );
    });

  program
    .command('worker')
    .description('Run only the job worker (scale it out; set RUN_WORKER=false on the API processes). Stops gracefully on SIGTERM/SIGINT')
    .option('--concurrency <n>', 'jobs run at the same time', positiveInt, 1)
    .option('--poll-ms <ms>', 'how often an idle worker looks for jobs', positiveInt, DEFAULT_POLL_MS)
    .option('--lease-ms <ms>', 'how long a claimed job is held without a heartbeat: a killed worker\'s jobs are taken over after this', positiveInt, DEFAULT_LEASE_MS)
    .option('--grace-ms <ms>', 'on SIGTERM, how long running jobs may finish before they are handed back to the queue', nonNegativeInt, DEFAULT_GRACE_MS)
    .option('--json', 'log one JSON object per line')
    .action(async (opts: { concurrency: number; pollMs: number; leaseMs: number; graceMs: number; json?: boolean }) => {
      const logger = workerLogger(ctx.io, opts.json);
      await ctx.withServices(async (services) => {
        // Compactions after obfuscation jobs report the steps they could not run (no CHECKPOINT privilege, a lock not granted) here.
        services.obfuscation.useLog(logger);
        const worker = new Worker({
          queue: services.jobs, handlers: services.jobHandlers, concurrency: opts.concurrency, pollMs: opts.pollMs, leaseMs: opts.leaseMs, logger,
          observer: services.metrics,
        });
        // A worker has no API listener: its metrics are served only on METRICS_ADDRESS (one address per process).
        const address = ctx.config().metrics?.address;
        const listener = address ? new MetricsListener(services.metrics, ctx.config().metrics?.token, address) : undefined;
        if (listener) {
          services.metrics.collectDefaults();
          const bound = await listener.listen();
          logger.info({ metrics: `${bound.address}:${bound.port}` }, 'serving metrics');
        }
        await services.start();
        worker.start();
        const reason = await untilStopped(ctx.signal);
        logger.info({ signal: reason, graceMs: opts.graceMs }, 'stopping: running jobs may finish within the grace period, then are handed back to the queue');
        // Past the grace period the leases are released, so another worker takes the jobs over at once rather
        // than after the lease expires (a process manager's SIGKILL would leave them leased until then).
        await worker.stop({ graceMs: opts.graceMs });
        await listener?.close();
      });
      // The spans of the last jobs are sent before the process ends (nothing without an OTLP endpoint).
      await stopTracing();
    });
}
