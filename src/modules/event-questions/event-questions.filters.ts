import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists (DESIGN rule 6).
const q = filterColumns('event_questions');
export const QUESTIONS_LIST = defineList<Row<'event_questions'>>({
  name: 'event-questions',
  filters: {
    'event.id': { ...q.field('event_id', 'uuid'), indexed: true },
    id: q.field('id', 'uuid'),
    code: q.field('code', 'string'),
    tag: q.field('tag', 'string'),
    ...q.audit(),
  },
  order: [{ column: 'event_questions.id', value: (r) => r.id }],
  window: 'event_questions.last_modified',
});

/** GET /event-questions/{id}/choices: `text (eq)`, combined with `or`; in the choices' order. */
export const choicesList = (questionId: string) => defineList<Row<'event_question_choices'>>({
  name: `event-question-choices:${questionId}`,
  filters: { text: filterColumns('event_question_choices').field('text', 'string', { ops: ['eq'] }) },
  order: [{ column: 'event_question_choices.sort_order', value: (r) => r.sort_order }, { column: 'event_question_choices.id', value: (r) => r.id }],
});
