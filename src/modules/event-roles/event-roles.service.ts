import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { defineErrors } from '../../errors.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import { ASSIGNMENTS_LIST } from './event-roles.filters.js';
import type { EventRolesRepository } from './event-roles.repository.js';
import type { Assignment, AssignmentInput, EventRole, EventRoleInput } from './event-roles.schemas.js';

export const EventRoleErrors = defineErrors({
  assignmentNotFound: { status: 404, message: 'Event role assignment not found' },
  notFound: { status: 404, message: 'Not found' },
  invalid: { status: 400, message: 'The request is not valid' },
});

/** What the event-roles module calls in other modules. */
export interface EventRolesUses {
  readonly events: { find(accountId: string, id: string, trx?: Transaction<Database>): Promise<{ id: string } | undefined> };
  readonly users: { findUsers(accountId: string, ids: readonly string[], trx?: Transaction<Database>): Promise<Array<{ id: string }>> };
}

/** The account's event roles and which user holds which role on which event. */
export class EventRolesService {
  constructor(
    private readonly repo: EventRolesRepository,
    private readonly uses: EventRolesUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private assignmentToApi(r: Row<'event_role_assignments'>, names?: Map<string, string>): Assignment {
    const name = names?.get(r.role_id);
    return {
      id: r.id, event: { id: r.event_id }, user: { id: r.user_id }, eventRole: { id: r.role_id, ...(name !== undefined ? { name } : {}) },
      assigned: r.assigned, assignedBy: r.assigned_by,
    };
  }

  async listAssignments(accountId: string, query: ListQuery & { expand?: string[] }): Promise<{ paging: Paging; data: Assignment[] }> {
    const page = await listPage(ASSIGNMENTS_LIST, query, (spec) => this.repo.listAssignments(accountId, spec), (r) => r,
      `${this.config.publicUrl}/${this.config.apiVersion}/event-roles/assignments`);
    const names = query.expand?.includes('eventRole') === true
      ? new Map((await this.repo.roles(accountId, [...new Set(page.data.map((r) => r.role_id))])).map((r) => [r.id, r.name]))
      : undefined;
    return { paging: page.paging, data: page.data.map((r) => this.assignmentToApi(r, names)) };
  }

  /** Creates an event role; its name is unique in the account (400 otherwise). */
  async createRole(auth: AuthContext, input: EventRoleInput): Promise<EventRole> {
    const row: Row<'event_roles'> = { id: newId(), account_id: auth.accountId, name: input.name.trim(), description: input.description?.trim() || null, ...auditStamp(auth, this.clock()).created };
    const taken = () => EventRoleErrors.invalid('The account already has an event role of this name', { target: 'name' });
    return this.repo.transaction(async (trx) => {
      if (row.name === '') throw EventRoleErrors.invalid('An event role needs a name', { target: 'name' });
      if (await this.repo.findRoleByName(auth.accountId, row.name, trx)) throw taken();
      try {
        await this.repo.insertRole(row, trx);
      } catch (err) {
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
      return { id: row.id, name: row.name, ...(row.description !== null ? { description: row.description } : {}) };
    });
  }

  /** Gives the user the role on the event; assigning it again answers the existing assignment. Unknown event, user or role: 404. */
  async assign(auth: AuthContext, input: AssignmentInput): Promise<Assignment> {
    return this.repo.transaction(async (trx) => {
      const event = await this.uses.events.find(auth.accountId, input.event.id.toLowerCase(), trx);
      if (!event) throw EventRoleErrors.notFound('Event not found', { target: 'event.id' });
      const [user] = await this.uses.users.findUsers(auth.accountId, [input.user.id.toLowerCase()], trx);
      if (!user) throw EventRoleErrors.notFound('User not found', { target: 'user.id' });
      const role = await this.repo.findRole(auth.accountId, input.eventRole.id.toLowerCase(), trx);
      if (!role) throw EventRoleErrors.notFound('Event role not found', { target: 'eventRole.id' });
      const existing = await this.repo.findAssignment(auth.accountId, event.id, user.id, role.id, trx);
      if (existing) return this.assignmentToApi(existing);
      const stamp = auditStamp(auth, this.clock()).created;
      const row: Row<'event_role_assignments'> = {
        id: newId(), account_id: auth.accountId, event_id: event.id, user_id: user.id, role_id: role.id, assigned: stamp.created, assigned_by: stamp.created_by,
      };
      await this.repo.insertAssignment(row, trx);
      return this.assignmentToApi(row);
    });
  }

  async unassign(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.deleteAssignment(auth.accountId, id.toLowerCase()))) throw EventRoleErrors.assignmentNotFound(undefined, { target: 'id' });
  }
}
