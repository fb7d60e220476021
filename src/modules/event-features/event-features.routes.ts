import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import type { EventFeaturesService } from './event-features.service.js';
import {
  EventFeaturePageSchema, EventFeatureSchema, EventParamsSchema, FeatureParamsSchema, FeaturesQuerySchema, FeatureUpdateSchema, LaunchParamsSchema,
  LaunchRequestSchema, WeblinkPageSchema, WeblinksQuerySchema,
} from './event-features.schemas.js';

const tags = ['Event Features'];

// The launch request's body is optional (the reference does not require it): an absent one is the empty request.
async function emptyBodyWhenAbsent(request: { body: unknown }): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

export function eventFeaturesRoutes(features: EventFeaturesService) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    registerList(instance, {
      path: '/events/:id/features', params: EventParamsSchema, errors: [404], tags, operationId: 'getEventFeatures', summary: 'List Event Features',
      scope: 'event/event-features:read',
      description: 'The features of the event, each with its state (created with their defaults on first use: Registration, Agenda and AttendeeHub '
        + 'are enabled, the others disabled). Filterable: enabled (eq). `locale` is accepted; nothing in a feature is localized.',
      query: FeaturesQuerySchema, page: EventFeaturePageSchema, list: (auth, query, params) => features.list(auth.accountId, params.id, query),
    });

    app.put('/events/:id/features/:type', {
      schema: {
        tags, operationId: 'updateEventFeatures', summary: 'Update Event Feature', security: oauth('event/event-features:write'),
        description: 'Enables or disables an event feature; `type` in the body must be the one in the path. Disabling a launched Website takes it offline '
          + '(launch it again after enabling it); a launched Registration or AttendeeHub is locked and cannot be disabled (409, an eventline rule). '
          + '`config` applies to Registration only.',
        params: FeatureParamsSchema, body: FeatureUpdateSchema, response: { 200: EventFeatureSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request) => features.update(requireAuth(request), request.params.id, request.params.type, request.body));

    app.post('/events/:id/features/:type/launch', {
      preValidation: emptyBodyWhenAbsent,
      schema: {
        tags, operationId: 'launchEventFeatures', summary: 'Launch Event Feature', security: oauth('event/event-features:write'),
        description: 'Launches an event feature to make it available to the audience. The feature must be enabled (409 otherwise) and is launched once '
          + '(409 the second time). Besides the reference\'s Website and Registration, eventline launches AttendeeHub: until it is launched, '
          + 'attendees\' chat and Q&A calls answer 409. The body is optional; `deleteTestData` is accepted and has no effect (eventline keeps no separate test-mode data).',
        params: LaunchParamsSchema, body: LaunchRequestSchema,
        response: { 204: Type.Null({ description: 'Successfully launched event feature.' }), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request, reply) => {
      await features.launch(requireAuth(request), request.params.id, request.params.type);
      return reply.code(204).send(null);
    });

    registerList(instance, {
      path: '/events/:id/weblinks', params: EventParamsSchema, errors: [404], tags, operationId: 'listEventWeblinks', summary: 'List Event Weblinks',
      scope: 'event/weblinks:read',
      description: 'The audience-facing links of the event: one for each launched Website, Registration and AttendeeHub, under the server\'s public URL '
        + '(`/e/{eventId}/website|registration|hub`). eventline serves no attendee pages there: the links are stable addresses for a deployment to serve. '
        + 'Links are given in `locale` when it is one of the event\'s languages, else in the event\'s default locale.',
      query: WeblinksQuerySchema, page: WeblinkPageSchema, list: (auth, query, params) => features.weblinks(auth.accountId, params.id, query),
    });
  };
}
