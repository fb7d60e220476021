import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { paginated } from '../../http/paging.js';
import { EventUserGroupSchema, type EventUserGroupsService } from './event-user-groups.service.js';

const Params = Type.Object({ id: Type.String({ format: 'uuid', description: 'Event id.' }) });
const PairParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'Event id.' }), userGroupId: Type.String({ format: 'uuid', description: 'User group id.' }) });
const PagingQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 100 })), token: Type.Optional(Type.String({ minLength: 1, maxLength: 8192 })),
}, { additionalProperties: false });

export function eventUserGroupsRoutes(service: EventUserGroupsService) {
  return operations((op) => {
    op.list('listEventUserGroups', {
      description: 'The account\'s user groups associated with the event, in the order they were associated.',
      params: Params, query: PagingQuery, page: paginated(EventUserGroupSchema, 'UserGroupsPaginatedResponse'), filterOperationId: null,
      filters: {},
      list: (auth, query, params) => service.list(auth.accountId, params.id, query),
    });
    op('associateEventUserGroup', {
      description: 'Associates a user group of the account (GET /account-user-groups) with the event; again changes nothing. 404 for an unknown event or group.',
      params: PairParams, response: { 204: Type.Null({ description: 'Associated.' }) },
    }, async (request) => service.associate(request.auth, request.params.id, request.params.userGroupId).then(() => null));
    op('disassociateEventUserGroup', {
      description: 'Removes the user group from the event (404 when it is not associated with it).',
      params: PairParams, response: { 204: Type.Null({ description: 'Disassociated.' }) },
    }, async (request) => service.disassociate(request.auth, request.params.id, request.params.userGroupId).then(() => null));
  });
}
