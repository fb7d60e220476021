import type { Command } from 'commander';
import type { VerifierHit } from '../../modules/obfuscation/index.js';
import { collect, nonEmpty, usageError, type CliContext } from '../context.js';
import { verificationFailed } from '../errors.js';

interface VerifyOpts {
  email: string[];
  name: string[];
  value: string[];
  pgDataDir?: string;
  checkpoint: boolean;
  json?: boolean;
}

/** What is searched: the values, and which of them are single words of a --name (index of their name). */
interface Search {
  readonly values: readonly string[];
  /** valueIndex -> the indexes of every word of the same name (itself included). */
  readonly nameWords: ReadonlyMap<number, readonly number[]>;
  /** The local parts of the --email values (`ada.lovelace` of `ada.lovelace@example.com`), searched like a name's words. */
  readonly localParts: ReadonlySet<number>;
}

/**
 * Tables whose rows copy or quote what people wrote (communication logs, chat with its reactions,
 * questions and answers, activities, stored mail, contact-hook notifications): their erasers match every
 * form of an erased contact's values in anyone's rows, name parts and the email's local part included
 * (docs/privacy.md). So there a lone first or last name is a leftover of the contact, whoever's row it is.
 */
const QUOTING_TABLES: ReadonlySet<string> = new Set([
  'communication_messages', 'session_chat_messages', 'session_questions', 'attendee_activities', 'mail_outbox',
  'contact_hook_transactions', 'contact_hook_attempts',
]);

/**
 * The values in a fixed order (emails, full names, the names' words, other values: the report
 * names a hit by its position). A name's words are searched one by one, since first and last
 * name are stored in columns of their own.
 */
function searchOf(opts: VerifyOpts): Search {
  const values: string[] = [];
  const indexOf = (v: string): number => {
    const i = values.indexOf(v);
    if (i !== -1) return i;
    values.push(v);
    return values.length - 1;
  };
  for (const v of [...opts.email, ...opts.name]) indexOf(v);
  const names = opts.name.map((n) => n.split(/\s+/).filter((w) => w.length >= 3));
  const wordIndexes = names.map((words) => words.map(indexOf));
  for (const v of opts.value) indexOf(v);
  const nameWords = new Map<number, number[]>();
  for (const group of wordIndexes) {
    // A one-word name is a value like any other.
    if (group.length < 2) continue;
    for (const i of group) nameWords.set(i, [...new Set([...(nameWords.get(i) ?? []), ...group])]);
  }
  // Each email's local part, last (the positions of the given values stay), unless it was given as a value itself.
  const localParts = new Set<number>();
  for (const e of opts.email) {
    const local = e.split('@')[0] ?? '';
    if (local.length < 3 || values.includes(local)) continue;
    localParts.add(indexOf(local));
  }
  return { values, nameWords, localParts };
}

/**
 * A word of a name (or an email's local part) counts as found only where the contact's name is: in a
 * table that copies or quotes what people wrote (QUOTING_TABLES), where every word of
 * the name is (the same row of a table, in any of its columns), or where another of the
 * contact's values is too (the same row, or the same file), or in the contact's own row.
 * Otherwise it is someone else who shares a first or a last name, and is no trace of this
 * contact. A file (the data dir, the database's own bytes) cannot tell whose a word is, so
 * there a word counts only beside another value of the contact: the full name, an email, a --value.
 */
function contactHits(hits: readonly VerifierHit[], search: Search, contactId: string): VerifierHit[] {
  const placeOf = (h: VerifierHit): string => (h.place.includes('.') && !h.place.includes(':') ? `${h.place.slice(0, h.place.indexOf('.'))}#${h.row ?? ''}` : h.place);
  const isRow = (h: VerifierHit): boolean => !h.place.includes(':');
  const found = new Map<string, Set<number>>();
  for (const h of hits) {
    const key = placeOf(h);
    found.set(key, (found.get(key) ?? new Set<number>()).add(h.valueIndex));
  }
  const partial = (i: number): boolean => search.nameWords.has(i) || search.localParts.has(i);
  return hits.filter((h) => {
    if (!partial(h.valueIndex)) return true;
    const group = search.nameWords.get(h.valueIndex) ?? [h.valueIndex];
    if (isRow(h) && h.row === contactId) return true;
    if (isRow(h) && QUOTING_TABLES.has(h.place.slice(0, h.place.indexOf('.')))) return true;
    const here = found.get(placeOf(h)) ?? new Set<number>();
    const other = [...here].some((i) => !partial(i));
    return other || (isRow(h) && h.row !== undefined && group.length > 1 && group.every((i) => here.has(i)));
  });
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
    .option('--name <name>', 'a former full name, e.g. "Ada Lovelace" (repeatable): found as a whole, or first and last name together; a lone first or last name is a hit in the contact\'s own rows and in copies of what people wrote (communication logs, chat, reactions, questions, answers, activities, stored mail, hook notifications), not in someone else\'s record who shares it', (v: string, p: string[]) => collect(nonEmpty(v), p), [])
    .option('--value <value>', 'any other former value, e.g. a phone number (repeatable)', (v: string, p: string[]) => collect(nonEmpty(v), p), [])
    .option('--pg-data-dir <path>', 'PostgreSQL: where this machine sees the server\'s data directory (default: what the server reports)', nonEmpty)
    .option('--no-checkpoint', 'PostgreSQL: do not run CHECKPOINT before reading the relation files (pages changed in memory since the last checkpoint are then not seen)')
    .option('--json', 'print JSON')
    .action(async (contactId: string, opts: VerifyOpts, cmd: Command) => {
      if (opts.email.length === 0) usageError(cmd, 'give at least one --email');
      const search = searchOf(opts);
      const { values } = search;
      const config = ctx.config();
      const scanned = await ctx.withServices((s) =>
        s.obfuscation.verify({
          contactId, values, dataDir: config.dataDir, rawBytes: true, checkpoint: opts.checkpoint,
          ...(opts.pgDataDir ? { pgDataDirectory: opts.pgDataDir } : {}),
        }),
      );
      const report = { ...scanned, hits: contactHits(scanned.hits, search, contactId) };
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
      if (report.hits.length > 0) throw verificationFailed(`${report.hits.length} place(s) still hold former values of contact ${contactId}`, { hits: report.hits.length });
    });
}
