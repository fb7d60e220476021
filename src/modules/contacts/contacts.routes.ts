import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { registerList } from '../../http/lists.js';
import { bulkItems } from '../../http/bulk.js';
import type { ContactsService } from './contacts.service.js';
import {
  ContactBulkCreateSchema, ContactBulkPatchSchema, ContactBulkResponseSchema, ContactBulkUpdateSchema, ContactCreateQuerySchema,
  ContactFilterPostQuerySchema, ContactIdParamsSchema, ContactListQuerySchema, ContactPageSchema, ContactPatchSchema, ContactSchema,
  ContactUpdateSchema, MAX_BULK_CONTACTS,
} from './contacts.schemas.js';

const tags = ['Contacts'];
const read = oauth('event/contacts:read');
const write = oauth('event/contacts:write');
const FILTER_HELP =
  'Filterable: id, sourceId (eq|ne); firstName, lastName, email (eq|ne|contains|sw); ccEmail, company, type.id, nickname, title, ' +
  'workPhone, middleName, mobilePhone, homeFax, designation, homePhone, pager, workFax, lastModifiedBy, createdBy, ' +
  'workAddress.address1|address2|address3|city, homeAddress.address1|address2|address3|city, deleted, optOut.optedOut (eq|ne); ' +
  'lastModified, created (eq|ne|lt|le|gt|ge). Strings compare case-insensitively. Deleted contacts are listed only when the filter ' +
  "names `deleted` (e.g. deleted eq 'true').";
const BULK = `Each item is answered on its own in a 207 multi-status array (in request order): a bad item gets its own 400/404/409 and changes nothing, the others proceed. Up to ${MAX_BULK_CONTACTS} items.`;
// Multi-status routes check each item in the service, so a bad item does not fail the request (see bulkItems).
const multiStatus = { attachValidation: true } as const;
const bulkResponse = { 207: ContactBulkResponseSchema, ...errorResponses(400, 401, 403, 429) };
const oneResponse = { 200: ContactSchema, ...errorResponses(400, 401, 403, 404, 409, 429) };

export function contactsRoutes(contacts: ContactsService) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    registerList(instance, {
      path: '/contacts', tags, operationId: 'listContacts', filterOperationId: 'listContactsPostFilters', summary: 'List Contacts', scope: 'event/contacts:read',
      description: `Gets a paginated list of contacts, e.g. filter=email eq 'h.potterfield@example.com'. ${FILTER_HELP}`,
      // includePurged is a parameter of the GET form only, in the reference.
      query: ContactListQuerySchema, filterQuery: ContactFilterPostQuerySchema, page: ContactPageSchema,
      list: (auth, query) => contacts.list(auth.accountId, query),
    });

    app.post('/contacts', {
      ...multiStatus,
      schema: {
        tags, operationId: 'createContacts', summary: 'Create Contacts', security: write,
        description: `Creates contacts (firstName, lastName and email required; email and sourceId unique among the account's active contacts, else 409). With upsert=true an active contact with the same email is updated instead (200). ${BULK}`,
        querystring: ContactCreateQuerySchema, body: ContactBulkCreateSchema, response: bulkResponse,
      },
    }, async (request, reply) => {
      const items = bulkItems(request, MAX_BULK_CONTACTS);
      return reply.code(207).send(await contacts.createMany(requireAuth(request), items, request.query.upsert === true));
    });

    app.put('/contacts', {
      ...multiStatus,
      schema: {
        tags, operationId: 'updateContacts', summary: 'Update Contacts', security: write,
        description: `Replaces the writable fields of each contact named by its id. ${BULK}`, body: ContactBulkUpdateSchema, response: bulkResponse,
      },
    }, async (request, reply) => reply.code(207).send(await contacts.updateMany(requireAuth(request), bulkItems(request, MAX_BULK_CONTACTS))));

    app.patch('/contacts', {
      ...multiStatus,
      schema: {
        tags, operationId: 'patchContacts', summary: 'Patch Contacts', security: write,
        description: `Changes only the fields sent for each contact named by its id; null removes a field. ${BULK}`, body: ContactBulkPatchSchema, response: bulkResponse,
      },
    }, async (request, reply) => reply.code(207).send(await contacts.patchMany(requireAuth(request), bulkItems(request, MAX_BULK_CONTACTS))));

    app.get('/contacts/:id', {
      schema: {
        tags, operationId: 'getContactById', summary: 'Get Contact', security: read,
        description: 'A deleted contact is returned with deleted: true; a purged one with only id, lastModified and purged.',
        params: ContactIdParamsSchema, response: { 200: ContactSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => contacts.get(requireAuth(request).accountId, request.params.id));

    app.put('/contacts/:id', {
      schema: {
        tags, operationId: 'updateContactById', summary: 'Update Contact', security: write, params: ContactIdParamsSchema, body: ContactUpdateSchema, response: oneResponse,
        description: 'Replaces the writable fields of the contact. Read-only fields echoed back from a GET are ignored. 409 when the email or sourceId belongs to another active contact, or the contact is purged.',
      },
    }, async (request) => contacts.update(requireAuth(request), request.params.id, request.body));

    app.patch('/contacts/:id', {
      schema: {
        tags, operationId: 'patchContactById', summary: 'Patch Contact', security: write, params: ContactIdParamsSchema, body: ContactPatchSchema, response: oneResponse,
        description: 'Changes only the fields sent; a field set to null is removed (firstName, lastName and email cannot be). Nested objects merge field by field.',
      },
    }, async (request) => contacts.patch(requireAuth(request), request.params.id, request.body));

    app.delete('/contacts/:id', {
      schema: {
        tags, operationId: 'deleteContactById', summary: 'Delete Contact', security: oauth('event/contacts:delete'),
        description: 'Marks the contact deleted: its data is kept and it stays on its events, but it leaves the default list and gives up its email and sourceId. Deleting a deleted contact is a no-op; a purged one is 409.',
        params: ContactIdParamsSchema, response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request, reply) => {
      await contacts.delete(requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    });
  };
}
