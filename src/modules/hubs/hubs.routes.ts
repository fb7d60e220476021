import { operations } from '../../http/operations.js';
import { HUBS_LIST, hubMembersList } from './hubs.filters.js';
import { HubInputSchema, HubPageSchema, HubParamsSchema, HubSchema, HubsQuerySchema, MemberInputSchema, MemberPageSchema, MemberSchema, MembersQuerySchema } from './hubs.schemas.js';
import type { HubsService } from './hubs.service.js';

const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only lists them.';

export function hubsRoutes(hubs: HubsService) {
  return operations((op) => {
    op.list('listHubs', {
      description: 'The account\'s Events+ hubs with their owner, theme and status, in the order they were created.',
      query: HubsQuerySchema, page: HubPageSchema, filterOperationId: null, filters: HUBS_LIST.filters,
      list: (auth, query) => hubs.listHubs(auth.accountId, query),
    });
    op('createHub', {
      description: `Creates an Events+ hub (status Active unless given) with its owner and theme settings. ${EXTENSION}`,
      body: HubInputSchema, response: { 201: HubSchema },
    }, async (request) => hubs.createHub(request.auth, request.body));
    op.list('getHubMembers', {
      description: 'The hub\'s members, in the order they joined unless sorted.',
      params: HubParamsSchema, query: MembersQuerySchema, page: MemberPageSchema, filterOperationId: null, filters: hubMembersList('').filters,
      list: (auth, query, params) => hubs.listMembers(auth.accountId, params.hubId, query),
    });
    op('addHubMember', {
      description: `Adds a member to the hub: one per email address (409 otherwise), linked to the account's contact of that email, whose obfuscation deletes the member. ${EXTENSION}`,
      params: HubParamsSchema, body: MemberInputSchema, response: { 201: MemberSchema },
    }, async (request) => hubs.addMember(request.auth, request.params.hubId, request.body));
  });
}
