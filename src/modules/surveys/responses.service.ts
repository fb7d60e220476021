import type { Transaction } from 'kysely';
import { actorName, type AuthContext } from '../../actor.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import type { Notifier } from '../../notifications.js';
import type { ListQuery } from '../../lists/index.js';
import type { ActivityType } from '../activities/index.js';
import { some } from '../mapping.js';
import { checkAnswers, type QuestionDefinition } from './surveys.answers.js';
import {
  answersColumn, auditOf, chapterStatus, detailsColumn, ref, responseCode, sessionsColumn, type List, type SurveyLookups, type SurveysUses,
} from './surveys.common.js';
import { SurveyErrors } from './surveys.errors.js';
import * as L from './surveys.filters.js';
import type { SurveysRepository } from './surveys.repository.js';
import type {
  Answer, EventRespondent, EventRespondentInput, EventResponse, EventResponseInput, QuestionType, Respondent, RespondentStatus, StandardRespondent,
  StandardRespondentInput, StandardResponse, StandardResponseInput, SurveyResponse,
} from './surveys.schemas.js';
import type { Row } from '../../db/types.js';

/**
 * Respondents and their responses. A response is checked against its question
 * before anything is stored; each is an activity of the respondent's attendee,
 * recorded in the same transaction.
 */
export class ResponsesService {
  constructor(
    private readonly repo: SurveysRepository,
    private readonly find: SurveyLookups,
    private readonly uses: SurveysUses,
    private readonly clock: Clock = systemClock,
    private readonly notifier?: Notifier,
  ) {}

  // Respondents.

  private chapters(r: Row<'survey_respondents'>) {
    return [{ id: r.chapter_id, status: chapterStatus(r.status) as 'Not Started' | 'In Progress' | 'Complete' }];
  }

  private respondentCommon(r: Row<'survey_respondents'>) {
    return {
      id: r.id, responseCode: r.response_code, ...some('localeId', r.locale_id), respondedThrough: r.responded_through as Respondent['respondedThrough'],
      ...some('referenceId', r.reference_id), ...some('sourceId', r.source_id), ...auditOf(r),
    };
  }

  private toEventRespondent = (r: Row<'survey_respondents'>): EventRespondent => ({
    ...this.respondentCommon(r), event: { id: r.event_id ?? '' }, ...some('attendee', ref(r.attendee_id)), ...some('contact', ref(r.contact_id)), surveys: this.chapters(r),
  });

  private toStandardRespondent = (r: Row<'survey_respondents'>): StandardRespondent => ({
    ...this.respondentCommon(r), ...some('contact', ref(r.contact_id)), status: r.status as RespondentStatus, unsubscribed: false,
    ...some('invitationList', ref(r.invitation_list_id)), chapters: this.chapters(r), ...some('transactionId', r.transaction_id),
    ...some('attendee', ref(r.attendee_id)),
  });

  private toRespondent = (r: Row<'survey_respondents'>): Respondent => ({
    ...this.respondentCommon(r), ...some('event', ref(r.event_id)), ...some('contact', ref(r.contact_id)), ...some('attendee', ref(r.attendee_id)),
    survey: { id: r.survey_id }, status: r.status as RespondentStatus, unsubscribed: false, chapters: this.chapters(r),
    ...some('invitationList', ref(r.invitation_list_id)), ...some('transactionId', r.transaction_id),
  });

  listRespondents(accountId: string, query: ListQuery): List<Respondent> {
    return this.find.page(L.RESPONDENTS_LIST, query, (spec) => this.repo.listRespondents(accountId, spec), this.toRespondent, '/respondents');
  }

  async listEventRespondents(accountId: string, eventId: string, surveyId: string, query: ListQuery): List<EventRespondent> {
    const s = await this.find.eventSurvey(accountId, eventId, surveyId);
    return this.find.page(L.CHAPTER_RESPONDENTS_LIST, query, (spec) => this.repo.listRespondents(accountId, spec, s.id), this.toEventRespondent,
      `/events/${s.event_id ?? ''}/surveys/${s.id}/respondents`);
  }

  async listStandardRespondents(accountId: string, surveyId: string, query: ListQuery): List<StandardRespondent> {
    const s = await this.find.standalone(accountId, surveyId);
    return this.find.page(L.CHAPTER_RESPONDENTS_LIST, query, (spec) => this.repo.listRespondents(accountId, spec, s.id), this.toStandardRespondent,
      `/standard-surveys/${s.id}/respondents`);
  }

  /** The attendee of the event who responds (400 naming attendee.id otherwise). */
  private async eventAttendee(accountId: string, eventId: string, attendeeId: string) {
    const a = await this.uses.attendees.findInEvent(accountId, eventId, attendeeId);
    if (!a) throw SurveyErrors.invalidRespondent('attendee.id is not an attendee of this event', { target: 'attendee.id' });
    return a;
  }

  async createEventRespondent(auth: AuthContext, eventId: string, surveyId: string, input: EventRespondentInput): Promise<EventRespondent> {
    const s = await this.find.eventSurvey(auth.accountId, eventId, surveyId);
    const evt = s.event_id ?? '';
    if (input.event && input.event.id.toLowerCase() !== evt) throw SurveyErrors.invalidRespondent('event.id must be the event of the path', { target: 'event.id' });
    const a = await this.eventAttendee(auth.accountId, evt, input.attendee.id);
    const now = iso(this.clock());
    const by = actorName(auth);
    const row: Row<'survey_respondents'> = {
      id: newId(), account_id: auth.accountId, chapter_id: s.id, survey_id: s.survey_id, event_id: evt, attendee_id: a.id, contact_id: a.contact.id ?? null,
      response_code: responseCode(), locale_id: input.localeId ?? null, responded_through: input.respondedThrough ?? 'Not Responded',
      reference_id: input.referenceId ?? null, source_id: input.sourceId ?? null, transaction_id: null, invitation_list_id: null, status: 'No Response',
      created: now, last_modified: now, created_by: by, last_modified_by: by,
    };
    await this.repo.insertRespondent(row);
    return this.toEventRespondent(row);
  }

  async updateEventRespondent(auth: AuthContext, eventId: string, surveyId: string, respondentId: string, input: EventRespondentInput): Promise<EventRespondent> {
    const s = await this.find.eventSurvey(auth.accountId, eventId, surveyId);
    const r = await this.find.respondent(auth.accountId, s.id, respondentId);
    if (input.event && input.event.id.toLowerCase() !== s.event_id) throw SurveyErrors.invalidRespondent('event.id must be the event of the path', { target: 'event.id' });
    if (input.attendee.id.toLowerCase() !== r.attendee_id) throw SurveyErrors.invalidRespondent('attendee.id cannot change: create another respondent', { target: 'attendee.id' });
    const patch = {
      locale_id: input.localeId ?? null, responded_through: input.respondedThrough ?? r.responded_through, reference_id: input.referenceId ?? null,
      source_id: input.sourceId ?? null, last_modified: iso(this.clock()), last_modified_by: actorName(auth),
    };
    await this.repo.updateRespondent(auth.accountId, r.id, patch);
    return this.toEventRespondent({ ...r, ...patch });
  }

  /** A standalone respondent's contact (400 if unknown or deleted) and, when given, its attendee (the extension). */
  private async standaloneWho(accountId: string, input: StandardRespondentInput) {
    const contact = await this.uses.contacts.find(accountId, input.contact.id);
    if (!contact || contact.deleted === true) throw SurveyErrors.invalidRespondent('contact.id is not a contact of the account', { target: 'contact.id' });
    if (!input.attendee) return { contactId: contact.id, attendeeId: null, eventId: null };
    let attendee;
    try {
      attendee = await this.uses.attendees.get(accountId, input.attendee.id);
    } catch {
      attendee = undefined;
    }
    if (!attendee || attendee.contact.id !== contact.id) throw SurveyErrors.invalidRespondent('attendee.id is not an attendee of this contact', { target: 'attendee.id' });
    return { contactId: contact.id, attendeeId: attendee.id, eventId: attendee.event.id };
  }

  async createStandardRespondent(auth: AuthContext, surveyId: string, input: StandardRespondentInput): Promise<StandardRespondent> {
    const s = await this.find.standalone(auth.accountId, surveyId);
    const who = await this.standaloneWho(auth.accountId, input);
    const now = iso(this.clock());
    const by = actorName(auth);
    const row: Row<'survey_respondents'> = {
      id: newId(), account_id: auth.accountId, chapter_id: s.id, survey_id: s.survey_id, event_id: who.eventId, attendee_id: who.attendeeId, contact_id: who.contactId,
      response_code: responseCode(), locale_id: input.localeId ?? null, responded_through: input.respondedThrough ?? 'Not Responded',
      reference_id: input.referenceId ?? null, source_id: input.sourceId ?? null, transaction_id: input.transactionId ?? null,
      invitation_list_id: input.invitationList?.id.toLowerCase() ?? null, status: input.status ?? 'No Response',
      created: now, last_modified: now, created_by: by, last_modified_by: by,
    };
    await this.repo.insertRespondent(row);
    return this.toStandardRespondent(row);
  }

  async updateStandardRespondent(auth: AuthContext, surveyId: string, respondentId: string, input: StandardRespondentInput): Promise<StandardRespondent> {
    const s = await this.find.standalone(auth.accountId, surveyId);
    const r = await this.find.respondent(auth.accountId, s.id, respondentId);
    const who = await this.standaloneWho(auth.accountId, input);
    const patch = {
      contact_id: who.contactId, attendee_id: who.attendeeId, event_id: who.eventId, locale_id: input.localeId ?? null,
      responded_through: input.respondedThrough ?? r.responded_through, reference_id: input.referenceId ?? null, source_id: input.sourceId ?? null,
      transaction_id: input.transactionId ?? null, invitation_list_id: input.invitationList?.id.toLowerCase() ?? null, status: input.status ?? r.status,
      last_modified: iso(this.clock()), last_modified_by: actorName(auth),
    };
    await this.repo.updateRespondent(auth.accountId, r.id, patch);
    return this.toStandardRespondent({ ...r, ...patch });
  }

  // Responses.

  private responseCommon(r: Row<'survey_responses'>) {
    return { id: r.id, respondent: { id: r.respondent_id }, question: { id: r.question_id }, answers: answersColumn(r.answers), ...auditOf(r) };
  }

  private toEventResponse = (r: Row<'survey_responses'>): EventResponse => ({
    ...this.responseCommon(r), event: { id: r.event_id ?? '' }, survey: { id: r.survey_id }, ...some('session', ref(r.session_id)), ...some('speaker', ref(r.speaker_id)),
  });

  private toStandardResponse = (r: Row<'survey_responses'>): StandardResponse => ({
    ...this.responseCommon(r), survey: { id: r.survey_id }, ...some('loopingChoice', ref(r.looping_choice_id)),
  });

  private toResponse = (r: Row<'survey_responses'>): SurveyResponse => ({
    ...this.responseCommon(r), ...some('event', ref(r.event_id)), ...some('session', ref(r.session_id)), chapter: { id: r.chapter_id }, survey: { id: r.survey_id },
    ...some('speaker', ref(r.speaker_id)), ...some('loopingChoice', ref(r.looping_choice_id)), attempt: r.attempt,
  });

  listResponses(accountId: string, query: ListQuery): List<SurveyResponse> {
    return this.find.page(L.RESPONSES_LIST, query, (spec) => this.repo.listResponses(accountId, spec), this.toResponse, '/responses');
  }

  listAllEventResponses(accountId: string, query: ListQuery): List<EventResponse> {
    return this.find.page(L.ALL_EVENT_RESPONSES_LIST, query, (spec) => this.repo.listResponses(accountId, spec, { kind: 'Event' }), this.toEventResponse, '/events/surveys/responses');
  }

  async listEventResponses(accountId: string, eventId: string, surveyId: string, query: ListQuery): List<EventResponse> {
    const s = await this.find.eventSurvey(accountId, eventId, surveyId);
    return this.find.page(L.EVENT_RESPONSES_LIST, query, (spec) => this.repo.listResponses(accountId, spec, { chapterId: s.id }), this.toEventResponse,
      `/events/${s.event_id ?? ''}/surveys/${s.id}/responses`);
  }

  listStandardResponses(accountId: string, query: ListQuery): List<StandardResponse> {
    return this.find.page(L.STANDARD_RESPONSES_LIST, query, (spec) => this.repo.listResponses(accountId, spec, { kind: 'Standalone' }), this.toStandardResponse,
      '/standard-surveys/responses');
  }

  /** The survey takes responses: Active, not past closeAfter. */
  private assertOpen(s: Row<'surveys'>): void {
    if (s.status !== 'Active') throw SurveyErrors.notOpen(`The survey is ${s.status}: only an Active survey takes responses`);
    if (s.close_after !== null && s.close_after <= iso(this.clock())) throw SurveyErrors.notOpen('The survey closed at its closeAfter time');
  }

  /** Checks the answers against the question (400 naming it); nothing is stored on a refusal. */
  private async checked(accountId: string, s: Row<'surveys'>, questionId: string, answers: readonly Answer[], trx: Transaction<Database>): Promise<Row<'survey_questions'>> {
    const qid = questionId.toLowerCase();
    const q = (await this.repo.questionsOf(accountId, s.id, trx)).find((x) => x.id === qid);
    if (!q) throw SurveyErrors.invalidResponse(`Question ${qid} is not a question of this survey`, { target: 'question.id' });
    const def: QuestionDefinition = { id: q.id, code: q.code, text: q.text, type: q.type as QuestionType, required: q.required === 1, details: detailsColumn(q.details) };
    const problem = await checkAnswers(def, answers, async (cid) => (await this.repo.findLargeChoice(accountId, q.id, cid, trx)) !== undefined);
    if (problem) throw SurveyErrors.invalidResponse(problem.message, { target: problem.target });
    return q;
  }

  /** After a response: the respondent responded through the API; Complete once every required question is answered. */
  private async progress(auth: AuthContext, s: Row<'surveys'>, r: Row<'survey_respondents'>, trx: Transaction<Database>): Promise<void> {
    const answered = await this.repo.answeredQuestions(auth.accountId, r.id, trx);
    const required = (await this.repo.questionsOf(auth.accountId, s.id, trx)).filter((q) => q.required === 1);
    const complete = required.every((q) => answered.has(q.id));
    await this.repo.updateRespondent(auth.accountId, r.id, {
      status: complete ? 'Complete Response' : 'Partial Response', responded_through: r.responded_through === 'Not Responded' ? 'API' : r.responded_through,
      last_modified: iso(this.clock()), last_modified_by: actorName(auth),
    }, trx);
  }

  /** Each response is an activity of the respondent's attendee, in the response's transaction (no attendee: none, see docs/surveys.md). */
  private async report(r: Row<'survey_respondents'>, row: Row<'survey_responses'>, trx: Transaction<Database>): Promise<void> {
    if (r.attendee_id === null || r.event_id === null) return;
    const survey = { id: row.survey_id, responseMethod: 'API' };
    let type: ActivityType = 'event.feedbackSubmitted';
    let data: Record<string, { id: string; responseMethod?: string }> = { event: { id: r.event_id }, survey };
    if (row.speaker_id) {
      type = 'speaker.feedbackSubmitted';
      data = { ...(row.session_id ? { session: { id: row.session_id } } : {}), speaker: { id: row.speaker_id }, survey };
    } else if (row.session_id) {
      type = 'session.feedbackSubmitted';
      data = { session: { id: row.session_id }, survey };
    }
    await this.uses.activities.record({
      accountId: row.account_id, eventId: r.event_id, attendeeId: r.attendee_id, type, time: row.last_modified,
      refs: { dataId: row.id, ...(row.session_id ? { sessionId: row.session_id } : {}), ...(row.speaker_id ? { speakerId: row.speaker_id } : {}) }, data,
    }, trx);
  }

  private async insertResponse(auth: AuthContext, s: Row<'surveys'>, r: Row<'survey_respondents'>, input: StandardResponseInput | EventResponseInput, extra: Partial<Row<'survey_responses'>>): Promise<Row<'survey_responses'>> {
    this.assertOpen(s);
    if (input.survey && input.survey.id.toLowerCase() !== s.id && input.survey.id.toLowerCase() !== s.survey_id) {
      throw SurveyErrors.invalidResponse('survey.id must be the survey of the path', { target: 'survey.id' });
    }
    return this.repo.transaction(async (trx) => {
      const q = await this.checked(auth.accountId, s, input.question.id, input.answers, trx);
      const now = iso(this.clock());
      const by = actorName(auth);
      const row: Row<'survey_responses'> = {
        id: newId(), account_id: auth.accountId, chapter_id: s.id, survey_id: s.survey_id, respondent_id: r.id, question_id: q.id, event_id: r.event_id,
        session_id: null, speaker_id: null, looping_choice_id: null, attempt: (await this.repo.attempts(auth.accountId, r.id, q.id, trx)) + 1,
        answers: JSON.stringify(normalizeAnswers(input.answers)), created: now, last_modified: now, created_by: by, last_modified_by: by, ...extra,
      };
      await this.repo.insertResponse(row, trx);
      await this.progress(auth, s, r, trx);
      await this.report(r, row, trx);
      await this.notifier?.notify(trx, auth.accountId, 'survey_response.received', s.event_id !== null ? this.toEventResponse(row) : this.toStandardResponse(row));
      return row;
    });
  }

  async createEventResponse(auth: AuthContext, eventId: string, surveyId: string, respondentId: string, input: EventResponseInput): Promise<EventResponse> {
    const s = await this.find.eventSurvey(auth.accountId, eventId, surveyId);
    const r = await this.find.respondent(auth.accountId, s.id, respondentId);
    if (input.event && input.event.id.toLowerCase() !== s.event_id) throw SurveyErrors.invalidResponse('event.id must be the event of the path', { target: 'event.id' });
    const sessions = sessionsColumn(s.sessions);
    const sessionId = input.session ? await this.find.eventSession(auth.accountId, s.event_id ?? '', input.session.id, 'session.id') : null;
    if (sessionId && sessions.length > 0 && !sessions.includes(sessionId)) {
      throw SurveyErrors.invalidResponse('session.id is not one of the survey\'s sessions', { target: 'session.id' });
    }
    const row = await this.insertResponse(auth, s, r, input, { session_id: sessionId, speaker_id: input.speaker?.id.toLowerCase() ?? null });
    return this.toEventResponse(row);
  }

  async createStandardResponse(auth: AuthContext, surveyId: string, respondentId: string, input: StandardResponseInput): Promise<StandardResponse> {
    const s = await this.find.standalone(auth.accountId, surveyId);
    const r = await this.find.respondent(auth.accountId, s.id, respondentId);
    const row = await this.insertResponse(auth, s, r, input, { looping_choice_id: input.loopingChoice?.id.toLowerCase() ?? null });
    return this.toStandardResponse(row);
  }

  /** Replaces the answers of a response (same checks); the question cannot change. Also an activity. */
  async updateStandardResponse(auth: AuthContext, surveyId: string, respondentId: string, responseId: string, input: StandardResponseInput): Promise<StandardResponse> {
    const s = await this.find.standalone(auth.accountId, surveyId);
    const r = await this.find.respondent(auth.accountId, s.id, respondentId);
    const existing = await this.repo.findResponse(auth.accountId, r.id, responseId.toLowerCase());
    if (!existing) throw SurveyErrors.responseNotFound();
    if (input.question.id.toLowerCase() !== existing.question_id) throw SurveyErrors.invalidResponse('question.id cannot change: create another response', { target: 'question.id' });
    this.assertOpen(s);
    const row = await this.repo.transaction(async (trx) => {
      await this.checked(auth.accountId, s, input.question.id, input.answers, trx);
      const patch = {
        answers: JSON.stringify(normalizeAnswers(input.answers)), looping_choice_id: input.loopingChoice?.id.toLowerCase() ?? existing.looping_choice_id,
        last_modified: iso(this.clock()), last_modified_by: actorName(auth),
      };
      await this.repo.updateResponse(auth.accountId, existing.id, patch, trx);
      const updated = { ...existing, ...patch };
      await this.progress(auth, s, r, trx);
      await this.report(r, updated, trx);
      return updated;
    });
    return this.toStandardResponse(row);
  }

  /** A contact merge (issue 30, contact-history module): the merged contact's rows become the survivor's, in the merge's transaction. */
  moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], trx: Transaction<Database>): Promise<void> {
    return this.repo.moveContact(accountId, fromId, toId, keptAttendees, trx);
  }
}

/** Ids in lower case, so stored answers compare with the question's ids. */
function normalizeAnswers(answers: readonly Answer[]): Answer[] {
  const low = (x: { id: string } | undefined) => (x ? { id: x.id.toLowerCase() } : undefined);
  return answers.map((a) => ({
    type: a.type, ...some('value', a.value), ...some('choice', low(a.choice)), ...some('category', low(a.category)), ...some('subCategory', low(a.subCategory)),
    ...some('field', low(a.field)),
  }));
}
