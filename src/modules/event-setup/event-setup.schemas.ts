import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's planning-document.json, existing-registration-path.json, invitation-list.json and event-email.json, and
// eventline's create bodies for them (DESIGN rule 11: the reference only lists these).

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const Audit = {
  created: DateTime('When this record was created.'),
  createdBy: Type.String({ description: 'Who created this record.' }),
  lastModified: DateTime('When this record was last changed.'),
  lastModifiedBy: Type.String({ description: 'Who last changed this record.' }),
};

export const EventParamsSchema = Type.Object({ id: Uuid('Event id.') });
export const DocumentParamsSchema = Type.Object({ id: Uuid('Event id.'), documentId: Uuid('Planning document id.') });

const { limit, token, after, before, filter } = listQuerySchema().properties;
export const WindowedQuerySchema = Type.Object({ limit, token, after, before, filter }, { additionalProperties: false });
const Locale = Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Accepted and ignored: eventline keeps one version of each text.' }));
export const PathsQuerySchema = Type.Object({ limit, token, locale: Locale }, { additionalProperties: false });

export const PlanningDocumentSchema = Type.Object(
  {
    id: Uuid('The planning document.'),
    name: Type.String({ maxLength: 255, description: 'Name of the document (by default the file\'s name).' }),
    size: Type.Integer({ description: 'Size of the document in bytes.' }),
    uploaded: DateTime('When the document was added to the event.'),
    uploadedBy: Type.String({ description: 'Who added the document.' }),
    lastModified: DateTime('When the document was last changed.'),
    lastModifiedBy: Type.String({ description: 'Who last changed the document.' }),
    event: Type.Object({ id: Uuid('The event.') }, { title: 'PlanningDocumentEventId' }),
    category: Type.Optional(Type.String({ maxLength: 50, description: 'Category of the document.' })),
    mimeType: Type.String({ description: 'The MIME type of the file, as detected at upload.' }),
    description: Type.Optional(Type.String({ maxLength: 255, description: 'Description of the document.' })),
    secured: Type.Boolean({ description: 'Always true: the file is read through a signed, expiring URL.' }),
    referenceLink: Type.Object({
      url: Type.String({ format: 'uri', description: 'A signed URL of the file\'s bytes.' }),
      expiration: DateTime('When the URL expires.'),
    }, { title: 'PlanningDocumentReferenceLink' }),
  },
  { title: 'PlanningDocument' },
);
export type PlanningDocument = Static<typeof PlanningDocumentSchema>;
export const PlanningDocumentPageSchema = paginated(PlanningDocumentSchema, 'PlanningDocumentResponse');

export const PlanningDocumentInputSchema = Type.Object(
  {
    file: Type.Object({ id: Uuid('An uploaded file (POST /files) not in use elsewhere.') }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'By default the file\'s name.' })),
    category: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { title: 'PlanningDocumentInput', additionalProperties: false },
);
export type PlanningDocumentInput = Static<typeof PlanningDocumentInputSchema>;

export const RegistrationPathSchema = Type.Object(
  {
    id: Uuid('The registration path.'),
    name: Type.String({ maxLength: 100, description: 'Name of the registration path.' }),
    code: Type.String({ maxLength: 50, description: 'Code of the registration path.' }),
    description: Type.Optional(Type.String({ maxLength: 300, description: 'Description of the registration path.' })),
  },
  { title: 'ExistingRegistrationPath' },
);
export type RegistrationPath = Static<typeof RegistrationPathSchema>;
export const RegistrationPathPageSchema = paginated(RegistrationPathSchema, 'RegistrationPathPaginatedResponse');

export const RegistrationPathInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'By default derived from the name.' })),
    description: Type.Optional(Type.String({ maxLength: 300 })),
    id: Type.Optional(Uuid('Read-only: ignored.')),
  },
  { title: 'RegistrationPath', additionalProperties: false },
);
export type RegistrationPathInput = Static<typeof RegistrationPathInputSchema>;

export const InvitationListSchema = Type.Object(
  {
    id: Uuid('The invitation list.'),
    name: Type.String({ description: 'Name of the invitation list.' }),
    locale: Type.String({ minLength: 1, maxLength: 200, description: 'The list\'s locale (IETF language tag).' }),
    default: Type.Boolean({ description: 'True for the event\'s default invitation list (at most one).' }),
    ...Audit,
  },
  { title: 'InvitationList' },
);
export type InvitationList = Static<typeof InvitationListSchema>;
export const InvitationListPageSchema = paginated(InvitationListSchema, 'InvitationListPaginatedResponse');

export const InvitationListInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    locale: Type.Optional(Type.String({ minLength: 2, maxLength: 35, description: 'By default the event\'s default locale.' })),
    default: Type.Optional(Type.Boolean({ description: 'Makes it the event\'s default list (the previous default stops being one).' })),
  },
  { title: 'InvitationList', additionalProperties: false },
);
export type InvitationListInput = Static<typeof InvitationListInputSchema>;

const EmailFields = {
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Name of the email.' }),
  subject: Type.String({ minLength: 1, maxLength: 500, description: 'Subject of the email.' }),
  fromName: Type.Optional(Type.String({ maxLength: 100 })),
  fromEmail: Type.Optional(Type.String({ format: 'email', maxLength: 80 })),
  replyToName: Type.Optional(Type.String({ maxLength: 100 })),
  replyToEmail: Type.Optional(Type.String({ format: 'email', maxLength: 80 })),
  plaintextBody: Type.Optional(Type.String({ maxLength: 100_000 })),
  htmlBody: Type.Optional(Type.String({ maxLength: 100_000 })),
  locale: Type.Optional(Type.String({ minLength: 2, maxLength: 35, description: 'By default the event\'s default locale.' })),
  clickTrackingEnabled: Type.Optional(Type.Boolean()),
};

export const EventEmailSchema = Type.Object(
  {
    id: Uuid('The event email.'),
    active: Type.Boolean({ description: 'True when the email is active and can be sent.' }),
    ...EmailFields,
    locale: Type.String({ description: 'The email\'s locale.' }),
    clickTrackingEnabled: Type.Boolean(),
    invitationList: Type.Optional(Type.Object({ id: Uuid('The invitation list it is sent to.') }, { title: 'InvitationListId' })),
    ...Audit,
  },
  { title: 'EventEmail' },
);
export type EventEmail = Static<typeof EventEmailSchema>;
export const EventEmailPageSchema = paginated(EventEmailSchema, 'EventEmailsPaginatedResponse');

export const EventEmailInputSchema = Type.Object(
  {
    ...EmailFields,
    active: Type.Optional(Type.Boolean({ default: true })),
    invitationList: Type.Optional(Type.Object({ id: Uuid('An invitation list of the same event (400 otherwise).') })),
  },
  { title: 'EventEmail', additionalProperties: false },
);
export type EventEmailInput = Static<typeof EventEmailInputSchema>;
