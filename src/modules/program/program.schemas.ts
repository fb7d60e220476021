import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's schemas of the program (session-location, session-category, session-segment, program-item,
// program-item-update-request, program-item-session-document, session-file): field names, lengths and types as it gives them.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const Ref = (title: string, description: string) => Type.Object({ id: Uuid(description) }, { title });
const ReadOnly = (description = 'Read-only: ignored.') => Type.Optional(Type.String({ description }));

const Audit = {
  created: Type.String({ format: 'date-time', description: 'The ISO 8601 zoned date time when this record was created.' }),
  createdBy: Type.String({ description: 'The identifier of the user that created this record.' }),
  lastModified: Type.String({ format: 'date-time', description: 'The ISO 8601 zoned date time when this record was updated.' }),
  lastModifiedBy: Type.String({ description: 'The identifier of the user that last updated this record.' }),
};
const ReadOnlyAudit = { created: ReadOnly(), createdBy: ReadOnly(), lastModified: ReadOnly(), lastModifiedBy: ReadOnly() };

const { limit, token, filter } = listQuerySchema().properties;
export const PagingQuerySchema = Type.Object({ limit, token }, { additionalProperties: false });
export const FilteredQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });
const Locale = Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Accepted and ignored: eventline keeps one version of each text.' }));
export const ProgramItemsQuerySchema = Type.Object({ limit, token, filter, locale: Locale }, { additionalProperties: false });

export const EventParamsSchema = Type.Object({ id: Uuid('ID of an event.') });
export const LocationParamsSchema = Type.Object({ id: Uuid('ID of an event.'), locationId: Uuid('ID of a session location of the event.') });
export const IdParamsSchema = Type.Object({ id: Uuid('ID of the record.') });
export const SessionParamsSchema = Type.Object({ id: Uuid('ID of a session.') });
export const SessionFileParamsSchema = Type.Object({ id: Uuid('ID of a session.'), fileId: Uuid('ID of a file (POST /files).') });
export const ProgramItemParamsSchema = Type.Object({ programItemId: Uuid('ID of a program item.') });
export const ProgramItemFileParamsSchema = Type.Object({ programItemId: Uuid('ID of a program item.'), fileId: Uuid('ID of a file (POST /files).') });

// ---- Locations ----

const LocationFields = {
  code: Type.String({ minLength: 1, maxLength: 30, description: 'Code / Abbreviation of the location.' }),
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Name of the location.' }),
};
export const SessionLocationInputSchema = Type.Object({ ...LocationFields, id: Type.Optional(Uuid('Read-only: ignored.')) }, { title: 'SessionLocation', additionalProperties: false });
export type SessionLocationInput = Static<typeof SessionLocationInputSchema>;
export const SessionLocationSchema = Type.Object({ id: Uuid('The session location.'), ...LocationFields }, { title: 'SessionLocation' });
export type SessionLocation = Static<typeof SessionLocationSchema>;
export const SessionLocationPageSchema = paginated(SessionLocationSchema, 'SessionLocationPaginatedResponse');

// ---- Categories ----

const CategoryFields = {
  name: Type.String({ minLength: 1, maxLength: 100, description: 'The name of the session category.' }),
  description: Type.Optional(Type.String({ maxLength: 2500, description: 'A description for the session category.' })),
};
export const SessionCategoryInputSchema = Type.Object({ ...CategoryFields, id: Type.Optional(Uuid('Read-only: ignored.')) }, { title: 'SessionCategory', additionalProperties: false });
export type SessionCategoryInput = Static<typeof SessionCategoryInputSchema>;
export const SessionCategorySchema = Type.Object({ id: Uuid('The session category.'), ...CategoryFields }, { title: 'SessionCategory' });
export type SessionCategory = Static<typeof SessionCategorySchema>;
export const SessionCategoryPageSchema = paginated(SessionCategorySchema, 'SessionCategoryPaginatedResponse');

// ---- Segments ----

export const SessionSegmentInputSchema = Type.Object(
  {
    session: Ref('Session', 'A session of the account (400 when unknown).'),
    segment: Ref('Segment', 'An audience segment of the account.'),
    active: Type.Optional(Type.Boolean({ default: true, description: 'True indicates the session segment is active.' })),
    event: Type.Optional(Type.Object({ id: Type.Optional(Uuid('Read-only: the session\'s event (400 when another).')) })),
    id: Type.Optional(Uuid('Read-only: ignored.')),
    ...ReadOnlyAudit,
  },
  { title: 'SessionSegment', additionalProperties: false },
);
export type SessionSegmentInput = Static<typeof SessionSegmentInputSchema>;
export const SessionSegmentSchema = Type.Object(
  {
    id: Uuid('ID of the session segment.'), event: Ref('Event', 'The session\'s event.'), session: Ref('Session', 'The session.'),
    segment: Ref('Segment', 'The audience segment.'), active: Type.Boolean({ description: 'True indicates the session segment is active.' }), ...Audit,
  },
  { title: 'SessionSegment' },
);
export type SessionSegment = Static<typeof SessionSegmentSchema>;
export const SessionSegmentPageSchema = paginated(SessionSegmentSchema, 'SessionSegmentPaginatedResponse');

// ---- Program items ----

const ItemFields = {
  event: Ref('Event', 'The event of the program item\'s session.'),
  session: Ref('Session', 'The session the program item is part of.'),
  name: Type.String({ minLength: 1, maxLength: 500, description: 'Name of the program item.' }),
  duration: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0, description: 'The duration of the program item in minutes.' })),
  description: Type.Optional(Type.String({ maxLength: 2500, description: 'Description of the program item.' })),
  rteDescription: Type.Optional(Type.String({ maxLength: 20_000, description: 'Rich-text-editor description in JSON formatting.' })),
};
export const ProgramItemInputSchema = Type.Object({ ...ItemFields, id: Type.Optional(Uuid('Read-only: ignored.')), ...ReadOnlyAudit }, { title: 'ProgramItem', additionalProperties: false });
export type ProgramItemInput = Static<typeof ProgramItemInputSchema>;
export const ProgramItemSchema = Type.Object({ id: Uuid('ID of the program item.'), ...ItemFields, duration: Type.Integer({ description: 'The duration of the program item in minutes.' }), ...Audit }, { title: 'ProgramItem' });
export type ProgramItem = Static<typeof ProgramItemSchema>;
export const ProgramItemPageSchema = paginated(ProgramItemSchema, 'ProgramItemPaginatedResponse');

export const ProgramItemDocumentSchema = Type.Object(
  {
    id: Uuid('ID of the session document to program item relationship.'), event: Ref('Event', 'The event.'), session: Ref('Session', 'The program item\'s session.'),
    document: Ref('SessionDocumentLite', 'The document: a file (POST /files) that is a document of the session.'), programItem: Ref('ProgramItem', 'The program item.'), ...Audit,
  },
  { title: 'ProgramItemSessionDocument' },
);
export type ProgramItemDocument = Static<typeof ProgramItemDocumentSchema>;
/** A program item holds at most this many documents (the reference's list of them has at most 10 items). */
export const MAX_ITEM_DOCUMENTS = 10;
export const ProgramItemDocumentsSchema = Type.Object({ data: Type.Array(ProgramItemDocumentSchema, { maxItems: MAX_ITEM_DOCUMENTS }) }, { title: 'ProgramItemSessionDocuments' });
export const ProgramItemDocumentPageSchema = paginated(ProgramItemDocumentSchema, 'ProgramItemDocumentPaginatedResponse');

// ---- Session documents ----

export const SessionFileSchema = Type.Object(
  {
    file: Type.Object({ id: Uuid('The file (POST /files).') }),
    href: Type.String({ format: 'uri', description: 'A signed, expiring URL of the session\'s document.' }),
    friendlyName: Type.Optional(Type.String({ description: 'Friendly name of the file' })),
    type: Type.Optional(Type.String({ description: 'Mime type of the file' })),
    size: Type.Optional(Type.Integer({ description: 'Size of the file in bytes' })),
    displayEnabled: Type.Optional(Type.Boolean({ description: 'Display this file to the public' })),
  },
  { title: 'SessionFile' },
);
export type SessionFile = Static<typeof SessionFileSchema>;
export const SessionFilePageSchema = paginated(SessionFileSchema, 'SessionDocumentPaginatedResponse');
