import { operations } from '../../http/operations.js';
import { SessionIdParamsSchema, SyncStateInputSchema, SyncStateSchema } from './sync.schemas.js';
import type { SyncService } from './sync.service.js';

/**
 * eventline's own extension (not in the reference): the webcast sync state of a session.
 * Both scopes are required because the snapshot holds the webcast's access codes.
 */
export function syncRoutes(sync: SyncService) {
  return operations((op) => {
    op('getSessionSync', {
      description: 'Where the session lives on the outside webcast platform, and the last sync run: when, its outcome and error, and the conflicting edits it resolved. A session never synced answers provider `None`.',
      params: SessionIdParamsSchema, response: { 200: SyncStateSchema },
    }, async (request) => sync.get(request.auth.accountId, request.params.id));

    op('updateSessionSync', {
      description: 'Written by the sync engine (`eventline sync`) after each run. Omitted meetingId, webcast, snapshot and lastRun keep their value; conflicts are appended to the log.',
      params: SessionIdParamsSchema, body: SyncStateInputSchema, response: { 200: SyncStateSchema },
    }, async (request) => sync.put(request.auth.accountId, request.params.id, request.body));
  });
}
