import { actorName, type AuthContext } from '../../actor.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import type { ListQuery, Paging } from '../../lists/index.js';
import { some } from '../mapping.js';
import { auditOf, detailsColumn, escapeHtml, sessionsColumn, type List, type SurveyLookups, type SurveysUses } from './surveys.common.js';
import { SurveyErrors } from './surveys.errors.js';
import * as L from './surveys.filters.js';
import type { SurveysRepository } from './surveys.repository.js';
import type {
  EmailTemplate, EmailTemplateInput, EventQuestion, EventSurvey, EventSurveyInput, LargeChoice, Question, QuestionDetails, QuestionInput, QuestionType,
  SendEmailResponse, StandardSurvey, StandardSurveyInput, Survey,
} from './surveys.schemas.js';
import type { SurveyKind } from './surveys.table.js';
import type { Row } from '../../db/types.js';

/**
 * Survey definitions: event and standalone surveys, their questions and large
 * choices (created by eventline extensions, read per the reference), and the
 * standalone surveys' email templates and invitations.
 */
export class SurveysService {
  constructor(
    private readonly repo: SurveysRepository,
    private readonly find: SurveyLookups,
    private readonly uses: SurveysUses,
    private readonly clock: Clock = systemClock,
  ) {}

  // Surveys.

  private async withCounts<T>(accountId: string, result: { paging: Paging; data: Row<'surveys'>[] }, map: (r: Row<'surveys'>, count: number) => T) {
    const counts = await this.repo.responseCounts(accountId, result.data.map((r) => r.id));
    return { paging: result.paging, data: result.data.map((r) => map(r, counts.get(r.id) ?? 0)) };
  }

  async listSurveys(accountId: string, query: ListQuery): List<Survey> {
    const page = await this.find.page(L.SURVEYS_LIST, query, (spec) => this.repo.listSurveys(accountId, spec), (r) => r, '/surveys');
    return this.withCounts(accountId, page, (r, n) => ({
      id: r.survey_id, title: r.title, ...some('code', r.code), ...some('timezone', r.timezone), ...some('description', r.description), ...some('closeAfter', r.close_after),
      responseCount: n, status: r.status as Survey['status'], type: r.kind, ...some('activateDate', r.activate_date),
      events: r.event_id ? [{ id: r.event_id }] : [], ...auditOf(r),
    }));
  }

  private toStandard(r: Row<'surveys'>, n: number): StandardSurvey {
    return {
      id: r.id, title: r.title, ...some('code', r.code), ...some('timezone', r.timezone), ...some('description', r.description), ...some('closeAfter', r.close_after),
      responseCount: n, status: r.status as StandardSurvey['status'], ...some('archiveAfter', r.archive_after), ...auditOf(r),
    };
  }

  private toEventSurvey(r: Row<'surveys'>): EventSurvey {
    return {
      id: r.id, parentId: r.survey_id, title: r.title, ...some('code', r.code), ...some('timezone', r.timezone), ...some('description', r.description),
      ...some('closeAfter', r.close_after), type: (r.event_type ?? 'Event Feedback') as EventSurvey['type'],
      ...some('availableTo', r.available_to as EventSurvey['availableTo']), ...some('audienceType', r.audience_type as EventSurvey['audienceType']),
      ...some('sessionMatch', r.session_match as EventSurvey['sessionMatch']), sessions: sessionsColumn(r.sessions), ...auditOf(r),
    };
  }

  async listStandardSurveys(accountId: string, query: ListQuery): List<StandardSurvey> {
    const page = await this.find.page(L.STANDARD_SURVEYS_LIST, query, (spec) => this.repo.listSurveys(accountId, spec, { kind: 'Standalone' }), (r) => r, '/standard-surveys');
    return this.withCounts(accountId, page, (r, n) => this.toStandard(r, n));
  }

  async listEventSurveys(accountId: string, eventId: string, query: ListQuery): List<EventSurvey> {
    const id = await this.find.event(accountId, eventId);
    return this.find.page(L.EVENT_SURVEYS_LIST, query, (spec) => this.repo.listSurveys(accountId, spec, { kind: 'Event', eventId: id }), (r) => this.toEventSurvey(r),
      `/events/${id}/surveys`);
  }

  private newSurvey(auth: AuthContext, kind: SurveyKind, input: StandardSurveyInput | EventSurveyInput) {
    const now = iso(this.clock());
    const id = newId();
    const by = actorName(auth);
    return {
      id, account_id: auth.accountId, survey_id: kind === 'Standalone' ? id : newId(), kind, title: input.title, code: input.code ?? null,
      description: input.description ?? null, timezone: input.timezone ?? null, status: input.status ?? 'Active',
      close_after: input.closeAfter ? new Date(input.closeAfter).toISOString() : null, activate_date: null,
      created: now, last_modified: now, created_by: by, last_modified_by: by,
    };
  }

  /** eventline extension: POST /standard-surveys. */
  async createStandardSurvey(auth: AuthContext, input: StandardSurveyInput): Promise<StandardSurvey> {
    const row = {
      ...this.newSurvey(auth, 'Standalone', input), event_id: null, event_type: null, available_to: null, audience_type: null, session_match: null, sessions: '[]',
      archive_after: input.archiveAfter ? new Date(input.archiveAfter).toISOString() : null,
    };
    await this.repo.insertSurvey(row);
    return this.toStandard(row, 0);
  }

  /** eventline extension: POST /events/{id}/surveys. */
  async createEventSurvey(auth: AuthContext, eventId: string, input: EventSurveyInput): Promise<EventSurvey> {
    const id = await this.find.event(auth.accountId, eventId);
    const sessions: string[] = [];
    for (const [i, sessionId] of (input.sessions ?? []).entries()) sessions.push(await this.find.eventSession(auth.accountId, id, sessionId, `sessions[${i}]`));
    const row = {
      ...this.newSurvey(auth, 'Event', input), event_id: id, event_type: input.type ?? 'Event Feedback', available_to: input.availableTo ?? null,
      audience_type: input.audienceType ?? null, session_match: input.sessionMatch ?? (input.sessions?.length ? 'Only certain sessions' : null),
      sessions: JSON.stringify(sessions), archive_after: null,
    };
    await this.repo.insertSurvey(row);
    return this.toEventSurvey(row);
  }

  // Questions.

  private questionParts(r: Row<'survey_questions'>) {
    const d = detailsColumn(r.details);
    return {
      id: r.id, text: r.text, ...some('shortText', r.short_text), ...some('htmlText', r.html_text), ...some('code', r.code), type: r.type as QuestionType,
      ...d, required: r.required === 1, ...some('maxScore', r.max_score), ...auditOf(r),
    };
  }

  private toQuestion = (r: Row<'survey_questions'>): Question => ({ ...this.questionParts(r), survey: { id: r.survey_id }, chapter: { id: r.chapter_id } });
  private toEventQuestion = (r: Row<'survey_questions'>): EventQuestion => ({ ...this.questionParts(r), survey: { id: r.survey_id }, event: { id: r.event_id ?? '' } });

  listQuestions(accountId: string, query: ListQuery): List<Question> {
    return this.find.page(L.QUESTIONS_LIST, query, (spec) => this.repo.listQuestions(accountId, spec), this.toQuestion, '/questions');
  }

  async listStandardQuestions(accountId: string, surveyId: string, query: ListQuery): List<Question> {
    const s = await this.find.standalone(accountId, surveyId);
    return this.find.page(L.SURVEY_QUESTIONS_LIST, query, (spec) => this.repo.listQuestions(accountId, spec, s.id), this.toQuestion, `/standard-surveys/${s.id}/questions`);
  }

  async listEventQuestions(accountId: string, eventId: string, surveyId: string, query: ListQuery): List<EventQuestion> {
    const s = await this.find.eventSurvey(accountId, eventId, surveyId);
    return this.find.page(L.SURVEY_QUESTIONS_LIST, query, (spec) => this.repo.listQuestions(accountId, spec, s.id), this.toEventQuestion,
      `/events/${s.event_id ?? ''}/surveys/${s.id}/questions`);
  }

  listLargeChoices(accountId: string, query: ListQuery): List<LargeChoice> {
    return this.find.page(L.LARGE_CHOICES_LIST, query, (spec) => this.repo.listLargeChoices(accountId, spec),
      (r: Row<'survey_large_choices'>) => ({ id: r.id, text: r.text, question: { id: r.question_id } }), '/large-choices');
  }

  /** eventline extension: adds a question to a survey; ids of its choices, categories and fields are made here. */
  async createStandardQuestion(auth: AuthContext, surveyId: string, input: QuestionInput): Promise<Question> {
    const s = await this.find.standalone(auth.accountId, surveyId);
    return this.toQuestion(await this.createQuestion(auth, s, input));
  }

  async createEventQuestion(auth: AuthContext, eventId: string, surveyId: string, input: QuestionInput): Promise<EventQuestion> {
    const s = await this.find.eventSurvey(auth.accountId, eventId, surveyId);
    return this.toEventQuestion(await this.createQuestion(auth, s, input));
  }

  private async createQuestion(auth: AuthContext, s: Row<'surveys'>, input: QuestionInput): Promise<Row<'survey_questions'>> {
    const details = questionDetails(input);
    const now = iso(this.clock());
    const by = actorName(auth);
    const id = newId();
    const large = (input.largeChoices ?? []).map((text, i) => ({ id: newId(), account_id: auth.accountId, question_id: id, position: i + 1, text, created: now }));
    return this.repo.transaction(async (trx) => {
      const row: Row<'survey_questions'> = {
        id, account_id: auth.accountId, chapter_id: s.id, survey_id: s.survey_id, event_id: s.event_id, position: await this.repo.nextPosition(auth.accountId, s.id, trx),
        code: input.code ?? null, type: input.type, text: input.text, short_text: input.shortText ?? null, html_text: input.htmlText ?? null,
        required: input.required === true ? 1 : 0, max_score: input.maxScore ?? null, details: JSON.stringify(details),
        created: now, last_modified: now, created_by: by, last_modified_by: by,
      };
      await this.repo.insertQuestion(row, large, trx);
      return row;
    });
  }

  // Email templates and invitations.

  private toTemplate = (r: Row<'survey_email_templates'>): EmailTemplate => ({
    id: r.id, name: r.name, subject: r.subject, ...some('fromName', r.from_name), ...some('fromEmail', r.from_email), plaintextBody: r.plaintext_body,
    ...some('htmlBody', r.html_body), ...some('locale', r.locale), clickTrackingEnabled: r.click_tracking === 1, ...some('replyToName', r.reply_to_name),
    ...some('replyToEmail', r.reply_to_email), active: r.active === 1, ...auditOf(r),
  });

  async listTemplates(accountId: string, surveyId: string, query: ListQuery): List<EmailTemplate> {
    const s = await this.find.standalone(accountId, surveyId);
    return this.find.page(L.TEMPLATES_LIST, query, (spec) => this.repo.listTemplates(accountId, s.id, spec), this.toTemplate, `/standard-surveys/${s.id}/email-templates`);
  }

  /** eventline extension: POST /standard-surveys/{surveyId}/email-templates. */
  async createTemplate(auth: AuthContext, surveyId: string, input: EmailTemplateInput): Promise<EmailTemplate> {
    const s = await this.find.standalone(auth.accountId, surveyId);
    const now = iso(this.clock());
    const by = actorName(auth);
    const row: Row<'survey_email_templates'> = {
      id: newId(), account_id: auth.accountId, survey_id: s.id, name: input.name, subject: input.subject, from_name: input.fromName ?? null,
      from_email: input.fromEmail ?? null, plaintext_body: input.plaintextBody, html_body: input.htmlBody ?? null, locale: input.locale ?? null,
      click_tracking: input.clickTrackingEnabled === true ? 1 : 0, reply_to_name: input.replyToName ?? null, reply_to_email: input.replyToEmail ?? null,
      active: input.active === false ? 0 : 1, created: now, last_modified: now, created_by: by, last_modified_by: by,
    };
    await this.repo.insertTemplate(row);
    return this.toTemplate(row);
  }

  /**
   * Sends the template to the respondent's contact through the platform's mail
   * path: the outbox or the SMTP relay, then the compliance archive when the
   * account keeps emails. A respondent linked to an attendee also gets an
   * email.sent activity.
   */
  async sendEmail(auth: AuthContext, surveyId: string, respondentId: string, templateId: string): Promise<SendEmailResponse> {
    const s = await this.find.standalone(auth.accountId, surveyId);
    const r = await this.find.respondent(auth.accountId, s.id, respondentId);
    const t = await this.repo.findTemplate(auth.accountId, s.id, templateId.toLowerCase());
    if (!t) throw SurveyErrors.templateNotFound();
    if (t.active !== 1) throw SurveyErrors.cannotSend('The email template is not active', { target: 'emailTemplateId' });
    if (s.status !== 'Active') throw SurveyErrors.cannotSend(`The survey is ${s.status}: only an Active survey is sent`);
    const contact = r.contact_id ? await this.uses.contacts.find(auth.accountId, r.contact_id) : undefined;
    if (!contact || contact.deleted === true || !contact.email) throw SurveyErrors.cannotSend('The respondent has no contact with an email address', { target: 'respondentId' });
    const values: Record<string, string> = { surveyTitle: s.title, responseCode: r.response_code, firstName: contact.firstName ?? '', lastName: contact.lastName ?? '' };
    const fill = (text: string, escape: (v: string) => string) => text.replace(/\{\{\s*(surveyTitle|responseCode|firstName|lastName)\s*\}\}/g, (_m, k: string) => escape(values[k] ?? ''));
    const same = (v: string) => v;
    await this.uses.mailer.deliver(auth.accountId, {
      eventId: r.event_id, contactId: contact.id, to: contact.email, subject: fill(t.subject, same), text: fill(t.plaintext_body, same),
      ...(t.html_body !== null ? { html: fill(t.html_body, escapeHtml) } : {}),
      tags: { surveyId: s.id, respondentId: r.id, emailTemplateId: t.id },
      ...(r.attendee_id !== null && r.event_id !== null ? { activity: { attendeeId: r.attendee_id, emailType: 'Survey Email' } } : {}),
    });
    if (r.status === 'No Response') {
      await this.repo.updateRespondent(auth.accountId, r.id, { status: 'Preloaded', last_modified: iso(this.clock()), last_modified_by: actorName(auth) });
    }
    return { survey: { id: s.id }, respondent: { id: r.id }, emailTemplate: { id: t.id } };
  }
}

const CHOICE_QUESTIONS: ReadonlySet<string> = new Set(['SingleChoice', 'MultiChoice', 'NetPromoter', 'Rating', 'RankOrder', 'NumberAllocation']);
const MATRIX_QUESTIONS: ReadonlySet<string> = new Set(['MatrixSingleChoice', 'MatrixMultiChoice', 'MatrixSideBySide', 'MatrixSpreadSheet', 'MatrixRating']);

/** The stored parts of a new question, with their ids; a definition its type cannot use is a 400 naming the part. */
export function questionDetails(input: QuestionInput): QuestionDetails {
  const bad = (message: string, target: string) => SurveyErrors.invalidQuestion(message, { target });
  const t = input.type;
  const withIds = <T extends object>(xs: readonly T[] | undefined) => xs?.map((x) => ({ id: newId(), ...x }));
  if ((CHOICE_QUESTIONS.has(t) || MATRIX_QUESTIONS.has(t)) && t !== 'MatrixSpreadSheet' && !(input.choices?.length)) throw bad(`A ${t} question needs choices`, 'choices');
  if (MATRIX_QUESTIONS.has(t) && !(input.categories?.length)) throw bad(`A ${t} question needs categories`, 'categories');
  if (t === 'MatrixSideBySide' && !(input.subCategories?.length)) throw bad('A MatrixSideBySide question needs subCategories', 'subCategories');
  if (t === 'Form' && !(input.fields?.length)) throw bad('A Form question needs fields', 'fields');
  if (t === 'LargeChoices' && !(input.largeChoices?.length)) throw bad('A LargeChoices question needs largeChoices', 'largeChoices');
  if (t !== 'LargeChoices' && input.largeChoices !== undefined) throw bad('largeChoices are for a LargeChoices question', 'largeChoices');
  if (t !== 'NumberAllocation' && input.totalSum !== undefined) throw bad('totalSum is for a NumberAllocation question', 'totalSum');
  for (const [i, f] of (input.fields ?? []).entries()) {
    if ((f.type === 'SingleChoice' || f.type === 'MultiChoice') && !(f.choices?.length)) throw bad(`A ${f.type} field needs choices`, `fields[${i}].choices`);
  }
  return {
    ...some('choices', withIds(input.choices)),
    ...some('categories', input.categories?.map((c) => ({ id: newId(), text: c.text, ...some('shortText', c.shortText), required: c.required === true }))),
    ...some('subCategories', withIds(input.subCategories)),
    ...some('notApplicableAnswer', input.notApplicableAnswer), ...some('otherAnswer', input.otherAnswer), ...some('comments', input.comments),
    ...some('fields', input.fields?.map((f) => ({
      id: newId(), text: f.text, ...some('shortText', f.shortText), type: f.type, ...some('choices', withIds(f.choices)),
      ...some('notApplicableAnswer', f.notApplicableAnswer), ...some('otherAnswer', f.otherAnswer), required: f.required === true,
    }))),
    ...some('totalSum', input.totalSum),
  };
}
