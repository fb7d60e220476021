import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { EventFeaturesService } from './event-features.service.js';
import {
  EventFeaturePageSchema, EventFeatureSchema, EventParamsSchema, FeatureParamsSchema, FeaturesQuerySchema, FeatureUpdateSchema, LaunchParamsSchema,
  LaunchRequestSchema, WeblinkPageSchema, WeblinksQuerySchema,
} from './event-features.schemas.js';
import { EVENT_FEATURE_FILTER_FIELDS, WEBLINK_FILTER_FIELDS } from './event-features.filters.js';

// The launch request's body is optional (the reference does not require it): an absent one is the empty request.
async function emptyBodyWhenAbsent(request: { body: unknown }): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

export function eventFeaturesRoutes(features: EventFeaturesService) {
  return operations((op) => {
    op.list('getEventFeatures', {
      description: 'The features of the event, each with its state (created with their defaults on first use: Registration, Agenda and AttendeeHub '
        + 'are enabled, the others disabled). Filterable: enabled (eq). `locale` is accepted; nothing in a feature is localized.',
      params: EventParamsSchema, query: FeaturesQuerySchema, page: EventFeaturePageSchema, filters: EVENT_FEATURE_FILTER_FIELDS, list: (auth, query, params) => features.list(auth.accountId, params.id, query),
    });

    op('updateEventFeatures', {
      description: 'Enables or disables an event feature; `type` in the body must be the one in the path. Disabling a launched Website takes it offline '
        + '(launch it again after enabling it); a launched Registration or AttendeeHub is locked and cannot be disabled (409, an eventline rule). '
        + '`config` applies to Registration only.',
      params: FeatureParamsSchema, body: FeatureUpdateSchema, response: { 200: EventFeatureSchema }, errors: [409],
    }, async (request) => features.update(request.auth, request.params.id, request.params.type, request.body));

    op('launchEventFeatures', {
      description: 'Launches an event feature to make it available to the audience. The feature must be enabled (409 otherwise) and is launched once '
        + '(409 the second time). Besides the reference\'s Website and Registration, eventline launches AttendeeHub: until it is launched, '
        + 'attendees\' chat and Q&A calls answer 409. The body is optional; `deleteTestData` is accepted and has no effect (eventline keeps no separate test-mode data).',
      params: LaunchParamsSchema, body: LaunchRequestSchema, response: { 204: Type.Null({ description: 'Successfully launched event feature.' }) }, errors: [409],
      route: { preValidation: emptyBodyWhenAbsent },
    }, async (request) => {
      await features.launch(request.auth, request.params.id, request.params.type);
      return null;
    });

    op.list('listEventWeblinks', {
      description: 'The audience-facing links of the event: one for each launched Website, Registration and AttendeeHub, under the server\'s public URL '
        + '(`/e/{eventId}/website|registration|hub`). eventline serves no attendee pages there: the links are stable addresses for a deployment to serve. '
        + 'Links are given in `locale` when it is one of the event\'s languages, else in the event\'s default locale.',
      params: EventParamsSchema, query: WeblinksQuerySchema, page: WeblinkPageSchema, filters: WEBLINK_FILTER_FIELDS, list: (auth, query, params) => features.weblinks(auth.accountId, params.id, query),
    });
  });
}
