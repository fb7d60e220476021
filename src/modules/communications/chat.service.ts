import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import type { AttendeesService } from '../attendees/index.js';
import type { FeatureLaunches } from '../event-features/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { AttendeeLinksService } from '../webcasts/index.js';
import { CommunicationErrors } from './communications.errors.js';
import type { CommunicationsRepository } from './communications.repository.js';
import type { CommunicationsService } from './communications.service.js';
import type { ChatPayload, QaPayload } from './communications.schemas.js';
import type { AttendeeTokens } from './signing.js';
import type { ChatMessageOut, ChatPost, QuestionOut, QuestionPost, ReactionOut } from './chat.schemas.js';
import type { NewQuestion, QuestionRow } from './communications.table.js';

interface Speaker {
  readonly accountId: string;
  readonly attendeeId: string;
  readonly contactId: string | null;
  readonly eventId: string;
  readonly sessionId: string;
}

/** What chat reads of other modules: the attendee link behind a token, the session, the attendee's contact, and whether the event's AttendeeHub is launched. */
export interface ChatDirectory {
  readonly links: Pick<AttendeeLinksService, 'findById'>;
  readonly sessions: Pick<SessionsService, 'get'>;
  readonly attendees: Pick<AttendeesService, 'recipient'>;
  readonly features: FeatureLaunches;
}

const toQuestion = (q: NewQuestion | QuestionRow): QuestionOut => ({
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
    private readonly directory: ChatDirectory,
    private readonly tokens: () => Promise<AttendeeTokens>,
    private readonly clock: Clock,
  ) {}

  /** The personal token of an attendee link (for the link's owner: join emails, the planner UI). */
  async tokenFor(linkId: string): Promise<string> {
    return (await this.tokens()).mint(linkId);
  }

  /** The token of one of the account's links, for the integration that hands links to attendees. */
  async linkToken(accountId: string, webcastId: string, linkId: string): Promise<{ id: string; token: string }> {
    const link = await this.directory.links.findById(linkId);
    if (!link || link.accountId !== accountId || link.webcastId !== webcastId) throw CommunicationErrors.linkNotFound();
    return { id: link.id, token: await this.tokenFor(link.id) };
  }

  private async speaker(token: string | undefined, sessionId: string): Promise<Speaker> {
    const linkId = token ? (await this.tokens()).verify(token) : undefined;
    const link = linkId ? await this.directory.links.findById(linkId) : undefined;
    if (!link) throw CommunicationErrors.attendeeToken();
    // Looked up in the link's account: another account's session is a 404, like everywhere else.
    const session = await this.directory.sessions.get(link.accountId, sessionId);
    if (session.event.id !== link.eventId || (link.sessionId !== null && link.sessionId !== session.id)) throw CommunicationErrors.wrongSession();
    // Chat and Q&A are the AttendeeHub's: open to attendees once the planner has launched it (event features).
    if (!(await this.directory.features.isLaunched(link.accountId, link.eventId, 'AttendeeHub'))) throw CommunicationErrors.hubNotLaunched();
    const who = await this.directory.attendees.recipient(link.accountId, link.attendeeId);
    return { accountId: link.accountId, attendeeId: link.attendeeId, contactId: who?.contactId ?? null, eventId: session.event.id, sessionId: session.id };
  }

  private captureChat(s: Speaker, { actionType, ...details }: Omit<ChatPayload, 'chatType' | 'attendee' | 'channel'>): Promise<string | undefined> {
    return this.communications.capture(s.accountId, {
      type: 'chat', eventId: s.eventId, contactId: s.contactId, tags: { sessionId: s.sessionId },
      message: { actionType, chatType: 'session', attendee: { id: s.attendeeId }, ...details, channel: { id: s.sessionId } },
    });
  }

  private captureQa(s: Speaker, message: Omit<QaPayload, 'attendee'>): Promise<string | undefined> {
    return this.communications.capture(s.accountId, {
      type: 'session_qa', eventId: s.eventId, contactId: s.contactId, tags: { sessionId: s.sessionId },
      message: { actionType: message.actionType, attendee: { id: s.attendeeId }, question: message.question },
    });
  }

  async post(token: string | undefined, sessionId: string, input: ChatPost): Promise<ChatMessageOut> {
    const s = await this.speaker(token, sessionId);
    const parent = input.parentMessage ? await this.repo.chat(s.accountId, s.sessionId, input.parentMessage.id) : undefined;
    if (input.parentMessage && !parent) throw CommunicationErrors.chatMessageNotFound(undefined, { target: 'parentMessage.id' });
    const row = { id: newId(), account_id: s.accountId, event_id: s.eventId, session_id: s.sessionId, attendee_id: s.attendeeId, parent_id: parent?.id ?? null, text_html: input.textHtml, created: iso(this.clock()) };
    await this.repo.insertChat(row);
    await this.captureChat(s, {
      actionType: 'message.created', message: { id: row.id, textHtml: row.text_html },
      ...(parent ? { parentMessage: { id: parent.id, textHtml: parent.text_html } } : {}),
    });
    return { id: row.id, session: { id: s.sessionId }, attendee: { id: s.attendeeId }, textHtml: row.text_html, ...(parent ? { parentMessage: { id: parent.id } } : {}), created: row.created };
  }

  async react(token: string | undefined, sessionId: string, messageId: string, type: string): Promise<ReactionOut> {
    const s = await this.speaker(token, sessionId);
    const target = await this.repo.chat(s.accountId, s.sessionId, messageId);
    if (!target) throw CommunicationErrors.chatMessageNotFound();
    const created = iso(this.clock());
    await this.captureChat(s, { actionType: 'reaction.created', message: { id: target.id, textHtml: target.text_html }, reaction: { type } });
    return { message: { id: target.id }, attendee: { id: s.attendeeId }, type, created };
  }

  async ask(token: string | undefined, sessionId: string, input: QuestionPost): Promise<QuestionOut> {
    const s = await this.speaker(token, sessionId);
    const now = iso(this.clock());
    const row: NewQuestion = {
      id: newId(), account_id: s.accountId, event_id: s.eventId, session_id: s.sessionId, attendee_id: s.attendeeId, text: input.text,
      anonymous: input.anonymous ? 1 : 0, status: 'open', answer: null, created: now, last_modified: now,
    };
    await this.repo.insertQuestion(row);
    await this.captureQa(s, { actionType: 'question.asked', question: { id: row.id, text: row.text, status: row.status, anonymous: row.anonymous === 1 } });
    return toQuestion(row);
  }

  async answer(token: string | undefined, sessionId: string, questionId: string, answer: string): Promise<QuestionOut> {
    const s = await this.speaker(token, sessionId);
    const q = await this.repo.question(s.accountId, s.sessionId, questionId);
    if (!q) throw CommunicationErrors.questionNotFound();
    const now = iso(this.clock());
    await this.repo.answerQuestion(s.accountId, q.id, answer, now);
    await this.captureQa(s, { actionType: 'question.answered', question: { id: q.id, text: q.text, status: 'answered', anonymous: q.anonymous === 1, answer } });
    return toQuestion({ ...q, answer, status: 'answered', last_modified: now });
  }
}
