import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import { BUILT_IN_ACTIVITIES, externalData, type ActivityData, type ActivityReporter } from '../activities/index.js';
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
import type { Row, NewRow } from '../../db/types.js';

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
  /** The activities journal: every post, reaction, question and answer is an activity of its attendee. */
  readonly activities: ActivityReporter;
}

const toQuestion = (q: NewRow<'session_questions'> | Row<'session_questions'>): QuestionOut => ({
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
    private readonly apiUrl: string,
  ) {}

  /** The tracked join URL of an attendee link: following it records a join-link click, then redirects to the link's join href. */
  async joinUrl(linkId: string): Promise<string> {
    return `${this.apiUrl}/join?${new URLSearchParams({ token: (await this.tokens()).mintJoin(linkId) }).toString()}`;
  }

  /**
   * A click on a tracked join URL: a join-link click activity of the link's
   * attendee (`session.external`, or `event.external` for an event-wide
   * webcast, named eventline.joinLink.clicked), and where to send them.
   */
  async join(token: string): Promise<string> {
    const linkId = (await this.tokens()).verifyJoin(token);
    const link = linkId ? await this.directory.links.findById(linkId) : undefined;
    if (!link) throw CommunicationErrors.joinToken();
    // Erased with its attendee's contact (obfuscation): there is nowhere to send them.
    if (link.joinHref === '') throw CommunicationErrors.linkNotFound('The join link is no longer available');
    const now = iso(this.clock());
    const related = link.sessionId ?? link.eventId;
    await this.directory.activities.record({
      accountId: link.accountId, eventId: link.eventId, attendeeId: link.attendeeId, type: link.sessionId !== null ? 'session.external' : 'event.external',
      name: BUILT_IN_ACTIVITIES.joinLinkClicked, time: now,
      refs: { ...(link.sessionId !== null ? { sessionId: link.sessionId } : {}), dataId: related, externalDate: now },
      data: externalData(related, now, { attendeeLinkId: link.id, webcastId: link.webcastId }),
    });
    return link.joinHref;
  }

  /** The personal token of an attendee link (for the link's owner: join emails, the planner UI). */
  async tokenFor(linkId: string): Promise<string> {
    return (await this.tokens()).mint(linkId);
  }

  /** The token of one of the account's links, for the integration that hands links to attendees. */
  async linkToken(accountId: string, webcastId: string, linkId: string): Promise<{ id: string; token: string; joinUrl: string }> {
    const link = await this.directory.links.findById(linkId);
    if (!link || link.accountId !== accountId || link.webcastId !== webcastId) throw CommunicationErrors.linkNotFound();
    return { id: link.id, token: await this.tokenFor(link.id), joinUrl: await this.joinUrl(link.id) };
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

  /**
   * Writes the chat or Q&A row and its activity in one transaction. The
   * activity names the message by id: its text stays here, where erasure finds it.
   */
  private inTransaction(write: (trx: Transaction<Database>) => Promise<void>, s: Speaker, activity: { type: 'session.external' | 'session.questionAsked'; name?: string; time: string; data: ActivityData }): Promise<void> {
    return this.repo.transaction(async (trx) => {
      await write(trx);
      await this.directory.activities.record({
        accountId: s.accountId, eventId: s.eventId, attendeeId: s.attendeeId, type: activity.type, ...(activity.name !== undefined ? { name: activity.name } : {}),
        time: activity.time, data: activity.data,
        refs: { sessionId: s.sessionId, ...(activity.type === 'session.external' ? { dataId: s.sessionId, externalDate: activity.time } : {}) },
      }, trx);
    });
  }

  /** A built-in external activity of the session (chat, reactions, answers): `session.external` named `eventline.*`. */
  private builtIn(s: Speaker, name: string, time: string, fields: Record<string, string>) {
    return { type: 'session.external' as const, name, time, data: externalData(s.sessionId, time, fields) };
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
    await this.inTransaction((trx) => this.repo.insertChat(row, trx), s,
      this.builtIn(s, BUILT_IN_ACTIVITIES.chatMessagePosted, row.created, { messageId: row.id, ...(parent ? { parentMessageId: parent.id } : {}) }));
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
    await this.inTransaction(async () => undefined, s, this.builtIn(s, BUILT_IN_ACTIVITIES.chatReactionAdded, created, { messageId: target.id, reaction: type }));
    await this.captureChat(s, { actionType: 'reaction.created', message: { id: target.id, textHtml: target.text_html }, reaction: { type } });
    return { message: { id: target.id }, attendee: { id: s.attendeeId }, type, created };
  }

  async ask(token: string | undefined, sessionId: string, input: QuestionPost): Promise<QuestionOut> {
    const s = await this.speaker(token, sessionId);
    const now = iso(this.clock());
    const row: NewRow<'session_questions'> = {
      id: newId(), account_id: s.accountId, event_id: s.eventId, session_id: s.sessionId, attendee_id: s.attendeeId, text: input.text,
      anonymous: input.anonymous ? 1 : 0, status: 'open', answer: null, created: now, last_modified: now,
    };
    await this.inTransaction((trx) => this.repo.insertQuestion(row, trx), s, {
      type: 'session.questionAsked', time: now, data: { session: { id: s.sessionId }, question: { id: row.id }, anonymous: row.anonymous === 1 },
    });
    await this.captureQa(s, { actionType: 'question.asked', question: { id: row.id, text: row.text, status: row.status, anonymous: row.anonymous === 1 } });
    return toQuestion(row);
  }

  async answer(token: string | undefined, sessionId: string, questionId: string, answer: string): Promise<QuestionOut> {
    const s = await this.speaker(token, sessionId);
    const q = await this.repo.question(s.accountId, s.sessionId, questionId);
    if (!q) throw CommunicationErrors.questionNotFound();
    const now = iso(this.clock());
    await this.inTransaction((trx) => this.repo.answerQuestion(s.accountId, q.id, answer, now, trx), s,
      this.builtIn(s, BUILT_IN_ACTIVITIES.questionAnswered, now, { questionId: q.id }));
    await this.captureQa(s, { actionType: 'question.answered', question: { id: q.id, text: q.text, status: 'answered', anonymous: q.anonymous === 1, answer } });
    return toQuestion({ ...q, answer, status: 'answered', last_modified: now });
  }
}
