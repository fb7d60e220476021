import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { ActivitiesService } from './activities.service.js';
import {
  ActivitiesQuerySchema, ActivityPageSchema, ExternalActivityInputSchema, ExternalActivitySchema, MetadataInputSchema, MetadataPageSchema,
  MetadataParamsSchema, MetadataQuerySchema, MetadataSchema,
} from './activities.schemas.js';
import type { ExternalMetadataService } from './metadata.service.js';
import { ACTIVITY_FILTER_FIELDS, METADATA_LIST } from './activities.filters.js';

export function activitiesRoutes(activities: ActivitiesService, metadata: ExternalMetadataService) {
  return operations((op) => {
    op.list('listAttendeeActivities', {
      description: 'The attendee activities of the account, oldest first: check-ins and check-outs (with the attendance duration), questions asked, '
        + 'emails sent, external activities, and what eventline records that the reference has no type for (chat messages, reactions, answers, '
        + 'join-link clicks: `session.external` or `event.external` activities named `eventline.*`). `after` / `before` bound when an activity was recorded. '
        + 'Activities are kept 2 years.',
      query: ActivitiesQuerySchema, page: ActivityPageSchema, filters: ACTIVITY_FILTER_FIELDS, list: (auth, query) => activities.list(auth.accountId, query),
    });

    op('createAttendeeActivity', {
      description: 'Records an external activity of an attendee. `name` must be registered external activity metadata of `type`, and every key of '
        + '`data.additionalFields` a field that metadata declares (400 otherwise); the attendee must be registered for the event (400). '
        + 'The activity\'s time is `data.externalActivityDate`.',
      body: ExternalActivityInputSchema, response: { 201: ExternalActivitySchema },
    }, async (request) => activities.createExternal(request.auth, request.body));

    op.list('listExternalAttendeeActivitiesMetadata', {
      description: 'The external activity metadata of the account. `after` / `before` bound when a record was last modified. '
        + 'The built-in `eventline.*` activities are not listed here.',
      query: MetadataQuerySchema, page: MetadataPageSchema, filters: METADATA_LIST.filters, list: (auth, query) => metadata.list(auth.accountId, query),
    });

    op('createExternalAttendeeActivityMetadata', {
      description: 'Registers a type and name that external activities may then use, and the additional fields they may carry. A type and name are '
        + 'registered once per account (409, an eventline rule); names starting with `eventline.` are reserved (400).',
      body: MetadataInputSchema, response: { 201: MetadataSchema }, errors: [409],
    }, async (request) => metadata.create(request.auth, request.body));

    op('updateExternalAttendeeActivityMetadata', {
      description: 'Replaces the metadata. Activities already recorded keep the name they were recorded with.',
      params: MetadataParamsSchema, body: MetadataInputSchema, response: { 200: MetadataSchema }, errors: [409],
    }, async (request) => metadata.update(request.auth, request.params.id, request.body));

    op('deleteExternalAttendeeActivityMetadata', {
      description: 'New external activities can no longer name it; those recorded stay.',
      params: MetadataParamsSchema, response: { 204: Type.Null({ description: 'Successfully deleted external attendee activity metadata.' }) },
    }, async (request, reply) => {
      await metadata.delete(request.auth.accountId, request.params.id);
      return reply.send(null);
    });
  });
}
