import { oauth, PUBLIC, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import type { SessionChatService } from './chat.service.js';
import { Type } from 'typebox';
import {
  JoinQuerySchema, JoinTargetSchema, AnswerPostSchema, LinkTokenParamsSchema, LinkTokenSchema, AttendeeTokenHeadersSchema, ChatMessageOutSchema, ChatMessageParamsSchema, ChatPostSchema, QuestionOutSchema, QuestionParamsSchema,
  QuestionPostSchema, ReactionOutSchema, ReactionPostSchema, SessionParamsSchema,
} from './chat.schemas.js';

const tags = ['Session chat'];
const errors = errorResponses(400, 401, 403, 404, 429);
// 409: the event's AttendeeHub is not launched yet.
const attendeeErrors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * The schema of an attendee's call. Not OAuth: attendees hold no client
 * credentials; each call carries the attendee's personal token in a header.
 */
function attendeeCall<S extends object>(operationId: string, summary: string, schema: S) {
  return { schema: { tags, operationId, summary, security: PUBLIC, headers: AttendeeTokenHeadersSchema, ...schema } };
}

const token = (request: { headers: { 'x-attendee-token'?: string | undefined } }) => request.headers['x-attendee-token'];

export function chatRoutes(chat: SessionChatService) {
  return typedRoutes((app) => {
    app.get('/webcasts/:id/attendee-links/:linkId/token', {
      schema: {
        tags, operationId: 'getAttendeeLinkToken', summary: "An attendee link's personal token", security: oauth('event/attendee-links:write'),
        description: 'The token the attendee sends in X-Attendee-Token to chat and ask questions in the session. It is an HMAC of the link id: it stays the same and dies with the link.',
        params: LinkTokenParamsSchema, response: { 200: LinkTokenSchema, ...errors },
      },
    }, async (request) => chat.linkToken(requireAuth(request).accountId, request.params.id, request.params.linkId));

    app.get('/join', {
      schema: {
        tags, operationId: 'followJoinLink', summary: 'Follow a tracked join link (attendee)', security: PUBLIC,
        description: 'The tracked join URL of an attendee link (`joinUrl`, also the link in join-link emails): records a join-link click activity '
          + '(`eventline.joinLink.clicked`) of the link\'s attendee and redirects (302) to the link\'s join href; a client that asks for '
          + '`Accept: application/json` gets the href in a 200 instead. Not OAuth: the token in the URL is the credential.',
        querystring: JoinQuerySchema,
        response: {
          200: JoinTargetSchema,
          302: Type.Null({ description: 'Redirect to the attendee\'s personal join href (Location).' }),
          ...errorResponses(400, 401, 404, 429),
        },
      },
    }, async (request, reply) => {
      const href = await chat.join(request.query.token);
      // A browser follows the redirect; a hub page that asked for JSON opens the href itself.
      if (/^application\/json\b/i.test(request.headers.accept ?? '')) return reply.code(200).send({ href });
      return reply.redirect(href, 302);
    });

    app.post('/sessions/:id/chat/messages', attendeeCall('postSessionChatMessage', 'Post a chat message or reply (attendee)', {
      params: SessionParamsSchema, body: ChatPostSchema, response: { 201: ChatMessageOutSchema, ...attendeeErrors },
    }), async (request, reply) => reply.code(201).send(await chat.post(token(request), request.params.id, request.body)));

    app.post('/sessions/:id/chat/messages/:messageId/reactions', attendeeCall('postSessionChatReaction', 'React to a chat message (attendee)', {
      params: ChatMessageParamsSchema, body: ReactionPostSchema, response: { 201: ReactionOutSchema, ...attendeeErrors },
    }), async (request, reply) => reply.code(201).send(await chat.react(token(request), request.params.id, request.params.messageId, request.body.type)));

    app.post('/sessions/:id/questions', attendeeCall('postSessionQuestion', 'Ask a question (attendee)', {
      params: SessionParamsSchema, body: QuestionPostSchema, response: { 201: QuestionOutSchema, ...attendeeErrors },
    }), async (request, reply) => reply.code(201).send(await chat.ask(token(request), request.params.id, request.body)));

    app.post('/sessions/:id/questions/:questionId/answer', attendeeCall('answerSessionQuestion', 'Answer a question (attendee)', {
      params: QuestionParamsSchema, body: AnswerPostSchema, response: { 200: QuestionOutSchema, ...attendeeErrors },
    }), async (request) => chat.answer(token(request), request.params.id, request.params.questionId, request.body.answer));
  });
}
