import { Type } from 'typebox';
import { listNote, operations } from '../../http/operations.js';
import { FilterBodySchema } from '../../http/paging.js';
import { PROGRAM_ITEM_DOCUMENTS_LIST, PROGRAM_ITEMS_LIST, SESSION_CATEGORIES_LIST, SESSION_DOC_FILTER_FIELDS, SESSION_SEGMENTS_LIST } from './program.filters.js';
import {
  EventParamsSchema, FilteredQuerySchema, IdParamsSchema, LocationParamsSchema, PagingQuerySchema, ProgramItemDocumentPageSchema, ProgramItemDocumentSchema,
  ProgramItemDocumentsSchema, ProgramItemFileParamsSchema, ProgramItemInputSchema, ProgramItemPageSchema, ProgramItemParamsSchema, ProgramItemSchema,
  ProgramItemsQuerySchema, SessionCategoryInputSchema, SessionCategoryPageSchema, SessionCategorySchema, SessionFilePageSchema, SessionFileParamsSchema,
  SessionFileSchema, SessionLocationInputSchema, SessionLocationPageSchema, SessionLocationSchema, SessionParamsSchema, SessionSegmentInputSchema,
  SessionSegmentPageSchema, SessionSegmentSchema,
} from './program.schemas.js';
import type { ProgramService } from './program.service.js';
import type { FilterFields } from '../../lists/index.js';

const NoContent = (description: string) => Type.Null({ description });
const filters = (fields: FilterFields) =>
  `Filterable (the reference's list): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}.`;
const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only reads this resource.';

export function programRoutes(program: ProgramService) {
  return operations((op) => {
    // ---- Session locations ----
    op.list('getSessionLocation', {
      description: 'The event\'s session locations (rooms), in creation order. 404 when the event is not the account\'s.',
      params: EventParamsSchema, query: PagingQuerySchema, page: SessionLocationPageSchema, filterOperationId: null, errors: [404], filters: {},
      list: (auth, query, params) => program.listLocations(auth.accountId, params.id, query),
    });
    op('addSessionLocation', {
      description: 'Adds a session location to the event. A session names it by `location.id`; its code and name are then the location\'s.',
      params: EventParamsSchema, body: SessionLocationInputSchema, response: { 201: SessionLocationSchema },
    }, async ({ auth, params, body }) => program.createLocation(auth, params.id, body));
    op('getEventSessionLocation', {
      description: `One session location of the event. ${EXTENSION}`, params: LocationParamsSchema, response: { 200: SessionLocationSchema },
    }, async ({ auth, params }) => program.getLocation(auth.accountId, params.id, params.locationId));
    op('updateSessionLocation', {
      description: `Replaces the location's code and name; the sessions in it show the new ones. ${EXTENSION}`,
      params: LocationParamsSchema, body: SessionLocationInputSchema, response: { 200: SessionLocationSchema },
    }, async ({ auth, params, body }) => program.updateLocation(auth, params.id, params.locationId, body));
    op('deleteSessionLocation', {
      description: `Deletes the location. 409 while a session is in it: move or delete those sessions first. ${EXTENSION}`,
      params: LocationParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => program.deleteLocation(auth, params.id, params.locationId).then(() => null));

    // ---- Session categories ----
    op.list('listSessionsCategories', {
      description: 'The account\'s session categories, in creation order.', query: PagingQuerySchema, page: SessionCategoryPageSchema, filterOperationId: null, filters: SESSION_CATEGORIES_LIST.filters,
      list: (auth, query) => program.listCategories(auth.accountId, query),
    });
    op('createSessionCategory', {
      description: 'Creates a session category of the account. A session names it by `category.id`; its name is then the category\'s.',
      body: SessionCategoryInputSchema, response: { 201: SessionCategorySchema },
    }, async ({ auth, body }) => program.createCategory(auth, body));
    op('getSessionCategory', {
      description: `One session category. ${EXTENSION}`, params: IdParamsSchema, response: { 200: SessionCategorySchema },
    }, async ({ auth, params }) => program.getCategory(auth.accountId, params.id));
    op('updateSessionCategory', {
      description: `Replaces the name and description (an omitted description becomes blank); the sessions under it show the new name. ${EXTENSION}`,
      params: IdParamsSchema, body: SessionCategoryInputSchema, response: { 200: SessionCategorySchema },
    }, async ({ auth, params, body }) => program.updateCategory(auth, params.id, body));
    op('deleteSessionCategory', {
      description: `Deletes the category. 409 while a session is under it. ${EXTENSION}`, params: IdParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => program.deleteCategory(auth, params.id).then(() => null));

    // ---- Session segments ----
    op.list('GetSessionSegments', {
      description: `Which audience segments see which sessions, in creation order. ${filters(SESSION_SEGMENTS_LIST.filters)}`,
      query: FilteredQuerySchema, page: SessionSegmentPageSchema, filterOperationId: null, filters: SESSION_SEGMENTS_LIST.filters,
      list: (auth, query) => program.listSegments(auth.accountId, query),
    });
    op('createSessionSegment', {
      description: `Shows a session to an audience segment (\`event.id\`, when sent, must be the session's event). 409 when it already is. ${EXTENSION}`,
      body: SessionSegmentInputSchema, response: { 201: SessionSegmentSchema },
    }, async ({ auth, body }) => program.createSegment(auth, body));
    op('updateSessionSegment', {
      description: `Changes \`active\` or the segment; the session cannot change (400). ${EXTENSION}`,
      params: IdParamsSchema, body: SessionSegmentInputSchema, response: { 200: SessionSegmentSchema },
    }, async ({ auth, params, body }) => program.updateSegment(auth, params.id, body));
    op('deleteSessionSegment', {
      description: `Stops showing the session to the segment. ${EXTENSION}`, params: IdParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => program.deleteSegment(auth, params.id).then(() => null));

    // ---- Program items ----
    op.list('listProgramItems', {
      description: `Program items: agenda entries inside a session that are not sessions (breaks, meals, receptions), in creation order. ${filters(PROGRAM_ITEMS_LIST.filters)} `
        + '`locale` is accepted and ignored.',
      query: ProgramItemsQuerySchema, page: ProgramItemPageSchema, filters: PROGRAM_ITEMS_LIST.filters,
      list: (auth, query) => program.listItems(auth.accountId, query),
    });
    op('createProgramItem', {
      description: 'Adds a program item to a session of the account; `event.id` must be the session\'s event (400 otherwise).',
      body: ProgramItemInputSchema, response: { 201: ProgramItemSchema },
    }, async ({ auth, body }) => program.createItem(auth, body));
    op('updateProgramItem', {
      description: 'Replaces the writable fields (omitted ones become blank); the session and event cannot change (400).',
      params: ProgramItemParamsSchema, body: ProgramItemInputSchema, response: { 200: ProgramItemSchema },
    }, async ({ auth, params, body }) => program.updateItem(auth, params.programItemId, body));
    op('deleteProgramItem', {
      description: 'Deletes the program item with its speakers and document relations; the documents stay the session\'s.',
      params: ProgramItemParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => program.deleteItem(auth, params.programItemId).then(() => null));

    // ---- Program item documents ----
    op('getProgramItemDocuments', {
      description: 'The program item\'s documents (at most 10), in the order they were related.', params: ProgramItemParamsSchema,
      response: { 200: ProgramItemDocumentsSchema },
    }, async ({ auth, params }) => program.itemDocs(auth.accountId, params.programItemId));
    op('filterProgramItemDocuments', {
      description: `The account's program item documents, in creation order. ${filters(PROGRAM_ITEM_DOCUMENTS_LIST.filters)} ${listNote('filterProgramItemDocuments', PROGRAM_ITEM_DOCUMENTS_LIST.filters)}`,
      querystring: PagingQuerySchema, body: Type.Optional(FilterBodySchema), response: { 200: ProgramItemDocumentPageSchema },
      route: { preValidation: async (request) => { request.body ??= {}; } },
    }, async ({ auth, query, body }) => program.filterItemDocs(auth.accountId, { ...query, ...(body?.filter !== undefined ? { filter: body.filter } : {}) }));
    op('getProgramItemSessionDocument', {
      description: 'One document relation of the program item (404 when the file is not one of its documents).', params: ProgramItemFileParamsSchema,
      response: { 200: ProgramItemDocumentSchema },
    }, async ({ auth, params }) => program.getItemDoc(auth.accountId, params.programItemId, params.fileId));
    op('relateProgramItemToSessionDocument', {
      description: 'Relates a document of the program item\'s session to the item; an uploaded file (POST /files) not yet the session\'s becomes its document too. '
        + 'Again answers the same relation. A file in use elsewhere, or an eleventh document, is 409.',
      params: ProgramItemFileParamsSchema, response: { 200: ProgramItemDocumentSchema },
    }, async ({ auth, params }) => program.relateItemDoc(auth, params.programItemId, params.fileId));
    op('deleteProgramItemSessionDocument', {
      description: 'Removes the relation (404 when there is none); the file stays a document of the session.', params: ProgramItemFileParamsSchema,
      response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => program.removeItemDoc(auth, params.programItemId, params.fileId).then(() => null));

    // ---- Session documents ----
    op.list('listSessionDocs', {
      description: 'The session\'s documents, in the order they were added. Filterable: file.id (eq|ne).', params: SessionParamsSchema,
      query: FilteredQuerySchema, page: SessionFilePageSchema, filterOperationId: null, errors: [404], filters: SESSION_DOC_FILTER_FIELDS,
      list: (auth, query, params) => program.listSessionDocs(auth.accountId, params.id, query),
    });
    op('getSessionDoc', {
      description: 'One document of the session, with a signed, expiring URL of its bytes (404 when the file is not the session\'s document).',
      params: SessionFileParamsSchema, response: { 200: SessionFileSchema },
    }, async ({ auth, params }) => program.getSessionDoc(auth.accountId, params.id, params.fileId));
    op('addSessionDoc', {
      description: 'Adds an uploaded file (POST /files) to the session\'s documents; again changes nothing. A file in use elsewhere is 404: upload it again.',
      params: SessionFileParamsSchema, response: { 200: SessionFileSchema },
    }, async ({ auth, params }) => program.addSessionDoc(auth, params.id, params.fileId));
    op('deleteSessionDocument', {
      description: 'Removes the document from the session and from its program items (404 when it is not one); the file expires as an unattached file.',
      params: SessionFileParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => program.removeSessionDoc(auth, params.id, params.fileId).then(() => null));
  });
}
