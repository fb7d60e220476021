import { Repository, type Executor } from '../../db/repository.js';
import type { NewRow, Row } from '../../db/types.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';

/** Event roles and their assignments; every statement names the account. */
export class EventRolesRepository extends Repository {
  listAssignments(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('event_role_assignments').selectAll('event_role_assignments').where('event_role_assignments.account_id', '=', accountId), spec);
  }

  roles(accountId: string, ids: readonly string[]): Promise<Array<Row<'event_roles'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('event_roles').selectAll().where('account_id', '=', accountId).where('id', 'in', [...ids]).execute();
  }

  findRole(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'event_roles'> | undefined> {
    return ex.selectFrom('event_roles').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findRoleByName(accountId: string, name: string, ex: Executor = this.db): Promise<Row<'event_roles'> | undefined> {
    return ex.selectFrom('event_roles').selectAll().where('account_id', '=', accountId).where('name', '=', name).executeTakeFirst();
  }

  async insertRole(row: NewRow<'event_roles'>, ex: Executor): Promise<void> {
    await ex.insertInto('event_roles').values(row).execute();
  }

  findAssignment(accountId: string, eventId: string, userId: string, roleId: string, ex: Executor): Promise<Row<'event_role_assignments'> | undefined> {
    return ex.selectFrom('event_role_assignments').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('user_id', '=', userId)
      .where('role_id', '=', roleId).executeTakeFirst();
  }

  async insertAssignment(row: NewRow<'event_role_assignments'>, ex: Executor): Promise<void> {
    await ex.insertInto('event_role_assignments').values(row).execute();
  }

  async deleteAssignment(accountId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('event_role_assignments').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
