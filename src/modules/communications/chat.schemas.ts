import { Type, type Static } from 'typebox';

const Ref = Type.Object({ id: Type.String() });

export const AttendeeTokenHeadersSchema = Type.Object({
  'x-attendee-token': Type.Optional(Type.String({ maxLength: 200, description: "The attendee's personal token (returned with the attendee link as `token`, see docs)." })),
});

export const SessionParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const ChatMessageParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }), messageId: Type.String({ format: 'uuid' }) });
export const QuestionParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }), questionId: Type.String({ format: 'uuid' }) });

export const ChatPostSchema = Type.Object({
  textHtml: Type.String({ minLength: 1, maxLength: 10_000 }),
  parentMessage: Type.Optional(Type.Object({ id: Type.String({ format: 'uuid' }) })),
}, { additionalProperties: false, title: 'Session chat message input' });
export type ChatPost = Static<typeof ChatPostSchema>;

export const ReactionPostSchema = Type.Object({ type: Type.String({ minLength: 1, maxLength: 50 }) }, { additionalProperties: false, title: 'Chat reaction input' });

export const QuestionPostSchema = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 5_000 }),
  anonymous: Type.Optional(Type.Boolean()),
}, { additionalProperties: false, title: 'Session question input' });
export type QuestionPost = Static<typeof QuestionPostSchema>;

export const AnswerPostSchema = Type.Object({ answer: Type.String({ minLength: 1, maxLength: 10_000 }) }, { additionalProperties: false, title: 'Session answer input' });

export const ChatMessageOutSchema = Type.Object({
  id: Type.String(), session: Ref, attendee: Ref, textHtml: Type.String(), parentMessage: Type.Optional(Ref), created: Type.String({ format: 'date-time' }),
}, { title: 'Session chat message' });
export type ChatMessageOut = Static<typeof ChatMessageOutSchema>;

export const ReactionOutSchema = Type.Object({ message: Ref, attendee: Ref, type: Type.String(), created: Type.String({ format: 'date-time' }) }, { title: 'Chat reaction' });
export type ReactionOut = Static<typeof ReactionOutSchema>;

export const QuestionOutSchema = Type.Object({
  id: Type.String(), session: Ref, text: Type.String(), anonymous: Type.Boolean(), status: Type.String(), answer: Type.Optional(Type.String()),
  created: Type.String({ format: 'date-time' }),
}, { title: 'Session question' });
export type QuestionOut = Static<typeof QuestionOutSchema>;

export const LinkTokenParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }), linkId: Type.String({ format: 'uuid' }) });
export const LinkTokenSchema = Type.Object({
  id: Type.String(), token: Type.String(),
  joinUrl: Type.String({ description: 'The tracked join URL to hand the attendee: it records a join-link click activity, then redirects to the link\'s join href.' }),
}, { title: 'Attendee token' });
export const JoinTargetSchema = Type.Object({ href: Type.String({ description: 'The attendee\'s personal join href.' }) }, { title: 'Join target' });
export const JoinQuerySchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200, description: 'The join token of the attendee link (from its joinUrl).' }) });
