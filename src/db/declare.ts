import type { Selectable } from 'kysely';
import type { Database } from './types.js';

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

/** How a personal column is declared: its use, or an own-value-only column with its reason. */
export type PersonalDeclaration = Exclude<ColumnUse, 'none'> | OwnValueOnly;

/**
 * A table's text columns: the personal ones, each with its use, and every other one in `none`.
 * declareTables has the compiler insist that the two name every text column, and none twice.
 */
export interface TableColumns<T> {
  readonly personal?: { readonly [C in TextColumns<T>]?: PersonalDeclaration };
  readonly none: readonly TextColumns<T>[];
}

type Tables = { readonly [K in keyof Database]?: TableColumns<Database[K]> };
type NoneOf<S> = S extends { readonly none: readonly (infer N)[] } ? N : never;
type PersonalOf<S> = S extends { readonly personal: infer P } ? keyof P : never;
/** What table K's declaration S gets wrong: text columns it leaves out, declares twice, or personal keys that are no text column. */
type Undeclared<K extends keyof Database, S> = Exclude<TextColumns<Database[K]>, NoneOf<S> | PersonalOf<S>>;
type DeclaredTwice<S> = Extract<NoneOf<S>, PersonalOf<S>>;
type NotTextColumns<K extends keyof Database, S> = Exclude<PersonalOf<S>, TextColumns<Database[K]>>;
/** Each table's declaration as it is when right; otherwise it also asks for properties that name what is wrong. */
type Complete<D> = {
  readonly [K in keyof D]: K extends keyof Database
    ? [Undeclared<K, D[K]> | DeclaredTwice<D[K]> | NotTextColumns<K, D[K]>] extends [never]
      ? D[K]
      : D[K] & { undeclared: Undeclared<K, D[K]>; declaredTwice: DeclaredTwice<D[K]>; notTextColumns: NotTextColumns<K, D[K]> }
    : never;
};

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
export function declareTables<const D extends Tables>(owner: string, tables: D & Complete<D>): readonly TableDeclaration[] {
  return Object.entries(tables as Readonly<Record<string, TableColumns<unknown>>>).map(([table, { personal, none }]) => ({
    table,
    owner,
    columns: { ...Object.fromEntries(none.map((column) => [column, 'none' as const])), ...personal },
  }));
}
