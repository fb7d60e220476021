import { Type, type Static, type TSchema } from 'typebox';
import { paginated } from '../../http/paging.js';
import { SESSION_STATUSES } from './sessions.table.js';

const Uuid = Type.String({ format: 'uuid' });
/**
 * The reference: "Passing a null value in a field renders the field blank".
 * A type list rather than a union: with type coercion on, a union would turn
 * null into false or 0 in its first branch.
 */
const blankable = <T extends TSchema & { type: string }>(schema: T) =>
  Type.Optional(Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] }));

export const UuidRefSchema = Type.Object({ id: Uuid }, { title: 'UUID' });

/** Who wrote a record and when: the last fields of every record this module shows. */
export const AuditSchemaFields = {
  created: Type.String({ format: 'date-time' }),
  lastModified: Type.String({ format: 'date-time' }),
  createdBy: Type.String(),
  lastModifiedBy: Type.String(),
};
const NamedObject = Type.Object({ id: Type.Optional(Uuid), name: Type.Optional(Type.String({ maxLength: 200 })) }, { title: 'NamedObject' });
const Lookup = Type.Object(
  { id: Type.Optional(Uuid), code: Type.Optional(Type.String({ maxLength: 30 })), name: Type.Optional(Type.String({ maxLength: 30 })) },
  { title: 'Lookup' },
);
const Location = Type.Object(
  { id: Type.Optional(Uuid), code: Type.Optional(Type.String({ maxLength: 30 })), name: Type.Optional(Type.String({ maxLength: 100 })) },
  { title: 'Location' },
);
const DateOnly = Type.String({ format: 'date' });
const Count = Type.Integer({ minimum: 0, maximum: 1_000_000 });
const IdList = Type.Array(Uuid, { maxItems: 500, uniqueItems: true });

/** Optional fields the reference's Session has that eventline keeps unchanged. */
const optional = {
  code: blankable(Type.String({ maxLength: 30 })),
  description: blankable(Type.String({ maxLength: 4000 })),
  category: blankable(NamedObject),
  type: blankable(Lookup),
  location: blankable(Location),
  automaticallyOpensOn: blankable(DateOnly),
  automaticallyClosesOn: blankable(DateOnly),
  capacity: blankable(Count),
  capacityUnlimited: blankable(Type.Boolean()),
  enableWaitlist: blankable(Type.Boolean()),
  waitlistCapacity: blankable(Count),
  enableWaitlistVirtual: blankable(Type.Boolean()),
  capacityVirtual: blankable(Count),
  virtualCapacityUnlimited: blankable(Type.Boolean()),
  waitlistCapacityVirtual: blankable(Count),
  displayOnAgenda: blankable(Type.Boolean()),
  featured: blankable(Type.Boolean()),
  openForRegistration: blankable(Type.Boolean()),
  openForAttendeeHub: blankable(Type.Boolean()),
  registrationTypes: blankable(IdList),
  admissionItems: blankable(IdList),
  presentationType: blankable(Type.String({ maxLength: 100 })),
  dataTagCode: blankable(Type.String({ maxLength: 30 })),
  order: blankable(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
};

/**
 * Create and update bodies (the reference's Session / SessionUpdate). Read-only
 * fields a client echoes back from a GET (id, timezone, created, ...) are
 * ignored. `virtual` is an eventline extension on write: true marks the
 * session virtual, false removes the mark; omitted on PUT keeps it.
 */
export const SessionInputSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 500 }),
    event: UuidRefSchema,
    start: Type.String({ format: 'date-time' }),
    end: Type.String({ format: 'date-time' }),
    status: Type.Optional(Type.Enum(SESSION_STATUSES, { type: 'string', title: 'SessionStatus', description: 'Active when omitted on create; omitted on PUT keeps the current status.' })),
    includedSession: blankable(Type.Boolean({ description: 'true: Included (every attendee of the event is in it); false: Optional (attendees enroll). Omitted on PUT keeps the current value.' })),
    virtual: Type.Optional(Type.Boolean({ description: 'eventline extension: mark the session virtual. Allowed only when the event format is Virtual or Hybrid (else 409).' })),
    ...optional,
  },
  { title: 'SessionInput', additionalProperties: true },
);
export type SessionInput = Static<typeof SessionInputSchema>;

const present = <T extends TSchema>(schema: T) => Type.Optional(schema);

export const SessionSchema = Type.Object(
  {
    id: Uuid,
    title: Type.String(),
    code: present(Type.String()),
    description: present(Type.String()),
    event: UuidRefSchema,
    start: Type.String({ format: 'date-time' }),
    end: Type.String({ format: 'date-time' }),
    status: Type.Enum(SESSION_STATUSES, { type: 'string', title: 'SessionStatus' }),
    includedSession: Type.Boolean(),
    virtual: Type.Boolean({ description: 'True when the session is marked virtual or a webcast is linked to it.' }),
    category: present(NamedObject),
    type: present(Lookup),
    location: present(Location),
    automaticallyOpensOn: present(DateOnly),
    automaticallyClosesOn: present(DateOnly),
    capacity: present(Type.Integer()),
    capacityUnlimited: Type.Boolean(),
    enableWaitlist: Type.Boolean(),
    waitlistCapacity: present(Type.Integer()),
    enableWaitlistVirtual: present(Type.Boolean()),
    capacityVirtual: present(Type.Integer()),
    virtualCapacityUnlimited: present(Type.Boolean()),
    waitlistCapacityVirtual: present(Type.Integer()),
    timezone: Type.String({ description: "The event's time zone." }),
    displayOnAgenda: Type.Boolean(),
    featured: Type.Boolean(),
    openForRegistration: Type.Boolean(),
    openForAttendeeHub: Type.Boolean(),
    registrationTypes: present(Type.Array(Uuid)),
    admissionItems: present(Type.Array(Uuid)),
    presentationType: present(Type.String()),
    dataTagCode: present(Type.String()),
    order: Type.Integer(),
    customFields: present(Type.Array(Type.Object({
      id: Type.String({ format: 'uuid', description: 'The custom field.' }), name: Type.Optional(Type.String()),
      value: Type.Array(Type.String({ maxLength: 16000 }), { uniqueItems: true }), order: Type.Optional(Type.Integer()), type: Type.Optional(Type.String()),
    }, { title: 'SessionCustomField' }), {
      description: 'The session\'s custom-field answers (GET /sessions/{id} only); written with PUT /sessions/{id}/custom-fields/{customFieldId}/answers. Read-only.',
    })),
    ...AuditSchemaFields,
  },
  { title: 'Session' },
);
export type Session = Static<typeof SessionSchema>;

export const SessionPageSchema = paginated(SessionSchema, 'SessionPaginatedResponse');

export const SessionIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid', description: 'Session id' }) });
export const SessionAttendeeParamsSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Session id' }),
  attendeeId: Type.String({ format: 'uuid', description: 'Attendee id' }),
});
