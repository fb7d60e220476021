import { operations } from '../../http/operations.js';
import { DURATIONS_LIST } from './attendee-extras.filters.js';
import { AttendeeParamsSchema, DurationPageSchema, DurationsQuerySchema, SubscriptionInputSchema, SubscriptionSchema } from './attendee-extras.schemas.js';
import type { AttendeeExtrasService } from './attendee-extras.service.js';

export function attendeeExtrasRoutes(extras: AttendeeExtrasService) {
  return operations((op) => {
    op.list('listDurations', {
      description: 'How long attendees were in sessions: one duration per session attendance record with a check-in (POST /sessions/{id}/check-in, '
        + 'the webcast sync). `duration` is the recorded one in milliseconds, else check-out minus check-in. By default by lastModified; '
        + 'sortable by event, session, attendee, firstSeen, lastModified. `type` is always API (not a filter). `after` / `before` bound lastModified.',
      query: DurationsQuerySchema, page: DurationPageSchema, filterOperationId: null, filters: DURATIONS_LIST.filters,
      list: (auth, query) => extras.listDurations(auth.accountId, query),
    });
    op('updateAttendeeSubscriptionStatus', {
      description: 'Sets whether the attendee is unsubscribed from its event\'s emails; 404 for an attendee of another account.',
      params: AttendeeParamsSchema, body: SubscriptionInputSchema, response: { 200: SubscriptionSchema },
    }, async (request) => extras.setSubscription(request.auth, request.params.id, request.body.unsubscribed));
  });
}
