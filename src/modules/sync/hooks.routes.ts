import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CommonErrors } from '../../errors.js';
import { operations } from '../../http/operations.js';
import type { Row } from '../../db/types.js';
import { enqueueConnectionSync } from './connection.job.js';
import type { JobQueue } from '../../jobs/index.js';
import { HookParamsSchema } from './connections.schemas.js';
import type { ConnectionsService } from './connections.service.js';

const MAX_BODY = 1_000_000;
/** The headers a platform signs with: a call without them is refused before its body is read. */
const SIGNATURE_HEADERS: Readonly<Record<string, readonly string[]>> = {
  zoom: ['x-zm-signature', 'x-zm-request-timestamp'],
  sim: ['x-zm-signature', 'x-zm-request-timestamp'],
};
/** Zoom's window (its connector checks it again with the signature). */
const WINDOW_MS = 5 * 60_000;

function staleTimestamp(value: string | string[] | undefined): boolean {
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value)) return true;
  const n = Number(value);
  return Math.abs(Date.now() - (n > 1e12 ? n : n * 1000)) > WINDOW_MS;
}

/**
 * The platforms' webhooks, one public path per connection: `POST /hooks/{platform}/{connectionId}`. The connection is
 * looked up and the signature headers checked before the body is read (an unknown connection is a 404, a call without a
 * fresh signature a 401, neither reads a byte of the body); the body is then read as bytes and its HMAC checked with the
 * connection's webhook secret before it is parsed. A verified change queues the sync of the sessions it concerns.
 */
export function platformHookRoutes(connections: ConnectionsService, queue: JobQueue) {
  const found = new WeakMap<FastifyRequest, Row<'platform_connections'>>();
  return operations((op) => {
    // Only here: the body stays text, byte for byte, for the signature (no JSON parsing before it is verified).
    op.app.removeAllContentTypeParsers();
    op.app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY }, (_request, body, done) => { done(null, body); });

    op('receivePlatformWebhook', {
      description: 'eventline extension: where a connected platform sends its webhooks (each connection\'s `webhookUrl`). Zoom: the event '
        + 'subscription\'s endpoint URL, signed with `x-zm-signature` over `v0:{x-zm-request-timestamp}:{body}` with the connection\'s webhook '
        + 'secret; its `endpoint.url_validation` check is answered (200 `{plainToken, encryptedToken}`) when signed. An unknown connection is 404 and a call '
        + 'without a signature, or with a timestamp more than 5 minutes away, is 401, both before the body is read; a wrong signature is 401 and its '
        + 'payload is never parsed. A verified notification is 204 and queues the sync of the sessions on that meeting.',
      params: HookParamsSchema,
      response: { 200: Type.Object({ plainToken: Type.String(), encryptedToken: Type.String() }), 204: Type.Null({ description: 'Accepted' }) },
      schema: { consumes: ['application/json'] },
      route: {
        bodyLimit: MAX_BODY,
        onRequest: async (request) => {
          const { platform, id } = request.params as { platform: string; id: string };
          const row = await connections.forHook(platform, id);
          if (!row) throw CommonErrors.notFound('No webhook endpoint here: the connection does not exist (disconnected?)');
          for (const h of SIGNATURE_HEADERS[platform] ?? []) {
            if (typeof request.headers[h] !== 'string') throw CommonErrors.unauthorized(`The call is not signed (${h} is missing)`);
          }
          if (SIGNATURE_HEADERS[platform] && staleTimestamp(request.headers['x-zm-request-timestamp'])) throw CommonErrors.unauthorized('The signature\'s timestamp is too old or too far ahead');
          found.set(request, row);
        },
      },
    }, async (request, reply) => {
      const row = found.get(request);
      if (!row) throw CommonErrors.notFound();
      const raw = typeof request.body === 'string' ? request.body : '';
      const provider = await connections.providerOf(row);
      const challenge = provider.answerChallenge?.(request.headers, raw);
      if (challenge) return reply.code(challenge.status).header('content-type', challenge.contentType).send(challenge.body);
      const n = provider.verifyNotification(request.headers, raw);
      if (!n) throw CommonErrors.unauthorized('The signature does not match this connection\'s webhook secret');
      for (const sessionId of await connections.sessionsOf(row.account_id, row.id, n.meetingId)) {
        await enqueueConnectionSync(queue, row.account_id, row.id, sessionId);
      }
      return reply.code(204).send(null);
    });
  });
}
