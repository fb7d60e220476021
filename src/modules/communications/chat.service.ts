import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import { CommunicationErrors } from './communications.errors.js';
import type { CommunicationsRepository } from './communications.repository.js';
import type { CommunicationsService } from './communications.service.js';
import type { AttendeeTokens } from './signing.js';
import type { ChatMessageOut, ChatPost, QuestionOut, QuestionPost, ReactionOut } from './chat.schemas.js';
import type { SessionQuestionsTable } from './communications.table.js';

interface Speaker {
  readonly accountId: string;
  readonly attendeeId: string;
  readonly contactId: string | null;
  readonly eventId: string;
  readonly sessionId: string;
}

const toQuestion = (q: SessionQuestionsTable): QuestionOut => ({
  id: q.id, session: { id: q.session_id }, text: q.text, anonymous: q.anonymous === 1, status: q.status,
  ...(q.answer !== null ? { answer: q.answer } : {}), created: q.created,
});

/**
 * Chat and Q&A of virtual sessions, for attendees. An attendee proves who they
 * are with the personal token of their attendee link; the link says which
 * account, event and (if set) session they may speak in.
 */
export class SessionChatService {
  constructor(
    private readonly repo: CommunicationsRepository,
    private readonly communications: CommunicationsService,
    private readonly tokens: () => Promise<AttendeeTokens>,
    private readonly clock: Clock,
  ) {}

  /** The personal token of an attendee link (for the link's owner: join emails, the planner UI). */
  async tokenFor(linkId: string): Promise<string> {
    return (await this.tokens()).mint(linkId);
  }

  /** The token of one of the account's links, for the integration that hands links to attendees. */
  async linkToken(accountId: string, webcastId: string, linkId: string): Promise<{ id: string; token: string }> {
    const link = await this.repo.attendeeLink(linkId);
    if (!link || link.account_id !== accountId || link.webcast_id !== webcastId) throw CommunicationErrors.linkNotFound();
    return { id: link.id, token: await this.tokenFor(link.id) };
  }

  private async speaker(token: string | undefined, sessionId: string): Promise<Speaker> {
    const linkId = token ? (await this.tokens()).verify(token) : undefined;
    const link = linkId ? await this.repo.attendeeLink(linkId) : undefined;
    if (!link) throw CommunicationErrors.attendeeToken();
    const session = await this.repo.session(link.account_id, sessionId);
    // Another account's session is a 404, as everywhere.
    if (!session) throw CommunicationErrors.sessionNotFound();
    if (session.event_id !== link.event_id || (link.session_id !== null && link.session_id !== sessionId)) throw CommunicationErrors.wrongSession();
    const who = await this.repo.attendeeContact(link.account_id, link.attendee_id);
    return { accountId: link.account_id, attendeeId: link.attendee_id, contactId: who?.contact_id ?? null, eventId: session.event_id, sessionId };
  }

  async post(token: string | undefined, sessionId: string, input: ChatPost): Promise<ChatMessageOut> {
    const s = await this.speaker(token, sessionId);
    const parent = input.parentMessage ? await this.repo.chat(s.accountId, sessionId, input.parentMessage.id) : undefined;
    if (input.parentMessage && !parent) throw CommunicationErrors.chatMessageNotFound(undefined, { target: 'parentMessage.id' });
    const row = { id: newId(), account_id: s.accountId, event_id: s.eventId, session_id: sessionId, attendee_id: s.attendeeId, parent_id: parent?.id ?? null, text_html: input.textHtml, created: iso(this.clock()) };
    await this.repo.insertChat(row);
    await this.communications.capture(s.accountId, {
      type: 'chat', eventId: s.eventId, contactId: s.contactId, tags: { sessionId },
      message: {
        actionType: 'message.created', chatType: 'session', attendee: { id: s.attendeeId }, message: { id: row.id, textHtml: row.text_html },
        ...(parent ? { parentMessage: { id: parent.id, textHtml: parent.text_html } } : {}), channel: { id: sessionId },
      },
    });
    return { id: row.id, session: { id: sessionId }, attendee: { id: s.attendeeId }, textHtml: row.text_html, ...(parent ? { parentMessage: { id: parent.id } } : {}), created: row.created };
  }

  async react(token: string | undefined, sessionId: string, messageId: string, type: string): Promise<ReactionOut> {
    const s = await this.speaker(token, sessionId);
    const target = await this.repo.chat(s.accountId, sessionId, messageId);
    if (!target) throw CommunicationErrors.chatMessageNotFound();
    const created = iso(this.clock());
    await this.communications.capture(s.accountId, {
      type: 'chat', eventId: s.eventId, contactId: s.contactId, tags: { sessionId },
      message: {
        actionType: 'reaction.created', chatType: 'session', attendee: { id: s.attendeeId }, message: { id: target.id, textHtml: target.text_html },
        reaction: { type }, channel: { id: sessionId },
      },
    });
    return { message: { id: target.id }, attendee: { id: s.attendeeId }, type, created };
  }

  async ask(token: string | undefined, sessionId: string, input: QuestionPost): Promise<QuestionOut> {
    const s = await this.speaker(token, sessionId);
    const now = iso(this.clock());
    const row: SessionQuestionsTable = {
      id: newId(), account_id: s.accountId, event_id: s.eventId, session_id: sessionId, attendee_id: s.attendeeId, text: input.text,
      anonymous: input.anonymous ? 1 : 0, status: 'open', answer: null, created: now, last_modified: now,
    };
    await this.repo.insertQuestion(row);
    await this.communications.capture(s.accountId, {
      type: 'session_qa', eventId: s.eventId, contactId: s.contactId, tags: { sessionId },
      message: { actionType: 'question.asked', attendee: { id: s.attendeeId }, question: { id: row.id, text: row.text, status: row.status, anonymous: row.anonymous === 1 } },
    });
    return toQuestion(row);
  }

  async answer(token: string | undefined, sessionId: string, questionId: string, answer: string): Promise<QuestionOut> {
    const s = await this.speaker(token, sessionId);
    const q = await this.repo.question(s.accountId, sessionId, questionId);
    if (!q) throw CommunicationErrors.questionNotFound();
    const now = iso(this.clock());
    await this.repo.answerQuestion(s.accountId, q.id, answer, now);
    const updated: SessionQuestionsTable = { ...q, answer, status: 'answered', last_modified: now };
    await this.communications.capture(s.accountId, {
      type: 'session_qa', eventId: s.eventId, contactId: s.contactId, tags: { sessionId },
      message: { actionType: 'question.answered', attendee: { id: s.attendeeId }, question: { id: q.id, text: q.text, status: 'answered', anonymous: q.anonymous === 1, answer } },
    });
    return toQuestion(updated);
  }
}
