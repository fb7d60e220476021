import { defineList, EQ_NE, filterColumns, RANGE, type ListDefinition } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators each reference list names (DESIGN rule 6), where eventline keeps
// the data; docs/surveys.md lists the few it does not (scores, chapters.*, sessions).
// Keyset on (created, id); `after` / `before` bound the last change.

const EQ = ['eq'] as const;
const byCreated = <R extends { created: string; id: string }>(table: string) =>
  [{ column: `${table}.created`, value: (r: R) => r.created }, { column: `${table}.id`, value: (r: R) => r.id }];
const list = <R extends { created: string; id: string }>(name: string, table: string, filters: ListDefinition<R>['filters'], window = true): ListDefinition<R> =>
  defineList<R>({ name, filters, order: byCreated<R>(table), ...(window ? { window: `${table}.last_modified` } : {}) });

const s = filterColumns('surveys');
export const SURVEYS_LIST = list<Row<'surveys'>>('surveys', 'surveys', { id: s.field('survey_id', 'uuid'), type: s.field('kind', 'string') });
export const STANDARD_SURVEYS_LIST = list<Row<'surveys'>>('standard-surveys', 'surveys', {
  status: s.field('status', 'string'), created: s.field('created', 'datetime', { ops: RANGE }), title: s.field('title', 'string', { ops: EQ_NE }),
  code: s.field('code', 'string', { ops: EQ_NE }),
});
export const EVENT_SURVEYS_LIST = list<Row<'surveys'>>('event-surveys', 'surveys', { id: s.field('id', 'uuid'), type: s.field('event_type', 'string') });

const q = filterColumns('survey_questions');
export const QUESTIONS_LIST = list<Row<'survey_questions'>>('survey-questions', 'survey_questions', {
  id: q.field('id', 'uuid'), 'survey.id': q.field('survey_id', 'uuid'), code: q.field('code', 'string'), type: q.field('type', 'string'),
  'chapter.id': q.field('chapter_id', 'uuid'), maxScore: q.field('max_score', 'number', { ops: RANGE }),
});
// A survey's questions in their order.
export const SURVEY_QUESTIONS_LIST = defineList<Row<'survey_questions'>>({
  name: 'chapter-questions', filters: {},
  order: [{ column: 'survey_questions.position', value: (r) => r.position }, { column: 'survey_questions.id', value: (r) => r.id }],
  window: 'survey_questions.last_modified',
});

const c = filterColumns('survey_large_choices');
export const LARGE_CHOICES_LIST = defineList<Row<'survey_large_choices'>>({
  name: 'large-choices', filters: { id: c.field('id', 'uuid'), 'question.id': c.field('question_id', 'uuid') },
  order: [{ column: 'survey_large_choices.question_id', value: (r) => r.question_id }, { column: 'survey_large_choices.position', value: (r) => r.position },
    { column: 'survey_large_choices.id', value: (r) => r.id }],
});

const r = filterColumns('survey_respondents');
export const RESPONDENTS_LIST = list<Row<'survey_respondents'>>('survey-respondents', 'survey_respondents', {
  id: r.field('id', 'uuid'), 'survey.id': r.field('survey_id', 'uuid'), 'event.id': r.field('event_id', 'uuid'), responseCode: r.field('response_code', 'string'),
});
export const CHAPTER_RESPONDENTS_LIST = list<Row<'survey_respondents'>>('chapter-respondents', 'survey_respondents', { id: r.field('id', 'uuid') });

const p = filterColumns('survey_responses');
const eventResponseFields = {
  id: p.field('id', 'uuid'), 'respondent.id': p.field('respondent_id', 'uuid'), 'session.id': p.field('session_id', 'uuid'),
  'speaker.id': p.field('speaker_id', 'uuid'), 'question.id': p.field('question_id', 'uuid'),
};
export const EVENT_RESPONSES_LIST = list<Row<'survey_responses'>>('event-survey-responses', 'survey_responses', eventResponseFields);
export const ALL_EVENT_RESPONSES_LIST = list<Row<'survey_responses'>>('all-event-survey-responses', 'survey_responses', { ...eventResponseFields, 'event.id': p.field('event_id', 'uuid') });
export const RESPONSES_LIST = list<Row<'survey_responses'>>('survey-responses', 'survey_responses', {
  id: p.field('id', 'uuid'), 'survey.id': p.field('survey_id', 'uuid', { ops: EQ }), 'respondent.id': p.field('respondent_id', 'uuid'),
  'event.id': p.field('event_id', 'uuid', { ops: EQ }), 'session.id': p.field('session_id', 'uuid', { ops: EQ }), 'question.id': p.field('question_id', 'uuid', { ops: EQ }),
  'chapter.id': p.field('chapter_id', 'uuid', { ops: EQ }), attempt: p.field('attempt', 'number', { ops: EQ }),
});
export const STANDARD_RESPONSES_LIST = list<Row<'survey_responses'>>('standard-survey-responses', 'survey_responses', {
  'survey.id': p.field('survey_id', 'uuid', { ops: EQ }), 'question.id': p.field('question_id', 'uuid', { ops: EQ }),
  'respondent.id': p.field('respondent_id', 'uuid', { ops: EQ }),
});

export const TEMPLATES_LIST = list<Row<'survey_email_templates'>>('survey-email-templates', 'survey_email_templates', {}, false);
