import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { bulkItems } from '../../http/bulk.js';
import type { ContactsService } from './contacts.service.js';
import {
  ContactBulkCreateSchema, ContactBulkPatchSchema, ContactBulkResponseSchema, ContactBulkUpdateSchema, ContactCreateQuerySchema,
  ContactFilterPostQuerySchema, ContactIdParamsSchema, ContactListQuerySchema, ContactPageSchema, ContactPatchSchema, ContactSchema,
  ContactUpdateSchema, MAX_BULK_CONTACTS,
} from './contacts.schemas.js';
import { CONTACT_FILTER_FIELDS } from './contacts.filters.js';

const FILTER_HELP =
  'Filterable: id, sourceId (eq|ne); firstName, lastName, email (eq|ne|contains|sw); ccEmail, company, type.id, nickname, title, ' +
  'workPhone, middleName, mobilePhone, homeFax, designation, homePhone, pager, workFax, lastModifiedBy, createdBy, ' +
  'workAddress.address1|address2|address3|city, homeAddress.address1|address2|address3|city, deleted, optOut.optedOut (eq|ne); ' +
  'lastModified, created (eq|ne|lt|le|gt|ge). Strings compare case-insensitively. Deleted contacts are listed only when the filter ' +
  `names \`deleted\` (e.g. deleted eq 'true').`;
const BULK = `Each item is answered on its own in a 207 multi-status array (in request order): a bad item gets its own 400/404/409 and changes nothing, the others proceed. Up to ${MAX_BULK_CONTACTS} items.`;
// Multi-status routes check each item in the service, so a bad item does not fail the request (see bulkItems).
const multiStatus = { response: { 207: ContactBulkResponseSchema }, route: { attachValidation: true } } as const;
const oneContact = { params: ContactIdParamsSchema, response: { 200: ContactSchema }, errors: [409] } as const;

export function contactsRoutes(contacts: ContactsService) {
  return operations((op) => {
    op.list('listContacts', {
      description: `Gets a paginated list of contacts, e.g. filter=email eq 'h.potterfield@example.com'. ${FILTER_HELP}`,
      // includePurged is a parameter of the GET form only, in the reference.
      query: ContactListQuerySchema, filterQuery: ContactFilterPostQuerySchema, page: ContactPageSchema, filters: CONTACT_FILTER_FIELDS,
      list: (auth, query) => contacts.list(auth.accountId, query),
    });

    op('createContacts', {
      ...multiStatus, querystring: ContactCreateQuerySchema, body: ContactBulkCreateSchema,
      description: `Creates contacts (firstName, lastName and email required; email and sourceId unique among the account's active contacts, else 409). With upsert=true an active contact with the same email is updated instead (200). ${BULK}`,
    }, async (request) => contacts.createMany(request.auth, bulkItems(request, MAX_BULK_CONTACTS), request.query.upsert === true));

    op('updateContacts', { ...multiStatus, description: `Replaces the writable fields of each contact named by its id. ${BULK}`, body: ContactBulkUpdateSchema },
      async (request) => contacts.updateMany(request.auth, bulkItems(request, MAX_BULK_CONTACTS)));

    op('patchContacts', { ...multiStatus, description: `Changes only the fields sent for each contact named by its id; null removes a field. ${BULK}`, body: ContactBulkPatchSchema },
      async (request) => contacts.patchMany(request.auth, bulkItems(request, MAX_BULK_CONTACTS)));

    op('getContactById', {
      description: 'A deleted contact is returned with deleted: true; a purged one with only id, lastModified and purged.',
      params: ContactIdParamsSchema, response: { 200: ContactSchema },
    }, async (request) => contacts.get(request.auth.accountId, request.params.id));

    op('updateContactById', {
      ...oneContact, body: ContactUpdateSchema,
      description: 'Replaces the writable fields of the contact. Read-only fields echoed back from a GET are ignored. 409 when the email or sourceId belongs to another active contact, or the contact is purged.',
    }, async (request) => contacts.update(request.auth, request.params.id, request.body));

    op('patchContactById', {
      ...oneContact, body: ContactPatchSchema,
      description: 'Changes only the fields sent; a field set to null is removed (firstName, lastName and email cannot be). Nested objects merge field by field.',
    }, async (request) => contacts.patch(request.auth, request.params.id, request.body));

    op('deleteContactById', {
      description: 'Marks the contact deleted: its data is kept and it stays on its events, but it leaves the default list and gives up its email and sourceId. Deleting a deleted contact is a no-op; a purged one is 409.',
      params: ContactIdParamsSchema, response: { 204: Type.Null({ description: 'Deleted' }) },
    }, async (request) => {
      await contacts.delete(request.auth, request.params.id);
      return null;
    });
  });
}
