import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's Speakers schemas (speaker, existing-speaker, speaker-category, speaker-file, speaker-session.json,
// session-speaker.json, session-speaker-assignment): field names, lengths and types as it gives them.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const Text = (maxLength: number, description: string) => Type.String({ maxLength, description });

const AuditSchemas = {
  created: DateTime('The ISO 8601 zoned date time when this record was created.'),
  createdBy: Type.String({ description: 'The identifier of the user that created this record.' }),
  lastModified: DateTime('The ISO 8601 zoned date time when this record was updated.'),
  lastModifiedBy: Type.String({ description: 'The identifier of the user that last updated this record.' }),
};
const ReadOnlyAudit = Object.fromEntries(Object.entries(AuditSchemas).map(([k, v]) => [k, Type.Optional(v)])) as {
  [K in keyof typeof AuditSchemas]: ReturnType<typeof Type.Optional<(typeof AuditSchemas)[K]>>
};

export const SpeakerParamsSchema = Type.Object({ id: Uuid('ID of a speaker.') });
export const SpeakerFileParamsSchema = Type.Object({ id: Uuid('ID of a speaker.'), fileId: Uuid('ID of a file.') });
export const SessionSpeakerParamsSchema = Type.Object({ id: Uuid('ID of a session.'), speakerId: Uuid('ID of a speaker.') });
export const SessionParamsSchema = Type.Object({ id: Uuid('ID of a session.') });

const { limit, token, filter, sort } = listQuerySchema({ sortable: ['lastModified', 'lastName', 'firstName', 'company', 'title', 'order'] }).properties;
const Locale = Type.Optional(Type.String({ maxLength: 35, description: 'Accepted and ignored: eventline keeps one version of each text.' }));
export const SpeakersQuerySchema = Type.Object({ limit, token, sort, locale: Locale, filter }, { additionalProperties: false });
export const FilteredQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });
export const PagingQuerySchema = Type.Object({ limit, token }, { additionalProperties: false });

const Link = (description: string) => Type.Object({ href: Type.String({ minLength: 1, maxLength: 2000, description }) }, { title: 'Link' });
const LinksFields = {
  twitterUrl: Type.Optional(Link('The speaker\'s Twitter / X profile.')),
  facebookUrl: Type.Optional(Link('The speaker\'s Facebook profile.')),
  linkedInUrl: Type.Optional(Link('The speaker\'s LinkedIn profile.')),
};
const CategoryRefSchema = Type.Object({ id: Uuid('ID of a speaker category.'), name: Type.Optional(Text(50, 'The name of the speaker category')) }, { title: 'SpeakerCategory' });

const SpeakerFields = {
  event: Type.Object({ id: Uuid('Event ID.') }, { description: 'The event the speaker is linked to.' }),
  firstName: Type.String({ minLength: 1, maxLength: 30, description: 'The speaker\'s first name.' }),
  lastName: Type.String({ minLength: 1, maxLength: 50, description: 'The speaker\'s last name.' }),
  code: Type.Optional(Text(30, 'The unique code associated with the speaker in an event')),
  email: Type.Optional(Type.String({ format: 'email', minLength: 6, maxLength: 80, description: 'The speaker\'s email address' })),
  prefix: Type.Optional(Text(30, 'Mr., Mrs., Dr., etc.')),
  designation: Type.Optional(Text(30, 'The speaker\'s Designation')),
  company: Type.Optional(Text(100, 'The company to which the speaker is associated')),
  title: Type.Optional(Text(100, 'The speaker\'s title')),
  visibility: Type.Optional(Type.Boolean({ default: true, description: 'Indicates if a given speaker should be displayed on Event Website' })),
  biography: Type.Optional(Text(2500, 'The speaker\'s biography')),
  internalNote: Type.Optional(Text(300, 'The Internal Note of the speaker')),
  featured: Type.Optional(Type.Boolean({ default: false, description: 'Indicates if a given speaker is a featured speaker' })),
};

export const SpeakerInputSchema = Type.Object(
  {
    ...SpeakerFields,
    category: Type.Optional(Type.Object({ id: Uuid('ID of a speaker category of the account (400 when unknown).'), name: Type.Optional(Type.String({ description: 'Read-only: ignored.' })) })),
    links: Type.Optional(Type.Object({ ...LinksFields, profilePicture: Type.Optional(Type.Object({ href: Type.Optional(Type.String()) }, { description: 'Read-only: set with PUT /speakers/{id}/profile-images.' })) }, { additionalProperties: false })),
    id: Type.Optional(Uuid('Read-only: ignored.')),
    order: Type.Optional(Type.Integer({ description: 'Read-only: ignored.' })),
    contact: Type.Optional(Type.Object({ id: Type.Optional(Type.String({ description: 'Read-only: ignored (the contact of the same email is linked).' })) })),
    relevance: Type.Optional(Type.Number({ description: 'Read-only: ignored.' })),
    ...ReadOnlyAudit,
  },
  { title: 'Speaker', additionalProperties: false },
);
export type SpeakerInput = Static<typeof SpeakerInputSchema>;

export const SpeakerSchema = Type.Object(
  {
    id: Uuid('The ID of the speaker'),
    order: Type.Integer({ minimum: 0, maximum: 32767, description: 'The order of speaker (its rank of creation in the event).' }),
    contact: Type.Optional(Type.Object({ id: Uuid('The contact of the same email in the account, when there is one.') }, { title: 'Speaker Contact' })),
    ...SpeakerFields,
    visibility: Type.Boolean({ description: 'Indicates if a given speaker should be displayed on Event Website' }),
    featured: Type.Boolean({ description: 'Indicates if a given speaker is a featured speaker' }),
    category: Type.Optional(CategoryRefSchema),
    links: Type.Object({
      ...LinksFields,
      profilePicture: Type.Optional(Type.Object({ href: Type.String({ description: 'A signed, expiring URL of the speaker\'s profile picture.' }) }, { title: 'Link' })),
    }, { title: 'ContactLinks' }),
    ...AuditSchemas,
  },
  { title: 'Speaker' },
);
export type Speaker = Static<typeof SpeakerSchema>;
export const SpeakerPageSchema = paginated(SpeakerSchema, 'SpeakerPaginatedResponse');

export const SpeakerCategoryInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50, description: 'The name of the speaker category' }),
    id: Type.Optional(Uuid('Read-only: ignored.')),
    active: Type.Optional(Type.Boolean({ description: 'Read-only: ignored (a new category is active).' })),
  },
  { title: 'SpeakerCategory', additionalProperties: false },
);
export type SpeakerCategoryInput = Static<typeof SpeakerCategoryInputSchema>;
export const SpeakerCategorySchema = Type.Object(
  { id: Uuid('ID of the speaker category.'), name: Text(50, 'The name of the speaker category'), active: Type.Boolean({ description: 'The speaker category is active or not active' }) },
  { title: 'SpeakerCategory' },
);
export type SpeakerCategory = Static<typeof SpeakerCategorySchema>;
export const SpeakerCategoryPageSchema = paginated(SpeakerCategorySchema, 'SpeakerCategoryPaginatedResponse');

export const SpeakerFileSchema = Type.Object(
  {
    file: Type.Object({ id: Uuid('The file (POST /files).') }),
    href: Type.String({ format: 'uri', description: 'A signed, expiring URL of the file.' }),
    friendlyName: Type.Optional(Type.String({ description: 'Friendly name of the file' })),
    type: Type.Optional(Type.String({ description: 'Mime type of the file' })),
    size: Type.Optional(Type.Integer({ description: 'Size of the file in bytes' })),
    displayEnabled: Type.Optional(Type.Boolean({ description: 'Display this file to the public' })),
  },
  { title: 'SpeakerFile' },
);
export type SpeakerFile = Static<typeof SpeakerFileSchema>;
export const SpeakerFilePageSchema = paginated(SpeakerFileSchema, 'SpeakerDocumentPaginatedResponse');

/** PUT /speakers/{id}/profile-images: the reference's speaker-file, of which only `file.id` is read. */
export const ProfileImageInputSchema = Type.Object(
  {
    file: Type.Object({ id: Uuid('An uploaded JPEG, PNG or GIF (POST /files).') }),
    href: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
    friendlyName: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
    type: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
    size: Type.Optional(Type.Integer({ description: 'Read-only: ignored.' })),
    displayEnabled: Type.Optional(Type.Boolean({ description: 'Read-only: ignored.' })),
  },
  { title: 'SpeakerFile', additionalProperties: false },
);
export type ProfileImageInput = Static<typeof ProfileImageInputSchema>;

export const SpeakerSessionSchema = Type.Object(
  { id: Uuid('The session.'), speaker: Type.Object({ id: Uuid('The speaker.') }, { title: 'SpeakerLite' }), category: Type.Optional(CategoryRefSchema) },
  { title: 'SpeakerSession' },
);
export type SpeakerSession = Static<typeof SpeakerSessionSchema>;
export const SpeakerSessionPageSchema = paginated(SpeakerSessionSchema, 'SpeakerSessionPaginatedResponse');

export const SessionSpeakerSchema = Type.Object(
  {
    id: Uuid('The speaker.'), session: Type.Object({ id: Uuid('The session.') }, { title: 'SessionLite' }), category: Type.Optional(CategoryRefSchema),
    order: Type.Optional(Type.Integer({ description: 'The order of the speaker in a session.' })),
  },
  { title: 'SessionSpeaker' },
);
export type SessionSpeaker = Static<typeof SessionSpeakerSchema>;
export const SessionSpeakerPageSchema = paginated(SessionSpeakerSchema, 'SessionSpeakerPaginatedResponse');

export const SessionSpeakerAssignmentSchema = Type.Object(
  {
    speakerCategory: Type.Optional(Type.Object({ id: Uuid('A speaker category of the account (400 when unknown).') })),
    order: Type.Optional(Type.Integer({ minimum: 1, maximum: 32767, description: 'Position of the speaker in the session\'s list; 1 is first.' })),
  },
  { title: 'SessionSpeakerAssignment', additionalProperties: false },
);
export type SessionSpeakerAssignment = Static<typeof SessionSpeakerAssignmentSchema>;

const Lite = (title: string, description: string) => Type.Object({ id: Uuid(description) }, { title });
/** The reference's speaker-program-item: a speaker at a program item. */
export const SpeakerProgramItemSchema = Type.Object(
  {
    id: Uuid('ID of the speaker to program item relationship.'), event: Lite('EventLite', 'The event.'), session: Lite('SessionLite', 'The program item\'s session.'),
    speaker: Lite('SpeakerLite', 'The speaker.'), programItem: Lite('ProgramItemLite', 'The program item.'), ...AuditSchemas,
  },
  { title: 'SpeakerProgramItem' },
);
export type SpeakerProgramItem = Static<typeof SpeakerProgramItemSchema>;
export const SpeakerProgramItemPageSchema = paginated(SpeakerProgramItemSchema, 'ProgramItemSpeakerPaginatedResponse');
export const ProgramItemSpeakerParamsSchema = Type.Object({ programItemId: Uuid('ID of a program item.'), id: Uuid('ID of a speaker.') });
