import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's contact-history-paginated-response, contact-file, contact-merge and contact-id-paginated-response.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });

const { limit, token, after, before } = listQuerySchema().properties;
export const HistoryParamsSchema = Type.Object({ contactId: Uuid('Contact id.') });
export const HistoryQuerySchema = Type.Object({
  limit, token,
  after: Type.Optional(Type.String({ format: 'date-time', description: 'Only changes made after this time.' })),
  before: Type.Optional(Type.String({ format: 'date-time', description: 'Only changes made before this time.' })),
}, { additionalProperties: false });
void after; void before;
export const ContactParamsSchema = Type.Object({ id: Uuid('Contact id.') });
export const RelationParamsSchema = Type.Object({ id: Uuid('Contact id.'), relatedContactId: Uuid('The related contact id.') });
export const PagingQuerySchema = Type.Object({ limit, token }, { additionalProperties: false });

/** The reference's updatedThroughName values eventline writes. */
export const THROUGH = { created: 'Created from API', modified: 'Modified from API' } as const;
/** The one entry a contact's creation writes (its first values are the contact's own, not copied into the history). */
export const CREATED_FIELD = 'contact';

export const HistoryEntrySchema = Type.Object(
  {
    updatedFieldName: Type.String({ description: 'The field that changed, dotted for a nested field (homeAddress.city); `contact` for its creation (one entry, without values: the first values are the contact\'s own); `mergedContacts` / `mergedInto` for a merge.' }),
    oldValue: Type.Optional(Type.String({ description: 'The value before the change (absent when it was blank, or erased by obfuscation).' })),
    newValue: Type.Optional(Type.String({ description: 'The value after the change (absent when blank, or erased by obfuscation).' })),
    updatedThroughName: Type.Union(Object.values(THROUGH).map((t) => Type.Literal(t)), { description: 'How the change was made.' }),
    updatedDate: Type.String({ format: 'date-time', description: 'When the change was made.' }),
    updatedBy: Type.String({ description: 'Who made the change (the user or the API client).' }),
  },
  { title: 'ContactHistory' },
);
export type HistoryEntry = Static<typeof HistoryEntrySchema>;
export const HistoryPageSchema = paginated(HistoryEntrySchema, 'ContactHistoryPaginatedResponse');

export const ContactIdPageSchema = paginated(Type.Object({ id: Uuid('A related contact id.') }, { title: 'ContactId' }), 'ContactIdPaginatedResponse');

export const ContactFileSchema = Type.Object(
  {
    file: Type.Object({ id: Uuid('The file (from POST /files).') }),
    href: Type.String({ format: 'uri', description: 'A signed, expiring URL of the picture.' }),
  },
  { title: 'ContactFile' },
);
export type ContactFile = Static<typeof ContactFileSchema>;
export const ContactFileInputSchema = Type.Object(
  {
    file: Type.Object({ id: Uuid('An uploaded JPEG, PNG or GIF (POST /files) not in use elsewhere.') }),
    href: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
  },
  { title: 'ContactFileInput', additionalProperties: false },
);
export type ContactFileInput = Static<typeof ContactFileInputSchema>;

export const MergeInputSchema = Type.Object(
  {
    secondaryContacts: Type.Array(Uuid('A contact merged into the main one.'), { minItems: 1, maxItems: 2, description: 'The one or two contacts merged into the main contact.' }),
    conflictResolution: Type.Optional(Type.Object({
      events: Type.Optional(Type.Array(Type.Object({ eventId: Uuid('An event two of the contacts are registered for.'), contactId: Uuid('The contact whose registration the survivor keeps.') },
        { additionalProperties: false }), { maxItems: 200 })),
      surveys: Type.Optional(Type.Array(Type.Object({ surveyId: Uuid('A survey.'), contactId: Uuid('A contact.') }, { additionalProperties: false }), {
        maxItems: 0, description: 'Not accepted: eventline moves every survey respondent to the survivor, so there is nothing to choose.',
      })),
      relatedContacts: Type.Optional(Uuid('The one contact (main or secondary) whose relationships the survivor keeps; by default it keeps them all.')),
      contactFields: Type.Optional(Type.Array(Type.Object({ fieldName: Type.String({ minLength: 1, maxLength: 100 }), contactId: Uuid('The contact whose value is kept.') },
        { additionalProperties: false }), { maxItems: 100 })),
    }, { additionalProperties: false })),
  },
  { title: 'ContactMergeRequest', additionalProperties: false },
);
export type MergeInput = Static<typeof MergeInputSchema>;
