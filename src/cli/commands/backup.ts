import { resolve } from 'node:path';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { BackupError, backupSqlite, restoreSqlite, type BackupReport } from '../../db/backup.js';
import { ObfuscationJournal, journalPath } from '../../modules/obfuscation/index.js';
import type { CliContext, CliIo } from '../context.js';
import { CliError } from '../errors.js';

const POSTGRES = 'PostgreSQL is backed up and restored with its own tools (pg_dump / pg_restore, or a base backup with WAL '
  + 'archiving): see "Backups" in docs/deployment.md.';

/** A bar on the terminal (stderr), nothing when stderr is not one or under --json. */
function bar(io: CliIo, enabled: boolean, format: string): { update(value: number, total: number): void; stop(): void } {
  const stream = io.progressStream;
  if (!enabled || stream === undefined) return { update: () => undefined, stop: () => undefined };
  const b = new SingleBar({ stream, format, barsize: 30, hideCursor: true, clearOnComplete: false, barCompleteChar: '\u2588', barIncompleteChar: '\u2591' });
  let started = false;
  return {
    update(value, total) {
      if (!started) {
        b.start(total, value);
        started = true;
      } else {
        b.setTotal(total);
        b.update(value);
      }
    },
    stop: () => {
      if (started) b.stop();
    },
  };
}

export function registerBackup(program: Command, ctx: CliContext): void {
  program
    .command('backup <file>')
    .description('SQLite: write a consistent copy of the database to <file> (a new file) while servers keep writing, with SQLite\'s online backup API; '
      + 'the copy is checked (integrity, schema version). PostgreSQL: refused, with the pg_dump recipe. Keep the obfuscation journal '
      + '(<database>-obfuscations.jsonl) with your backups: restore replays it (docs/privacy.md)')
    .option('--json', 'print JSON')
    .action(async (file: string, opts: { json?: boolean }) => {
      const config = ctx.config();
      if (config.database.dialect !== 'sqlite') throw new CliError('usage_error', `backup: ${POSTGRES}`);
      const database = config.database.file;
      const progress = bar(ctx.io, !opts.json, 'backup {bar} {value}/{total} pages');
      let report: BackupReport;
      try {
        report = await backupSqlite(database, resolve(file), (p) => progress.update(p.totalPages - p.remainingPages, p.totalPages));
      } catch (err) {
        progress.stop();
        if (err instanceof BackupError) throw new CliError('failed', `backup: ${err.message}`);
        throw err;
      }
      progress.stop();
      ctx.print(opts.json, report, () => `Backed up ${database} to ${report.file}: ${report.pages} pages (${report.bytes} bytes), `
        + `schema ${report.schema}, integrity ok, in ${report.seconds.toFixed(1)} s${report.restarts > 0 ? ` (restarted ${report.restarts}× by concurrent writes)` : ''}.`);
    });

  program
    .command('restore <file>')
    .description('SQLite: replace the database by the backup <file> after checking it (integrity, schema version), refused while a server, '
      + 'worker or other eventline process has the database open; then migrate it and obfuscate again every contact of the obfuscation '
      + 'journal (obfuscations made after the backup). PostgreSQL: refused, with the pg_restore recipe')
    .option('--journal <file>', 'the obfuscation journal to replay (default: the one beside the database being replaced)')
    .option('--json', 'print JSON')
    .action(async (file: string, opts: { journal?: string; json?: boolean }) => {
      const config = ctx.config();
      if (config.database.dialect !== 'sqlite') throw new CliError('usage_error', `restore: ${POSTGRES}`);
      const target = config.database.file;
      const source = new ObfuscationJournal(resolve(opts.journal ?? journalPath(target)));
      // Read before the database is replaced: the journal may be the one beside it.
      const entries = source.read();
      let schema: string;
      try {
        ({ schema } = restoreSqlite(resolve(file), target));
      } catch (err) {
        if (err instanceof BackupError) throw new CliError('failed', `restore: ${err.message}`);
        throw err;
      }
      const progress = bar(ctx.io, !opts.json, 'replaying obfuscations {bar} {value}/{total} contacts');
      const replayed = await ctx.withServices(async (services) => {
        let done = 0;
        let erased = 0;
        progress.update(0, entries.length);
        const byAccount = new Map<string, string[]>();
        for (const e of entries) byAccount.set(e.accountId, [...(byAccount.get(e.accountId) ?? []), e.contactId]);
        for (const [accountId, ids] of byAccount) {
          for (let i = 0; i < ids.length; i += 100) {
            const batch = ids.slice(i, i + 100);
            const views = await services.obfuscation.obfuscateBatch(accountId, batch);
            erased += views.filter((v) => v !== undefined).length;
            done += batch.length;
            progress.update(done, entries.length);
          }
        }
        // What the erasures freed is cleared from the file (WAL checkpoint), as after any obfuscation.
        await services.obfuscation.flush({ final: true });
        return erased;
      });
      progress.stop();
      // The restored database's own journal holds every entry replayed, so a later restore replays them too.
      new ObfuscationJournal(journalPath(target)).reconcile(entries, new Date().toISOString());
      ctx.print(opts.json, { database: target, backup: resolve(file), schema, journal: source.file, replayed: entries.length, contacts: replayed },
        () => `Restored ${target} from ${resolve(file)} (schema ${schema}); replayed ${entries.length} obfuscation(s) of the journal ${source.file} `
          + `(${replayed} contact(s) in the backup erased again). Start the server: it migrates the schema forward if needed.`);
    });
}
