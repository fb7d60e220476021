import { InvalidArgumentError, type Command } from 'commander';
import { createClient, type EventlineClient, type Logger } from '../../client/index.js';
import { usageError, type CliContext } from '../context.js';
import { reaching, verificationFailed } from '../errors.js';
import { ArchiveStore, verifyArchive } from './archive-store.js';

const RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
// Messages may be committed a little after their creation time: each run looks
// back this far past the checkpoint and skips ids it already holds.
const OVERLAP_MS = 10 * 60 * 1000;
const MESSAGES = '/logs/communications/messages';

export interface ArchiveRunOptions {
  readonly client: EventlineClient;
  readonly out: string;
  /** For email content downloads (the SDK's fetch in tests). */
  readonly fetch?: typeof globalThis.fetch;
  readonly now?: () => Date;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly pageSize?: number;
  readonly progress?: (line: string) => void;
  /** Test hook: die mid-write after this many new messages, like a killed process would. */
  readonly crashAfter?: number;
}

export interface ArchiveRunResult {
  readonly added: number;
  readonly emails: number;
  readonly total: number;
  readonly warning?: string;
}

async function download(link: string, fetchFn: typeof globalThis.fetch, sleep: (ms: number) => Promise<void>): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetchFn(link);
    if (res.status === 429 && attempt < 6) {
      // Obey the server's rate limit: Retry-After seconds, else a growing pause.
      const after = Number(res.headers.get('retry-after'));
      await sleep(Number.isFinite(after) && after > 0 ? after * 1000 : attempt * 1000);
      continue;
    }
    if (!res.ok) throw new Error(`email content download failed with HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
}

/**
 * One archiving pass: lists messages since the checkpoint through the SDK,
 * stores each (emails downloaded at once, while the 1-hour link is valid),
 * commits them a page at a time (store.commit: the page's files fsynced, then
 * its manifest lines in one fsynced write), and moves the checkpoint after every
 * page. The next page is fetched while one is stored, so the disk's time
 * overlaps the wait the rate limit imposes. Safe to kill at any point.
 */
export async function runArchive(opts: ArchiveRunOptions): Promise<ArchiveRunResult> {
  const now = opts.now ?? (() => new Date());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const fetchFn = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const progress = opts.progress ?? (() => undefined);
  const store = ArchiveStore.open(opts.out);
  const checkpoint = store.readCheckpoint();
  let warning: string | undefined;
  const lastOk = checkpoint.lastSuccess ? Date.parse(checkpoint.lastSuccess) : undefined;
  if (lastOk !== undefined && now().getTime() - lastOk > RETENTION_MS) {
    warning = `WARNING: the last successful run was ${checkpoint.lastSuccess}, more than 30 days ago: messages the server has purged since then are missing from this archive.`;
    progress(warning);
  }
  const after = checkpoint.after ? new Date(Date.parse(checkpoint.after) - OVERLAP_MS).toISOString() : undefined;
  let added = 0;
  let emails = 0;
  let newest = checkpoint.after;
  const pages = opts.client.pages(MESSAGES, { limit: opts.pageSize ?? 100, ...(after ? { after } : {}) });
  try {
    let next = pages.next();
    for (;;) {
      const result = await next;
      if (result.done) break;
      const page = result.value;
      // The next page is on its way (paced by the SDK) while this one is downloaded and stored.
      next = pages.next();
      next.catch(() => undefined); // awaited above on the next turn; not an unhandled rejection if this page fails first
      let pageEmails = 0;
      let pageNewest = newest;
      for (const m of page.data) {
        if (store.has(m.id)) continue;
        const meta = { id: m.id, type: m.type, created: m.created, ...(m.tags ? { tags: m.tags } : {}) };
        if (m.type === 'email' && 'link' in m.message && typeof m.message.link === 'string') {
          store.stage(meta, await download(m.message.link, fetchFn, sleep), 'eml');
          pageEmails += 1;
        } else {
          store.stage(meta, Buffer.from(JSON.stringify(m)), 'json');
        }
        if (!pageNewest || m.created > pageNewest) pageNewest = m.created;
      }
      // Test hook: a crash in the middle of this page's manifest write, after message number crashAfter in all.
      const crashAt = opts.crashAfter !== undefined && opts.crashAfter < added + store.staged ? Math.max(0, opts.crashAfter - added) : undefined;
      added += (await store.commit(now(), crashAt)).length;
      emails += pageEmails;
      newest = pageNewest;
      store.writeCheckpoint({ ...checkpoint, ...(newest ? { after: newest } : {}), ...store.totals });
      progress(`archived ${added} new (${emails} emails); ${store.count} in the archive; listing ${page.paging.totalCount ?? 'more than 10,000'} since the checkpoint`);
    }
  } finally {
    // Stops a listing left running by an error (a page fetched ahead is dropped; the next run lists it again).
    void pages.return(undefined).catch(() => undefined);
  }
  store.writeCheckpoint({ ...(newest ? { after: newest } : {}), lastSuccess: now().toISOString(), ...store.totals });
  return { added, emails, total: store.count, ...(warning ? { warning } : {}) };
}

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000 };

export function parseEvery(value: string): number {
  const m = /^(\d+)(s|m|h)$/.exec(value.trim());
  const unit = m ? UNIT_MS[m[2] ?? ''] : undefined;
  const n = m && unit !== undefined ? Number(m[1]) * unit : NaN;
  if (!m || n < 1000 || n > 24 * 3_600_000) throw new InvalidArgumentError('expected a duration like 30s, 15m or 1h (at most 24h).');
  return n;
}

interface ArchiveOpts {
  out?: string;
  every?: number;
  url?: string;
  clientId?: string;
  clientSecret?: string;
  profile?: string;
  json?: boolean;
}

/** `eventline archive`: the compliance archiver the seed's users run against the API. */
export function registerArchive(program: Command, ctx: CliContext): void {
  const archive = program
    .command('archive')
    .description('pull compliance communications into an append-only, hash-chained archive (run at least every 30 days; --every keeps it running)')
    .option('--out <dir>', 'archive directory (created if missing; required)')
    .option('--every <duration>', 'run again at this interval, e.g. 15m', parseEvery)
    .option('--url <url>', 'API base URL (default: EVENTLINE_URL, else PUBLIC_URL)')
    .option('--client-id <id>', 'client id (default: EVENTLINE_CLIENT_ID)')
    .option('--client-secret <secret>', 'client secret (default: EVENTLINE_CLIENT_SECRET)')
    .option('--json', 'print the result of each run in JSON')
    .action(async (opts: ArchiveOpts, cmd: Command) => {
      const out = opts.out;
      if (!out) usageError(cmd, "required option '--out <dir>' not specified");
      // Flags, else EVENTLINE_* or a profile of `eventline login`.
      const { baseUrl, clientId, clientSecret } = await ctx.apiTarget(opts);
      const logger: Logger = {
        warn: (message) => ctx.io.stderr(`${message}\n`),
        error: () => undefined,
      };
      const client = createClient({ baseUrl, clientId, clientSecret, logger, scope: 'compliance/communications:read' });
      for (;;) {
        const result = await reaching(baseUrl, 'the server', () => runArchive({ client, out, progress: (line) => ctx.io.stderr(`${opts.json ? JSON.stringify({ progress: line }) : line}\n`) }));
        ctx.print(opts.json, result, () => `archived ${result.added} new messages (${result.emails} emails); ${result.total} in ${out}\n`);
        if (opts.every === undefined || ctx.signal?.aborted) return;
        const signal = ctx.signal;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, opts.every);
          signal?.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
        });
        if (ctx.signal?.aborted) return;
      }
    });

  archive
    .command('verify')
    .description('check every file against its SHA-256, the manifest hash chain, and the manifest\'s length against the one the archive recorded (a manifest cut short fails); exit 1 on any problem')
    .argument('<dir>', 'archive directory')
    .option('--json', 'print JSON')
    .action((dir: string, opts: { json?: boolean }) => {
      const result = verifyArchive(dir);
      ctx.print(opts.json, { ok: result.problems.length === 0, ...result }, () =>
        result.problems.length === 0 ? `OK: ${result.records} records, every hash and the chain verified\n` : `${result.problems.map((p) => `FAIL ${p}`).join('\n')}\n`);
      if (result.problems.length > 0) {
        throw verificationFailed(`the archive in ${dir} did not verify: ${result.problems.length} problem(s)${result.problems.length === 1 ? `: ${result.problems[0] ?? ''}` : ''}`, { problems: result.problems });
      }
    });
}
