import { operations } from '../../http/operations.js';
import { EventEmailSettingsSchema, EventParamsSchema as params } from './join-emails.schemas.js';
import type { JoinLinkEmails } from './join-emails.service.js';

export function joinEmailRoutes(service: JoinLinkEmails) {
  return operations((op) => {
    op('getEventCommunicationSettings', { params, response: { 200: EventEmailSettingsSchema } },
      async (request) => service.get(request.auth.accountId, request.params.id));
    op('updateEventCommunicationSettings', { params, body: EventEmailSettingsSchema, response: { 200: EventEmailSettingsSchema } },
      async (request) => service.put(request.auth.accountId, request.params.id, request.body));
  });
}
