import type { Selectable } from 'kysely';

/**
 * What a text column holds, as far as personal data goes (DESIGN rule 13).
 * - `none`: no personal data (ids, codes, enums, timestamps, settings JSON).
 * - `cleared`: a contact's personal value; its eraser empties it.
 * - `replaced`: a contact's personal value; its eraser writes a redacted stand-in.
 * - `free-text`: may mention a person (messages, notes, payloads); erasers match the contact's values in it.
 */
export type ColumnUse = 'none' | 'cleared' | 'replaced' | 'free-text';

type TextColumns<T> = {
  [C in keyof Selectable<T> & string]-?: NonNullable<Selectable<T>[C]> extends string ? C : never;
}[keyof Selectable<T> & string];

/** Every text column of a table, each with its use: the compiler insists on all of them. */
export type TextColumnDeclaration<T> = { readonly [C in TextColumns<T>]: ColumnUse };

export interface TableDeclaration {
  readonly table: string;
  /** The module (folder under src/modules, or an infrastructure folder) that owns the table. */
  readonly owner: string;
  readonly columns: Readonly<Record<string, ColumnUse>>;
}

/**
 * A module's tables: it alone reads and writes them. Each entry declares every
 * text column; a test compares these with the migrated schema on both databases.
 */
export function declareTables<DB>(owner: string, tables: { readonly [K in keyof DB & string]?: TextColumnDeclaration<DB[K]> }): readonly TableDeclaration[] {
  return Object.entries(tables).map(([table, columns]) => ({ table, owner, columns: columns as Readonly<Record<string, ColumnUse>> }));
}
