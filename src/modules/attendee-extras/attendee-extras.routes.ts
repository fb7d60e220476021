import { operations } from '../../http/operations.js';
import { DURATIONS_LIST } from './attendee-extras.filters.js';
import {
  AttendeeParamsSchema, DurationPageSchema, DurationsQuerySchema, InternalInfoInputSchema, InternalInfoSchema, SubscriptionInputSchema, SubscriptionSchema,
} from './attendee-extras.schemas.js';
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
    op('updateInternalInfoAnswers', {
      description: 'Sets a planner\'s internal-information answer about the attendee. The question is one of its event\'s questions (GET /event-questions), '
        + 'named by id or code (400 otherwise); a choice question takes its choices\' texts (one for SingleChoice); an empty value clears the answer. '
        + 'The answer is the attendee\'s personal data: obfuscating its contact erases it.',
      params: AttendeeParamsSchema, body: InternalInfoInputSchema, response: { 200: InternalInfoSchema },
    }, async (request) => extras.setInternalInfo(request.auth, request.params.id, request.body));
  });
}
