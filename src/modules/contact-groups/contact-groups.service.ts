import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { newId } from '../../db/ids.js';
import { inSavepoint } from '../../db/savepoint.js';
import type { Executor } from '../../db/repository.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { ContactsService } from '../contacts/index.js';
import { ContactGroupErrors } from './contact-groups.errors.js';
import { CONTACT_GROUPS_LIST, CONTACT_TYPES_LIST, groupMembersList } from './contact-groups.filters.js';
import type { ContactGroupsRepository } from './contact-groups.repository.js';
import type { ContactGroup, ContactGroupInput, ContactType, ContactTypeInput } from './contact-groups.schemas.js';

/** What the contact-groups module calls in other modules. */
export interface ContactGroupsUses {
  readonly contacts: Pick<ContactsService, 'find'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;

const opt = <K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } =>
  (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
const text = (v: string | undefined): string | null => (v === undefined || v.trim() === '' ? null : v);

/** The account's contact groups and who is in them, and its contact types. */
export class ContactGroupsService {
  constructor(
    private readonly repo: ContactGroupsRepository,
    private readonly uses: ContactGroupsUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private async group(accountId: string, id: string, ex?: Executor): Promise<Row<'contact_groups'>> {
    const row = await this.repo.findGroup(accountId, id.toLowerCase(), ex);
    if (!row) throw ContactGroupErrors.groupNotFound(undefined, { target: 'id' });
    return row;
  }

  private groupToApi(r: Row<'contact_groups'>): ContactGroup {
    const list = r.type === 'DISTRIBUTION_LIST'
      ? { distributionListInfo: { ...opt('securityType', r.security_type as 'PRIVATE' | 'SEMI_PRIVATE' | 'PUBLIC' | null), ...opt('internalNote', r.internal_note), status: 'COMPLETE' as const } }
      : {};
    return {
      id: r.id, name: r.name, ...opt('shortDescription', r.short_description), ...opt('description', r.description),
      type: r.type as ContactGroup['type'], ...opt('note', r.note), ...list,
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  /** The writable columns of a group from a body; a distribution list's note is its internal note (either field). */
  private columns(input: ContactGroupInput, type: string) {
    const isList = type === 'DISTRIBUTION_LIST';
    if (!isList && input.distributionListInfo !== undefined) {
      throw ContactGroupErrors.invalid('distributionListInfo applies to a DISTRIBUTION_LIST group only', { target: 'distributionListInfo' });
    }
    const internal = text(input.distributionListInfo?.internalNote) ?? text(input.note);
    return {
      name: input.name.trim(), short_description: text(input.shortDescription), description: text(input.description),
      note: isList ? internal : null, security_type: isList ? input.distributionListInfo?.securityType ?? 'PRIVATE' : null, internal_note: isList ? internal : null,
    };
  }

  private async uniqueName<T>(accountId: string, name: string, selfId: string | undefined, ex: Executor, fn: () => Promise<T>): Promise<T> {
    const other = await this.repo.findGroupByName(accountId, name, ex);
    if (other && other.id !== selfId) throw ContactGroupErrors.invalid('The account already has a contact group of this name', { target: 'name' });
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err)) throw ContactGroupErrors.invalid('The account already has a contact group of this name', { target: 'name' });
      throw err;
    }
  }

  listGroups(accountId: string, query: ListQuery): Page<ContactGroup> {
    return listPage(CONTACT_GROUPS_LIST, query, (spec) => this.repo.listGroups(accountId, spec), (r) => this.groupToApi(r), this.href('contact-groups'));
  }

  async getGroup(accountId: string, id: string): Promise<ContactGroup> {
    return this.groupToApi(await this.group(accountId, id));
  }

  async createGroup(auth: AuthContext, input: ContactGroupInput): Promise<ContactGroup> {
    const type = input.type ?? 'STANDARD';
    const row: Row<'contact_groups'> = { id: newId(), account_id: auth.accountId, type, ...this.columns(input, type), ...auditStamp(auth, this.clock()).created };
    if (row.name === '') throw ContactGroupErrors.invalid('A contact group needs a name', { target: 'name' });
    return this.repo.transaction((trx) => this.uniqueName(auth.accountId, row.name, undefined, trx, async () => {
      await this.repo.insertGroup(row, trx);
      return this.groupToApi(row);
    }));
  }

  /** Replaces the group's writable fields; its type cannot change (400). */
  async updateGroup(auth: AuthContext, id: string, input: ContactGroupInput): Promise<ContactGroup> {
    return this.repo.transaction(async (trx) => {
      const row = await this.group(auth.accountId, id, trx);
      if (input.type !== undefined && input.type !== row.type) throw ContactGroupErrors.invalid('A contact group\'s type cannot change', { target: 'type' });
      const cols = this.columns(input, row.type);
      if (cols.name === '') throw ContactGroupErrors.invalid('A contact group needs a name', { target: 'name' });
      const patch = { ...cols, ...auditStamp(auth, this.clock()).modified };
      return this.uniqueName(auth.accountId, cols.name, row.id, trx, async () => {
        await this.repo.updateGroup(auth.accountId, row.id, patch, trx);
        return this.groupToApi({ ...row, ...patch });
      });
    });
  }

  async deleteGroup(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.group(auth.accountId, id, trx);
      await this.repo.deleteGroup(auth.accountId, row.id, trx);
    });
  }

  async listMembers(accountId: string, groupId: string, query: ListQuery): Page<{ id: string }> {
    const group = await this.group(accountId, groupId);
    return listPage(groupMembersList(group.id), query, (spec) => this.repo.listMembers(accountId, group.id, spec), (r) => ({ id: r.contact_id }),
      this.href(`contact-groups/${group.id}/contacts`));
  }

  private async contact(accountId: string, contactId: string, ex: Executor): Promise<string> {
    const contact = await this.uses.contacts.find(accountId, contactId, ex);
    if (!contact || contact.purged === true) throw ContactGroupErrors.contactNotFound(undefined, { target: 'contactId' });
    return contact.id;
  }

  /** Adds the contact to the group; adding a member again changes nothing. */
  async addMember(auth: AuthContext, groupId: string, contactId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const group = await this.group(auth.accountId, groupId, trx);
      const contact = await this.contact(auth.accountId, contactId, trx);
      if (await this.repo.findMember(auth.accountId, group.id, contact, trx)) return;
      const stamp = auditStamp(auth, this.clock()).created;
      try {
        await inSavepoint(trx, () => this.repo.insertMember({
          id: newId(), account_id: auth.accountId, group_id: group.id, contact_id: contact, created: stamp.created, created_by: stamp.created_by,
        }, trx));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err; // a concurrent add of the same pair: it is a member
      }
    });
  }

  /** Removes the contact from the group: 404 when it is not a member. */
  async removeMember(auth: AuthContext, groupId: string, contactId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const group = await this.group(auth.accountId, groupId, trx);
      const member = await this.repo.findMember(auth.accountId, group.id, contactId.toLowerCase(), trx);
      if (!member) throw ContactGroupErrors.contactNotFound('The contact is not in this group', { target: 'contactId' });
      await this.repo.deleteMember(auth.accountId, member.id, trx);
    });
  }

  /**
   * A merge (contact-history module): the merged contact's memberships become the surviving contact's, inside the
   * merge's transaction; a group both are in keeps one membership. Returns the groups the survivor gained.
   */
  async moveMemberships(accountId: string, fromId: string, toId: string, trx: Executor): Promise<number> {
    const kept = new Set((await this.repo.membershipsOf(accountId, toId, trx)).map((m) => m.group_id));
    let moved = 0;
    for (const m of await this.repo.membershipsOf(accountId, fromId, trx)) {
      if (kept.has(m.group_id)) {
        await this.repo.deleteMember(accountId, m.id, trx);
      } else {
        await this.repo.moveMember(accountId, m.id, toId, trx);
        kept.add(m.group_id);
        moved += 1;
      }
    }
    return moved;
  }

  // ---- Contact types ----

  private typeToApi(r: Row<'contact_types'>): ContactType {
    return { id: r.id, code: r.code, name: r.name, ...opt('description', r.description), active: r.active === 1 };
  }

  listTypes(accountId: string, query: ListQuery): Page<ContactType> {
    return listPage(CONTACT_TYPES_LIST, query, (spec) => this.repo.listTypes(accountId, spec), (r) => this.typeToApi(r), this.href('contact-types'));
  }

  /** Creates a contact type; its code (by default derived from the name) is unique in the account (400 otherwise). */
  async createType(auth: AuthContext, input: ContactTypeInput): Promise<ContactType> {
    const code = input.code ?? (input.name.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 30) || 'TYPE');
    const row: Row<'contact_types'> = {
      id: newId(), account_id: auth.accountId, code, name: input.name, description: text(input.description), active: input.active === false ? 0 : 1,
      ...auditStamp(auth, this.clock()).created,
    };
    const taken = () => ContactGroupErrors.invalid('The account already has a contact type with this code', { target: 'code' });
    return this.repo.transaction(async (trx) => {
      if (await this.repo.findTypeByCode(auth.accountId, code, trx)) throw taken();
      try {
        await this.repo.insertType(row, trx);
      } catch (err) {
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
      return this.typeToApi(row);
    });
  }
}
