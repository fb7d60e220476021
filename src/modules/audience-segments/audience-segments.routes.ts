import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { SEGMENTS_LIST, membersList } from './audience-segments.filters.js';
import {
  AttendeeParamsSchema, MemberParamsSchema, MembersQuerySchema, SegmentCreateSchema, SegmentMemberPageSchema, SegmentPageSchema, SegmentParamsSchema,
  SegmentSchema, SegmentsQuerySchema, SegmentUpdateSchema,
} from './audience-segments.schemas.js';
import type { SegmentsService } from './audience-segments.service.js';

const NoContent = (description: string) => Type.Null({ description });

export function segmentsRoutes(segments: SegmentsService) {
  return operations((op) => {
    op.list('listAudienceSegments', {
      description: 'The account\'s audience segments, oldest change first (sort: name, lastModified, lastModifiedBy, creationType, each :ASC or :DESC). '
        + 'Filterable (the reference\'s list), combined with `and` only: event.id (eq|in), id (eq|in), deleted (eq), creationType (eq|in). '
        + 'Deleted segments are listed only when the filter names `deleted`. `after` / `before` bound lastModified.',
      query: SegmentsQuerySchema, page: SegmentPageSchema, filterOperationId: 'listAudienceSegmentsPostFilter',
      filters: SEGMENTS_LIST.filters,
      list: (auth, query) => segments.list(auth.accountId, query),
    });

    op('createAudienceSegment', {
      description: 'Creates a MANUAL segment of an event of the account (`event.id`, or `eventId`; unknown: 400). Its name is unique among the event\'s segments (422).',
      body: SegmentCreateSchema, response: { 201: SegmentSchema },
    }, async ({ auth, body }) => segments.create(auth, body));

    op('getAudienceSegmentById', { description: 'A deleted segment is returned with deleted: true.', params: SegmentParamsSchema, response: { 200: SegmentSchema } },
      async ({ auth, params }) => segments.get(auth.accountId, params.audienceSegmentId));

    op('updateAudienceSegment', {
      description: 'Replaces the name and description (name unique in the event: 422); the event cannot change (400). A deleted segment is 404.',
      params: SegmentParamsSchema, body: SegmentUpdateSchema, response: { 200: SegmentSchema },
    }, async ({ auth, params, body }) => segments.update(auth, params.audienceSegmentId, body));

    op('deleteAudienceSegment', {
      description: 'Marks the segment deleted and removes its members.', params: SegmentParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => segments.delete(auth, params.audienceSegmentId).then(() => null));

    op.list('listSegmentAssociatedAttendees', {
      description: 'The attendees in the segment (`id` is the attendee), in the order they were added. With includeDisassociated=true, also those taken '
        + 'out in the last 30 days, and `disassociated (eq)` filters them.',
      params: SegmentParamsSchema, query: MembersQuerySchema, page: SegmentMemberPageSchema, filterOperationId: null,
      filters: membersList('', true).filters,
      list: (auth, query, params) => segments.members(auth.accountId, params.audienceSegmentId, query),
    });

    op('associateAttendeeToSegment', {
      description: 'Puts an attendee of the segment\'s event in the segment (again is harmless); another event\'s attendee is 422.',
      params: MemberParamsSchema, response: { 204: NoContent('Associated.') },
    }, async ({ auth, params }) => segments.associate(auth, params.audienceSegmentId, params.attendeeId).then(() => null));

    op('disassociateAttendeeFromAudienceSegment', {
      description: 'Takes the attendee out of the segment (404 when not in it); it stays listed as disassociated for 30 days.',
      params: MemberParamsSchema, response: { 204: NoContent('Disassociated.') },
    }, async ({ auth, params }) => segments.disassociate(auth, params.audienceSegmentId, params.attendeeId).then(() => null));

    op('disassociateAttendeeFromAudienceSegments', {
      description: 'Takes the attendee out of every segment it is in (404 for an unknown attendee).',
      params: AttendeeParamsSchema, response: { 204: NoContent('Disassociated.') },
    }, async ({ auth, params }) => segments.disassociateAll(auth, params.attendeeId).then(() => null));
  });
}
