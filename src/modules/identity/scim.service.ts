import type { Config } from '../../config/index.js';
import type { AuthContext } from '../../actor.js';
import { ApiError } from '../../errors.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import type { AccountsService, Role } from '../accounts/index.js';
import { ScimErrors } from './identity.errors.js';
import { GROUP_FILTER, USER_FILTER, type Executor, type IdentityRepository, type ScimUserRow } from './identity.repository.js';
import type { Row } from '../../db/types.js';
import { DEFAULT_ROLE, type UserGroupsService } from './groups.service.js';
import {
  ENTERPRISE_URN, EVENTLINE_GROUP_URN, GROUP_NAMES, GROUP_URN, LIST_URN, USER_NAMES,
  canonicalResource, isRecord, parseScimFilter, project, type Projection, type ResourceNames,
} from './scim.definitions.js';
import { compileScimFilter, type FilterAttributes } from './scim.filter.js';
import { MAX_COUNT, ScimDiscovery } from './scim.discovery.js';
import { checkIfMatch, versionOf, withVersion } from './scim.etag.js';
import { applyPatch, canonicalOp, readPatchRequest, type PatchOp } from './scim.patch.js';
import { displayNameOf, profileColumns, readUserInput, toUserResource, type ScimUserResource, type UserInput } from './scim.users.js';

const DEFAULT_COUNT = 100;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ScimListQuery extends Projection {
  filter?: string;
  startIndex?: number;
  count?: number;
}

export interface ScimGroupResource {
  schemas: string[];
  id: string;
  externalId?: string;
  displayName: string;
  members?: Array<{ value: string; $ref: string; display: string; type: 'User' }>;
  [EVENTLINE_GROUP_URN]: { role?: Role; description?: string };
  meta: { resourceType: 'Group'; created: string; lastModified: string; location: string; version?: string };
}

export interface ListResponse<T> {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: T[];
}

/** A single resource answer: the resource (projected), its ETag and its location. */
export interface ScimAnswer<T> {
  resource: Partial<T>;
  etag: string;
  location: string;
}

type Caller = Pick<AuthContext, 'accountId' | 'userId' | 'clientId'>;

function paging(q: ScimListQuery): { startIndex: number; count: number } {
  // RFC 7644 §3.4.2.4: a startIndex below 1 is 1; a negative count is 0; eventline caps count at MAX_COUNT.
  const startIndex = Math.max(1, Math.trunc(q.startIndex ?? 1));
  const count = Math.min(MAX_COUNT, Math.max(0, Math.trunc(q.count ?? DEFAULT_COUNT)));
  return { startIndex, count };
}

/** One page of a list (RFC 7644 §3.4.2), each resource cut to the attributes asked for. */
function listResponse<T extends object>(names: ResourceNames, resources: readonly T[], total: number, startIndex: number, projection: Projection) {
  return { schemas: [LIST_URN], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources.map((r) => project(names, r, projection)) };
}

function filterSql(filter: string | undefined, attrs: FilterAttributes) {
  return filter === undefined ? undefined : compileScimFilter(parseScimFilter(filter), attrs);
}

/** Errors of the modules below, as SCIM says them. */
function scimError(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  switch (err.name) {
    case 'emailTaken': return ScimErrors.uniqueness('The email is already in use by another user');
    case 'groupNameTaken': return ScimErrors.uniqueness('A group with this displayName already exists in the account');
    case 'invalidEmail': return ScimErrors.invalidValue("'emails.value' is not a valid email address");
    case 'invalidName':
    case 'invalidGroup':
    case 'invalidRole': return ScimErrors.invalidValue(err.message);
    case 'userNotFound':
    case 'groupNotFound': return ScimErrors.notFound();
    default: return err;
  }
}

async function scim<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw scimError(err);
  }
}

/**
 * `groups: []` (and `roles: []`) in a POST or PUT is taken as "none given": Okta sends `groups: []`
 * with every user, and taking it literally would strip the memberships (and roles) that group pushes set.
 */
function withoutEmptyGroups(input: UserInput): UserInput {
  const { groups, roles, ...rest } = input;
  return { ...rest, ...(groups !== undefined && groups.length > 0 ? { groups } : {}), ...(roles !== undefined && roles.length > 0 ? { roles } : {}) };
}

/**
 * SCIM 2.0 (RFC 7643, RFC 7644) over the account's users and user groups. SCIM
 * users are the account users of eventline; SCIM groups are its account user
 * groups. Every change runs in one transaction, checked against If-Match inside it.
 */
export class ScimService {
  constructor(
    private readonly repo: IdentityRepository,
    private readonly groups: UserGroupsService,
    private readonly accounts: AccountsService,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
  ) {
    this.discovery = new ScimDiscovery(config);
  }

  /** ServiceProviderConfig, Schemas and ResourceTypes (RFC 7644 §4). */
  readonly discovery: ScimDiscovery;

  /** The SCIM base URL an identity provider is given. */
  get base(): string {
    return this.discovery.base;
  }

  // ---- users ---------------------------------------------------------------------

  private async userResources(accountId: string, rows: readonly ScimUserRow[], ex?: Executor): Promise<Array<{ resource: ScimUserResource; etag: string }>> {
    const memberships = await this.repo.groupsOf(accountId, rows.map((r) => r.id), ex);
    return rows.map((row) => withVersion(toUserResource(row, memberships.filter((m) => m.user_id === row.id), this.base)));
  }

  private async loadUser(accountId: string, id: string, ex?: Executor): Promise<{ row: ScimUserRow; resource: ScimUserResource; etag: string }> {
    const row = UUID.test(id) ? await this.repo.scimUser(accountId, id.toLowerCase(), ex) : undefined;
    if (!row) throw ScimErrors.notFound(`No user ${id.slice(0, 100)}`);
    const [answer] = await this.userResources(accountId, [row], ex);
    if (!answer) throw ScimErrors.notFound();
    return { row, ...answer };
  }

  private answer<T extends object>(names: ResourceNames, r: { resource: T; etag: string }, location: string, projection: Projection): ScimAnswer<T> {
    return { resource: project(names, r.resource, projection), etag: r.etag, location };
  }

  async listUsers(accountId: string, q: ScimListQuery): Promise<ListResponse<Partial<ScimUserResource>>> {
    const { startIndex, count } = paging(q);
    const { rows, total } = await this.repo.scimUsers(accountId, filterSql(q.filter, USER_FILTER), startIndex - 1, count);
    const resources = await this.userResources(accountId, rows);
    return listResponse(USER_NAMES, resources.map((r) => r.resource), total, startIndex, q);
  }

  async getUser(accountId: string, id: string, projection: Projection): Promise<ScimAnswer<ScimUserResource>> {
    const user = await this.loadUser(accountId, id);
    return this.answer(USER_NAMES, user, user.resource.meta.location, projection);
  }

  /** What the groups and roles of an input refer to, checked to be the account's. */
  private async checkGroups(accountId: string, input: UserInput, ex: Executor): Promise<void> {
    if (input.groups === undefined) return;
    const found = await this.repo.findGroups(accountId, input.groups.filter((g) => UUID.test(g)), ex);
    const missing = input.groups.filter((g) => !found.some((f) => f.id === g));
    if (missing.length > 0) throw ScimErrors.invalidValue(`No group ${missing[0]?.slice(0, 100)} in the account`);
  }

  private async checkUserName(accountId: string, userName: string, userId: string | undefined, ex: Executor): Promise<void> {
    const holder = await this.repo.findProfileByUserName(accountId, userName, ex);
    if (holder && holder.user_id !== userId) throw ScimErrors.uniqueness(`The userName is already in use in the account`);
  }

  /** Writes what was read to the user, its profile, its groups and its role. */
  private async keep(auth: Caller, userId: string, input: UserInput, current: { email: string; active: boolean }, ex: Executor): Promise<void> {
    const accountId = auth.accountId;
    await this.accounts.updateUser(accountId, userId, {
      name: displayNameOf(input),
      ...(input.email !== undefined && input.email.value.toLowerCase() !== current.email ? { email: input.email.value } : {}),
      ...(input.active !== undefined && input.active !== current.active ? { active: input.active } : {}),
      ...(input.password !== undefined ? { password: input.password } : {}),
    }, ex);
    await this.repo.updateProfile(accountId, userId, {
      ...profileColumns(input),
      ...(input.email !== undefined ? { email_type: input.email.type } : {}),
      ...(input.sendLoginDetails !== undefined ? { send_login_details: input.sendLoginDetails ? 1 : 0 } : {}),
      last_modified: iso(this.clock()),
    }, ex);
    if (input.groups !== undefined) await this.groups.setUserGroups(accountId, userId, input.groups, ex);
    if (input.roles !== undefined) {
      const missing = await this.groups.setUserRoles(accountId, userId, input.roles, ex);
      if (missing !== undefined) throw ScimErrors.invalidValue(`No group of the account gives the role ${missing}`);
    }
    await this.groups.syncRoles(accountId, [userId], ex);
  }

  async createUser(auth: Caller, body: unknown, projection: Projection): Promise<ScimAnswer<ScimUserResource>> {
    if (!isRecord(body)) throw ScimErrors.invalidSyntax('The body must be a User resource');
    const input = withoutEmptyGroups(readUserInput(canonicalResource(USER_NAMES, body)));
    const email = input.email?.value ?? (EMAIL.test(input.userName) ? input.userName : undefined);
    if (email === undefined) throw ScimErrors.invalidValue("An email is required: send 'emails', or a userName that is an email address");
    const created = await scim(() => this.repo.transaction(async (ex) => {
      await this.checkUserName(auth.accountId, input.userName, undefined, ex);
      await this.checkGroups(auth.accountId, input, ex);
      // The accounts module's hook gives the new user its profile and the default role's group;
      // what the request says about groups and roles then replaces that.
      const user = await this.accounts.createUser({
        accountId: auth.accountId, email, name: displayNameOf(input), role: DEFAULT_ROLE,
        ...(input.password !== undefined ? { password: input.password } : {}),
      }, ex);
      const { password: _done, ...rest } = input;
      await this.keep(auth, user.id, { ...rest, email: input.email ?? { value: email, type: 'work' } }, { email: user.email, active: true }, ex);
      return this.loadUser(auth.accountId, user.id, ex);
    }));
    return this.answer(USER_NAMES, created, created.resource.meta.location, projection);
  }

  /** Runs a change of one user: locked, checked against If-Match, written, read back, in one transaction. */
  private changeUser(
    auth: Caller, id: string, ifMatch: string | undefined, change: (current: { row: ScimUserRow; resource: ScimUserResource }, ex: Executor) => Promise<UserInput>,
  ) {
    return scim(() => this.repo.transaction(async (ex) => {
      const before = await this.loadUser(auth.accountId, id, ex);
      await this.repo.lockProfile(auth.accountId, before.row.id, ex);
      const current = await this.loadUser(auth.accountId, id, ex);
      checkIfMatch(ifMatch, current.etag);
      const input = await change(current, ex);
      await this.checkUserName(auth.accountId, input.userName, current.row.id, ex);
      await this.checkGroups(auth.accountId, input, ex);
      await this.keep(auth, current.row.id, input, { email: current.row.email, active: current.row.active !== 0 }, ex);
      return this.loadUser(auth.accountId, current.row.id, ex);
    }));
  }

  /**
   * PUT: the user becomes what the body says. Left out: `emails` keeps the sign-in
   * email, `active` and `password` stay, `groups` and `roles` keep the memberships
   * (identity providers send PUTs without them); every other attribute left out is cleared.
   */
  async replaceUser(auth: Caller, id: string, body: unknown, ifMatch: string | undefined, projection: Projection): Promise<ScimAnswer<ScimUserResource>> {
    if (!isRecord(body)) throw ScimErrors.invalidSyntax('The body must be a User resource');
    const input = withoutEmptyGroups(readUserInput(canonicalResource(USER_NAMES, body)));
    const after = await this.changeUser(auth, id, ifMatch, async () => input);
    return this.answer(USER_NAMES, after, after.resource.meta.location, projection);
  }

  /** PATCH: the operations applied to the user as it is, then kept like a PUT; groups and roles change only when an operation changed them. */
  async patchUser(auth: Caller, id: string, body: unknown, ifMatch: string | undefined, projection: Projection): Promise<ScimAnswer<ScimUserResource>> {
    const ops = readPatchRequest(body).map((op) => canonicalOp(USER_NAMES, op));
    const after = await this.changeUser(auth, id, ifMatch, async ({ resource }) => {
      const { meta: _meta, schemas: _schemas, ...doc } = resource;
      const patched = applyPatch(doc, ops);
      // sendLoginDetails is both top-level and in the enterprise extension (the reference has both): the one an operation changed wins.
      const extOf = (d: Record<string, unknown>) => { const e = d[ENTERPRISE_URN]; return isRecord(e) ? e['sendLoginDetails'] : undefined; };
      if (patched['sendLoginDetails'] === doc.sendLoginDetails && extOf(patched) !== doc[ENTERPRISE_URN].sendLoginDetails) {
        patched['sendLoginDetails'] = extOf(patched);
      }
      const input = readUserInput(canonicalResource(USER_NAMES, patched));
      const values = (v: unknown) => JSON.stringify(Array.isArray(v) ? v.map((x) => (isRecord(x) ? String(x['value']).toLowerCase() : String(x))).sort() : []);
      const { groups, roles, ...rest } = input;
      return {
        ...rest,
        // An operation that removed them all leaves no `groups` at all: that is the empty list.
        ...(values(patched['groups']) !== values(doc.groups) ? { groups: groups ?? [] } : {}),
        ...(values(patched['roles']) !== values(doc.roles) ? { roles: roles ?? [] } : {}),
      };
    });
    return this.answer(USER_NAMES, after, after.resource.meta.location, projection);
  }

  /** DELETE: the user is gone, with its sessions, codes, memberships and the applications it made (AccountsService.deleteUser). */
  async deleteUser(auth: Caller, id: string, ifMatch: string | undefined): Promise<void> {
    await scim(() => this.repo.transaction(async (ex) => {
      const current = await this.loadUser(auth.accountId, id, ex);
      await this.repo.lockProfile(auth.accountId, current.row.id, ex);
      checkIfMatch(ifMatch, (await this.loadUser(auth.accountId, id, ex)).etag);
      await this.accounts.deleteUser(auth.accountId, current.row.id, ex);
    }));
  }

  // ---- groups --------------------------------------------------------------------

  private groupResource(row: Row<'user_groups'>, members: ReadonlyArray<{ user_id: string; name: string }> | undefined): { resource: ScimGroupResource; etag: string } {
    // The version is the group row's: a change of members changes its last_modified.
    const etag = versionOf(row);
    return {
      etag,
      resource: {
        schemas: [GROUP_URN, EVENTLINE_GROUP_URN],
        id: row.id,
        ...(row.external_id !== null ? { externalId: row.external_id } : {}),
        displayName: row.name,
        ...(members !== undefined ? { members: members.map((m) => ({ value: m.user_id, $ref: `${this.base}/Users/${m.user_id}`, display: m.name, type: 'User' as const })) } : {}),
        [EVENTLINE_GROUP_URN]: { ...(row.role !== null ? { role: row.role } : {}), ...(row.description !== null ? { description: row.description } : {}) },
        meta: { resourceType: 'Group', created: row.created, lastModified: row.last_modified, location: `${this.base}/Groups/${row.id}`, version: etag },
      },
    };
  }

  /** Whether the answer shows members (Entra ID asks for groups with excludedAttributes=members). */
  private wantsMembers(projection: Projection): boolean {
    const probe = project(GROUP_NAMES, { schemas: [], id: '', members: [] }, projection);
    return 'members' in probe;
  }

  private async groupAnswers(accountId: string, rows: readonly Row<'user_groups'>[], projection: Projection, ex?: Executor) {
    const members = this.wantsMembers(projection) ? await this.repo.membersOf(accountId, rows.map((r) => r.id), ex) : undefined;
    return rows.map((row) => this.groupResource(row, members?.filter((m) => m.group_id === row.id)));
  }

  private async loadGroup(accountId: string, id: string, ex?: Executor): Promise<Row<'user_groups'>> {
    const row = UUID.test(id) ? await this.repo.findGroup(accountId, id.toLowerCase(), ex) : undefined;
    if (!row) throw ScimErrors.notFound(`No group ${id.slice(0, 100)}`);
    return row;
  }

  async listGroups(accountId: string, q: ScimListQuery): Promise<ListResponse<Partial<ScimGroupResource>>> {
    const { startIndex, count } = paging(q);
    const { rows, total } = await this.repo.scimGroups(accountId, filterSql(q.filter, GROUP_FILTER), startIndex - 1, count);
    const answers = await this.groupAnswers(accountId, rows, q);
    return listResponse(GROUP_NAMES, answers.map((a) => a.resource), total, startIndex, q);
  }

  async getGroup(accountId: string, id: string, projection: Projection): Promise<ScimAnswer<ScimGroupResource>> {
    const [answer] = await this.groupAnswers(accountId, [await this.loadGroup(accountId, id)], projection);
    if (!answer) throw ScimErrors.notFound();
    return this.answer(GROUP_NAMES, answer, answer.resource.meta.location, projection);
  }

  /** Member ids of a request, checked to be the account's users. */
  private async memberIds(accountId: string, value: unknown, ex: Executor): Promise<string[]> {
    if (value === undefined || value === null) return [];
    const list = Array.isArray(value) ? value : [value];
    const ids = list.map((m, i) => {
      const v = isRecord(m) ? m['value'] : undefined;
      if (typeof v !== 'string' || v.trim() === '') throw ScimErrors.invalidValue(`'members[${i}].value' must be a user id`);
      return v.trim().toLowerCase();
    });
    const unique = [...new Set(ids)];
    const found = await this.accounts.findUsers(accountId, unique.filter((id) => UUID.test(id)), ex);
    const missing = unique.filter((id) => !found.some((u) => u.id === id));
    if (missing.length > 0) throw ScimErrors.invalidValue(`No user ${missing[0]?.slice(0, 100)} in the account`);
    return unique;
  }

  private groupInput(body: Record<string, unknown>) {
    const doc = canonicalResource(GROUP_NAMES, body);
    const displayName = doc['displayName'];
    if (typeof displayName !== 'string' || displayName.trim() === '') throw ScimErrors.invalidValue("'displayName' is required");
    const externalId = doc['externalId'];
    if (externalId !== undefined && externalId !== null && (typeof externalId !== 'string' || externalId.length > 256)) throw ScimErrors.invalidValue("'externalId' must be a string of at most 256 characters");
    const ext = doc[EVENTLINE_GROUP_URN];
    if (ext !== undefined && !isRecord(ext)) throw ScimErrors.invalidValue(`'${EVENTLINE_GROUP_URN}' must be an object`);
    const role = isRecord(ext) ? ext['role'] : undefined;
    const roles: ReadonlyArray<Role> = ['administrator', 'planner', 'developer'];
    const roleValue = role === undefined ? undefined : role === null ? null : roles.find((r) => typeof role === 'string' && r === role.toLowerCase());
    if (roleValue === undefined && role !== undefined) throw ScimErrors.invalidValue("'role' must be administrator, planner or developer");
    const description = isRecord(ext) ? ext['description'] : undefined;
    if (description !== undefined && description !== null && typeof description !== 'string') throw ScimErrors.invalidValue("'description' must be a string");
    return {
      name: displayName,
      ...(typeof externalId === 'string' || externalId === null ? { externalId } : {}),
      ...(roleValue !== undefined ? { role: roleValue } : {}),
      ...(typeof description === 'string' || description === null ? { description } : {}),
      members: doc['members'],
    };
  }

  async createGroup(auth: Caller, body: unknown, projection: Projection): Promise<ScimAnswer<ScimGroupResource>> {
    if (!isRecord(body)) throw ScimErrors.invalidSyntax('The body must be a Group resource');
    const input = this.groupInput(body);
    const answer = await scim(() => this.repo.transaction(async (ex) => {
      const members = await this.memberIds(auth.accountId, input.members, ex);
      const group = await this.groups.create(auth, input, ex);
      if (members.length > 0) await this.groups.changeMembers(auth, group.id, { add: members }, ex);
      const [a] = await this.groupAnswers(auth.accountId, [await this.loadGroup(auth.accountId, group.id, ex)], projection, ex);
      if (!a) throw ScimErrors.notFound();
      return a;
    }));
    return this.answer(GROUP_NAMES, answer, answer.resource.meta.location, projection);
  }

  private changeGroup(auth: Caller, id: string, ifMatch: string | undefined, projection: Projection, change: (row: Row<'user_groups'>, ex: Executor) => Promise<void>) {
    return scim(() => this.repo.transaction(async (ex) => {
      const before = await this.loadGroup(auth.accountId, id, ex);
      await this.repo.lockGroup(auth.accountId, before.id, ex);
      const row = await this.loadGroup(auth.accountId, before.id, ex);
      checkIfMatch(ifMatch, this.groupResource(row, undefined).etag);
      await change(row, ex);
      const [a] = await this.groupAnswers(auth.accountId, [await this.loadGroup(auth.accountId, before.id, ex)], projection, ex);
      if (!a) throw ScimErrors.notFound();
      return a;
    }));
  }

  /**
   * PUT: displayName and externalId are replaced; `members` when given (absent:
   * kept); eventline's role and description when given (absent: kept, since
   * identity providers do not know them).
   */
  async replaceGroup(auth: Caller, id: string, body: unknown, ifMatch: string | undefined, projection: Projection): Promise<ScimAnswer<ScimGroupResource>> {
    if (!isRecord(body)) throw ScimErrors.invalidSyntax('The body must be a Group resource');
    const input = this.groupInput(body);
    const answer = await this.changeGroup(auth, id, ifMatch, projection, async (row, ex) => {
      await this.groups.update(auth, row.id, {
        name: input.name, description: input.description === undefined ? row.description : input.description,
        externalId: input.externalId ?? null, ...(input.role !== undefined ? { role: input.role } : {}),
      }, ex);
      if (input.members !== undefined) {
        const wanted = await this.memberIds(auth.accountId, input.members, ex);
        const current = (await this.repo.memberIds(auth.accountId, row.id, ex)).map((m) => m.user_id);
        await this.groups.changeMembers(auth, row.id, { add: wanted.filter((u) => !current.includes(u)), remove: current.filter((u) => !wanted.includes(u)) }, ex);
      }
    });
    return this.answer(GROUP_NAMES, answer, answer.resource.meta.location, projection);
  }

  /**
   * PATCH: operations on `members` (add, remove by value or by filter, replace)
   * are applied in SQL as changes of membership, without loading the group's
   * members; the others go through scim-patch on the group's attributes.
   */
  async patchGroup(auth: Caller, id: string, body: unknown, ifMatch: string | undefined, projection: Projection): Promise<ScimAnswer<ScimGroupResource>> {
    const ops = readPatchRequest(body).map((op) => canonicalOp(GROUP_NAMES, op));
    const answer = await this.changeGroup(auth, id, ifMatch, projection, async (row, ex) => {
      const others: PatchOp[] = [];
      for (const op of ops) {
        const handled = await this.memberOp(auth, row.id, op, ex);
        if (handled !== undefined) others.push(handled);
      }
      if (others.length === 0) return;
      const doc: Record<string, unknown> = {
        id: row.id, displayName: row.name, ...(row.external_id !== null ? { externalId: row.external_id } : {}),
        [EVENTLINE_GROUP_URN]: { ...(row.role !== null ? { role: row.role } : {}), ...(row.description !== null ? { description: row.description } : {}) },
      };
      const input = this.groupInput(applyPatch(doc, others));
      const ext = input.role !== undefined ? input.role : null;
      await this.groups.update(auth, row.id, { name: input.name, description: input.description ?? null, externalId: input.externalId ?? null, role: ext }, ex);
    });
    return this.answer(GROUP_NAMES, answer, answer.resource.meta.location, projection);
  }

  /** Applies an operation on members; returns what is left of the operation for the other attributes (undefined: nothing). */
  private async memberOp(auth: Caller, groupId: string, op: PatchOp, ex: Executor): Promise<PatchOp | undefined> {
    const accountId = auth.accountId;
    if (op.path === undefined) {
      if (!isRecord(op.value) || !('members' in op.value)) return op;
      const { members, ...rest } = op.value;
      await this.memberOp(auth, groupId, { op: op.op, path: 'members', value: members }, ex);
      return Object.keys(rest).length > 0 ? { op: op.op, value: rest } : undefined;
    }
    if (op.path !== 'members' && !op.path.startsWith('members[')) return op;
    if (op.path.startsWith('members[')) {
      const m = /^members\[(.*)\]$/s.exec(op.path);
      if (!m || op.op !== 'remove') throw ScimErrors.invalidPath('Only remove takes a value filter on members (members[value eq "..."])');
      const filter = parseScimFilter(m[1] ?? '');
      if (filter.op !== 'eq' || filter.attrPath !== 'value' || typeof filter.compValue !== 'string') {
        throw ScimErrors.invalidFilter('A members filter must be value eq "<user id>"');
      }
      await this.groups.changeMembers(auth, groupId, { remove: [filter.compValue.toLowerCase()] }, ex);
      return undefined;
    }
    if (op.op === 'remove') {
      if (op.value === undefined) await this.groups.changeMembers(auth, groupId, { remove: 'all' }, ex);
      else await this.groups.changeMembers(auth, groupId, { remove: await this.memberIds(accountId, op.value, ex) }, ex);
      return undefined;
    }
    const ids = await this.memberIds(accountId, op.value, ex);
    if (op.op === 'add') {
      await this.groups.changeMembers(auth, groupId, { add: ids }, ex);
      return undefined;
    }
    const current = (await this.repo.memberIds(accountId, groupId, ex)).map((x) => x.user_id);
    await this.groups.changeMembers(auth, groupId, { add: ids.filter((u) => !current.includes(u)), remove: current.filter((u) => !ids.includes(u)) }, ex);
    return undefined;
  }

  async deleteGroup(auth: Caller, id: string, ifMatch: string | undefined): Promise<void> {
    await scim(() => this.repo.transaction(async (ex) => {
      const row = await this.loadGroup(auth.accountId, id, ex);
      await this.repo.lockGroup(auth.accountId, row.id, ex);
      checkIfMatch(ifMatch, this.groupResource(await this.loadGroup(auth.accountId, row.id, ex), undefined).etag);
      await this.groups.delete(auth, row.id, ex);
    }));
  }
}
