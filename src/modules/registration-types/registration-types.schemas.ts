import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });

export const EventParamsSchema = Type.Object({ id: Uuid('Unique ID of an event.') });
export const RegistrationTypeParamsSchema = Type.Object({ id: Uuid('Unique ID of an event.'), registrationTypeId: Uuid('Unique ID of a registration type.') });

const { limit, token } = listQuerySchema().properties;
export const RegistrationTypesQuerySchema = Type.Object({ limit, token }, { additionalProperties: false });

const CapacitySchema = Type.Object(
  {
    total: Type.Integer({ minimum: -1, maximum: 1_000_000, description: 'The total capacity of the registration type. -1 is unlimited.' }),
    consumed: Type.Optional(Type.Integer({ description: 'Read-only: the event\'s attendees who hold this registration type (cancelled, declined and denied ones left out).' })),
    remaining: Type.Optional(Type.Integer({ description: 'Read-only: total minus consumed; -1 when unlimited.' })),
  },
  { title: 'RegistrationTypeCapacity' },
);

export const RegistrationTypeSchema = Type.Object(
  {
    id: Uuid('A unique identifier of the registration type.'),
    name: Type.String({ description: 'Name of the registration type.' }),
    code: Type.Optional(Type.String({ description: 'Code for this registration type.' })),
    description: Type.Optional(Type.String({ description: 'Detailed description of the registration type.' })),
    virtual: Type.Boolean({ description: 'True indicates the registration type is virtual.' }),
    openForRegistration: Type.Boolean({ description: 'True indicates the registration type can be chosen for registration.' }),
    automaticOpenDate: Type.Optional(DateTime('When the registration type automatically opens for registration (UTC).')),
    automaticEndDate: Type.Optional(DateTime('When the registration type automatically closes for registration (UTC).')),
    event: Type.Object({ id: Uuid('The unique identifier of the event.') }),
    capacity: CapacitySchema,
  },
  { title: 'ExistingRegistrationType' },
);
export type RegistrationType = Static<typeof RegistrationTypeSchema>;
export const RegistrationTypePageSchema = paginated(RegistrationTypeSchema, 'RegistrationTypePaginatedResponse');

const Name = Type.String({ minLength: 1, maxLength: 50, description: 'Name of the registration type.' });
const Code = Type.String({ maxLength: 30, description: 'Code for this registration type.' });
const Description = Type.String({ maxLength: 2500, description: 'Detailed description of the registration type.' });
const CapacityInput = Type.Object(
  { total: CapacitySchema.properties.total, consumed: Type.Optional(Type.Integer()), remaining: Type.Optional(Type.Integer()) },
  { additionalProperties: false, description: 'Only `total` is written; consumed and remaining are read-only.' },
);

/** PUT: the reference's registration-type-update. Name, code, description, virtual and event are read-only there: accepted and ignored. */
export const RegistrationTypeUpdateSchema = Type.Object(
  {
    id: Uuid('The registration type: the one in the path.'),
    name: Type.Optional(Type.String({ maxLength: 50, description: 'Read-only: ignored.' })),
    code: Type.Optional(Type.String({ maxLength: 30, description: 'Read-only: ignored.' })),
    description: Type.Optional(Type.String({ maxLength: 2500, description: 'Read-only: ignored.' })),
    virtual: Type.Optional(Type.Boolean({ description: 'Read-only: ignored.' })),
    openForRegistration: Type.Boolean({ description: 'True indicates the registration type can be chosen for registration.' }),
    automaticOpenDate: Type.Optional(DateTime('When the registration type automatically opens (UTC).')),
    automaticEndDate: Type.Optional(DateTime('When the registration type automatically closes (UTC).')),
    event: Type.Optional(Type.Object({ id: Type.Optional(Uuid('Read-only: ignored.')) })),
    capacity: Type.Optional(CapacityInput),
    registrationPath: Type.Optional(Type.Object({ id: Type.Optional(Type.String()) }, { description: 'Read-only: ignored.' })),
  },
  { title: 'RegistrationTypeUpdate', additionalProperties: false },
);
export type RegistrationTypeUpdate = Static<typeof RegistrationTypeUpdateSchema>;

/** POST (an eventline extension): the writable and the reference's read-only fields, set once. */
export const RegistrationTypeCreateSchema = Type.Object(
  {
    name: Name,
    code: Type.Optional(Code),
    description: Type.Optional(Description),
    virtual: Type.Optional(Type.Boolean({ default: false, description: 'True indicates the registration type is virtual.' })),
    openForRegistration: Type.Optional(Type.Boolean({ default: true, description: 'True indicates the registration type can be chosen for registration.' })),
    automaticOpenDate: Type.Optional(DateTime('When the registration type automatically opens (UTC).')),
    automaticEndDate: Type.Optional(DateTime('When the registration type automatically closes (UTC).')),
    capacity: Type.Optional(Type.Object({ total: CapacitySchema.properties.total }, { additionalProperties: false, description: 'Total capacity; unlimited (-1) when left out.' })),
  },
  { title: 'RegistrationTypeCreate', additionalProperties: false },
);
export type RegistrationTypeCreate = Static<typeof RegistrationTypeCreateSchema>;
