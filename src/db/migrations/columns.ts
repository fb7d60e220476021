import type { CreateTableBuilder } from 'kysely';

// Column groups that most tables share, written once. Migrations are history:
// a helper here must never change what an existing migration creates (the
// schema is compared in CI by the declared-columns test on both databases).

/** An account's row: a UUID text id, and the account it belongs to. */
export function owned<TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) {
  return t
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'));
}

/** When and by whom a row was created and last changed (the reference's audit fields). */
export function audited<TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) {
  return t
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('last_modified_by', 'text', (c) => c.notNull());
}

type Spec = 'text' | 'text!' | 'integer' | 'integer!';

/**
 * Consecutive columns of one kind, in order: `text` and `integer` are nullable,
 * `text!` and `integer!` are NOT NULL. Column order stays as written.
 */
export function columns(spec: Spec, ...names: string[]) {
  const type = spec.startsWith('text') ? 'text' : 'integer';
  const required = spec.endsWith('!');
  return <TB extends string, C extends string>(t: CreateTableBuilder<TB, C>): CreateTableBuilder<TB, string> =>
    names.reduce<CreateTableBuilder<TB, string>>((b, name) => (required ? b.addColumn(name, type, (c) => c.notNull()) : b.addColumn(name, type)), t);
}
