import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { CONNECTION_FILTER_FIELDS } from './connections.filters.js';
import {
  ConnectionIdParamsSchema, ConnectionInputSchema, ConnectionListQuerySchema, ConnectionPageSchema, ConnectionSchema, ConnectionSecretsSchema, ConnectionTestSchema,
  ConnectionUpdateSchema,
} from './connections.schemas.js';
import type { ConnectionsService } from './connections.service.js';

const EXTENSION = 'eventline extension (not in the reference).';
const SECRETS = 'Secrets (the client secret, the webhook secret) are stored encrypted like contact hook secrets (HOOKS_ENCRYPTION_KEYS) and are never '
  + 'returned or logged: answers say only `secretSet`, and `secretsRotated`.';

/** The webcast platforms an account connects (issue 33): administrators write them (account/platform-connections:write), planners read them. */
export function connectionsRoutes(connections: ConnectionsService) {
  return operations((op) => {
    op.list('listPlatformConnections', {
      description: `${EXTENSION} The account's webcast platform connections (Zoom, GoToWebinar, Teams, the simulator). Filterable: id, name, platform (eq|ne); `
        + `created, lastModified (eq|ne|lt|le|gt|ge). ${SECRETS}`,
      query: ConnectionListQuerySchema, page: ConnectionPageSchema, filters: CONNECTION_FILTER_FIELDS, list: (auth, query) => connections.list(auth.accountId, query),
    });

    op('createPlatformConnection', {
      description: `${EXTENSION} Connects a webcast platform account: its non-secret settings (Zoom: accountId, clientId, hostUser) and its secrets. `
        + 'API URLs must be https to a public address (loopback only with HOOKS_ALLOW_LOOPBACK, for development and the test fakes). '
        + `The answer's webhookUrl is the public path to give the platform for its webhooks. ${SECRETS}`,
      body: ConnectionInputSchema, response: { 201: ConnectionSchema },
    }, async (request) => connections.create(request.auth, request.body));

    op('getPlatformConnection', {
      description: `${EXTENSION} One connection, with its last test. ${SECRETS}`,
      params: ConnectionIdParamsSchema, response: { 200: ConnectionSchema },
    }, async (request) => connections.get(request.auth.accountId, request.params.id));

    op('updatePlatformConnection', {
      description: `${EXTENSION} Renames the connection or replaces its settings (the whole object). Secrets change with PUT /platform-connections/{id}/secrets.`,
      params: ConnectionIdParamsSchema, body: ConnectionUpdateSchema, response: { 200: ConnectionSchema },
    }, async (request) => connections.update(request.auth, request.params.id, request.body));

    op('rotatePlatformConnectionSecrets', {
      description: `${EXTENSION} Replaces the secrets sent (clientSecret, webhookSecret or both; the other stays). The next sync and the next webhook use them. ${SECRETS}`,
      params: ConnectionIdParamsSchema, body: ConnectionSecretsSchema, response: { 200: ConnectionSchema },
    }, async (request) => connections.rotate(request.auth, request.params.id, request.body));

    op('testPlatformConnection', {
      description: `${EXTENSION} Calls the platform with the stored credentials (Zoom: a token, then the host user) and answers what it said: `
        + '`outcome` ok, bad-credentials, forbidden, not-found, unreachable or refused, and a `message` in words with the fix. Kept as the connection\'s lastTest.',
      params: ConnectionIdParamsSchema, response: { 200: ConnectionTestSchema },
    }, async (request) => connections.test(request.auth, request.params.id));

    op('deletePlatformConnection', {
      description: `${EXTENSION} Disconnects the platform: the connection and its secrets are deleted. Sessions held on it are detached, not deleted: `
        + 'their sync state ends Failed with a message saying the connection was removed, and their meetings stay on the platform.',
      params: ConnectionIdParamsSchema, response: { 204: Type.Null({ description: 'Disconnected' }) },
    }, async (request, reply) => {
      await connections.delete(request.auth, request.params.id);
      return reply.send(null);
    });
  });
}
