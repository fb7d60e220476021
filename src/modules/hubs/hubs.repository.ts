import { Repository, type Executor } from '../../db/repository.js';
import type { NewRow, Row } from '../../db/types.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';

/** Events+ hubs and their members; every statement names the account. */
export class HubsRepository extends Repository {
  listHubs(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('hubs').selectAll('hubs').where('hubs.account_id', '=', accountId), spec);
  }

  findHub(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'hubs'> | undefined> {
    return ex.selectFrom('hubs').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async insertHub(row: NewRow<'hubs'>): Promise<void> {
    await this.db.insertInto('hubs').values(row).execute();
  }

  listMembers(accountId: string, hubId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('hub_members').selectAll('hub_members').where('hub_members.account_id', '=', accountId).where('hub_members.hub_id', '=', hubId), spec);
  }

  findMemberByEmail(accountId: string, hubId: string, email: string, ex: Executor): Promise<Row<'hub_members'> | undefined> {
    return ex.selectFrom('hub_members').selectAll().where('account_id', '=', accountId).where('hub_id', '=', hubId).where('email', '=', email).executeTakeFirst();
  }

  async insertMember(row: NewRow<'hub_members'>, ex: Executor): Promise<void> {
    await ex.insertInto('hub_members').values(row).execute();
  }

  async deleteMembersOf(accountId: string, contactIds: readonly string[], ex: Executor): Promise<number> {
    const r = await ex.deleteFrom('hub_members').where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async moveContact(accountId: string, fromId: string, toId: string, ex: Executor): Promise<void> {
    await ex.updateTable('hub_members').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId).execute();
  }
}
