import { Type, type Static, type TSchema } from 'typebox';
import { ErrorResponseSchema } from '../../http/errors.js';
import { listQuerySchema, paginated } from '../../http/paging.js';
import { AddressSchema, ContactInputSchema, ContactLinksSchema, ADDRESS_TYPES, GENDERS } from '../contacts/index.js';

export const ATTENDEE_STATUSES = ['No Response', 'Accepted', 'Declined', 'Visited', 'Waitlisted', 'Cancelled', 'Pending Approval', 'Denied Approval'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];
export const ADD_STATUSES = ['No Response', 'Accepted', 'Pending Approval'] as const;
export const UPDATE_STATUSES = ['No Response', 'Accepted', 'Cancelled', 'Visited', 'Declined', 'Pending Approval', 'Denied Approval'] as const;
export const INVITED_BY = ['Planner-Invited', 'No Invitation', 'Guest-Invited', 'Alternate Campaign', 'Weblink', 'Import', 'Historical Import', 'API Invited'] as const;
export const RESPONSE_METHODS = [
  'Administrator Responded', 'Administrator Responded Widget', 'API-Responded', 'Appointments Event Website', 'Cvent Salesforce App',
  'Cvent Salesforce App - Campaign Page', 'Cvent Salesforce App - Contact Page', 'Cvent Salesforce App - Event Page',
  'Cvent Salesforce App - Lead Page', 'Cvent Salesforce App - Person Account Page', 'Cvent Salesforce App - Recommendation Widget',
  'External Registration', 'Group Leader Responded', 'Group Leader Responded Widget', 'Historical Import', 'Imported', 'No Response',
  'On-site Responded', 'Planner-Imported', 'Planner-Responded', 'Post Event', 'Self-Responded', 'Self-Responded Mobile', 'Self-Responded Widget',
] as const;
export const VISIBILITIES = ['Private', 'Public'] as const;
export type AttendeeInvitedBy = (typeof INVITED_BY)[number];
export type AttendeeResponseMethod = (typeof RESPONSE_METHODS)[number];
export type AttendeeVisibility = (typeof VISIBILITIES)[number];
export const SORTABLE = ['contact.firstName', 'contact.lastName', 'contact.title', 'contact.company', 'registeredAt', 'checkIn'] as const;

const opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
const uuid = (description?: string) => Type.String({ format: 'uuid', ...(description ? { description } : {}) });
const ref = (title: string) => Type.Object({ id: uuid(`The ${title} id`) }, { title });
const literals = <T extends string[]>(values: readonly [...T], title: string) => Type.Enum(values, { title, type: 'string' });

const commonWritable = {
  invitationList: opt(ref('InvitationList')),
  referenceId: opt(Type.String({ maxLength: 100 })),
  note: opt(Type.String({ maxLength: 300 })),
  administrator: opt(ref('Administrator')),
  admissionItem: opt(ref('AdmissionItem')),
  visibility: opt(literals(VISIBILITIES, 'AttendeeVisibility')),
  registrationType: opt(ref('RegistrationType')),
  sendEmail: opt(Type.Boolean({ description: 'Accepted for compatibility; eventline sends no email.' })),
};

/**
 * One item of POST /attendees. `contact` names an existing contact by id, or
 * (an eventline extension) carries a new contact's fields: the account's
 * active contact with that email is used, else one is created.
 */
export const AttendeeAddItemSchema = Type.Object(
  {
    event: Type.Object({ id: uuid('The event id') }),
    contact: Type.Object({ id: opt(uuid('The contact id')), ...Type.Partial(ContactInputSchema).properties }, { additionalProperties: true }),
    status: opt(literals(ADD_STATUSES, 'AttendeeAddStatus')),
    registrationPath: opt(ref('RegistrationPath')),
    guest: opt(Type.Boolean()),
    primaryId: opt(uuid('The primary attendee of a guest (an attendee of the same event)')),
    invitedBy: opt(literals(INVITED_BY, 'AttendeeInvitedBy')),
    responseMethod: opt(literals(RESPONSE_METHODS, 'AttendeeResponseMethod')),
    ...commonWritable,
  },
  { title: 'AttendeeAdd', additionalProperties: true },
);
export type AttendeeAddItem = Static<typeof AttendeeAddItemSchema>;

export const MAX_BULK_ATTENDEES = 100;
export const AttendeeAddBulkSchema = Type.Array(AttendeeAddItemSchema, {
  minItems: 1, maxItems: MAX_BULK_ATTENDEES, title: 'AttendeeAddBulk',
  description: `Up to ${MAX_BULK_ATTENDEES} attendees; each is answered on its own.`,
});

export const AttendeeUpdateSchema = Type.Object(
  {
    event: Type.Object({ id: uuid('The event id; must be the attendee\'s event') }),
    contact: Type.Object({ id: opt(uuid('The contact id; must be the attendee\'s contact')) }, { additionalProperties: true }),
    status: literals(UPDATE_STATUSES, 'AttendeeUpdateStatus'),
    ...commonWritable,
  },
  { title: 'AttendeeUpdate', additionalProperties: true },
);
export type AttendeeUpdate = Static<typeof AttendeeUpdateSchema>;

const text = (maxLength: number) => Type.String({ maxLength });
export const AttendeeContactSchema = Type.Object(
  {
    id: uuid('The id of the contact'),
    firstName: opt(text(30)), lastName: opt(text(50)), middleName: opt(text(30)), nickname: opt(text(30)),
    email: opt(Type.String({ format: 'email' })), ccEmail: opt(Type.String({ format: 'email' })),
    gender: opt(literals(GENDERS, 'Gender')), company: opt(Type.String({ minLength: 1 })), designation: opt(text(30)), title: opt(text(100)),
    type: opt(Type.Object({ id: uuid() })), primaryAddressType: opt(literals(ADDRESS_TYPES, 'AddressType')),
    homeAddress: opt(AddressSchema), homePhone: opt(text(30)), homeFax: opt(text(30)),
    workAddress: opt(AddressSchema), workPhone: opt(text(30)), workFax: opt(text(30)),
    optOut: opt(Type.Object({ optedOut: Type.Boolean() })), sourceId: opt(text(50)), mobilePhone: opt(text(30)),
    prefix: opt(text(30)), pager: opt(text(30)), deleted: opt(Type.Boolean()),
    headline: opt(Type.String()), personalWebsite: opt(Type.String()), biography: opt(Type.String()), pronouns: opt(Type.String()),
    _links: opt(ContactLinksSchema),
  },
  { title: 'AttendeeContactInfo', description: 'The attendee\'s contact; a purged contact shows only its id.' },
);
export type AttendeeContact = Static<typeof AttendeeContactSchema>;

const idOnly = (title: string) => opt(Type.Object({ id: uuid() }, { title }));
const dateTime = () => Type.String({ format: 'date-time' });

/** The response shape (and the PII firewall). */
export const AttendeeSchema = Type.Object(
  {
    id: uuid('The ID of attendee in the given event.'),
    event: Type.Object({ id: uuid('The event ID.') }),
    confirmationNumber: Type.String({ maxLength: 18 }),
    contact: AttendeeContactSchema,
    checkedIn: Type.Boolean(),
    checkIn: opt(dateTime()),
    checkOut: opt(dateTime()),
    duration: opt(Type.Integer({ description: 'Milliseconds present at the event.' })),
    registrationPath: idOnly('Lookup'),
    invitationList: idOnly('NamedObject'),
    registrationType: idOnly('Lookup'),
    referenceId: opt(Type.String({ maxLength: 100 })),
    note: opt(Type.String({ maxLength: 300 })),
    guest: Type.Boolean(),
    primaryId: opt(uuid()),
    administrator: idOnly('UUID'),
    unsubscribed: Type.Boolean(),
    status: literals(ATTENDEE_STATUSES, 'AttendeeStatus'),
    registeredAt: opt(dateTime()),
    registrationLastModified: opt(dateTime()),
    registrationCancelledAt: opt(dateTime()),
    invitedBy: opt(literals(INVITED_BY, 'AttendeeInvitedBy')),
    responseMethod: opt(literals(RESPONSE_METHODS, 'AttendeeResponseMethod')),
    admissionItem: idOnly('Lookup'),
    visibility: opt(literals(VISIBILITIES, 'AttendeeVisibility')),
    attendeeLastModified: dateTime(),
    created: dateTime(),
    createdBy: Type.String(),
    lastModified: dateTime(),
    lastModifiedBy: Type.String(),
  },
  { title: 'Attendee' },
);
export type Attendee = Static<typeof AttendeeSchema>;

export const AttendeePageSchema = paginated(AttendeeSchema, 'AttendeePaginatedResponse');

// A failed item's data is the contract's error shape with `id: null`: the
// reference lists {id} and the error shape under `oneOf`, and an error that
// lacked `id` would match both. The error branch comes first for the serializer.
const ItemErrorSchema = Type.Object({ id: Type.Null({ description: 'No attendee was added.' }), ...ErrorResponseSchema.properties }, { title: 'ErrorResponse' });
export const AttendeeAddBulkResponseSchema = Type.Array(
  Type.Object(
    {
      status: Type.Integer({ description: 'The HTTP status of this item: 201 added, or the error status.' }),
      message: opt(Type.String()),
      data: Type.Union([ItemErrorSchema, Type.Object({ id: uuid('The id of the added attendee.') }, { title: 'AttendeeAddResponse' })]),
    },
    { title: 'AttendeeInvitesBulkResponseItem' },
  ),
  { title: 'AttendeeInvitesBulkResponse', description: 'One item per request item, in request order.' },
);
export type AttendeeAddBulkItem = Static<typeof AttendeeAddBulkResponseSchema>[number];

export const AttendeeIdParamsSchema = Type.Object({ id: uuid('Attendee id') });

const listProps = listQuerySchema({ sortable: SORTABLE }).properties;
const extraListProps = {
  expand: opt(Type.Array(literals(['answers.question', 'registrationType'] as const, 'Expand'), { description: 'Accepted for compatibility; related objects are shown by id.' })),
  includeDeletedGuests: opt(Type.Boolean({ default: false, description: 'Accepted for compatibility; eventline keeps no deleted guests.' })),
};
export const AttendeeListQuerySchema = Type.Object({ ...listProps, ...extraListProps }, { additionalProperties: false });
