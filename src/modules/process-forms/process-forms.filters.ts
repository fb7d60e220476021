import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

const s = filterColumns('process_form_submissions');
/** GET /process-forms/submissions: `event.id (eq)`, `process-form.id (eq)`, `status (eq)`; in the order they were submitted. */
export const SUBMISSIONS_LIST = defineList<Row<'process_form_submissions'>>({
  name: 'process-form-submissions',
  filters: {
    'event.id': s.field('event_id', 'uuid', { ops: ['eq'] }),
    'process-form.id': s.field('form_id', 'uuid', { ops: ['eq'] }),
    status: s.field('status', 'string', { ops: ['eq'] }),
  },
  order: [{ column: 'process_form_submissions.id', value: (r) => r.id }],
  window: 'process_form_submissions.last_modified',
  maxLimit: 20,
});
