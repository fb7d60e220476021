import type { Config } from '../../config/index.js';
import { actorName, type AuthContext } from '../../actor.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { listPage, type ListQuery } from '../../lists/index.js';
import { ROLES, type Account, type AccountsService, type Role, type User, type UserRevocation } from '../accounts/index.js';
import { changedFields, type AuditService } from '../audit/index.js';
import { GroupErrors } from './identity.errors.js';
import { USER_GROUPS_LIST } from './identity.filters.js';
import type { Executor, IdentityRepository } from './identity.repository.js';
import type { Row } from '../../db/types.js';

/** An account user group as the API shows it (the reference's user-group.json, plus eventline's `role`). */
export interface UserGroup {
  id: string;
  name: string;
  description?: string;
  role?: Role;
  created: string;
  createdBy: string;
  lastModified: string;
  lastModifiedBy: string;
}

export interface UserGroupInput {
  name: string;
  description?: string | null;
  /** Absent: unchanged (PUT) or none (POST); null: the group gives no role. */
  role?: Role | null;
}

/** The groups every account starts with, one per role. */
export const ROLE_GROUPS: ReadonlyArray<{ name: string; role: Role; description: string }> = [
  { name: 'Administrators', role: 'administrator', description: 'Members have the administrator role.' },
  { name: 'Planners', role: 'planner', description: 'Members have the planner role.' },
  { name: 'Developers', role: 'developer', description: 'Members have the developer role.' },
];

/** The role a user has with no group giving one: the least privilege. */
export const DEFAULT_ROLE: Role = 'developer';

/** administrator > planner > developer. */
export function highestRole(roles: ReadonlyArray<Role | null>): Role {
  return ROLES.find((r) => roles.includes(r)) ?? DEFAULT_ROLE;
}

export const toUserGroup = (r: Row<'user_groups'>): UserGroup => ({
  id: r.id, name: r.name,
  ...(r.description !== null ? { description: r.description } : {}),
  ...(r.role !== null ? { role: r.role } : {}),
  created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
});

function validName(value: string): string {
  const name = value.trim();
  if (name.length < 1 || name.length > 50) throw GroupErrors.invalidGroup('The group name must be 1-50 characters', { target: 'name' });
  return name;
}

function validDescription(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (value.length > 300) throw GroupErrors.invalidGroup('The description must be at most 300 characters', { target: 'description' });
  return value;
}

/**
 * The account's user groups (the reference's Account User Groups), which SCIM
 * exposes as its Groups. Groups are how users get roles: a user's role is the
 * highest role of its groups, developer when none gives one, and it is written
 * to the user (what sign-in and tokens check) in the same transaction as every
 * change of membership or of a group's role.
 */
export class UserGroupsService {
  constructor(
    private readonly repo: IdentityRepository,
    private readonly accounts: AccountsService,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
    private readonly audit?: AuditService,
  ) {}

  /** What the group's fields were or became, for the audit log (issue 36). */
  private static fields(r: Pick<Row<'user_groups'>, 'name' | 'description' | 'role' | 'external_id'>) {
    return { name: r.name, description: r.description, role: r.role, externalId: r.external_id };
  }

  private get href(): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/account-user-groups`;
  }

  // ---- hooks the accounts module calls ----------------------------------

  /** A new account starts with one group per role. */
  async accountCreated(account: Account): Promise<void> {
    const now = iso(this.clock());
    await this.repo.insertGroups(ROLE_GROUPS.map((g) => ({
      id: newId(), account_id: account.id, name: g.name, description: g.description, role: g.role, external_id: null,
      created: now, last_modified: now, created_by: 'eventline', last_modified_by: 'eventline',
    })));
  }

  /** A user made anywhere (CLI, SCIM, demo) gets a profile and joins the first group of its role, so role and groups agree. */
  async userCreated(user: User, trx: Executor): Promise<void> {
    const now = iso(this.clock());
    await this.repo.insertProfile({ user_id: user.id, account_id: user.accountId, user_name: user.email, created: now, last_modified: now }, trx);
    const group = (await this.repo.roleGroups(user.accountId, trx)).find((g) => g.role === user.role);
    if (group) await this.repo.addMembers([{ group_id: group.id, user_id: user.id, account_id: user.accountId, created: now }], trx);
  }

  /** A deleted user leaves its groups and its profile goes; a deactivated one keeps both. */
  async userRevoked(event: UserRevocation, trx: Executor): Promise<void> {
    if (event.reason !== 'deleted') return;
    await this.repo.removeUserFromGroups(event.accountId, event.userId, 'all', trx);
    await this.repo.deleteProfile(event.userId, trx);
  }

  // ---- /account-user-groups ------------------------------------------------

  list(accountId: string, query: ListQuery) {
    return listPage(USER_GROUPS_LIST, query, (spec) => this.repo.listGroups(accountId, spec), toUserGroup, this.href);
  }

  async get(accountId: string, id: string, ex?: Executor): Promise<UserGroup> {
    return toUserGroup(await this.row(accountId, id, ex));
  }

  async row(accountId: string, id: string, ex?: Executor): Promise<Row<'user_groups'>> {
    const row = await this.repo.findGroup(accountId, id.toLowerCase(), ex);
    if (!row) throw GroupErrors.groupNotFound(undefined, { target: 'userGroupId' });
    return row;
  }

  private async checkNameFree(accountId: string, name: string, id: string | undefined, ex: Executor | undefined): Promise<void> {
    const holder = await this.repo.findGroupByName(accountId, name, ex);
    if (holder && holder.id !== id) throw GroupErrors.groupNameTaken(undefined, { target: 'name' });
  }

  private async uniquely<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      // Two writers raced past the name check: the unique index decides.
      if (isUniqueViolation(err)) throw GroupErrors.groupNameTaken(undefined, { target: 'name' });
      throw err;
    }
  }

  async create(auth: Pick<AuthContext, 'accountId' | 'userId' | 'clientId'>, input: UserGroupInput & { externalId?: string | null }, ex?: Executor): Promise<UserGroup> {
    const name = validName(input.name);
    const now = iso(this.clock());
    const by = actorName(auth);
    const row: Row<'user_groups'> = {
      id: newId(), account_id: auth.accountId, name, description: validDescription(input.description), role: input.role ?? null,
      external_id: input.externalId ?? null, created: now, last_modified: now, created_by: by, last_modified_by: by,
    };
    const run = async (trx: Executor): Promise<UserGroup> => {
      await this.checkNameFree(auth.accountId, name, undefined, trx);
      await this.uniquely(() => this.repo.insertGroups([row], trx));
      await this.audit?.record(trx, {
        accountId: auth.accountId, action: 'group.created', target: { type: 'group', id: row.id, display: row.name }, changes: changedFields({}, UserGroupsService.fields(row)),
      });
      return toUserGroup(row);
    };
    return ex ? run(ex) : this.repo.transaction(run);
  }

  /** PUT: name and description are replaced; `role` (eventline's) and `externalId` only when given. */
  async update(auth: Pick<AuthContext, 'accountId' | 'userId' | 'clientId'>, id: string, input: UserGroupInput & { externalId?: string | null }, trx?: Executor): Promise<UserGroup> {
    const name = validName(input.name);
    const description = validDescription(input.description);
    const run = async (ex: Executor): Promise<UserGroup> => {
      const before = await this.row(auth.accountId, id, ex);
      await this.checkNameFree(auth.accountId, name, before.id, ex);
      await this.uniquely(() => this.repo.updateGroup(auth.accountId, before.id, {
        name, description, last_modified: iso(this.clock()), last_modified_by: actorName(auth),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.externalId !== undefined ? { external_id: input.externalId } : {}),
      }, ex));
      if (input.role !== undefined && input.role !== before.role) {
        await this.syncRoles(auth.accountId, (await this.repo.memberIds(auth.accountId, before.id, ex)).map((m) => m.user_id), ex);
      }
      const after = await this.row(auth.accountId, before.id, ex);
      const diff = changedFields(UserGroupsService.fields(before), UserGroupsService.fields(after));
      if (Object.keys(diff).length > 0) await this.audit?.record(ex, { accountId: auth.accountId, action: 'group.updated', target: { type: 'group', id: before.id, display: after.name }, changes: diff });
      return this.get(auth.accountId, before.id, ex);
    };
    return trx ? run(trx) : this.repo.transaction(run);
  }

  /** Deletes the group; its members lose the role it gave them at once. */
  async delete(auth: Pick<AuthContext, 'accountId'>, id: string, trx?: Executor): Promise<void> {
    const run = async (ex: Executor): Promise<void> => {
      const group = await this.row(auth.accountId, id, ex);
      const members = (await this.repo.memberIds(auth.accountId, group.id, ex)).map((m) => m.user_id);
      await this.repo.deleteGroup(auth.accountId, group.id, ex);
      if (group.role !== null) await this.syncRoles(auth.accountId, members, ex);
      await this.audit?.record(ex, {
        accountId: auth.accountId, action: 'group.deleted', target: { type: 'group', id: group.id, display: group.name },
        changes: changedFields(UserGroupsService.fields(group), { name: null, description: null, role: null, externalId: null }),
      });
    };
    await (trx ? run(trx) : this.repo.transaction(run));
  }

  async addUser(auth: Pick<AuthContext, 'accountId' | 'userId' | 'clientId'>, groupId: string, userId: string): Promise<void> {
    await this.repo.transaction(async (ex) => {
      const group = await this.row(auth.accountId, groupId, ex);
      const user = await this.user(auth.accountId, userId, ex);
      await this.changeMembers(auth, group.id, { add: [user.id] }, ex);
    });
  }

  async removeUser(auth: Pick<AuthContext, 'accountId' | 'userId' | 'clientId'>, groupId: string, userId: string): Promise<void> {
    await this.repo.transaction(async (ex) => {
      const group = await this.row(auth.accountId, groupId, ex);
      const user = await this.user(auth.accountId, userId, ex);
      await this.changeMembers(auth, group.id, { remove: [user.id] }, ex);
    });
  }

  private async user(accountId: string, userId: string, ex: Executor): Promise<User> {
    const [user] = await this.accounts.findUsers(accountId, [userId.toLowerCase()], ex);
    if (!user) throw GroupErrors.userNotFound(undefined, { target: 'userId' });
    return user;
  }

  // ---- membership, for the routes above and for SCIM ------------------------

  /** Adds and removes members of a group (users already checked to be the account's), then brings their roles up to date. */
  async changeMembers(
    auth: Pick<AuthContext, 'accountId' | 'userId' | 'clientId'>, groupId: string, change: { add?: readonly string[]; remove?: readonly string[] | 'all' }, ex: Executor,
  ): Promise<void> {
    const accountId = auth.accountId;
    const touched = new Set<string>(change.add ?? []);
    if (change.remove === 'all') for (const m of await this.repo.memberIds(accountId, groupId, ex)) touched.add(m.user_id);
    else for (const id of change.remove ?? []) touched.add(id);
    if (change.remove !== undefined) await this.repo.removeMembers(accountId, groupId, change.remove, ex);
    const now = iso(this.clock());
    await this.repo.addMembers((change.add ?? []).map((userId) => ({ group_id: groupId, user_id: userId, account_id: accountId, created: now })), ex);
    if (touched.size === 0) return;
    await this.repo.updateGroup(accountId, groupId, { last_modified: now, last_modified_by: actorName(auth) }, ex);
    await this.audit?.record(ex, {
      accountId, action: 'group.members.changed', target: { type: 'group', id: groupId },
      changes: { members: { ...(change.add !== undefined && change.add.length > 0 ? { added: change.add } : {}), ...(change.remove !== undefined ? { removed: change.remove } : {}) } },
    });
    await this.syncRoles(accountId, [...touched], ex);
  }

  /** Makes these exactly the user's groups (ids already checked to be the account's). */
  async setUserGroups(accountId: string, userId: string, groupIds: readonly string[], ex: Executor): Promise<void> {
    const current = new Set((await this.repo.groupsOf(accountId, [userId], ex)).map((g) => g.id));
    const wanted = new Set(groupIds);
    await this.repo.removeUserFromGroups(accountId, userId, [...current].filter((g) => !wanted.has(g)), ex);
    const now = iso(this.clock());
    await this.repo.addMembers([...wanted].filter((g) => !current.has(g)).map((g) => ({ group_id: g, user_id: userId, account_id: accountId, created: now })), ex);
  }

  /**
   * The `roles` attribute: the user joins the first group of each role named and
   * leaves the groups of the roles not named (groups without a role are untouched).
   * A role no group gives is refused.
   */
  async setUserRoles(accountId: string, userId: string, roles: readonly Role[], ex: Executor): Promise<string | undefined> {
    const roleGroups = await this.repo.roleGroups(accountId, ex);
    const current = (await this.repo.groupsOf(accountId, [userId], ex)).filter((g) => g.role !== null);
    const leave = current.filter((g) => g.role !== null && !roles.includes(g.role)).map((g) => g.id);
    await this.repo.removeUserFromGroups(accountId, userId, leave, ex);
    const now = iso(this.clock());
    for (const role of roles) {
      if (current.some((g) => g.role === role)) continue;
      const group = roleGroups.find((g) => g.role === role);
      if (!group) return role;
      await this.repo.addMembers([{ group_id: group.id, user_id: userId, account_id: accountId, created: now }], ex);
    }
    return undefined;
  }

  /** Writes to each user the highest role of its groups (developer when none gives one), where it changed. */
  async syncRoles(accountId: string, userIds: readonly string[], ex: Executor): Promise<void> {
    if (userIds.length === 0) return;
    const memberships = await this.repo.groupsOf(accountId, userIds, ex);
    for (const user of await this.accounts.findUsers(accountId, userIds, ex)) {
      const role = highestRole(memberships.filter((m) => m.user_id === user.id).map((m) => m.role));
      if (role !== user.role) await this.accounts.updateUser(accountId, user.id, { role }, ex);
    }
  }
}
