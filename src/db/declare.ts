import type { Selectable } from 'kysely';

/**
 * What a text column holds, as far as personal data goes (DESIGN rule 13).
 * - `none`: no personal data (ids, codes, enums, timestamps, settings JSON).
 * - `cleared`: a contact's personal value; its eraser empties it.
 * - `replaced`: a contact's personal value; its eraser writes a redacted stand-in.
 * - `free-text`: may mention a person (messages, notes, payloads); erasers match the contact's values in it.
 */
export type ColumnUse = 'none' | 'cleared' | 'replaced' | 'free-text';

/**
 * A `cleared` or `replaced` column that cannot hold another person's data, with
 * the reason why (e.g. an id eventline writes itself, never text from a client).
 * Every other personal column is also searched for an erased contact's
 * identifying values in every row of the account (src/modules/privacy/coverage.ts);
 * this one is erased in the contact's own rows only.
 */
export interface OwnValueOnly {
  readonly use: 'cleared' | 'replaced';
  /** Why no other row of this column can hold another person's email, name or phone. */
  readonly ownOnly: string;
}

/** How a text column is declared: its use, or an own-value-only column with its reason. */
export type ColumnDeclaration = ColumnUse | OwnValueOnly;

/** A column declared `cleared` or `replaced` that is erased in the contact's own rows only, and why: see OwnValueOnly. */
export function ownOnly(use: OwnValueOnly['use'], why: string): OwnValueOnly {
  return { use, ownOnly: why };
}

/** The use of a declared column, whatever its form. */
export function columnUse(d: ColumnDeclaration): ColumnUse {
  return typeof d === 'string' ? d : d.use;
}

type TextColumns<T> = {
  [C in keyof Selectable<T> & string]-?: NonNullable<Selectable<T>[C]> extends string ? C : never;
}[keyof Selectable<T> & string];

/** Every text column of a table, each with its use: the compiler insists on all of them. */
export type TextColumnDeclaration<T> = { readonly [C in TextColumns<T>]: ColumnDeclaration };

export interface TableDeclaration {
  readonly table: string;
  /** The module (folder under src/modules, or an infrastructure folder) that owns the table. */
  readonly owner: string;
  readonly columns: Readonly<Record<string, ColumnDeclaration>>;
}

/**
 * A module's tables: it alone reads and writes them. Each entry declares every
 * text column; a test compares these with the migrated schema on both databases.
 */
export function declareTables<DB>(owner: string, tables: { readonly [K in keyof DB & string]?: TextColumnDeclaration<DB[K]> }): readonly TableDeclaration[] {
  return Object.entries(tables).map(([table, columns]) => ({ table, owner, columns: columns as Readonly<Record<string, ColumnDeclaration>> }));
}
