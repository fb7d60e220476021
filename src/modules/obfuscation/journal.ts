// The obfuscation journal (SQLite): one line per obfuscated contact, outside the database, so that restoring a backup
// taken before an obfuscation erases that contact again (`eventline restore` replays it; docs/privacy.md). A line
// holds ids only, never a value: {"accountId":"...","contactId":"...","at":"<ISO time>"}. Lines are appended after
// the obfuscation commits; a process that dies between the two leaves the line out, and the next start adds the
// lines of every obfuscation the database holds that the journal lacks (reconcile). Appends are O_APPEND writes of
// one line, whole from any number of processes on the machine.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export interface JournalEntry { readonly accountId: string; readonly contactId: string; readonly at: string }

/** Where a SQLite database's journal lives: beside the file, named after it. */
export const journalPath = (databaseFile: string): string => `${databaseFile}-obfuscations.jsonl`;

export class ObfuscationJournal {
  constructor(readonly file: string) {}

  append(entries: ReadonlyArray<{ accountId: string; contactId: string }>, at: string): void {
    if (entries.length === 0) return;
    appendFileSync(this.file, entries.map((e) => `${JSON.stringify({ accountId: e.accountId, contactId: e.contactId, at })}\n`).join(''), { mode: 0o600 });
  }

  /** Every entry, once per contact (the first), in order; lines that are not entries (a torn last line) are skipped. */
  read(): JournalEntry[] {
    if (!existsSync(this.file)) return [];
    const seen = new Set<string>();
    const out: JournalEntry[] = [];
    for (const line of readFileSync(this.file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      let e: Partial<JournalEntry>;
      try {
        e = JSON.parse(line) as Partial<JournalEntry>;
      } catch {
        continue;
      }
      if (typeof e.accountId !== 'string' || typeof e.contactId !== 'string' || typeof e.at !== 'string') continue;
      const key = `${e.accountId}/${e.contactId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ accountId: e.accountId, contactId: e.contactId, at: e.at });
    }
    return out;
  }

  /** Adds the obfuscations the database holds that the journal lacks. Answers how many lines it added. */
  reconcile(held: ReadonlyArray<{ accountId: string; contactId: string }>, at: string): number {
    const known = new Set(this.read().map((e) => `${e.accountId}/${e.contactId}`));
    const missing = held.filter((h) => !known.has(`${h.accountId}/${h.contactId}`));
    this.append(missing, at);
    return missing.length;
  }
}
