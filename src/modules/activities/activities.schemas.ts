import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';
import { ACTIVITY_TYPES, EXTERNAL_TYPES } from './activities.table.js';

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const UuidRef = (description: string) => Type.Object({ id: Uuid(description) });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });

export const ActivityTypeSchema = Type.Enum(ACTIVITY_TYPES, { title: 'ActivityType', type: 'string', description: 'The type of the attendee activity.' });
export const ExternalTypeSchema = Type.Enum(EXTERNAL_TYPES, { title: 'ExternalActivityType', type: 'string', description: 'The type of the external attendee activity.' });

const { limit, token, after, before, filter } = listQuerySchema().properties;
export const ActivitiesQuerySchema = Type.Object({ limit, token, after, before, filter }, { additionalProperties: false });
export const MetadataQuerySchema = ActivitiesQuerySchema;

const AdditionalFieldsSchema = Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Type.String({ maxLength: 2000 }), {
  maxProperties: 50, description: 'Additional fields of the external attendee activity; each must be declared in its metadata.',
});

export const ExternalDataSchema = Type.Object(
  {
    id: Uuid('The identifier of the related entity: the event, session, appointment or exhibitor.'),
    externalActivityDate: DateTime('When the external activity happened.'),
    additionalFields: Type.Optional(AdditionalFieldsSchema),
  },
  { title: 'ExternalActivityData', additionalProperties: false },
);

/** POST /attendees/activities: the reference's external-activity (read-only fields are accepted and ignored). */
export const ExternalActivityInputSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
    attendee: UuidRef('The attendee.'),
    event: Type.Object({
      id: Uuid('The event.'),
      title: Type.Optional(Type.String({ maxLength: 500 })), code: Type.Optional(Type.String({ maxLength: 100 })), timezone: Type.Optional(Type.String({ maxLength: 100 })),
    }),
    time: Type.Optional(Type.String({ description: 'Read-only: ignored (the time is data.externalActivityDate).' })),
    created: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
    name: Type.String({ minLength: 1, maxLength: 100, description: 'The name of registered external activity metadata of this type.' }),
    type: ExternalTypeSchema,
    data: ExternalDataSchema,
  },
  { title: 'ExternalAttendeeActivityInput', additionalProperties: false },
);
export type ExternalActivityInput = Static<typeof ExternalActivityInputSchema>;

const common = {
  id: Uuid('The identifier of the attendee activity.'),
  attendee: UuidRef('The attendee.'),
  event: UuidRef('The event in which the activity occurred.'),
  time: DateTime('When the activity occurred.'),
  created: DateTime('When the activity was recorded.'),
};

export const ExternalActivitySchema = Type.Object(
  { ...common, name: Type.String(), type: ExternalTypeSchema, data: ExternalDataSchema },
  { title: 'ExternalAttendeeActivity' },
);
export type ExternalActivity = Static<typeof ExternalActivitySchema>;

export const ActivitySchema = Type.Object(
  {
    ...common,
    contact: Type.Optional(Type.Object({ id: Uuid('The contact.') }, { description: 'eventline extension: the attendee\'s contact when the activity was recorded.' })),
    name: Type.String({ description: 'The name of the activity: the type in words, or the external activity\'s metadata name.' }),
    type: ActivityTypeSchema,
    data: Type.Record(Type.String(), Type.Unknown(), { description: 'The details of the activity, per type (ids rather than copies of personal data).' }),
  },
  { title: 'AttendeeActivity' },
);
export type Activity = Static<typeof ActivitySchema>;
export const ActivityPageSchema = paginated(ActivitySchema, 'AttendeeActivitiesPaginatedResponse');

const FieldMetadataSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'The name of the additional field.' }),
    description: Type.Optional(Type.String({ maxLength: 250 })),
  },
  { title: 'ExternalActivityAdditionalFieldsMetadata', additionalProperties: false },
);
export const FieldsSchema = Type.Array(FieldMetadataSchema, { maxItems: 50 });

export const MetadataInputSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
    type: ExternalTypeSchema,
    name: Type.String({ minLength: 1, maxLength: 100, description: `Name of the external attendee activity; names starting with 'eventline.' are reserved.` }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    fields: Type.Optional(FieldsSchema),
    created: Type.Optional(Type.String()), createdBy: Type.Optional(Type.String()), lastModified: Type.Optional(Type.String()), lastModifiedBy: Type.Optional(Type.String()),
  },
  { title: 'ActivityMetadataInput', additionalProperties: false },
);
export type MetadataInput = Static<typeof MetadataInputSchema>;

export const MetadataSchema = Type.Object(
  {
    id: Uuid('The identifier of the external attendee activity metadata.'),
    type: ExternalTypeSchema,
    name: Type.String(),
    description: Type.Optional(Type.String()),
    fields: FieldsSchema,
    created: DateTime('When the record was created.'), createdBy: Type.String(),
    lastModified: DateTime('When the record was last updated.'), lastModifiedBy: Type.String(),
  },
  { title: 'ActivityMetadata' },
);
export type Metadata = Static<typeof MetadataSchema>;
export const MetadataPageSchema = paginated(MetadataSchema, 'ActivityMetadataPaginatedResponse');
export const MetadataParamsSchema = Type.Object({ id: Type.String({ format: 'uuid', description: 'ID of the activity metadata.' }) });
