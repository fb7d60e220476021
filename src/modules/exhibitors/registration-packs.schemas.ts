import { Type, type Static } from 'typebox';
import { EventRefSchema, Uuid } from './exhibitors.schemas.js';

export const PackParamsSchema = Type.Object({ id: Uuid('ID of an event.'), exhibitorId: Uuid('ID of an exhibitor.'), registrationPackId: Uuid('ID of a registration pack.') });

const RegistrationTypeRef = Type.Object({ id: Uuid('Registration type id: one of the event\'s (GET /events/{id}/registration-types)') }, { description: 'Registration type information' });
const ExhibitorRef = Type.Object({ id: Uuid('Exhibitor id') }, { title: 'Exhibitor' });

export const CapacityInputSchema = Type.Object(
  {
    registrationType: RegistrationTypeRef,
    reservedCapacity: Type.Integer({ minimum: 1, maximum: 100_000, description: 'Reserved capacity of the registration type for an exhibitor' }),
  },
  { title: 'Capacity', additionalProperties: false },
);

export const RegistrationPackInputSchema = Type.Object(
  {
    id: Type.Optional(Uuid('Read-only: ignored.')),
    event: EventRefSchema,
    exhibitor: ExhibitorRef,
    capacities: Type.Array(CapacityInputSchema, { minItems: 1, maxItems: 100, description: 'An array of capacities for the registration pack, one per registration type.' }),
  },
  { title: 'RegistrationPackRequest', additionalProperties: false },
);
export type RegistrationPackInput = Static<typeof RegistrationPackInputSchema>;

export const RegistrationPackSchema = Type.Object(
  {
    id: Uuid('Registration pack id'),
    event: EventRefSchema,
    exhibitor: ExhibitorRef,
    capacities: Type.Array(Type.Object({
      registrationType: RegistrationTypeRef,
      reservedCapacity: Type.Integer({ description: 'Reserved capacity of the registration type for an exhibitor' }),
      availableCapacity: Type.Integer({ description: 'Reserved capacity minus the exhibitor\'s booth staff who hold the registration type' }),
    }, { title: 'ExistingCapacity' })),
  },
  { title: 'ExistingRegistrationPack' },
);
export type RegistrationPack = Static<typeof RegistrationPackSchema>;

export const RegistrationPackListSchema = Type.Object(
  { data: Type.Array(RegistrationPackSchema, { description: 'List of registration packs for an exhibitor (at most one).' }) },
  { title: 'ExhibitorRegistrationPackListResponse' },
);
