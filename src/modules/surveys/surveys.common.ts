import { randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import type { Config } from '../../config/index.js';
import { jsonColumn } from '../../db/json.js';
import { listPage, type ListDefinition, type ListQuery, type ListSpec, type PageResult, type Paging } from '../../lists/index.js';
import type { ActivityReporter } from '../activities/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { ContactsService } from '../contacts/index.js';
import type { EventsService } from '../events/index.js';
import type { SessionsService } from '../sessions/index.js';
import { SurveyErrors } from './surveys.errors.js';
import type { SurveysRepository } from './surveys.repository.js';
import { AnswersSchema, QuestionDetailsSchema } from './surveys.schemas.js';
import type { Row } from '../../db/types.js';

// What the surveys module's two services share: what they use of other
// modules, the row readers, and the lookups that make another account's row a 404.

/** How the surveys module sends mail: the communications module's one mail path (outbox or SMTP, then the compliance archive). */
export interface SurveyMailer {
  deliver(accountId: string, m: {
    eventId: string | null; contactId: string | null; to: string; subject: string; text: string; html?: string; tags?: Record<string, string>;
    activity?: { attendeeId: string; emailType: string };
  }): Promise<string>;
}

export interface SurveysUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly attendees: Pick<AttendeesService, 'findInEvent' | 'get' | 'contactAttendeeIds'>;
  readonly contacts: Pick<ContactsService, 'find'>;
  readonly sessions: Pick<SessionsService, 'find'>;
  readonly activities: ActivityReporter;
  readonly mailer: SurveyMailer;
}

export const sessionsColumn = jsonColumn('surveys.sessions', Type.Array(Type.String()));
export const detailsColumn = jsonColumn('survey_questions.details', QuestionDetailsSchema);
export const answersColumn = jsonColumn('survey_responses.answers', AnswersSchema);

export const ref = (id: string | null | undefined) => (id ? { id } : undefined);
export const auditOf = (r: { created: string; created_by: string; last_modified: string; last_modified_by: string }) => ({
  created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
});
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function responseCode(): string {
  return [...randomBytes(10)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}
export const chapterStatus = (s: string) => (s === 'Complete Response' ? 'Complete' : s === 'Partial Response' ? 'In Progress' : 'Not Started');
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type List<T> = Promise<{ paging: Paging; data: T[] }>;

/** Finds the account's surveys, respondents, events and sessions; another account's (or another kind's) is a 404, a bad reference a 400. */
export class SurveyLookups {
  private readonly base: string;

  constructor(private readonly repo: SurveysRepository, private readonly uses: Pick<SurveysUses, 'events' | 'sessions'>, config: Pick<Config, 'publicUrl' | 'apiVersion'>) {
    this.base = `${config.publicUrl}/${config.apiVersion}`;
  }

  page<R, T>(def: ListDefinition<R>, query: ListQuery, fetch: (spec: ListSpec) => Promise<PageResult<R>>, map: (r: R) => T, path: string): List<T> {
    return listPage(def, query, fetch, map, `${this.base}${path}`);
  }

  async event(accountId: string, eventId: string): Promise<string> {
    const event = await this.uses.events.find(accountId, eventId.toLowerCase());
    if (!event) throw SurveyErrors.eventNotFound();
    return event.id;
  }

  async standalone(accountId: string, surveyId: string): Promise<Row<'surveys'>> {
    const s = await this.repo.findSurvey(accountId, surveyId.toLowerCase(), 'Standalone');
    if (!s) throw SurveyErrors.surveyNotFound();
    return s;
  }

  async eventSurvey(accountId: string, eventId: string, surveyId: string): Promise<Row<'surveys'>> {
    const id = await this.event(accountId, eventId);
    const s = await this.repo.findSurvey(accountId, surveyId.toLowerCase(), 'Event');
    if (!s || s.event_id !== id) throw SurveyErrors.surveyNotFound();
    return s;
  }

  async respondent(accountId: string, chapterId: string, respondentId: string): Promise<Row<'survey_respondents'>> {
    const r = await this.repo.findRespondent(accountId, chapterId, respondentId.toLowerCase());
    if (!r) throw SurveyErrors.respondentNotFound();
    return r;
  }

  /** A session of the event, or the 400 aimed at `target`. */
  async eventSession(accountId: string, eventId: string, sessionId: string, target: string): Promise<string> {
    const session = await this.uses.sessions.find(accountId, sessionId.toLowerCase());
    if (!session || session.event.id !== eventId) throw SurveyErrors.invalidSurvey(`${target} is not a session of the survey's event`, { target });
    return session.id;
  }
}
