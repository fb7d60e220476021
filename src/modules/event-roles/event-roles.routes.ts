import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { ASSIGNMENTS_LIST } from './event-roles.filters.js';
import {
  AssignmentInputSchema, AssignmentPageSchema, AssignmentParamsSchema, AssignmentSchema, AssignmentsQuerySchema, EventRoleInputSchema, EventRoleSchema,
} from './event-roles.schemas.js';
import type { EventRolesService } from './event-roles.service.js';

const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only lists assignments.';

export function eventRolesRoutes(roles: EventRolesService) {
  return operations((op) => {
    op.list('listEventRoleAssignment', {
      description: 'Which users of the account hold which event role on which event, in the order they were assigned; `expand=eventRole` adds each role\'s name.',
      query: AssignmentsQuerySchema, page: AssignmentPageSchema, filterOperationId: null, filters: ASSIGNMENTS_LIST.filters,
      list: (auth, query) => roles.listAssignments(auth.accountId, query),
    });
    op('createEventRole', {
      description: `Creates an event role of the account (its name unique in the account, 400 otherwise). ${EXTENSION}`,
      body: EventRoleInputSchema, response: { 201: EventRoleSchema },
    }, async (request) => roles.createRole(request.auth, request.body));
    op('createEventRoleAssignment', {
      description: `Gives a user of the account an event role on an event (assigning it again answers the same assignment); an unknown event, user or role is 404. ${EXTENSION}`,
      body: AssignmentInputSchema, response: { 201: AssignmentSchema },
    }, async (request) => roles.assign(request.auth, request.body));
    op('deleteEventRoleAssignment', {
      description: `Removes the assignment (404 when it is unknown). ${EXTENSION}`,
      params: AssignmentParamsSchema, response: { 204: Type.Null({ description: 'Removed.' }) },
    }, async (request) => roles.unassign(request.auth, request.params.id).then(() => null));
  });
}
