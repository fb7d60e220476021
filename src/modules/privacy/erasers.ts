import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { redactEach, redactText, storedForms } from './redact.js';

/**
 * Whose personal data is being erased: one or more contacts of ONE account
 * (a bulk job erases a batch of contacts per transaction; a single obfuscation
 * is a batch of one), and the values to hunt for.
 */
export interface ErasureSubject {
  readonly accountId: string;
  /** The contacts being erased (lower-case ids, no duplicates, at least one). */
  readonly contactIds: readonly string[];
  /**
   * Former values (email, names, phones...) of every contact of the batch, in their stored form, for places
   * that hold free text. Each contact of the batch is being erased, so a value of any of them goes wherever it appears.
   */
  readonly values: readonly string[];
  /**
   * The values that point at one person (emails, full names in either order, phones), of every contact of the batch:
   * what the personal columns of other people's rows (descriptions, notes, other contacts' records) are searched for.
   * Places that copy or quote what people wrote (communication logs, chat, questions and answers, activities, stored
   * mail, hook callbacks) are searched for all of `values` instead, name parts included (docs/privacy.md).
   */
  readonly identifying: readonly string[];
}

/**
 * Pretix's shredder model (DESIGN style 9): one eraser per place personal data
 * lives. Obfuscation runs every registered eraser in ONE transaction; each
 * replaces values irreversibly (no mapping kept) and redacts audit rows in
 * place rather than deleting them. Every module that stores personal data
 * must register an eraser here when it is wired in app.ts.
 *
 * An eraser works by id (rows of the contacts, or of their attendees) and by
 * declared column (free text that may mention them), once per batch: never
 * once per contact. `columns` and `mentions` name the columns it covers: a
 * build-time test (test/api/erasure-coverage.test.ts) fails when a column
 * declared `cleared` or `replaced` (src/db/tables.ts) is in no eraser's
 * `columns` or `mentions`, or any personal column (`cleared` and `replaced`
 * included: another person's row may hold the contact's values) is in no
 * eraser's `mentions`, unless declared `ownOnly` with its reason. That test,
 * not a scan at run time, is what keeps "nothing is left" when a table is added.
 */
export interface Eraser {
  /** The place, e.g. 'contacts', 'attendees.contact', 'communication messages'. */
  readonly place: string;
  /** 'table.column' of every column this eraser clears or replaces in the rows of the subjects (by id). */
  readonly columns: readonly string[];
  /** 'table.column' of every column in which this eraser redacts the subjects' values in ANY row of the account. */
  readonly mentions?: readonly string[];
  /** Erases the subjects' data in this place; returns the number of rows changed. */
  erase(trx: Transaction<Database>, subject: ErasureSubject, now: string): Promise<number>;
}

/**
 * The eraser of one free-text column that may quote the subjects: in every row of the account that `find`
 * returns for their values' stored forms, the values are redacted where they appear, and `save` writes the
 * new text (with the erasure's audit fields).
 */
export function quotedTextEraser<R extends { id: string }>(def: {
  readonly place: string;
  /** 'table.column' of the text. */
  readonly mention: string;
  readonly find: (trx: Transaction<Database>, accountId: string, forms: readonly string[]) => Promise<readonly R[]>;
  readonly text: (row: R) => string;
  readonly save: (trx: Transaction<Database>, accountId: string, row: R, text: string, now: string) => Promise<void>;
}): Eraser {
  return {
    place: def.place,
    columns: [],
    mentions: [def.mention],
    async erase(trx, s, now) {
      const forms = storedForms(s.values);
      return redactEach(forms, () => def.find(trx, s.accountId, forms), (r) => {
        const text = redactText(def.text(r), forms);
        return text === def.text(r) ? undefined : text;
      }, (r, text) => def.save(trx, s.accountId, r, text, now));
    },
  };
}

export class EraserRegistry {
  private readonly erasers: Eraser[] = [];

  register(eraser: Eraser): void {
    if (this.erasers.some((e) => e.place === eraser.place)) throw new Error(`An eraser for '${eraser.place}' is already registered`);
    this.erasers.push(eraser);
  }

  all(): readonly Eraser[] {
    return this.erasers;
  }

  /** 'table.column' of every column some registered eraser clears or replaces by id, and of every column it searches for mentions. */
  coverage(): { byId: ReadonlySet<string>; mentions: ReadonlySet<string> } {
    return { byId: new Set(this.erasers.flatMap((e) => e.columns)), mentions: new Set(this.erasers.flatMap((e) => e.mentions ?? [])) };
  }
}
