import { Repository, type Executor } from '../../db/repository.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';

/** Contact groups, their members and contact types; every statement names the account. */
export class ContactGroupsRepository extends Repository {
  listGroups(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('contact_groups').selectAll('contact_groups').where('contact_groups.account_id', '=', accountId), spec);
  }

  findGroup(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'contact_groups'> | undefined> {
    return ex.selectFrom('contact_groups').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findGroupByName(accountId: string, name: string, ex: Executor = this.db): Promise<Row<'contact_groups'> | undefined> {
    return ex.selectFrom('contact_groups').selectAll().where('account_id', '=', accountId).where('name', '=', name).executeTakeFirst();
  }

  async insertGroup(row: NewRow<'contact_groups'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('contact_groups').values(row).execute();
  }

  async updateGroup(accountId: string, id: string, patch: RowPatch<'contact_groups'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('contact_groups').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** Deletes the group and its memberships. */
  async deleteGroup(accountId: string, id: string, ex: Executor): Promise<void> {
    await ex.deleteFrom('contact_group_members').where('account_id', '=', accountId).where('group_id', '=', id).execute();
    await ex.deleteFrom('contact_groups').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  listMembers(accountId: string, groupId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('contact_group_members').selectAll('contact_group_members')
      .where('contact_group_members.account_id', '=', accountId).where('contact_group_members.group_id', '=', groupId), spec);
  }

  findMember(accountId: string, groupId: string, contactId: string, ex: Executor = this.db): Promise<Row<'contact_group_members'> | undefined> {
    return ex.selectFrom('contact_group_members').selectAll().where('account_id', '=', accountId).where('group_id', '=', groupId)
      .where('contact_id', '=', contactId).executeTakeFirst();
  }

  async insertMember(row: NewRow<'contact_group_members'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('contact_group_members').values(row).execute();
  }

  async deleteMember(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('contact_group_members').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  membershipsOf(accountId: string, contactId: string, ex: Executor = this.db): Promise<Array<Row<'contact_group_members'>>> {
    return ex.selectFrom('contact_group_members').selectAll().where('account_id', '=', accountId).where('contact_id', '=', contactId).orderBy('id').execute();
  }

  async moveMember(accountId: string, id: string, contactId: string, ex: Executor): Promise<void> {
    await ex.updateTable('contact_group_members').set({ contact_id: contactId }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  listTypes(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('contact_types').selectAll('contact_types').where('contact_types.account_id', '=', accountId), spec);
  }

  findTypeByCode(accountId: string, code: string, ex: Executor = this.db): Promise<Row<'contact_types'> | undefined> {
    return ex.selectFrom('contact_types').selectAll().where('account_id', '=', accountId).where('code', '=', code).executeTakeFirst();
  }

  async insertType(row: NewRow<'contact_types'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('contact_types').values(row).execute();
  }
}
