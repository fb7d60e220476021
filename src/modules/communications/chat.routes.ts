import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { oauth, PUBLIC, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import type { SessionChatService } from './chat.service.js';
import {
  AnswerPostSchema, LinkTokenParamsSchema, LinkTokenSchema, AttendeeTokenHeadersSchema, ChatMessageOutSchema, ChatMessageParamsSchema, ChatPostSchema, QuestionOutSchema, QuestionParamsSchema,
  QuestionPostSchema, ReactionOutSchema, ReactionPostSchema, SessionParamsSchema,
} from './chat.schemas.js';

const tags = ['Session chat'];
// Not OAuth: attendees hold no client credentials; each call carries the attendee's personal token.
const security = PUBLIC;

export function chatRoutes(chat: SessionChatService) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    app.get('/webcasts/:id/attendee-links/:linkId/token', {
      schema: {
        tags, operationId: 'getAttendeeLinkToken', summary: "An attendee link's personal token", security: oauth('event/attendee-links:write'),
        description: 'The token the attendee sends in X-Attendee-Token to chat and ask questions in the session. It is an HMAC of the link id: it stays the same and dies with the link.',
        params: LinkTokenParamsSchema, response: { 200: LinkTokenSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => chat.linkToken(requireAuth(request).accountId, request.params.id, request.params.linkId));

    app.post('/sessions/:id/chat/messages', {
      schema: {
        tags, operationId: 'postSessionChatMessage', summary: 'Post a chat message or reply (attendee)', security,
        headers: AttendeeTokenHeadersSchema, params: SessionParamsSchema, body: ChatPostSchema,
        response: { 201: ChatMessageOutSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await chat.post(request.headers['x-attendee-token'], request.params.id, request.body)));

    app.post('/sessions/:id/chat/messages/:messageId/reactions', {
      schema: {
        tags, operationId: 'postSessionChatReaction', summary: 'React to a chat message (attendee)', security,
        headers: AttendeeTokenHeadersSchema, params: ChatMessageParamsSchema, body: ReactionPostSchema,
        response: { 201: ReactionOutSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await chat.react(request.headers['x-attendee-token'], request.params.id, request.params.messageId, request.body.type)));

    app.post('/sessions/:id/questions', {
      schema: {
        tags, operationId: 'postSessionQuestion', summary: 'Ask a question (attendee)', security,
        headers: AttendeeTokenHeadersSchema, params: SessionParamsSchema, body: QuestionPostSchema,
        response: { 201: QuestionOutSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await chat.ask(request.headers['x-attendee-token'], request.params.id, request.body)));

    app.post('/sessions/:id/questions/:questionId/answer', {
      schema: {
        tags, operationId: 'answerSessionQuestion', summary: 'Answer a question (attendee)', security,
        headers: AttendeeTokenHeadersSchema, params: QuestionParamsSchema, body: AnswerPostSchema,
        response: { 200: QuestionOutSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => chat.answer(request.headers['x-attendee-token'], request.params.id, request.params.questionId, request.body.answer));
  };
}
