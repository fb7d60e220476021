import { Type, type Static } from 'typebox';
import { paginated } from '../../http/paging.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../lists/index.js';
import { Uuid } from './exhibitors.schemas.js';

// The reference's Exhibitor Team schemas (exhibitor-admin-request/response,
// booth-staff-request/response), and what the content and questions schemas share.

export const Ref = (description: string) => Type.Object({ id: Uuid(description) }, { description });

/** The reference's audit fields (read-only: accepted in a body and ignored). */
export const AuditSchema = {
  created: Type.String({ format: 'date-time', description: 'When this record was created.' }),
  createdBy: Type.String({ description: 'Who created this record.' }),
  lastModified: Type.String({ format: 'date-time', description: 'When this record was last updated.' }),
  lastModifiedBy: Type.String({ description: 'Who last updated this record.' }),
};
/** A body's event and exhibitor: those of the path (checked against it). */
export const PathRefs = { event: Ref('The event: the one in the path.'), exhibitor: Ref('The exhibitor: the one in the path.') };
/** A response's event and exhibitor: the ones the record belongs to. */
export const AssociatedRefs = { event: Ref('The Associated Event.'), exhibitor: Ref('The Associated Exhibitor.') };
export const ReadOnlyAudit = {
  id: Type.Optional(Type.String({ maxLength: 100, description: 'Read-only: ignored.' })),
  created: Type.Optional(Type.String({ maxLength: 100, description: 'Read-only: ignored.' })),
  createdBy: Type.Optional(Type.String({ maxLength: 200, description: 'Read-only: ignored.' })),
  lastModified: Type.Optional(Type.String({ maxLength: 100, description: 'Read-only: ignored.' })),
  lastModifiedBy: Type.Optional(Type.String({ maxLength: 200, description: 'Read-only: ignored.' })),
};

export const EventParamsSchema = Type.Object({ id: Uuid('ID of an event.') });
export const ExhibitorParamsSchema = Type.Object({ id: Uuid('ID of an event.'), exhibitorId: Uuid('ID of an exhibitor.') });
export const AdminParamsSchema = Type.Object({ ...ExhibitorParamsSchema.properties, adminId: Uuid('ID of an exhibitor admin.') });
export const BoothStaffParamsSchema = Type.Object({ ...ExhibitorParamsSchema.properties, boothstaffId: Uuid('ID of a booth staff member.') });

/** The event and exhibitor of the path as stored (lower case): a client may send a UUID in capitals. */
export function exhibitorPath(params: Static<typeof ExhibitorParamsSchema>): readonly [eventId: string, exhibitorId: string] {
  return [params.id.toLowerCase(), params.exhibitorId.toLowerCase()];
}

/** `limit` and `token`: the only paging parameters the reference gives the team lists. */
export const TeamListQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: `The maximum number of records to return per page (1-${MAX_LIMIT}).` })),
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 8192, description: 'The continuation token returned by a previous call.' })),
}, { additionalProperties: false });

const Name = (what: string) => Type.String({ minLength: 1, maxLength: 30, pattern: '\\S', description: `The ${what} name of the exhibitor admin.` });

export const AdminInputSchema = Type.Object({
  ...ReadOnlyAudit,
  exhibitor: Ref('The exhibitor: the one in the path.'),
  firstName: Name('first'),
  lastName: Name('last'),
  email: Type.String({ format: 'email', maxLength: 254, description: 'The email address of the exhibitor admin; one admin per email and exhibitor.' }),
}, { title: 'ExhibitorAdminInput', additionalProperties: false });
export type AdminInput = Static<typeof AdminInputSchema>;

export const AdminSchema = Type.Object({
  id: Uuid('Exhibitor Admin id'),
  exhibitor: Ref('The Associated Exhibitor.'),
  firstName: Type.String(), lastName: Type.String(), email: Type.String(),
  ...AuditSchema,
}, { title: 'ExhibitorAdmin' });
export type Admin = Static<typeof AdminSchema>;
export const AdminPageSchema = paginated(AdminSchema, 'ExhibitorAdminsListResponse');

export const BoothStaffInputSchema = Type.Object({
  ...ReadOnlyAudit,
  attendee: Ref('An attendee of the same event.'),
  ...PathRefs,
}, { title: 'BoothStaffInput', additionalProperties: false });
export type BoothStaffInput = Static<typeof BoothStaffInputSchema>;

export const BoothStaffSchema = Type.Object({
  id: Uuid('ID of an exhibitor booth staff member.'),
  attendee: Ref('The attendee.'),
  ...AssociatedRefs,
  ...AuditSchema,
}, { title: 'BoothStaff' });
export type BoothStaff = Static<typeof BoothStaffSchema>;
export const BoothStaffPageSchema = paginated(BoothStaffSchema, 'BoothStaffListResponse');
