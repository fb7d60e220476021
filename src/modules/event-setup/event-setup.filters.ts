import { defineList, filterColumns, RANGE, type FilterField } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for each of these lists (DESIGN rule 6). Fields marked
// `indexed` have an (account_id, column, id) index (migration 0027); `after` / `before` bound lastModified.

const indexed = (f: FilterField): FilterField => ({ ...f, indexed: true });
const NAME_OPS = { ops: ['eq', 'ne', 'contains'] } as const;

const doc = filterColumns('planning_documents');
/** GET /events/{id}/planning-documents. */
export const planningDocumentsList = (eventId: string) => defineList<Row<'planning_documents'>>({
  name: `planning-documents:${eventId}`,
  filters: {
    id: doc.field('id', 'uuid'),
    name: indexed(doc.field('name', 'string', { ops: ['eq'] })),
    category: indexed(doc.field('category', 'string', { ops: ['eq'] })),
    lastModified: doc.field('last_modified', 'datetime', { ops: RANGE }),
    uploaded: doc.field('uploaded', 'datetime', { ops: RANGE }),
    mimeType: indexed(doc.field('mime_type', 'string')),
  },
  order: [{ column: 'planning_documents.id', value: (r) => r.id }],
  window: 'planning_documents.last_modified',
});

/** GET /events/{id}/registration-paths: no filter. */
export const registrationPathsList = (eventId: string) => defineList<Row<'registration_paths'>>({
  name: `registration-paths:${eventId}`,
  filters: {},
  order: [{ column: 'registration_paths.id', value: (r) => r.id }],
});

const list = filterColumns('invitation_lists');
/** GET /events/{id}/invitation-lists. */
export const invitationListsList = (eventId: string) => defineList<Row<'invitation_lists'>>({
  name: `invitation-lists:${eventId}`,
  filters: {
    id: list.field('id', 'uuid'),
    name: indexed(list.field('name', 'string', NAME_OPS)),
    locale: indexed(list.field('locale', 'string')),
    createdBy: list.field('created_by', 'string'),
    created: list.field('created', 'datetime'),
    lastModifiedBy: list.field('last_modified_by', 'string'),
    lastModified: list.field('last_modified', 'datetime'),
    default: list.field('is_default', 'boolean'),
  },
  order: [{ column: 'invitation_lists.id', value: (r) => r.id }],
  window: 'invitation_lists.last_modified',
});

const email = filterColumns('event_emails');
/** GET /events/{id}/emails. */
export const eventEmailsList = (eventId: string) => defineList<Row<'event_emails'>>({
  name: `event-emails:${eventId}`,
  filters: {
    id: email.field('id', 'uuid'),
    name: indexed(email.field('name', 'string', NAME_OPS)),
    active: email.field('active', 'boolean'),
    created: email.field('created', 'datetime'),
    createdBy: email.field('created_by', 'string'),
    lastModified: email.field('last_modified', 'datetime'),
    lastModifiedBy: email.field('last_modified_by', 'string'),
    'invitationList.id': indexed(email.field('invitation_list_id', 'uuid')),
  },
  order: [{ column: 'event_emails.id', value: (r) => r.id }],
  window: 'event_emails.last_modified',
});
