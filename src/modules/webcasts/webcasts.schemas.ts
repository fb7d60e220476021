import { Type, type Static } from 'typebox';
import { paginated } from '../../http/paging.js';
import { PLAYER_TYPES, SOLUTION_TYPES, WEBCAST_FORMATS, WEBCAST_PROVIDERS, WEBCAST_STATUSES, WEBCAST_TYPES } from './webcasts.table.js';

// `readonly [...T]` keeps the values' literal types, so Static<> is their union rather than string.
const literalUnion = <T extends string[]>(values: readonly [...T], title: string, extra: Record<string, unknown> = {}) =>
  Type.Enum(values, { title, type: 'string', ...extra });

export const UuidRefSchema = Type.Object({ id: Type.String({ format: 'uuid' }) }, { title: 'UUID' });

/** Who wrote a webcast or an attendee link and when: their last fields. */
export const AuditSchemaFields = {
  created: Type.String({ format: 'date-time' }),
  createdBy: Type.String(),
  lastModified: Type.String({ format: 'date-time' }),
  lastModifiedBy: Type.String(),
};

export const WebcastLinkSchema = Type.Object(
  {
    href: Type.Optional(Type.String({ maxLength: 2000, description: 'A url to the webcast.' })),
    code: Type.Optional(Type.String({ maxLength: 100, description: 'Access code (password) of the link.' })),
  },
  { title: 'WebcastLink' },
);
export const WebcastHostLinkSchema = Type.Object(
  {
    ...WebcastLinkSchema.properties,
    key: Type.Optional(Type.String({ maxLength: 100, description: 'Host key for the webcast.' })),
  },
  { title: 'WebcastHostLink' },
);
export const WebcastLinksSchema = Type.Object(
  {
    join: Type.Optional(WebcastLinkSchema),
    speaker: Type.Optional(WebcastLinkSchema),
    host: Type.Optional(WebcastHostLinkSchema),
    recording: Type.Optional(WebcastLinkSchema),
  },
  { title: 'WebcastLinks', description: 'Join, speaker, host and (after the session) recording links with their access codes. Secrets of the event: never logged.' },
);
export type WebcastLinks = Static<typeof WebcastLinksSchema>;

const writable = {
  event: Type.Optional(UuidRefSchema),
  session: Type.Optional(UuidRefSchema),
  title: Type.Optional(Type.String({ maxLength: 500 })),
  type: Type.Optional(literalUnion(WEBCAST_TYPES, 'WebcastType')),
  format: Type.Optional(literalUnion(WEBCAST_FORMATS, 'Format', { default: 'Live' })),
  provider: Type.Optional(literalUnion(WEBCAST_PROVIDERS, 'WebcastProvider')),
  status: Type.Optional(literalUnion(WEBCAST_STATUSES, 'WebcastStatus')),
  playerType: Type.Optional(literalUnion(PLAYER_TYPES, 'PlayerType')),
  simulatedLive: Type.Optional(Type.Boolean()),
  recordLiveStream: Type.Optional(Type.Boolean()),
  autoAddToLibrary: Type.Optional(Type.Boolean({ default: false })),
  onDemandVideo: Type.Optional(Type.Boolean()),
  sourceId: Type.Optional(Type.String({ maxLength: 50, description: 'Id of the webcast on the provider\'s platform.' })),
  meetingId: Type.Optional(Type.String({ maxLength: 300 })),
  _links: Type.Optional(WebcastLinksSchema),
  details: Type.Optional(Type.String({ maxLength: 2000 })),
};

/**
 * Create and update bodies. Read-only fields echoed back from a GET (id,
 * solutionType, created, ...) are accepted and ignored: the reference marks them readOnly.
 */
export const WebcastInputSchema = Type.Object(writable, {
  title: 'Webcast', additionalProperties: true,
  description: 'Give event.id, session.id or both. Linking a session makes it virtual; a session has at most one webcast.',
});
export type WebcastInput = Static<typeof WebcastInputSchema>;

/** The seed's `PUT /webcasts`: the same body with the webcast id in it. */
export const WebcastWithIdInputSchema = Type.Object(
  { id: Type.String({ format: 'uuid', description: 'Webcast ID' }), ...writable },
  { title: 'ExistingWebcast', additionalProperties: true },
);

export const WebcastSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    ...writable,
    event: UuidRefSchema,
    format: literalUnion(WEBCAST_FORMATS, 'Format'),
    status: literalUnion(WEBCAST_STATUSES, 'WebcastStatus'),
    solutionType: literalUnion(SOLUTION_TYPES, 'SolutionType', { readOnly: true }),
    autoAddToLibrary: Type.Boolean(),
    _links: WebcastLinksSchema,
    ...AuditSchemaFields,
  },
  { title: 'ExistingWebcast' },
);
export type Webcast = Static<typeof WebcastSchema>;

export const WebcastPageSchema = paginated(WebcastSchema, 'WebcastPaginatedResponse');

export const WebcastIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid', description: 'The identifier of the webcast.' }) });

// ---- Players (issue 32) ----

/**
 * A webcast's player (the reference's existing-player). Until per-account platform connections exist, a player is
 * the playback of one webcast on its outside platform: its id is the webcast's, and `provider` / `playerType`
 * (eventline's additions) say which platform. The reference's `playerTypeProvider` lists Brightcove, Amazon IVS and
 * Cvent VOD: only Brightcove is a platform eventline's webcasts name, so it is the only value given.
 */
export const PlayerSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'Player ID: the id of its webcast (one player per webcast until platform connections exist).' }),
    webcast: UuidRefSchema,
    playerTypeProvider: Type.Optional(literalUnion(['Brightcove'], 'PlayerTypeProvider', { description: 'Brightcove for a webcast on Brightcove; absent otherwise.' })),
    provider: Type.Optional(literalUnion(WEBCAST_PROVIDERS, 'WebcastProvider', { description: 'eventline\'s addition: the webcast\'s platform (its provider).' })),
    playerType: Type.Optional(literalUnion(PLAYER_TYPES, 'PlayerType', { description: 'eventline\'s addition: the webcast\'s player type.' })),
    ...AuditSchemaFields,
  },
  { title: 'ExistingPlayer' },
);
export type Player = Static<typeof PlayerSchema>;
export const PlayerPageSchema = paginated(PlayerSchema, 'PlayerPaginatedResponse');
