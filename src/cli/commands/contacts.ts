import type { Command } from 'commander';
import { ApiError } from '../../errors.js';
import { collect, nonEmpty, type CliContext } from '../context.js';

interface VerifyOpts {
  email: string[];
  name: string[];
  value: string[];
  json?: boolean;
}

export function registerContacts(program: Command, ctx: CliContext): void {
  const contacts = program.command('contacts').description('Contact privacy tools');

  contacts
    .command('verify-obfuscated <contactId>')
    .description('Prove an obfuscation: scan every text column of every table (from the database catalogue) and every file under DATA_DIR for the contact\'s former values. Exits 1 when any value is found')
    .option('--email <email>', 'a former email (repeatable)', (v: string, p: string[]) => collect(nonEmpty(v), p), [])
    .option('--name <name>', 'a former name, e.g. "Ada Lovelace" (repeatable; each word of it is searched too)', (v: string, p: string[]) => collect(nonEmpty(v), p), [])
    .option('--value <value>', 'any other former value, e.g. a phone number (repeatable)', (v: string, p: string[]) => collect(nonEmpty(v), p), [])
    .option('--json', 'print JSON')
    .action(async (contactId: string, opts: VerifyOpts, cmd: Command) => {
      if (opts.email.length === 0) cmd.error('error: give at least one --email', { exitCode: 2, code: 'eventline.usage' });
      const words = opts.name.flatMap((n) => n.split(/\s+/)).filter((w) => w.length >= 3);
      const values = [...new Set([...opts.email, ...opts.name, ...words, ...opts.value])];
      const config = ctx.config();
      const report = await ctx.withServices((s) =>
        s.obfuscation.verify({
          contactId, values, dataDir: config.dataDir, ...(config.database.dialect === 'sqlite' ? { sqliteFile: config.database.file } : {}),
        }),
      );
      // The values themselves are never printed: a hit names the searched value by its position in the command line.
      const labelled = report.hits.map((h) => ({ ...h, value: `value #${h.valueIndex + 1}` }));
      ctx.print(opts.json, { ...report, hits: labelled, values: values.length }, () => {
        const head = `Scanned ${report.tablesScanned} tables (${report.columnsScanned} columns) and ${report.filesScanned} files for ${values.length} former values of contact ${contactId}`
          + ` (contact ${report.contactPurged === null ? 'not found' : report.contactPurged ? 'is purged' : 'is NOT purged'}).`;
        const body = report.hits.length === 0
          ? 'Zero hits: none of the values is stored anywhere scanned.'
          : `${report.hits.length} hit(s):\n${labelled.map((h) => `  ${h.place}${h.row ? ` row ${h.row}` : ''}: ${h.value}`).join('\n')}`;
        return `${head}\n${body}\nNot scanned:\n${report.notScanned.map((n) => `  ${n}`).join('\n')}`;
      });
      // Exit status 1 so scripts and CI can gate on the proof.
      if (report.hits.length > 0) throw new ApiError('traceFound', 409, `${report.hits.length} place(s) still hold former values of contact ${contactId}`);
    });
}
