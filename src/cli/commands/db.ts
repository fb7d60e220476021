import { InvalidArgumentError, type Command } from 'commander';
import { ApiError } from '../../errors.js';
import type { CompactionReport } from '../../modules/obfuscation/index.js';
import { nonEmpty, type CliContext } from '../context.js';
import { createDb, migrationStatus } from '../../db/index.js';
import { databaseInfo } from './runtime.js';

interface CompactOpts {
  tables?: string[];
  lockTimeout: number;
  wait: number;
  json?: boolean;
}

function seconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 86_400) throw new InvalidArgumentError('must be a number of seconds between 0 and 86400.');
  return n;
}

function tableList(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...nonEmpty(value).split(/[\s,]+/).filter((t) => t !== '')];
}

function text(report: CompactionReport, label: string): string {
  const lines: string[] = [];
  if (report.dialect === 'sqlite') {
    lines.push(`${label}: ${report.vacuum === 'done' ? 'rebuilt (VACUUM)' : 'VACUUM failed'}; WAL checkpoint ${report.checkpoint === 'done' ? 'done and truncated' : report.checkpoint}.`);
  } else {
    const rewritten = report.tables.filter((t) => t.outcome === 'rewritten').length;
    lines.push(report.status === 'skipped'
      ? `${label}: skipped, another process is compacting this schema.`
      : `${label}: ${rewritten} of ${report.tables.length} table(s) analyzed, then rewritten with VACUUM FULL; CHECKPOINT ${report.checkpoint}.`);
    for (const t of report.tables) if (t.outcome !== 'rewritten') lines.push(`  ${t.table}: ${t.outcome}${t.detail ? ` (${t.detail})` : ''}`);
  }
  if (report.warnings.length > 0) lines.push('Warnings:', ...report.warnings.map((w) => `  ${w}`));
  lines.push('Not reached by this step (docs/privacy.md): WAL segments until they are recycled, archived WAL and backups, replicas\' own files, copies and filesystem snapshots.');
  return lines.join('\n');
}

export function registerDb(program: Command, ctx: CliContext): void {
  const db = program.command('db').description('Database maintenance');

  db
    .command('status')
    .description(
      'Show which schema migrations the database has run and which this version of eventline would run next, without '
      + 'running any (migrations only go forward: the next start or `eventline migrate` runs the pending ones). Exits 1 '
      + 'when the database was migrated by a newer eventline',
    )
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const config = ctx.config();
      const info = databaseInfo(config.database);
      const handle = createDb(config.database);
      let status;
      try {
        status = await migrationStatus(handle.db, config.database.dialect === 'postgres' ? config.database.schema : undefined);
      } finally {
        await handle.destroy();
      }
      const latest = status.applied.at(-1);
      const label = info.dialect === 'sqlite' ? `SQLite database ${info.file}` : `PostgreSQL database ${info.database || '(default)'} on ${info.host || '(default host)'}${info.schema ? `, schema ${info.schema}` : ''}`;
      ctx.print(opts.json, { database: info, latest: latest?.name ?? null, ...status }, () => [
        `${label}: ${status.applied.length} migration${status.applied.length === 1 ? '' : 's'} applied${latest ? `, the latest ${latest.name} (${latest.executedAt})` : ''}.`,
        status.pending.length === 0
          ? 'Up to date: no migration to run.'
          : `${status.pending.length} pending (run at the next start, or now with \`eventline migrate\`):\n${status.pending.map((n) => `  ${n}`).join('\n')}`,
        ...(status.unknown.length > 0 ? [`Applied by a newer eventline, unknown to this version:\n${status.unknown.map((n) => `  ${n}`).join('\n')}`] : []),
      ].join('\n'));
      // Migrations go forward only: an older binary must not serve a schema it does not know.
      if (status.unknown.length > 0) {
        throw new ApiError('newerSchema', 409, `the database was migrated by a newer eventline (${status.unknown.join(', ')}): run that version or newer`);
      }
    });

  db
    .command('compact')
    .description(
      'Clear erased values from the database files (docs/privacy.md). PostgreSQL: ANALYZE, then VACUUM FULL of every table of the '
      + 'deployment\'s schema (or --tables), one at a time, each holding an ACCESS EXCLUSIVE lock while it is rewritten, then '
      + 'CHECKPOINT. SQLite: VACUUM, then a WAL checkpoint that truncates the WAL. Schedule it off-peak; safe to run from several '
      + 'machines at once (one runs, the others wait for it). Exits 1 when a step could not run',
    )
    .option('--tables <names>', 'PostgreSQL: only these tables (comma- or space-separated, repeatable)', tableList)
    .option('--lock-timeout <seconds>', 'PostgreSQL: how long each rewrite waits for its table lock (queries on that table queue behind it meanwhile)', seconds, 30)
    .option('--wait <seconds>', 'how long to wait for another compaction, and for sessions that still see old rows (a pg_dump, a long report) to end', seconds, 120)
    .option('--json', 'print JSON')
    .action(async (opts: CompactOpts) => {
      const config = ctx.config();
      const info = databaseInfo(config.database);
      if (opts.tables && config.database.dialect === 'sqlite') ctx.notice(opts.json, 'SQLite keeps every table in one file: --tables is ignored, the whole file is rebuilt.');
      const report = await ctx.withServices((s) => s.obfuscation.compact({
        ...(opts.tables && config.database.dialect === 'postgres' ? { tables: opts.tables } : {}),
        lockTimeoutMs: Math.round(opts.lockTimeout * 1000), waitMs: Math.round(opts.wait * 1000), vacuum: true,
      }));
      const label = info.dialect === 'sqlite' ? `SQLite database ${info.file}` : `PostgreSQL schema ${info.schema ?? '(search_path)'} of ${info.database || '(default)'} on ${info.host || '(default host)'}`;
      ctx.print(opts.json, { database: info, ...report }, () => text(report, label));
      const missing = report.tables.filter((t) => t.outcome === 'missing').map((t) => t.table);
      if (missing.length > 0) throw new ApiError('unknownTable', 400, `no such table in the schema: ${missing.join(', ')}`);
      // Exit status 1 so a scheduler can alert on a step that did not run.
      if (report.status !== 'done') throw new ApiError('compactionIncomplete', 409, `compaction ${report.status}: ${report.warnings.length} step(s) did not run (see the warnings)`);
    });
}
