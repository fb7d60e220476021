import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';

/** Whose personal data is being erased, and the values to hunt for. */
export interface ErasureSubject {
  readonly accountId: string;
  readonly contactId: string;
  /** Former values (email, names, phones...) in their stored form, for places that hold free text. */
  readonly values: readonly string[];
}

/**
 * Pretix's shredder model (DESIGN style 9): one eraser per place personal data
 * lives. Obfuscation runs every registered eraser in ONE transaction; each
 * replaces values irreversibly (no mapping kept) and redacts audit rows in
 * place rather than deleting them. Every module that stores personal data
 * must register an eraser here when it is wired in app.ts.
 */
export interface Eraser {
  /** The place, e.g. 'contacts', 'attendees.contact', 'communication messages'. */
  readonly place: string;
  /** Erases the subject's data in this place; returns the number of rows changed. */
  erase(trx: Transaction<Database>, subject: ErasureSubject, now: string): Promise<number>;
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
}
