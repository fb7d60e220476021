import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import type { UserGroupsService } from './groups.service.js';
import { UserGroupInputSchema, UserGroupMemberParamsSchema, UserGroupPageSchema, UserGroupParamsSchema, UserGroupSchema, UserGroupsQuerySchema } from './groups.schemas.js';

const tags = ['Users'];
const ROLES = 'A user\'s role (administrator, planner, developer) is the highest role of its groups, developer when none gives one; it changes with every change '
  + 'of membership, at once (a user who loses the administrator role can no longer use tokens from the authorization code flow).';

/** The reference's Account User Groups (tag Users). */
export function userGroupsRoutes(groups: UserGroupsService) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    registerList(instance, {
      path: '/account-user-groups', tags, operationId: 'getAccountUserGroups', summary: 'List Account User Groups', scope: 'account/user-groups:read',
      description: 'Gets a list of user groups in your account, oldest first: every account starts with Administrators, Planners and Developers, one per role. '
        + 'Filterable: name, createdBy, lastModifiedBy (in, eq, ne, sw, ew, co; name in any letter case), created, lastModified (eq, ne, lt, gt, le, ge).',
      query: UserGroupsQuerySchema, page: UserGroupPageSchema, list: (auth, query) => groups.list(auth.accountId, query),
    });

    app.post('/account-user-groups', {
      schema: {
        tags, operationId: 'createAccountUserGroup', summary: 'Create Account User Group', security: oauth('account/user-groups:write'),
        description: `Creates a new account user group (200, as the reference says). ${ROLES}`,
        body: UserGroupInputSchema, response: { 200: UserGroupSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    }, async (request) => groups.create(requireAuth(request), request.body));

    app.get('/account-user-groups/:userGroupId', {
      schema: {
        tags, operationId: 'getAccountUserGroup', summary: 'Get Account User Group', security: oauth('account/user-groups:read'),
        params: UserGroupParamsSchema, response: { 200: UserGroupSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => groups.get(requireAuth(request).accountId, request.params.userGroupId));

    app.put('/account-user-groups/:userGroupId', {
      schema: {
        tags, operationId: 'updateAccountUserGroup', summary: 'Update Account User Group', security: oauth('account/user-groups:write'),
        description: `Replaces the group's name and description; \`role\` (eventline's) changes only when sent. ${ROLES}`,
        params: UserGroupParamsSchema, body: UserGroupInputSchema, response: { 200: UserGroupSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request) => groups.update(requireAuth(request), request.params.userGroupId, request.body));

    app.delete('/account-user-groups/:userGroupId', {
      schema: {
        tags, operationId: 'deleteAccountUserGroup', summary: 'Delete Account User Group', security: oauth('account/user-groups:delete'),
        description: `Deletes the group; its members leave it. ${ROLES}`,
        params: UserGroupParamsSchema, response: { 204: Type.Null({ description: 'No content, the group has been deleted.' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await groups.delete(requireAuth(request), request.params.userGroupId);
      return reply.code(204).send(null);
    });

    app.post('/account-user-groups/:userGroupId/users/:userId', {
      schema: {
        tags, operationId: 'addUserToAccountUserGroup', summary: 'Associate User to Group', security: oauth('account/user-groups:write'),
        description: `Associates an account user to the group (no change when it is a member already). ${ROLES}`,
        params: UserGroupMemberParamsSchema, response: { 204: Type.Null({ description: 'No content, the user has been added to the group.' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await groups.addUser(requireAuth(request), request.params.userGroupId, request.params.userId);
      return reply.code(204).send(null);
    });

    app.delete('/account-user-groups/:userGroupId/users/:userId', {
      schema: {
        tags, operationId: 'deleteUserFromAccountUserGroup', summary: 'Delete User from Group', security: oauth('account/user-groups:delete'),
        description: `Removes an account user from the group (no change when it is not a member). ${ROLES}`,
        params: UserGroupMemberParamsSchema, response: { 204: Type.Null({ description: 'No content, the user has been removed from the group.' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await groups.removeUser(requireAuth(request), request.params.userGroupId, request.params.userId);
      return reply.code(204).send(null);
    });
  };
}
