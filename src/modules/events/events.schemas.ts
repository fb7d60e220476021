import { Type, type Static } from 'typebox';
import { paginated } from '../../http/paging.js';
import { EVENT_CREATION_STATUSES, EVENT_FORMATS, EVENT_STATUSES, EVENT_TYPES, REGISTRATION_STATUSES } from './events.table.js';

// `readonly [...T]` keeps the values' literal types, so Static<> is their union rather than string.
const literalUnion = <T extends string[]>(values: readonly [...T], title: string) => Type.Enum(values, { title, type: 'string' });

export const PlannerSchema = Type.Object(
  {
    prefix: Type.Optional(Type.String({ maxLength: 30 })),
    firstName: Type.Optional(Type.String({ maxLength: 50 })),
    lastName: Type.Optional(Type.String({ maxLength: 50 })),
    company: Type.Optional(Type.String({ maxLength: 100 })),
    title: Type.Optional(Type.String({ maxLength: 50 })),
    email: Type.Optional(Type.String({ format: 'email', minLength: 6, maxLength: 80 })),
  },
  { title: 'Planner' },
);

export const VenueSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 300 })),
    address: Type.Optional(Type.Object({
      address1: Type.Optional(Type.String({ maxLength: 40 })),
      address2: Type.Optional(Type.String({ maxLength: 40 })),
      address3: Type.Optional(Type.String({ maxLength: 40 })),
      city: Type.Optional(Type.String({ maxLength: 40 })),
      regionCode: Type.Optional(Type.String({ minLength: 2, maxLength: 10 })),
      countryCode: Type.Optional(Type.String({ minLength: 2, maxLength: 3 })),
      postalCode: Type.Optional(Type.String({ maxLength: 25 })),
    })),
  },
  { title: 'Venue' },
);

const writable = {
  title: Type.String({ minLength: 1, maxLength: 300 }),
  format: literalUnion(EVENT_FORMATS, 'Event Format'),
  start: Type.Optional(Type.String({ format: 'date-time' })),
  end: Type.Optional(Type.String({ format: 'date-time' })),
  timezone: Type.String({ minLength: 1, maxLength: 29 }),
  venues: Type.Optional(Type.Array(VenueSchema, { maxItems: 1 })),
  showVenueLocation: Type.Optional(Type.Boolean()),
  showPointOfContact: Type.Optional(Type.Boolean()),
  note: Type.Optional(Type.String({ maxLength: 300 })),
  languages: Type.Array(Type.String({ minLength: 2, maxLength: 35 }), { minItems: 1, maxItems: 32, uniqueItems: true }),
  planners: Type.Array(PlannerSchema, { minItems: 1, maxItems: 1 }),
  type: literalUnion(EVENT_TYPES, 'Event Type'),
};

/**
 * Create and update bodies. Read-only fields a client echoes back from a GET
 * (id, code, status, ...) are accepted and ignored: the reference marks them readOnly.
 */
export const EventInputSchema = Type.Object(writable, { title: 'Event', additionalProperties: true });
export type EventInput = Static<typeof EventInputSchema>;

export const EventSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    ...writable,
    start: Type.String({ format: 'date-time' }),
    end: Type.String({ format: 'date-time' }),
    venues: Type.Array(VenueSchema, { maxItems: 1 }),
    showVenueLocation: Type.Boolean(),
    showPointOfContact: Type.Boolean(),
    code: Type.String({ maxLength: 18 }),
    virtual: Type.Boolean({ deprecated: true, description: 'True when format is Virtual or Hybrid ("is any part of this event virtual?").' }),
    launchAfter: Type.Optional(Type.String({ format: 'date-time' })),
    closeAfter: Type.Optional(Type.String({ format: 'date-time' })),
    archiveAfter: Type.Optional(Type.String({ format: 'date-time' })),
    defaultLocale: Type.String(),
    currency: Type.String({ maxLength: 3 }),
    status: literalUnion(REGISTRATION_STATUSES, 'Registration Status'),
    eventStatus: literalUnion(EVENT_STATUSES, 'EventStatus'),
    testMode: Type.Boolean(),
    capacity: Type.Optional(Type.Integer()),
    customFields: Type.Optional(Type.Array(Type.Object({
      id: Type.String({ format: 'uuid', description: 'The custom field.' }), name: Type.Optional(Type.String()),
      value: Type.Array(Type.String({ maxLength: 16000 }), { uniqueItems: true }), order: Type.Optional(Type.Integer()), type: Type.Optional(Type.String()),
    }, { title: 'EventCustomField' }), {
      description: 'The event\'s custom-field answers (GET /events/{id} only); written with PUT /events/{id}/custom-fields/{customFieldId}/answers. Read-only.',
    })),
    created: Type.String({ format: 'date-time' }),
    lastModified: Type.String({ format: 'date-time' }),
    createdBy: Type.String(),
    lastModifiedBy: Type.String(),
  },
  { title: 'Event' },
);
export type Event = Static<typeof EventSchema>;

export const EventPageSchema = paginated(EventSchema, 'EventPaginatedResponse');

export const IdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid', description: 'Event id' }) });

export const EventAsyncResponseSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    status: Type.Enum(EVENT_CREATION_STATUSES, { type: 'string' }),
  },
  { title: 'EventAsyncResponse' },
);
export const EventAsyncStatusSchema = Type.Object(
  {
    ...EventAsyncResponseSchema.properties,
    event: Type.Optional(Type.Object({ id: Type.String({ format: 'uuid' }) })),
    error: Type.Optional(Type.String()),
  },
  { title: 'EventAsyncStatus' },
);
export type EventAsyncStatus = Static<typeof EventAsyncStatusSchema>;
export const CreationParamsSchema = Type.Object({ eventCreationId: Type.String({ format: 'uuid' }) });

const CopyPart = (what: string) => Type.Optional(Type.Object(
  { featureData: Type.Optional(Type.Boolean({ default: true, description: `False leaves ${what} out of the copy.` })) },
  { title: 'EventCopyOverride', additionalProperties: false },
));

/** POST /events/{id}/copy (the reference's event-copy): the target, and which parts to copy (each on by default). */
export const EventCopyInputSchema = Type.Object(
  {
    event: Type.Optional(Type.Object({
      id: Type.Optional(Type.String({ format: 'uuid', description: 'An event of the account to copy into; absent: the copy is a new event.' })),
    }, { title: 'EventCopyTarget', additionalProperties: false })),
    registration: CopyPart('registration types (and the other registration data of modules that register a registration step)'),
    planning: CopyPart('planning data'),
    agenda: CopyPart('the sessions (and the rest of the agenda)'),
    travel: CopyPart('travel data'),
    surveys: CopyPart('surveys'),
    speakers: CopyPart('the speakers and their session assignments'),
    exhibitors: CopyPart('exhibitors'),
  },
  { title: 'EventCopy', additionalProperties: false },
);
export type EventCopyInput = Static<typeof EventCopyInputSchema>;
export const CopyParamsSchema = Type.Object({ eventCopyId: Type.String({ format: 'uuid' }) });
