import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { ContactSchema } from '../contacts/index.js';
import { historyList, relatedList } from './contact-history.filters.js';
import {
  ContactFileInputSchema, ContactFileSchema, ContactIdPageSchema, ContactParamsSchema, HistoryPageSchema, HistoryParamsSchema, HistoryQuerySchema, MergeInputSchema,
  PagingQuerySchema, RelationParamsSchema,
} from './contact-history.schemas.js';
import type { ContactHistoryService } from './contact-history.service.js';

const NONE = Type.Null({ description: 'Done.' });

export function contactHistoryRoutes(history: ContactHistoryService) {
  return operations((op) => {
    op.list('getChangeHistoryForASpecificContact', {
      description: 'The contact\'s change history, oldest first: one entry per changed field of each write (creation, update, patch, deletion, '
        + 'identification, merge), with its old and new values, how and by whom. Append-only; written in the transaction of the change. '
        + 'Obfuscation erases the values and keeps the entries. `after` / `before` bound the change\'s time.',
      params: HistoryParamsSchema, query: HistoryQuerySchema, page: HistoryPageSchema, filterOperationId: null, filters: historyList('').filters,
      list: (auth, query, params) => history.listHistory(auth.accountId, params.contactId, query),
    });
    op('mergeContacts', {
      description: 'Merges one or two contacts into the main one, in one transaction. The survivor gets their registrations (one per event: on a '
        + 'conflict the main contact\'s, or the one `conflictResolution.events` names when it can move; 409 when it names a merged contact\'s while the '
        + 'main contact is registered), their custom-field answers to fields it has not answered, group memberships, relationships (all, or only those of '
        + '`conflictResolution.relatedContacts`), change history, profile picture when it has none, and every other row about them (activities, leads, '
        + 'survey respondents, video views, speakers, files, messages). Its fields stay its own except those `conflictResolution.contactFields` takes '
        + 'from another. The merged contacts are deleted; both histories record the merge. Merging a contact into itself is 400; a contact of another '
        + 'account is 404.',
      params: ContactParamsSchema, body: MergeInputSchema, response: { 200: ContactSchema },
    }, async (request) => history.merge(request.auth, request.params.id, request.body));
    op('assignContactProfileImage', {
      description: 'Makes an uploaded JPEG, PNG or GIF (POST /files) the contact\'s profile picture, replacing the current one; `href` is a signed, expiring URL.',
      params: ContactParamsSchema, body: ContactFileInputSchema, response: { 200: ContactFileSchema },
    }, async (request) => history.setProfileImage(request.auth, request.params.id, request.body));
    op('deleteContactProfileImage', {
      description: 'Removes the contact\'s profile picture (404 when it has none); the file expires as an unattached file.',
      params: ContactParamsSchema, response: { 204: NONE },
    }, async (request) => history.removeProfileImage(request.auth, request.params.id).then(() => null));
    op.list('getContactRelationshipsById', {
      description: 'The ids of the contacts related to this one, in the order the relationships were made.',
      params: ContactParamsSchema, query: PagingQuerySchema, page: ContactIdPageSchema, filterOperationId: null, filters: relatedList('').filters,
      list: (auth, query, params) => history.listRelated(auth.accountId, params.id, query),
    });
    op('createContactRelationship', {
      description: 'Relates the two contacts, both ways (relating them again changes nothing); a contact is not related to itself (400).',
      params: RelationParamsSchema, response: { 204: NONE },
    }, async (request) => history.relate(request.auth, request.params.id, request.params.relatedContactId).then(() => null));
    op('deleteContactRelationship', {
      description: 'Removes the relationship, both ways; 404 when the contacts are not related.',
      params: RelationParamsSchema, response: { 204: NONE },
    }, async (request) => history.unrelate(request.auth, request.params.id, request.params.relatedContactId).then(() => null));
  });
}
