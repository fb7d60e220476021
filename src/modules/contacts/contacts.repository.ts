import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import { compiledInsert } from '../../db/compiled.js';
import { Repository, type Executor } from '../../db/repository.js';
export type { Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

const insertContact = compiledInsert('contacts');

/** Which contacts a list shows beyond the live ones. */
export interface ContactListScope {
  /** Purged contacts are listed too (only with includePurged). */
  includePurged: boolean;
  /** Deleted contacts are listed too (when the filter decides on `deleted` itself). */
  includeDeleted: boolean;
}

const CONTACT_COLUMNS = [
  'id', 'account_id', 'first_name', 'last_name', 'middle_name', 'email', 'company', 'title', 'source_id', 'profile',
  'deleted', 'purged', 'created', 'last_modified', 'created_by', 'last_modified_by',
] as const;

export class ContactsRepository extends Repository {
  constructor(
    db: Db,
    private readonly dialect: Dialect,
  ) {
    super(db);
  }

  /** A text field of the profile JSON; `->` / `->>` read the same on SQLite (3.38+) and PostgreSQL (jsonb). */
  private profileText(...path: [string, ...string[]]): RawBuilder<string | null> {
    const root: RawBuilder<unknown> = this.dialect === 'postgres' ? sql`contacts.profile::jsonb` : sql`contacts.profile`;
    const leaf = path[path.length - 1] ?? path[0];
    const parent = path.slice(0, -1).reduce((expr, key) => sql`${expr} -> ${sql.lit(key)}`, root);
    return sql<string | null>`${parent} ->> ${sql.lit(leaf)}`;
  }

  private profileFlag(...path: [string, ...string[]]): RawBuilder<number> {
    const value = this.profileText(...path);
    // SQLite's ->> gives JSON true in the form 1, PostgreSQL's in the form 'true'.
    return this.dialect === 'postgres' ? sql<number>`case when ${value} = 'true' then 1 else 0 end` : sql<number>`coalesce(${value}, 0)`;
  }

  /**
   * The account's contacts in a derived table `c`: the row's columns plus the
   * filterable profile fields, so filters compile to plain column references.
   */
  private searchable(accountId: string) {
    const p = this.profileText.bind(this);
    return this.db
      .selectFrom('contacts')
      .select(CONTACT_COLUMNS.map((c) => `contacts.${c}` as const))
      .select([
        p('ccEmail').as('p_cc_email'), p('type', 'id').as('p_type_id'), p('nickname').as('p_nickname'),
        p('workPhone').as('p_work_phone'), p('mobilePhone').as('p_mobile_phone'), p('homeFax').as('p_home_fax'),
        p('designation').as('p_designation'), p('homePhone').as('p_home_phone'), p('pager').as('p_pager'), p('workFax').as('p_work_fax'),
        p('workAddress', 'address1').as('p_work_address1'), p('workAddress', 'address2').as('p_work_address2'),
        p('workAddress', 'address3').as('p_work_address3'), p('workAddress', 'city').as('p_work_city'),
        p('homeAddress', 'address1').as('p_home_address1'), p('homeAddress', 'address2').as('p_home_address2'),
        p('homeAddress', 'address3').as('p_home_address3'), p('homeAddress', 'city').as('p_home_city'),
        this.profileFlag('optOut', 'optedOut').as('p_opted_out'),
      ])
      .where('contacts.account_id', '=', accountId);
  }

  async list(accountId: string, spec: ListSpec, scope: ContactListScope) {
    const conditions: Array<Expression<SqlBool>> = [];
    if (scope.includePurged) {
      if (!scope.includeDeleted) conditions.push(sql<SqlBool>`(c.deleted = 0 or c.purged = 1)`);
    } else {
      conditions.push(sql<SqlBool>`c.purged = 0`);
      if (!scope.includeDeleted) conditions.push(sql<SqlBool>`c.deleted = 0`);
    }
    const base = this.db.selectFrom(this.searchable(accountId).as('c')).select(CONTACT_COLUMNS.map((col) => `c.${col}` as const));
    return fetchPage(base, spec, conditions);
  }

  /**
   * The account's contacts for another module to join (attendees filter and
   * sort on contact fields in SQL): the contacts table is named only here.
   */
  joinable(accountId: string) {
    return this.db.selectFrom('contacts')
      .select(['id', 'first_name', 'last_name', 'email', 'company', 'title', 'deleted', 'last_modified'])
      .where('account_id', '=', accountId);
  }

  find(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'contacts'> | undefined> {
    return ex.selectFrom('contacts').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findInAnyAccount(id: string): Promise<Row<'contacts'> | undefined> {
    return this.db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findMany(accountId: string, ids: readonly string[], ex: Executor = this.db): Promise<Row<'contacts'>[]> {
    if (ids.length === 0) return [];
    return ex.selectFrom('contacts').selectAll().where('account_id', '=', accountId).where('id', 'in', [...ids]).execute();
  }

  /** The active (not deleted, not purged) contact with this email, compared case-insensitively. */
  findActiveByEmail(accountId: string, email: string, ex: Executor = this.db): Promise<Row<'contacts'> | undefined> {
    return ex.selectFrom('contacts').selectAll()
      .where('account_id', '=', accountId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.cast(eb.val(email), 'text')])))
      .where('deleted', '=', 0).where('purged', '=', 0)
      .executeTakeFirst();
  }

  findActiveBySourceId(accountId: string, sourceId: string, ex: Executor = this.db): Promise<Row<'contacts'> | undefined> {
    return ex.selectFrom('contacts').selectAll()
      .where('account_id', '=', accountId).where('source_id', '=', sourceId)
      .where('deleted', '=', 0).where('purged', '=', 0)
      .executeTakeFirst();
  }

  async insert(row: NewRow<'contacts'>, ex: Executor = this.db): Promise<void> {
    await insertContact(ex, row);
  }

  /** One patch for many contacts of the account (erasure of a batch); returns the rows changed. */
  async updateMany(accountId: string, ids: readonly string[], patch: Omit<RowPatch<'contacts'>, 'id' | 'account_id'>, ex: Executor): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await ex.updateTable('contacts').set(patch).where('account_id', '=', accountId).where('id', 'in', [...ids]).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async update(accountId: string, id: string, patch: Omit<RowPatch<'contacts'>, 'id' | 'account_id'>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('contacts').set(patch).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
