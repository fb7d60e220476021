import { Type, type Static } from 'typebox';
import { paginated } from '../../http/paging.js';

export const MESSAGE_TYPES = ['email', 'chat', 'session_qa'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

const MessageTypeSchema = Type.Enum([...MESSAGE_TYPES], { type: 'string', title: 'Communication log messsage type' });

export const ConfigurationSchema = Type.Object(
  { enabledMessageTypes: Type.Array(MessageTypeSchema, { uniqueItems: true }) },
  { title: 'CommunicationConfiguration', additionalProperties: false },
);
export type Configuration = Static<typeof ConfigurationSchema>;

const Ref = Type.Object({ id: Type.String() });
export const TagsSchema = Type.Record(Type.String(), Type.String());
const ChatDetails = Type.Object({ id: Type.String(), textHtml: Type.Optional(Type.String()) });

const EmailMessageSchema = Type.Object({ link: Type.String({ format: 'uri' }) }, { title: 'EmailMessage' });
const ChatMessageSchema = Type.Object({
  actionType: Type.Enum(['message.created', 'message.updated', 'message.deleted', 'reaction.created', 'reaction.deleted'], { type: 'string' }),
  chatType: Type.Enum(['session', 'exhibitor', 'discussion', 'attendee', 'group'], { type: 'string' }),
  attendee: Type.Object({ id: Type.String({ format: 'uuid' }) }),
  message: ChatDetails,
  parentMessage: Type.Optional(ChatDetails),
  reaction: Type.Optional(Type.Object({ type: Type.String() })),
  channel: Type.Optional(Ref),
}, { title: 'ChatMessage' });
const SessionQaMessageSchema = Type.Object({
  actionType: Type.Enum(['question.asked', 'question.upvoted', 'question.statusUpdated', 'question.answered', 'answer.deleted'], { type: 'string' }),
  attendee: Type.Object({ id: Type.String({ format: 'uuid' }) }),
  question: Type.Object({
    id: Type.String({ format: 'uuid' }), text: Type.Optional(Type.String()), status: Type.Optional(Type.String()),
    anonymous: Type.Optional(Type.Boolean()), answer: Type.Optional(Type.String()),
  }),
}, { title: 'SessionQaMessage' });

export const MessageSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: MessageTypeSchema,
  created: Type.String({ format: 'date-time' }),
  tags: Type.Optional(TagsSchema),
  message: Type.Union([EmailMessageSchema, ChatMessageSchema, SessionQaMessageSchema]),
}, { title: 'CommunicationLogMessage' });
export type Message = Static<typeof MessageSchema>;
export type ChatPayload = Static<typeof ChatMessageSchema>;
export type QaPayload = Static<typeof SessionQaMessageSchema>;
/** What communication_messages.payload holds for chat and session_qa messages. */
export const CapturedPayloadSchema = Type.Union([ChatMessageSchema, SessionQaMessageSchema]);

export const MessagePageSchema = paginated(MessageSchema, 'CommunicationLogMessagePaginatedResponse');

export const MessageIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) });
// Loose on purpose: any bad value is a 403 from the signature check, never a 400 that describes it.
export const ContentParamsSchema = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const ContentQuerySchema = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 32 })),
  kid: Type.Optional(Type.String({ maxLength: 64 })),
  sig: Type.Optional(Type.String({ maxLength: 128 })),
});
