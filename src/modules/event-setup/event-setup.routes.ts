import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { FilterFields } from '../../lists/index.js';
import { eventEmailsList, invitationListsList, planningDocumentsList, registrationPathsList } from './event-setup.filters.js';
import {
  DocumentParamsSchema, EventEmailInputSchema, EventEmailPageSchema, EventEmailSchema, EventParamsSchema, InvitationListInputSchema, InvitationListPageSchema,
  InvitationListSchema, PathsQuerySchema, PlanningDocumentInputSchema, PlanningDocumentPageSchema, PlanningDocumentSchema, RegistrationPathInputSchema,
  RegistrationPathPageSchema, RegistrationPathSchema, WindowedQuerySchema,
} from './event-setup.schemas.js';
import type { EventSetupService } from './event-setup.service.js';

const filters = (fields: FilterFields) => `Filterable (the reference's list): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}. `
  + '`after` / `before` bound lastModified. In the order they were added.';
const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only lists them.';

export function eventSetupRoutes(setup: EventSetupService) {
  return operations((op) => {
    op.list('getEventPlanningDocuments', {
      description: `The event's planning documents, each with a signed, expiring URL of its file. ${filters(planningDocumentsList('').filters)}`,
      params: EventParamsSchema, query: WindowedQuerySchema, page: PlanningDocumentPageSchema, filterOperationId: null,
      filters: planningDocumentsList('').filters,
      list: (auth, query, params) => setup.listDocuments(auth.accountId, params.id, query),
    });
    op('addEventPlanningDocument', {
      description: `Keeps an uploaded file (POST /files) as a planning document of the event, with an optional name (by default the file's), category and description; `
        + `a file unknown or in use elsewhere is 400. ${EXTENSION}`,
      params: EventParamsSchema, body: PlanningDocumentInputSchema, response: { 201: PlanningDocumentSchema },
    }, async (request) => setup.addDocument(request.auth, request.params.id, request.body));
    op('deleteEventPlanningDocument', {
      description: `Removes the planning document (404 when it is not one of the event's); its file expires as an unattached file. ${EXTENSION}`,
      params: DocumentParamsSchema, response: { 204: Type.Null({ description: 'Removed.' }) },
    }, async (request) => setup.removeDocument(request.auth, request.params.id, request.params.documentId).then(() => null));

    op.list('listRegistrationPaths', {
      description: 'The event\'s registration paths, in the order they were created. `locale` is accepted and ignored.',
      params: EventParamsSchema, query: PathsQuerySchema, page: RegistrationPathPageSchema, filterOperationId: null,
      filters: registrationPathsList('').filters,
      list: (auth, query, params) => setup.listPaths(auth.accountId, params.id, query),
    });
    op('createRegistrationPath', {
      description: `Creates a registration path of the event; \`code\` is derived from the name unless given. ${EXTENSION}`,
      params: EventParamsSchema, body: RegistrationPathInputSchema, response: { 201: RegistrationPathSchema },
    }, async (request) => setup.createPath(request.auth, request.params.id, request.body));

    op.list('getInvitationList', {
      description: `The event's invitation lists. ${filters(invitationListsList('').filters)}`,
      params: EventParamsSchema, query: WindowedQuerySchema, page: InvitationListPageSchema, filterOperationId: null,
      filters: invitationListsList('').filters,
      list: (auth, query, params) => setup.listInvitationLists(auth.accountId, params.id, query),
    });
    op('createInvitationList', {
      description: `Creates an invitation list of the event (locale by default the event's); \`default: true\` makes it the event's default list. ${EXTENSION}`,
      params: EventParamsSchema, body: InvitationListInputSchema, response: { 201: InvitationListSchema },
    }, async (request) => setup.createInvitationList(request.auth, request.params.id, request.body));

    op.list('listEventEmails', {
      description: `The event's emails. ${filters(eventEmailsList('').filters)}`,
      params: EventParamsSchema, query: WindowedQuerySchema, page: EventEmailPageSchema, filterOperationId: null,
      filters: eventEmailsList('').filters,
      list: (auth, query, params) => setup.listEmails(auth.accountId, params.id, query),
    });
    op('createEventEmail', {
      description: `Creates an email of the event, optionally for one of its invitation lists (another event's list is 400). ${EXTENSION}`,
      params: EventParamsSchema, body: EventEmailInputSchema, response: { 201: EventEmailSchema },
    }, async (request) => setup.createEmail(request.auth, request.params.id, request.body));
  });
}
