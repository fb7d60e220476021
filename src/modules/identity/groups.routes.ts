import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { UserGroupsService } from './groups.service.js';
import { UserGroupInputSchema, UserGroupMemberParamsSchema, UserGroupPageSchema, UserGroupParamsSchema, UserGroupSchema, UserGroupsQuerySchema } from './groups.schemas.js';
import { USER_GROUP_FILTER_FIELDS } from './identity.filters.js';

const ROLES = 'A user\'s role (administrator, planner, developer) is the highest role of its groups, developer when none gives one; it changes with every change '
  + 'of membership, at once (a user who loses the administrator role can no longer use tokens from the authorization code flow).';

/** The 204 of a change that answers no body. */
const noContent = (description: string) => ({ 204: Type.Null({ description }) });

/** The reference's Account User Groups (tag Users). */
export function userGroupsRoutes(groups: UserGroupsService) {
  return operations((op) => {
    op.list('getAccountUserGroups', {
      description: 'Gets a list of user groups in your account, oldest first: every account starts with Administrators, Planners and Developers, one per role. '
        + 'Filterable: name, createdBy, lastModifiedBy (in, eq, ne, sw, ew, co; name in any letter case), created, lastModified (eq, ne, lt, gt, le, ge).',
      query: UserGroupsQuerySchema, page: UserGroupPageSchema, filters: USER_GROUP_FILTER_FIELDS, list: (auth, query) => groups.list(auth.accountId, query),
    });

    op('createAccountUserGroup', {
      description: `Creates a new account user group (200, as the reference says). ${ROLES}`, body: UserGroupInputSchema, response: { 200: UserGroupSchema }, errors: [409],
    }, async (request) => groups.create(request.auth, request.body));

    op('getAccountUserGroup', { params: UserGroupParamsSchema, response: { 200: UserGroupSchema } },
      async (request) => groups.get(request.auth.accountId, request.params.userGroupId));

    op('updateAccountUserGroup', {
      description: `Replaces the group's name and description; \`role\` (eventline's) changes only when sent. ${ROLES}`,
      params: UserGroupParamsSchema, body: UserGroupInputSchema, response: { 200: UserGroupSchema }, errors: [409],
    }, async (request) => groups.update(request.auth, request.params.userGroupId, request.body));

    op('deleteAccountUserGroup', {
      description: `Deletes the group; its members leave it. ${ROLES}`, params: UserGroupParamsSchema, response: noContent('No content, the group has been deleted.'),
    }, async (request, reply) => groups.delete(request.auth, request.params.userGroupId).then(() => reply.send(null)));

    op('addUserToAccountUserGroup', {
      description: `Associates an account user to the group (no change when it is a member already). ${ROLES}`,
      params: UserGroupMemberParamsSchema, response: noContent('No content, the user has been added to the group.'),
    }, async (request, reply) => groups.addUser(request.auth, request.params.userGroupId, request.params.userId).then(() => reply.send(null)));

    op('deleteUserFromAccountUserGroup', {
      description: `Removes an account user from the group (no change when it is not a member). ${ROLES}`,
      params: UserGroupMemberParamsSchema, response: noContent('No content, the user has been removed from the group.'),
    }, async (request, reply) => groups.removeUser(request.auth, request.params.userGroupId, request.params.userId).then(() => reply.send(null)));
  });
}
