import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
export type { Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { UsersJoin } from '../accounts/index.js';
import type { FilterAttributes } from './scim.filter.js';
import { GROUP_NAMES, USER_NAMES } from './scim.definitions.js';
import type { UserProfilesTable } from './identity.table.js';
import type { NewRow, RowPatch } from '../../db/types.js';

type ProfileChanges = Omit<Partial<UserProfilesTable>, 'user_id' | 'account_id' | 'created' | 'send_login_details'> & { send_login_details?: number };

/** The columns a SCIM User filter may compare (aliases: u = the account's users, p = their profiles). */
export const USER_FILTER: FilterAttributes = {
  names: USER_NAMES,
  columns: {
    id: { kind: 'text', sql: sql.ref('u.id'), caseExact: true },
    externalId: { kind: 'text', sql: sql.ref('p.external_id'), caseExact: true },
    userName: { kind: 'text', sql: sql`coalesce(p.user_name, u.email)` },
    'name.formatted': { kind: 'text', sql: sql.ref('u.name') },
    'name.givenName': { kind: 'text', sql: sql.ref('p.given_name') },
    'name.familyName': { kind: 'text', sql: sql.ref('p.family_name') },
    'name.middleName': { kind: 'text', sql: sql.ref('p.middle_name') },
    'name.honorificPrefix': { kind: 'text', sql: sql.ref('p.honorific_prefix') },
    'name.honorificSuffix': { kind: 'text', sql: sql.ref('p.honorific_suffix') },
    displayName: { kind: 'text', sql: sql.ref('p.display_name') },
    title: { kind: 'text', sql: sql.ref('p.title') },
    preferredLanguage: { kind: 'text', sql: sql.ref('p.preferred_language') },
    locale: { kind: 'text', sql: sql.ref('p.locale') },
    timezone: { kind: 'text', sql: sql.ref('p.timezone') },
    active: { kind: 'boolean', sql: sql.ref('u.active') },
    'meta.created': { kind: 'datetime', sql: sql.ref('u.created') },
    'meta.lastModified': { kind: 'datetime', sql: sql`coalesce(p.last_modified, u.created)` },
  },
  multi: {
    // One email per user, kept inline: a condition on it is a condition on the user.
    emails: { sub: { value: { kind: 'text', sql: sql.ref('u.email') }, type: { kind: 'text', sql: sql`coalesce(p.email_type, 'work')` } }, wrap: (inner) => inner },
    groups: {
      sub: { value: { kind: 'text', sql: sql.ref('ugm.group_id'), caseExact: true }, display: { kind: 'text', sql: sql.ref('ugr.name') } },
      wrap: (inner) => sql<SqlBool>`exists (select 1 from user_group_members ugm inner join user_groups ugr on ugr.id = ugm.group_id where ugm.user_id = u.id and ${inner})`,
    },
    roles: {
      sub: { value: { kind: 'text', sql: sql.ref('ugr.role') } },
      wrap: (inner) => sql<SqlBool>`exists (select 1 from user_group_members ugm inner join user_groups ugr on ugr.id = ugm.group_id where ugm.user_id = u.id and ${inner})`,
    },
  },
};

/** The columns a SCIM Group filter may compare (alias: g = the account's groups). */
export const GROUP_FILTER: FilterAttributes = {
  names: GROUP_NAMES,
  columns: {
    id: { kind: 'text', sql: sql.ref('g.id'), caseExact: true },
    externalId: { kind: 'text', sql: sql.ref('g.external_id'), caseExact: true },
    displayName: { kind: 'text', sql: sql.ref('g.name') },
    'meta.created': { kind: 'datetime', sql: sql.ref('g.created') },
    'meta.lastModified': { kind: 'datetime', sql: sql.ref('g.last_modified') },
  },
  multi: {
    members: {
      sub: { value: { kind: 'text', sql: sql.ref('gm.user_id'), caseExact: true } },
      wrap: (inner) => sql<SqlBool>`exists (select 1 from user_group_members gm where gm.group_id = g.id and ${inner})`,
    },
  },
};

const USER_COLUMNS = [
  'u.id', 'u.account_id', 'u.email', 'u.name', 'u.role', 'u.active', 'u.created',
  'p.user_name', 'p.external_id', 'p.given_name', 'p.family_name', 'p.middle_name', 'p.honorific_prefix', 'p.honorific_suffix', 'p.display_name',
  'p.title', 'p.preferred_language', 'p.locale', 'p.timezone', 'p.email_type', 'p.phone_numbers', 'p.addresses', 'p.enterprise',
  'p.send_login_details', 'p.last_modified',
] as const;

export class IdentityRepository extends Repository {
  constructor(
    db: Db,
    /** The account's users, handed out by the accounts module (the users table is named only there). */
    private readonly users: (accountId: string) => UsersJoin,
  ) {
    super(db);
  }

  // ---- groups ---------------------------------------------------------------

  listGroups(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('user_groups').selectAll('user_groups').where('user_groups.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  findGroup(accountId: string, id: string, ex: Executor = this.db) {
    return ex.selectFrom('user_groups').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findGroups(accountId: string, ids: readonly string[], ex: Executor = this.db) {
    if (ids.length === 0) return Promise.resolve([]);
    return ex.selectFrom('user_groups').selectAll().where('account_id', '=', accountId).where('id', 'in', [...ids]).execute();
  }

  /** The account's group with this name in any letter case (names are unique that way). */
  findGroupByName(accountId: string, name: string, ex: Executor = this.db) {
    return ex.selectFrom('user_groups').selectAll().where('account_id', '=', accountId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.cast(eb.val(name), 'text')])))
      .executeTakeFirst();
  }

  /** The account's groups that give a role, oldest first (the first of each role is where `roles` puts users). */
  roleGroups(accountId: string, ex: Executor = this.db) {
    return ex.selectFrom('user_groups').selectAll().where('account_id', '=', accountId).where('role', 'is not', null)
      .orderBy('created').orderBy('id').execute();
  }

  insertGroups(rows: readonly NewRow<'user_groups'>[], ex: Executor = this.db) {
    return ex.insertInto('user_groups').values([...rows]).execute();
  }

  async updateGroup(accountId: string, id: string, patch: RowPatch<'user_groups'>, ex: Executor = this.db) {
    const r = await ex.updateTable('user_groups').set(patch).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async deleteGroup(accountId: string, id: string, ex: Executor) {
    // The group leaves the events it was associated with (event-user-groups), in the same transaction.
    await ex.deleteFrom('event_user_groups').where('user_group_id', '=', id).where('account_id', '=', accountId).execute();
    await ex.deleteFrom('user_group_members').where('group_id', '=', id).where('account_id', '=', accountId).execute();
    const r = await ex.deleteFrom('user_groups').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** A page of the account's groups for SCIM (index paging), with the filter compiled to SQL. */
  async scimGroups(accountId: string, condition: Expression<SqlBool> | undefined, offset: number, limit: number) {
    let base = this.db.selectFrom('user_groups as g').where('g.account_id', '=', accountId);
    if (condition) base = base.where(condition);
    const [rows, count] = await Promise.all([
      limit === 0 ? Promise.resolve([]) : base.selectAll('g').orderBy('g.created').orderBy('g.id').offset(offset).limit(limit).execute(),
      base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  // ---- members --------------------------------------------------------------

  async addMembers(rows: readonly NewRow<'user_group_members'>[], ex: Executor = this.db) {
    if (rows.length === 0) return;
    await ex.insertInto('user_group_members').values([...rows]).onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing()).execute();
  }

  async removeMembers(accountId: string, groupId: string, userIds: readonly string[] | 'all', ex: Executor) {
    await this.removeMemberships(ex, accountId, 'group_id', groupId, userIds);
  }

  async removeUserFromGroups(accountId: string, userId: string, groupIds: readonly string[] | 'all', ex: Executor) {
    await this.removeMemberships(ex, accountId, 'user_id', userId, groupIds);
  }

  /** The memberships of one group (or one user) with the given users (groups), or all of them. */
  private async removeMemberships(ex: Executor, accountId: string, of: 'group_id' | 'user_id', id: string, others: readonly string[] | 'all') {
    let q = ex.deleteFrom('user_group_members').where('account_id', '=', accountId).where(of, '=', id);
    if (others !== 'all') {
      if (others.length === 0) return;
      q = q.where(of === 'group_id' ? 'user_id' : 'group_id', 'in', [...others]);
    }
    await q.execute();
  }

  memberIds(accountId: string, groupId: string, ex: Executor = this.db) {
    return ex.selectFrom('user_group_members').select('user_id').where('account_id', '=', accountId).where('group_id', '=', groupId)
      .orderBy('created').orderBy('user_id').execute();
  }

  /** The members of these groups with the name each user has (for SCIM `members`). */
  membersOf(accountId: string, groupIds: readonly string[], ex: Executor = this.db) {
    if (groupIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('user_group_members as m')
      .innerJoin(this.users(accountId).as('u'), 'u.id', 'm.user_id')
      .select(['m.group_id', 'm.user_id', 'u.name'])
      .where('m.account_id', '=', accountId).where('m.group_id', 'in', [...groupIds])
      .orderBy('m.created').orderBy('m.user_id').execute();
  }

  /** The groups of these users (id, name, role), for SCIM `groups` and `roles` and for role resolution. */
  groupsOf(accountId: string, userIds: readonly string[], ex: Executor = this.db) {
    if (userIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('user_group_members as m')
      .innerJoin('user_groups as g', 'g.id', 'm.group_id')
      .select(['m.user_id', 'g.id', 'g.name', 'g.role', 'g.created'])
      .where('m.account_id', '=', accountId).where('m.user_id', 'in', [...userIds])
      .orderBy('g.created').orderBy('g.id').execute();
  }

  // ---- profiles -------------------------------------------------------------

  insertProfile(row: NewRow<'user_profiles'>, ex: Executor = this.db) {
    return ex.insertInto('user_profiles').values(row).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  }

  async updateProfile(accountId: string, userId: string, patch: ProfileChanges, ex: Executor) {
    await ex.updateTable('user_profiles').set(patch).where('account_id', '=', accountId).where('user_id', '=', userId).execute();
  }

  /**
   * Takes the row's write lock for the rest of the transaction (PostgreSQL), so a
   * concurrent write waits and then sees this one: If-Match is checked and the
   * change written without another write in between. SQLite writes one at a time anyway.
   */
  async lockProfile(accountId: string, userId: string, ex: Executor) {
    await ex.updateTable('user_profiles').set((eb) => ({ last_modified: eb.ref('last_modified') }))
      .where('account_id', '=', accountId).where('user_id', '=', userId).execute();
  }

  /** The same for a group row. */
  async lockGroup(accountId: string, id: string, ex: Executor) {
    await ex.updateTable('user_groups').set((eb) => ({ last_modified: eb.ref('last_modified') }))
      .where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  deleteProfile(userId: string, ex: Executor) {
    return ex.deleteFrom('user_profiles').where('user_id', '=', userId).execute();
  }

  /** The user whose userName is this one in any letter case (userName is unique that way in an account). */
  findProfileByUserName(accountId: string, userName: string, ex: Executor = this.db) {
    return ex.selectFrom('user_profiles').select(['user_id']).where('account_id', '=', accountId)
      .where((eb) => eb(eb.fn('lower', ['user_name']), '=', eb.fn('lower', [eb.cast(eb.val(userName), 'text')])))
      .executeTakeFirst();
  }

  // ---- SCIM users -------------------------------------------------------------

  private scimUserBase(accountId: string, ex: Executor) {
    return ex.selectFrom(this.users(accountId).as('u'))
      .leftJoin('user_profiles as p', (j) => j.onRef('p.user_id', '=', 'u.id'));
  }

  scimUser(accountId: string, id: string, ex: Executor = this.db) {
    return this.scimUserBase(accountId, ex).select([...USER_COLUMNS]).where('u.id', '=', id).executeTakeFirst();
  }

  /** A page of the account's users for SCIM (index paging), with the filter compiled to SQL. */
  async scimUsers(accountId: string, condition: RawBuilder<SqlBool> | undefined, offset: number, limit: number) {
    let base = this.scimUserBase(accountId, this.db);
    if (condition) base = base.where(condition);
    const [rows, count] = await Promise.all([
      limit === 0 ? Promise.resolve([]) : base.select([...USER_COLUMNS]).orderBy('u.created').orderBy('u.id').offset(offset).limit(limit).execute(),
      base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  // ---- SCIM tokens ----------------------------------------------------------

  insertToken(row: NewRow<'scim_tokens'>, ex: Executor = this.db) {
    return ex.insertInto('scim_tokens').values(row).execute();
  }

  findActiveToken(tokenHash: string) {
    return this.db.selectFrom('scim_tokens').selectAll().where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
  }

  listTokens(accountId: string) {
    return this.db.selectFrom('scim_tokens').selectAll().where('account_id', '=', accountId).orderBy('created').orderBy('id').execute();
  }

  async revokeToken(accountId: string, id: string, at: string, ex: Executor = this.db) {
    const r = await ex.updateTable('scim_tokens').set({ revoked_at: at })
      .where('account_id', '=', accountId).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}

export type ScimUserRow = NonNullable<Awaited<ReturnType<IdentityRepository['scimUser']>>>;
export type GroupMembershipRow = Awaited<ReturnType<IdentityRepository['groupsOf']>>[number];
