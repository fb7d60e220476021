import type { Command } from 'commander';
import { ApiError } from '../../errors.js';
import { collect, nonEmpty, type CliContext } from '../context.js';

interface VerifyOpts {
  email: string[];
  name: string[];
  value: string[];
  pgDataDir?: string;
  checkpoint: boolean;
  json?: boolean;
}

export function registerContacts(program: Command, ctx: CliContext): void {
  const contacts = program.command('contacts').description('Contact privacy tools');

  contacts
    .command('verify-obfuscated <contactId>')
    .description(
      'Prove an obfuscation: scan every text column of every table (from the database catalogue), every file under DATA_DIR, '
      + 'and the database\'s own files byte by byte (SQLite: the file, -wal, -shm, -journal; PostgreSQL: the relation files of '
      + 'the schema\'s tables, indexes and TOAST, when this process can read them) for the contact\'s former values in any letter '
      + 'case and Unicode form. Lists the checks it could not run. Exits 1 when any value is found',
    )
    .option('--email <email>', 'a former email (repeatable)', (v: string, p: string[]) => collect(nonEmpty(v), p), [])
    .option('--name <name>', 'a former name, e.g. "Ada Lovelace" (repeatable; each word of it is searched too)', (v: string, p: string[]) => collect(nonEmpty(v), p), [])
    .option('--value <value>', 'any other former value, e.g. a phone number (repeatable)', (v: string, p: string[]) => collect(nonEmpty(v), p), [])
    .option('--pg-data-dir <path>', 'PostgreSQL: where this machine sees the server\'s data directory (default: what the server reports)', nonEmpty)
    .option('--no-checkpoint', 'PostgreSQL: do not run CHECKPOINT before reading the relation files (pages changed in memory since the last checkpoint are then not seen)')
    .option('--json', 'print JSON')
    .action(async (contactId: string, opts: VerifyOpts, cmd: Command) => {
      if (opts.email.length === 0) cmd.error('error: give at least one --email', { exitCode: 2, code: 'eventline.usage' });
      const words = opts.name.flatMap((n) => n.split(/\s+/)).filter((w) => w.length >= 3);
      const values = [...new Set([...opts.email, ...opts.name, ...words, ...opts.value])];
      const config = ctx.config();
      const report = await ctx.withServices((s) =>
        s.obfuscation.verify({
          contactId, values, dataDir: config.dataDir, rawBytes: true, checkpoint: opts.checkpoint,
          ...(opts.pgDataDir ? { pgDataDirectory: opts.pgDataDir } : {}),
        }),
      );
      // The values themselves are never printed: a hit names the searched value by its position in the command line.
      const labelled = report.hits.map((h) => ({ ...h, value: `value #${h.valueIndex + 1}` }));
      ctx.print(opts.json, { ...report, hits: labelled, values: values.length }, () => {
        const head = `Scanned ${report.tablesScanned} tables (${report.columnsScanned} columns), ${report.filesScanned} files under the data dir and `
          + `${report.databaseFilesScanned} database files (${report.bytesScanned} bytes) for ${values.length} former values of contact ${contactId}`
          + ` (contact ${report.contactPurged === null ? 'not found' : report.contactPurged ? 'is purged' : 'is NOT purged'}).`;
        const body = report.hits.length === 0
          ? 'Zero hits: none of the values is stored anywhere scanned.'
          : `${report.hits.length} hit(s):\n${labelled.map((h) => `  ${h.place}${h.row ? ` row ${h.row}` : ''}: ${h.value}`).join('\n')}`;
        const list = (title: string, items: readonly string[]): string => `${title}:\n${items.length === 0 ? '  (none)' : items.map((n) => `  ${n}`).join('\n')}`;
        return [head, body, list('Checks run', report.checksRun), list('Checks NOT run', report.checksNotRun), list('Not scanned by any check', report.notScanned)].join('\n');
      });
      // Exit status 1 so scripts and CI can gate on the proof.
      if (report.hits.length > 0) throw new ApiError('traceFound', 409, `${report.hits.length} place(s) still hold former values of contact ${contactId}`);
    });
}
