import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { CONTACT_GROUPS_LIST, CONTACT_TYPES_LIST, groupMembersList } from './contact-groups.filters.js';
import {
  ContactGroupInputSchema, ContactGroupPageSchema, ContactGroupSchema, ContactIdPageSchema, ContactTypeInputSchema, ContactTypePageSchema, ContactTypeSchema,
  GroupParamsSchema, GroupsQuerySchema, MemberParamsSchema, PagingQuerySchema, TypesQuerySchema,
} from './contact-groups.schemas.js';
import type { ContactGroupsService } from './contact-groups.service.js';

const NONE = Type.Null({ description: 'Done.' });

export function contactGroupsRoutes(groups: ContactGroupsService) {
  return operations((op) => {
    op.list('listContactGroups', {
      description: 'The account\'s contact groups, in the order they were created. `after` / `before` bound lastModified.',
      query: GroupsQuerySchema, page: ContactGroupPageSchema, filterOperationId: null, filters: CONTACT_GROUPS_LIST.filters,
      list: (auth, query) => groups.listGroups(auth.accountId, query),
    });
    op('createContactGroup', {
      description: 'Creates a contact group (type STANDARD unless given); its name is unique in the account (400 otherwise). '
        + 'A DISTRIBUTION_LIST takes distributionListInfo (security type, by default PRIVATE, and internal note).',
      body: ContactGroupInputSchema, response: { 201: ContactGroupSchema },
    }, async (request) => groups.createGroup(request.auth, request.body));
    op('getContactGroupById', { params: GroupParamsSchema, response: { 200: ContactGroupSchema } },
      async (request) => groups.getGroup(request.auth.accountId, request.params.id));
    op('updateContactGroup', {
      description: 'Replaces the group\'s name, descriptions and distribution-list info (omitted ones become blank); its type cannot change (400).',
      params: GroupParamsSchema, body: ContactGroupInputSchema, response: { 200: ContactGroupSchema },
    }, async (request) => groups.updateGroup(request.auth, request.params.id, request.body));
    op('deleteContactGroup', {
      description: 'Deletes the group and its memberships (the contacts stay).',
      params: GroupParamsSchema, response: { 204: NONE },
    }, async (request) => groups.deleteGroup(request.auth, request.params.id).then(() => null));
    op.list('getContactIdsByContactGroup', {
      description: 'The ids of the group\'s contacts, in the order they were added.',
      params: GroupParamsSchema, query: PagingQuerySchema, page: ContactIdPageSchema, filterOperationId: null, filters: groupMembersList('').filters,
      list: (auth, query, params) => groups.listMembers(auth.accountId, params.id, query),
    });
    op('addContactToContactGroup', {
      description: 'Adds the contact to the group (adding a member again changes nothing); 404 for an unknown group or contact.',
      params: MemberParamsSchema, response: { 204: NONE },
    }, async (request) => groups.addMember(request.auth, request.params.id, request.params.contactId).then(() => null));
    op('removeContactFromContactGroup', {
      description: 'Removes the contact from the group; 404 when it is not a member.',
      params: MemberParamsSchema, response: { 204: NONE },
    }, async (request) => groups.removeMember(request.auth, request.params.id, request.params.contactId).then(() => null));

    op.list('listContactTypes', {
      description: 'The account\'s contact types, in the order they were created; one filter at a time, as the reference says.',
      query: TypesQuerySchema, page: ContactTypePageSchema, filterOperationId: null, filters: CONTACT_TYPES_LIST.filters,
      list: (auth, query) => groups.listTypes(auth.accountId, query),
    });
    op('createContactType', {
      description: 'Creates a contact type of the account; `code` (unique in the account, 400 otherwise) is derived from the name unless given. '
        + 'A contact names it as `type.id`. An eventline extension (DESIGN rule 11): the reference only lists them.',
      body: ContactTypeInputSchema, response: { 201: ContactTypeSchema },
    }, async (request) => groups.createType(request.auth, request.body));
  });
}
