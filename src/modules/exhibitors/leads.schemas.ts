import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';
import { LEAD_APPLICATIONS, LEAD_SOURCES, LEAD_TYPES } from './leads.table.js';
import { AuditSchemas, Uuid } from './exhibitors.schemas.js';
import { EventRef, ExhibitorRef, LeadRef, QuestionAnswersInputSchema } from './qualification.schemas.js';

// The reference's Leads tag: existing-lead, eliterature requests, and eventline's scan (an extension).

const { limit, token, after, before } = listQuerySchema().properties;
export const LeadsQuerySchema = Type.Object({
  limit, token, after, before,
  filter: Type.Optional(Type.String({
    maxLength: 4000,
    description: "Filterable (eq): event.id, exhibitor.id, deleted; and, as the reference's own example for POST /leads/filter uses them, id and attendee.id. "
      + "E.g. deleted eq 'false' and exhibitor.id eq '{UUID}'.",
  })),
}, { additionalProperties: false });
export const EliteratureQuerySchema = Type.Object({
  limit, token, after, before,
  filter: Type.Optional(Type.String({ maxLength: 4000, description: "Filterable (eq): event.id, exhibitor.id, lead.id. E.g. lead.id eq '{UUID}'." })),
}, { additionalProperties: false });

export const LeadAddressSchema = Type.Object(
  {
    address1: Type.Optional(Type.String()), address2: Type.Optional(Type.String()), city: Type.Optional(Type.String()),
    region: Type.Optional(Type.String()), regionCode: Type.Optional(Type.String()), postalCode: Type.Optional(Type.String()),
    country: Type.Optional(Type.String()), countryCode: Type.Optional(Type.String()),
  },
  { title: 'Address' },
);
export type LeadAddress = Static<typeof LeadAddressSchema>;

const DeviceSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'The id of device used to capture lead' })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'The name of device used to capture lead' })),
  },
  { title: 'Device', additionalProperties: false },
);

export const LeadSchema = Type.Object(
  {
    id: Uuid('ID of Lead.'),
    event: EventRef,
    exhibitor: ExhibitorRef,
    attendee: Type.Object({ id: Uuid('Attendee id') }, { title: 'Attendee' }),
    boothStaff: Type.Optional(Type.Object({ id: Uuid('Booth Staff id') }, { title: 'Booth Staff' })),
    device: Type.Optional(DeviceSchema),
    title: Type.Optional(Type.String({ description: 'The title of the lead' })),
    firstName: Type.Optional(Type.String({ description: 'The first name of the lead' })),
    lastName: Type.Optional(Type.String({ description: 'The last name of the lead' })),
    email: Type.Optional(Type.String({ description: 'The email address of the lead' })),
    company: Type.Optional(Type.String({ description: 'The company/organization the lead belongs to.' })),
    mobilePhone: Type.Optional(Type.String({ maxLength: 30, description: 'Mobile phone number of the lead' })),
    homeAddress: Type.Optional(LeadAddressSchema),
    homePhone: Type.Optional(Type.String({ description: 'Home phone number of the lead' })),
    workAddress: Type.Optional(LeadAddressSchema),
    workPhone: Type.Optional(Type.String({ description: 'Work Phone number of the lead' })),
    type: Type.Enum(LEAD_TYPES, { type: 'string', description: 'The type of lead.' }),
    application: Type.Enum(LEAD_APPLICATIONS, { type: 'string', description: 'The application used to capture lead.' }),
    source: Type.Enum(LEAD_SOURCES, { type: 'string', description: 'The source of entry for the lead' }),
    deleted: Type.Boolean({ description: 'A boolean indicating whether a lead is deleted or not' }),
    comments: Type.Optional(Type.String({ description: 'Comments about the lead: the booth staff\'s notes.' })),
    licenseCode: Type.Optional(Type.String({ description: 'License (access code) that was used to capture the lead' })),
    matched: Type.Boolean({ description: 'Whether the lead is matched to an attendee of the event: always true for a scan.' }),
    qualified: Type.Boolean({ description: 'eventline: true once the lead has answers and every required qualification question is answered.' }),
    ...AuditSchemas,
  },
  { title: 'Lead' },
);
export type Lead = Static<typeof LeadSchema>;
export const LeadPageSchema = paginated(LeadSchema, 'LeadsPaginatedResponse');

export const ELITERATURE_DOCUMENT_TYPES = ['FILE', 'LINK'] as const;
export const EliteratureDocumentSchema = Type.Object(
  {
    id: Uuid('The document: an exhibitor file (FILE) or weblink (LINK).'),
    displayName: Type.String({ minLength: 1, maxLength: 250, description: 'The name shown for the document.' }),
    type: Type.Enum(ELITERATURE_DOCUMENT_TYPES, { type: 'string' }),
  },
  { title: 'E-literature Document', additionalProperties: false },
);
export const EliteratureDocumentsSchema = Type.Array(EliteratureDocumentSchema, { minItems: 1, maxItems: 25 });

export const EliteratureRequestSchema = Type.Object(
  { id: Uuid('The id of the e-literature request.'), event: EventRef, exhibitor: ExhibitorRef, lead: LeadRef, documents: EliteratureDocumentsSchema, ...AuditSchemas },
  { title: 'Existing E-literature Request Data for Lead' },
);
export type EliteratureRequest = Static<typeof EliteratureRequestSchema>;
export const EliteraturePageSchema = paginated(EliteratureRequestSchema, 'E-literature Request Paginated Response');

/** eventline extension: POST /events/{id}/exhibitors/{exhibitorId}/leads, a booth staff member's scan of an attendee. */
export const LeadScanSchema = Type.Object(
  {
    attendee: Type.Object({ id: Uuid('An attendee of the event: the person scanned.') }, { additionalProperties: false }),
    boothStaff: Type.Object({ id: Uuid('A booth staff member of the exhibitor: who scanned.') }, { additionalProperties: false }),
    device: Type.Optional(DeviceSchema),
    // No schema defaults: a rescan that leaves these out keeps the lead's (a new lead gets leadcapture, leadcapture, scanned).
    type: Type.Optional(Type.Enum(LEAD_TYPES, { type: 'string', description: 'A new lead: leadcapture unless sent; a rescan keeps the lead\'s unless sent.' })),
    application: Type.Optional(Type.Enum(LEAD_APPLICATIONS, { type: 'string', description: 'A new lead: leadcapture unless sent; a rescan keeps the lead\'s unless sent.' })),
    source: Type.Optional(Type.Enum(LEAD_SOURCES, { type: 'string', description: 'A new lead: scanned unless sent; a rescan keeps the lead\'s unless sent.' })),
    comments: Type.Optional(Type.String({ maxLength: 2000, description: 'Notes about the lead. A rescan that sends none keeps the earlier notes.' })),
    licenseCode: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    answers: Type.Optional(Type.Array(QuestionAnswersInputSchema, {
      maxItems: 100, description: 'Answers to the exhibitor\'s qualification questions, checked against them (400 naming the question otherwise).',
    })),
    eliterature: Type.Optional(Type.Object(
      { documents: EliteratureDocumentsSchema },
      { additionalProperties: false, description: 'Documents the attendee asked for: stored as an e-literature request of the lead (GET /eliterature-requests).' },
    )),
  },
  { title: 'LeadScan', additionalProperties: false },
);
export type LeadScan = Static<typeof LeadScanSchema>;
