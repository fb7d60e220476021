import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import { SessionIdParamsSchema, SyncStateInputSchema, SyncStateSchema } from './sync.schemas.js';
import type { SyncService } from './sync.service.js';

const tags = ['Webcast sync'];

/**
 * eventline's own extension (not in the reference): the webcast sync state of a session.
 * Both scopes are required because the snapshot holds the webcast's access codes.
 */
export function syncRoutes(sync: SyncService) {
  return typedRoutes((app) => {
    app.get('/sessions/:id/sync', {
      schema: {
        tags, operationId: 'getSessionSync', summary: 'Get Session Webcast Sync State', security: oauth('event/sessions:read', 'event/webcasts:read'),
        description: 'Where the session lives on the outside webcast platform, and the last sync run: when, its outcome and error, and the conflicting edits it resolved. A session never synced answers provider `None`.',
        params: SessionIdParamsSchema, response: { 200: SyncStateSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => sync.get(requireAuth(request).accountId, request.params.id));

    app.put('/sessions/:id/sync', {
      schema: {
        tags, operationId: 'updateSessionSync', summary: 'Record Session Webcast Sync State', security: oauth('event/sessions:write', 'event/webcasts:write'),
        description: 'Written by the sync engine (`eventline sync`) after each run. Omitted meetingId, webcast, snapshot and lastRun keep their value; conflicts are appended to the log.',
        params: SessionIdParamsSchema, body: SyncStateInputSchema, response: { 200: SyncStateSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => sync.put(requireAuth(request).accountId, request.params.id, request.body));
  });
}
