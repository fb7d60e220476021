import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's SignaturesResponse, and eventline's create body (DESIGN rule 11).

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
export const SORTABLE = ['event.id', 'attendee.id', 'type', 'created', 'lastModified'] as const;
const { limit, token, after, before, filter, sort } = listQuerySchema({ sortable: [...SORTABLE] }).properties;
export const SignaturesQuerySchema = Type.Object({ limit, token, after, before, filter, sort }, { additionalProperties: false });

export const SignatureSchema = Type.Object(
  {
    id: Uuid('The signature.'),
    event: Type.Object({ id: Uuid('The event.') }),
    session: Type.Optional(Type.Object({ id: Uuid('The session, for a SESSION signature.') })),
    attendee: Type.Object({ id: Uuid('The attendee who signed.') }),
    type: Type.Union([Type.Literal('EVENT'), Type.Literal('SESSION')]),
    checkinSignatureUrl: Type.String({ description: 'A signed, expiring URL of the check-in signature image.' }),
    checkoutSignatureUrl: Type.Optional(Type.String({ description: 'A signed, expiring URL of the check-out signature image.' })),
    created: Type.String({ format: 'date-time' }),
    createdBy: Type.String(),
    lastModified: Type.String({ format: 'date-time' }),
    lastModifiedBy: Type.String(),
  },
  { title: 'AttendeeSignatureResponse' },
);
export type Signature = Static<typeof SignatureSchema>;
export const SignaturePageSchema = paginated(SignatureSchema, 'SignaturesResponse');

export const SignatureInputSchema = Type.Object(
  {
    attendee: Type.Object({ id: Uuid('An attendee of the account.') }),
    session: Type.Optional(Type.Object({ id: Uuid('A session of the attendee\'s event: a SESSION signature; without it, an EVENT signature.') })),
    checkinSignature: Type.Object({ file: Type.Object({ id: Uuid('An uploaded JPEG, PNG or GIF (POST /files).') }) }),
    checkoutSignature: Type.Optional(Type.Object({ file: Type.Object({ id: Uuid('An uploaded JPEG, PNG or GIF (POST /files).') }) })),
  },
  { title: 'SignatureInput', additionalProperties: false },
);
export type SignatureInput = Static<typeof SignatureInputSchema>;
