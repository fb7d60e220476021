import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { listQuerySchema } from '../../http/paging.js';
import type { WebcastsService } from './webcasts.service.js';
import { PlayerPageSchema, WebcastIdParamsSchema, WebcastInputSchema, WebcastPageSchema, WebcastSchema, WebcastWithIdInputSchema } from './webcasts.schemas.js';
import { PLAYER_FILTER_FIELDS, WEBCAST_FILTER_FIELDS } from './webcasts.filters.js';

// The reference's webcast lists take after, before, limit, token and filter (no sort).
const { sort: _unsorted, ...listProps } = listQuerySchema().properties;
export const UnsortedListQuery = Type.Object(listProps, { additionalProperties: false });

const PLACEMENT = 'Give event.id, session.id or both. Linking a session makes it virtual (in the same transaction); a session has at most one webcast (409), '
  + 'and its event\'s format must be Virtual or Hybrid (409 for an In-person event). A session or event that is not the account\'s is a 400 naming the field.';

export function webcastsRoutes(webcasts: WebcastsService) {
  return operations((op) => {
    op.list('listWebcasts', {
      description: 'Gets a paginated list of webcasts, e.g. of one event or session. Filterable: id, event.id (eq|ne), session.id (eq|ne|is empty|is not empty), '
        + 'sourceId (eq|ne|is empty|is not empty), solutionType, provider, type, status, meetingId, playerType (eq|ne), created, lastModified (eq|ne|lt|le|gt|ge).',
      query: UnsortedListQuery, page: WebcastPageSchema, filters: WEBCAST_FILTER_FIELDS, list: (auth, query) => webcasts.list(auth.accountId, query),
    });

    op.list('listPlayers', {
      description: 'The players of the account\'s webcast platforms. Per-account platform connections are not there yet, so this lists one player per webcast '
        + 'on an outside platform (a provider other than None, or a player type): its id is the webcast\'s, `provider` and `playerType` (eventline\'s '
        + 'additions) name the platform, and `playerTypeProvider` is Brightcove for a Brightcove webcast. Filterable: webcast.id, id (eq|ne), '
        + 'created, lastModified (eq|ne|lt|le|gt|ge); `after` / `before` bound lastModified.',
      query: UnsortedListQuery, page: PlayerPageSchema, filterOperationId: null, filters: PLAYER_FILTER_FIELDS, list: (auth, query) => webcasts.listPlayers(auth.accountId, query),
    });

    op('createWebcast', {
      description: `Creates the webcast details (join, host, speaker links and codes) for an event or a session. ${PLACEMENT}`,
      body: WebcastInputSchema, response: { 200: WebcastSchema },
    }, async (request) => webcasts.create(request.auth, request.body));

    op('updateWebcastByBodyId', {
      description: 'The seed\'s form of Update Webcast: `PUT /webcasts` with the webcast id in the body. It behaves exactly like `PUT /webcasts/{id}`, '
        + 'which is the reference\'s form; both are served.',
      body: WebcastWithIdInputSchema, response: { 200: WebcastSchema },
    }, async (request) => webcasts.update(request.auth, request.body.id.toLowerCase(), request.body));

    op('getWebcastById', { params: WebcastIdParamsSchema, response: { 200: WebcastSchema } },
      async (request) => webcasts.get(request.auth.accountId, request.params.id));

    op('updateWebcast', {
      description: 'Replaces the writable fields of the webcast: send the whole webcast (read it, change it, send it back). '
        + 'Leaving session out unlinks the session (virtual afterwards only if a planner marked it); the event cannot change. '
        + 'After the session, put the recording link in `_links.recording`. Read-only fields in the body are ignored.',
      params: WebcastIdParamsSchema, body: WebcastInputSchema, response: { 200: WebcastSchema },
    }, async (request) => webcasts.update(request.auth, request.params.id, request.body));

    op('deleteWebcast', {
      description: 'Deletes the webcast and its attendee links. Its session stays virtual only if a planner marked it virtual.',
      params: WebcastIdParamsSchema, response: { 204: Type.Null({ description: 'Deleted' }) },
    }, async (request) => {
      await webcasts.delete(request.auth.accountId, request.params.id);
      return null;
    });
  });
}
