import { operations } from '../../http/operations.js';
import { SessionIdParamsSchema, StartSyncInputSchema, SyncStateInputSchema, SyncStateSchema } from './sync.schemas.js';
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

    op('startSessionSync', {
      description: 'eventline extension: "Create on Zoom" (or GoToWebinar, Teams): holds the session on one of the account\'s platform connections '
        + '(GET /platform-connections) and queues its sync at once. The worker creates the meeting and the webcast (`provider` from the reference\'s enum, '
        + '`meetingId`, `_links.join`), registers the attendees with their personal links, and keeps both sides in sync; GET /sessions/{id}/sync '
        + 'follows it (`outcome` Running, then Succeeded, or Failed with `error` naming the cause and the fix). A connection of another account is a 400 '
        + '(target connection.id); a session already held on another connection is a 409.',
      params: SessionIdParamsSchema, body: StartSyncInputSchema, response: { 202: SyncStateSchema },
    }, async (request) => sync.start(request.auth.accountId, request.params.id, request.body));
  });
}
