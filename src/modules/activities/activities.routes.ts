import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import type { ActivitiesService } from './activities.service.js';
import {
  ActivitiesQuerySchema, ActivityPageSchema, ExternalActivityInputSchema, ExternalActivitySchema, MetadataInputSchema, MetadataPageSchema,
  MetadataParamsSchema, MetadataQuerySchema, MetadataSchema,
} from './activities.schemas.js';
import type { ExternalMetadataService } from './metadata.service.js';

const tags = ['Attendee Activities'];

export function activitiesRoutes(activities: ActivitiesService, metadata: ExternalMetadataService) {
  return typedRoutes((app) => {
    registerList(app, {
      path: '/attendees/activities', tags, operationId: 'listAttendeeActivities', summary: 'List Activities', scope: 'event/attendee-activities:read',
      description: 'The attendee activities of the account, oldest first: check-ins and check-outs (with the attendance duration), questions asked, '
        + 'emails sent, external activities, and what eventline records that the reference has no type for (chat messages, reactions, answers, '
        + 'join-link clicks: `session.external` or `event.external` activities named `eventline.*`). `after` / `before` bound when an activity was recorded. '
        + 'Activities are kept 2 years.',
      query: ActivitiesQuerySchema, page: ActivityPageSchema, list: (auth, query) => activities.list(auth.accountId, query),
    });

    app.post('/attendees/activities', {
      schema: {
        tags, operationId: 'createAttendeeActivity', summary: 'Add External Activity', security: oauth('event/attendee-activities:write'),
        description: 'Records an external activity of an attendee. `name` must be registered external activity metadata of `type`, and every key of '
          + '`data.additionalFields` a field that metadata declares (400 otherwise); the attendee must be registered for the event (400). '
          + 'The activity\'s time is `data.externalActivityDate`.',
        body: ExternalActivityInputSchema, response: { 201: ExternalActivitySchema, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await activities.createExternal(requireAuth(request), request.body)));

    registerList(app, {
      path: '/attendees/activities/external/metadata', tags, operationId: 'listExternalAttendeeActivitiesMetadata', summary: 'List Ext. Activities Metadata',
      scope: 'event/attendee-activities-metadata:read',
      description: 'The external activity metadata of the account. `after` / `before` bound when a record was last modified. '
        + 'The built-in `eventline.*` activities are not listed here.',
      query: MetadataQuerySchema, page: MetadataPageSchema, list: (auth, query) => metadata.list(auth.accountId, query),
    });

    app.post('/attendees/activities/external/metadata', {
      schema: {
        tags, operationId: 'createExternalAttendeeActivityMetadata', summary: 'Add Ext. Activities Metadata', security: oauth('event/attendee-activities-metadata:write'),
        description: 'Registers a type and name that external activities may then use, and the additional fields they may carry. A type and name are '
          + 'registered once per account (409, an eventline rule); names starting with `eventline.` are reserved (400).',
        body: MetadataInputSchema, response: { 201: MetadataSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await metadata.create(requireAuth(request), request.body)));

    app.put('/attendees/activities/external/metadata/:id', {
      schema: {
        tags, operationId: 'updateExternalAttendeeActivityMetadata', summary: 'Update Ext Activities Metadata', security: oauth('event/attendee-activities-metadata:write'),
        description: 'Replaces the metadata. Activities already recorded keep the name they were recorded with.',
        params: MetadataParamsSchema, body: MetadataInputSchema, response: { 200: MetadataSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request) => metadata.update(requireAuth(request), request.params.id, request.body));

    app.delete('/attendees/activities/external/metadata/:id', {
      schema: {
        tags, operationId: 'deleteExternalAttendeeActivityMetadata', summary: 'Delete Ext Activities Metadata', security: oauth('event/attendee-activities-metadata:delete'),
        description: 'New external activities can no longer name it; those recorded stay.',
        params: MetadataParamsSchema,
        response: { 204: Type.Null({ description: 'Successfully deleted external attendee activity metadata.' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await metadata.delete(requireAuth(request).accountId, request.params.id);
      return reply.code(204).send(null);
    });
  });
}
