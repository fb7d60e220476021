import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's Audience Segments schemas (audience-segment-create, audience-segment, existing-audience-segment,
// audience-segment-response, segment-attendee-response): field names, enums and lengths as it gives them.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const opt = Type.Optional;
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const ReadOnlyAudit = {
  created: opt(DateTime('Read-only: ignored.')), createdBy: opt(Type.String({ description: 'Read-only: ignored.' })),
  lastModified: opt(DateTime('Read-only: ignored.')), lastModifiedBy: opt(Type.String({ description: 'Read-only: ignored.' })),
};
const Audit = {
  created: DateTime('The ISO 8601 zoned date time when this record was created.'), createdBy: Type.String({ description: 'The identifier of the user that created this record.' }),
  lastModified: DateTime('The ISO 8601 zoned date time when this record was updated.'), lastModifiedBy: Type.String({ description: 'The identifier of the user that last updated this record.' }),
};

const writable = {
  event: opt(Type.Object({ id: Uuid('The event of the segment (400 when unknown).') }, { title: 'Event' })),
  eventId: opt(Uuid('The event, as the reference\'s `required` list names it: `event.id` or `eventId`, one is needed.')),
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Name of the audience segment: unique among the event\'s segments (422 otherwise).' }),
  description: opt(Type.String({ maxLength: 2500, description: 'Description of the audience segment.' })),
};

export const SegmentCreateSchema = Type.Object({
  ...writable,
  creationType: opt(Type.Literal('MANUAL', { description: 'Creation type: MANUAL (members are associated one by one).' })),
  id: opt(Uuid('Read-only: ignored.')), deleted: opt(Type.Boolean({ description: 'Read-only: ignored.' })), ...ReadOnlyAudit,
}, { title: 'AudienceSegmentCreate', additionalProperties: false });
export type SegmentCreate = Static<typeof SegmentCreateSchema>;

export const SegmentUpdateSchema = Type.Object({
  ...writable,
  creationType: opt(Type.String({ description: 'Read-only: ignored.' })),
  id: opt(Uuid('Read-only: ignored.')), deleted: opt(Type.Boolean({ description: 'Read-only: ignored.' })), ...ReadOnlyAudit,
}, { title: 'AudienceSegment', additionalProperties: false });
export type SegmentUpdate = Static<typeof SegmentUpdateSchema>;

export const SegmentSchema = Type.Object({
  id: Uuid('ID of the audience segment.'),
  event: Type.Object({ id: Uuid('UUID of the event.') }, { title: 'Event' }),
  eventId: Uuid('The event again, as the reference\'s `required` list names it.'),
  name: Type.String({ maxLength: 100 }),
  description: opt(Type.String({ maxLength: 2500 })),
  creationType: Type.Union([Type.Literal('MANUAL'), Type.Literal('RULE_BASED')]),
  deleted: Type.Boolean({ description: 'True once the segment is deleted (it then has no members).' }),
  ...Audit,
}, { title: 'ExistingAudienceSegment' });
export type Segment = Static<typeof SegmentSchema>;
export const SegmentPageSchema = paginated(SegmentSchema, 'AudienceSegmentsPaginatedResponse');

export const SegmentMemberSchema = Type.Object({
  id: Uuid('The attendee.'),
  segment: Type.Object({ id: Uuid('The audience segment.') }, { title: 'Segment' }),
  disassociated: Type.Boolean({ description: 'True when the attendee was taken out of the segment (kept for 30 days).' }),
  ...Audit,
}, { title: 'SegmentAttendee' });
export type SegmentMember = Static<typeof SegmentMemberSchema>;
export const SegmentMemberPageSchema = paginated(SegmentMemberSchema, 'SegmentAttendeesPaginatedResponse');

export const SegmentParamsSchema = Type.Object({ audienceSegmentId: Uuid('ID of an audience segment.') });
export const MemberParamsSchema = Type.Object({ audienceSegmentId: Uuid('ID of an audience segment.'), attendeeId: Uuid('ID of an attendee.') });
export const AttendeeParamsSchema = Type.Object({ attendeeId: Uuid('ID of an attendee.') });

export const SEGMENT_SORTABLE = ['name', 'lastModified', 'lastModifiedBy', 'creationType'] as const;
const { limit, token, filter, after, before, sort } = listQuerySchema({ sortable: SEGMENT_SORTABLE }).properties;
export const SegmentsQuerySchema = Type.Object({ limit, token, sort, filter, before, after }, { additionalProperties: false });
export const MembersQuerySchema = Type.Object({
  limit, token, before, after, filter,
  includeDisassociated: opt(Type.Boolean({ default: false, description: 'Include attendees taken out of the segment in the last 30 days (then `disassociated eq` filters).' })),
}, { additionalProperties: false });
