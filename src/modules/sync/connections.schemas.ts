import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

/** The platforms a connection may name: the connector registry's names (src/modules/sync/providers/index.ts). */
export const CONNECTION_PLATFORMS = ['zoom', 'gotowebinar', 'teams', 'sim'] as const;
export type ConnectionPlatform = (typeof CONNECTION_PLATFORMS)[number];
export const TEST_OUTCOMES = ['ok', 'bad-credentials', 'forbidden', 'not-found', 'unreachable', 'refused'] as const;

const uuid = (description: string) => Type.String({ format: 'uuid', description });

/** Names of settings keys: letters and digits, so a settings object cannot smuggle anything but plain values. */
const SETTINGS_KEY = '^[A-Za-z][A-Za-z0-9]{0,39}$';

export const ConnectionSettingsSchema = Type.Record(Type.String({ pattern: SETTINGS_KEY }), Type.String({ maxLength: 500 }), {
  title: 'PlatformConnectionSettings', maxProperties: 20,
  description: 'The non-secret settings the platform\'s connector takes. Zoom: `accountId`, `clientId` (required), `hostUser` (the email or id of the '
    + 'user who hosts the meetings), `apiUrl`, `oauthUrl` (defaults https://api.zoom.us/v2 and https://zoom.us). GoToWebinar: `clientId`, '
    + '`organizerKey` (required), `timeZone`, `apiUrl`, `oauthUrl`. Teams: `tenantId`, `clientId`, `organizerUser` (required), `apiUrl`, `loginUrl`. sim: `apiUrl`, where `eventline provider-sim` listens. A key that '
    + 'names a secret (`clientSecret`, `webhookSecret`, any `*secret*`, `*password*`, `*token*`) is refused: secrets go in `secrets`.',
});

export const ConnectionSecretsSchema = Type.Object(
  {
    clientSecret: Type.Optional(Type.String({ minLength: 1, maxLength: 500, writeOnly: true, description: 'The platform app\'s client secret. Stored encrypted; never returned or logged.' })),
    webhookSecret: Type.Optional(Type.String({
      minLength: 1, maxLength: 500, writeOnly: true,
      description: 'The secret the platform signs its webhooks with (Zoom: the event subscription\'s secret token). Stored encrypted; never returned or logged.',
    })),
    refreshToken: Type.Optional(Type.String({
      minLength: 1, maxLength: 4000, writeOnly: true,
      description: 'GoToWebinar: the organizer\'s OAuth refresh token (required there). GoTo may replace it on each use: eventline then stores the new one. Stored encrypted; never returned or logged.',
    })),
  },
  { title: 'PlatformConnectionSecrets', additionalProperties: false },
);
export type ConnectionSecrets = Static<typeof ConnectionSecretsSchema>;

export const ConnectionInputSchema = Type.Object(
  {
    platform: Type.Enum(CONNECTION_PLATFORMS, { type: 'string', title: 'PlatformConnectionPlatform', description: 'The webcast platform: zoom, gotowebinar, teams or sim (the local simulator).' }),
    name: Type.String({ minLength: 1, maxLength: 100, description: 'What planners see on the "Create on ..." button, e.g. "Zoom (marketing)".' }),
    settings: Type.Optional(ConnectionSettingsSchema),
    secrets: Type.Optional(ConnectionSecretsSchema),
  },
  { title: 'PlatformConnectionInput', additionalProperties: false },
);
export type ConnectionInput = Static<typeof ConnectionInputSchema>;

export const ConnectionUpdateSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    settings: Type.Optional(ConnectionSettingsSchema),
  },
  { title: 'PlatformConnectionUpdate', additionalProperties: false, description: 'Omitted fields keep their value; `settings` replaces the whole object. Secrets change with PUT /platform-connections/{id}/secrets.' },
);
export type ConnectionUpdate = Static<typeof ConnectionUpdateSchema>;

const SecretStateSchema = Type.Object({
  secretSet: Type.Boolean({ description: 'Whether this secret is stored (its value is never returned).' }),
}, { title: 'PlatformConnectionSecretState' });

export const ConnectionTestSchema = Type.Object(
  {
    outcome: Type.Enum(TEST_OUTCOMES, { type: 'string', title: 'PlatformConnectionTestOutcome', description: 'ok; bad-credentials; forbidden (a missing scope or permission); not-found (e.g. the host user); unreachable; refused (anything else).' }),
    message: Type.String({ maxLength: 2000, description: 'What the platform said, in words, with the fix.' }),
    at: Type.String({ format: 'date-time' }),
  },
  { title: 'PlatformConnectionTest' },
);
export type ConnectionTest = Static<typeof ConnectionTestSchema>;

export const ConnectionSchema = Type.Object(
  {
    id: uuid('The connection id.'),
    platform: Type.Enum(CONNECTION_PLATFORMS, { type: 'string' }),
    name: Type.String(),
    webcastProvider: Type.String({ description: 'The webcast `provider` the sync writes for this platform (the reference\'s enum: Zoom, GoToWebinar, Microsoft Teams).' }),
    settings: ConnectionSettingsSchema,
    secrets: Type.Object({ clientSecret: SecretStateSchema, webhookSecret: SecretStateSchema, refreshToken: SecretStateSchema }, { title: 'PlatformConnectionSecretsState' }),
    secretsRotated: Type.Optional(Type.String({ format: 'date-time', description: 'When a secret was last replaced (PUT /platform-connections/{id}/secrets).' })),
    webhookUrl: Type.String({ description: 'Where the platform sends its webhooks for this connection (a public path of this server).' }),
    lastTest: Type.Optional(ConnectionTestSchema),
    created: Type.String({ format: 'date-time' }),
    createdBy: Type.String(),
    lastModified: Type.String({ format: 'date-time' }),
    lastModifiedBy: Type.String(),
  },
  { title: 'PlatformConnection' },
);
export type Connection = Static<typeof ConnectionSchema>;

export const ConnectionPageSchema = paginated(ConnectionSchema, 'PlatformConnectionsPaginatedResponse');
export const ConnectionIdParamsSchema = Type.Object({ id: uuid('The connection id.') });
const { sort: _unsorted, ...listProps } = listQuerySchema().properties;
export const ConnectionListQuerySchema = Type.Object(listProps, { additionalProperties: false });

export const HookParamsSchema = Type.Object({
  platform: Type.String({ maxLength: 20, description: 'The connection\'s platform (zoom, gotowebinar, teams, sim).' }),
  id: Type.String({ maxLength: 100, description: 'The connection id.' }),
});
