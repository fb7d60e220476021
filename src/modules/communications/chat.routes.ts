import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { SessionChatService } from './chat.service.js';
import {
  JoinQuerySchema, JoinTargetSchema, AnswerPostSchema, LinkTokenParamsSchema, LinkTokenSchema, AttendeeTokenHeadersSchema, ChatMessageOutSchema, ChatMessageParamsSchema, ChatPostSchema, QuestionOutSchema, QuestionParamsSchema,
  QuestionPostSchema, ReactionOutSchema, ReactionPostSchema, SessionParamsSchema,
} from './chat.schemas.js';

// An attendee's call is not OAuth (the catalogue gives it no security): attendees hold no client credentials; each call carries
// the attendee's personal token in a header. 409: the event's AttendeeHub is not launched yet (documented in the catalogue).
const headers = AttendeeTokenHeadersSchema;
const token = (request: { headers: { 'x-attendee-token'?: string | undefined } }) => request.headers['x-attendee-token'];

export function chatRoutes(chat: SessionChatService) {
  return operations((op) => {
    op('getAttendeeLinkToken', {
      description: 'The token the attendee sends in X-Attendee-Token to chat and ask questions in the session. It is an HMAC of the link id: it stays the same and dies with the link.',
      params: LinkTokenParamsSchema, response: { 200: LinkTokenSchema },
    }, async (request) => chat.linkToken(request.auth.accountId, request.params.id, request.params.linkId));

    op('followJoinLink', {
      description: 'The tracked join URL of an attendee link (`joinUrl`, also the link in join-link emails): records a join-link click activity '
        + '(`eventline.joinLink.clicked`) of the link\'s attendee and redirects (302) to the link\'s join href; a client that asks for '
        + '`Accept: application/json` gets the href in a 200 instead. Not OAuth: the token in the URL is the credential.',
      querystring: JoinQuerySchema,
      response: { 200: JoinTargetSchema, 302: Type.Null({ description: 'Redirect to the attendee\'s personal join href (Location).' }) },
    }, async (request, reply) => {
      const href = await chat.join(request.query.token);
      // A browser follows the redirect; a hub page that asked for JSON opens the href itself.
      if (/^application\/json\b/i.test(request.headers.accept ?? '')) return reply.code(200).send({ href });
      return reply.redirect(href, 302);
    });

    op('postSessionChatMessage', { headers, params: SessionParamsSchema, body: ChatPostSchema, response: { 201: ChatMessageOutSchema } },
      async (request) => chat.post(token(request), request.params.id, request.body));

    op('postSessionChatReaction', { headers, params: ChatMessageParamsSchema, body: ReactionPostSchema, response: { 201: ReactionOutSchema } },
      async (request) => chat.react(token(request), request.params.id, request.params.messageId, request.body.type));

    op('postSessionQuestion', { headers, params: SessionParamsSchema, body: QuestionPostSchema, response: { 201: QuestionOutSchema } },
      async (request) => chat.ask(token(request), request.params.id, request.body));

    op('answerSessionQuestion', { headers, params: QuestionParamsSchema, body: AnswerPostSchema, response: { 200: QuestionOutSchema } },
      async (request) => chat.answer(token(request), request.params.id, request.params.questionId, request.body.answer));
  });
}
