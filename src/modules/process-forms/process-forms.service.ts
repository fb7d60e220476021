import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { defineErrors } from '../../errors.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import { SUBMISSIONS_LIST } from './process-forms.filters.js';
import type { ProcessFormsRepository } from './process-forms.repository.js';
import type { Form, FormInput, Submission, SubmissionInput } from './process-forms.schemas.js';

export const ProcessFormErrors = defineErrors({
  notFound: { status: 404, message: 'Not found' },
  invalid: { status: 400, message: 'The request is not valid' },
});

export interface ProcessFormsUses {
  readonly events: { find(accountId: string, id: string, trx?: Transaction<Database>): Promise<{ id: string } | undefined> };
}

interface Question { id: string; name: string; type: string; choices?: string[] }
interface Answer { id: string; value: string[] }
const SELECT = new Set(['SingleSelect', 'MultiSelect']);

/** Process forms (the account's catalogue) and the forms submitted for events. */
export class ProcessFormsService {
  constructor(
    private readonly repo: ProcessFormsRepository,
    private readonly uses: ProcessFormsUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  /** Creates a process form; SingleSelect and MultiSelect questions need choices, others take none (400). */
  async createForm(auth: AuthContext, input: FormInput): Promise<Form> {
    const questions: Question[] = input.questions.map((q, i) => {
      if (SELECT.has(q.type) !== (q.choices !== undefined)) {
        throw ProcessFormErrors.invalid(SELECT.has(q.type) ? 'A select question needs choices' : 'Only select questions take choices', { target: `questions/${i}/choices` });
      }
      return { id: newId(), name: q.name, type: q.type, ...(q.choices !== undefined ? { choices: q.choices } : {}) };
    });
    const row: Row<'process_forms'> = { id: newId(), account_id: auth.accountId, name: input.name, questions: JSON.stringify(questions), ...auditStamp(auth, this.clock()).created };
    await this.repo.insertForm(row);
    return { id: row.id, name: row.name, questions };
  }

  private toApi(r: Row<'process_form_submissions'>, forms: Map<string, Row<'process_forms'>>, expand: boolean): Submission {
    const form = forms.get(r.form_id);
    const questions = new Map((form ? JSON.parse(form.questions) as Question[] : []).map((q) => [q.id, q]));
    return {
      id: r.id, event: { id: r.event_id }, 'process-form': { id: r.form_id, ...(expand && form ? { name: form.name } : {}) }, status: r.status,
      questions: (JSON.parse(r.answers) as Answer[]).map((a) => {
        const q = questions.get(a.id);
        return { id: a.id, ...(q ? { name: q.name, type: q.type } : {}), value: a.value };
      }),
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  async listSubmissions(accountId: string, query: ListQuery & { expand?: string[] }): Promise<{ paging: Paging; data: Submission[] }> {
    const page = await listPage(SUBMISSIONS_LIST, query, (spec) => this.repo.listSubmissions(accountId, spec), (r) => r,
      `${this.config.publicUrl}/${this.config.apiVersion}/process-forms/submissions`);
    const forms = new Map((await this.repo.forms(accountId, [...new Set(page.data.map((r) => r.form_id))])).map((f) => [f.id, f]));
    const expand = query.expand?.includes('process-form') === true;
    return { paging: page.paging, data: page.data.map((r) => this.toApi(r, forms, expand)) };
  }

  /** Submits a form for an event: each answer names one of the form's questions (once); a select question takes its choices (one for SingleSelect). */
  async submit(auth: AuthContext, input: SubmissionInput): Promise<Submission> {
    return this.repo.transaction(async (trx) => {
      const event = await this.uses.events.find(auth.accountId, input.event.id.toLowerCase(), trx);
      if (!event) throw ProcessFormErrors.notFound('Event not found', { target: 'event.id' });
      const form = await this.repo.findForm(auth.accountId, input['process-form'].id.toLowerCase(), trx);
      if (!form) throw ProcessFormErrors.notFound('Process form not found', { target: 'process-form.id' });
      const questions = new Map((JSON.parse(form.questions) as Question[]).map((q) => [q.id, q]));
      const seen = new Set<string>();
      const answers: Answer[] = input.questions.map((a, i) => {
        const id = a.id.toLowerCase();
        const q = questions.get(id);
        if (!q) throw ProcessFormErrors.invalid('Not a question of this form', { target: `questions/${i}/id` });
        if (seen.has(id)) throw ProcessFormErrors.invalid('The question is answered twice', { target: `questions/${i}/id` });
        seen.add(id);
        if (q.choices !== undefined) {
          const bad = a.value.find((v) => !q.choices?.includes(v));
          if (bad !== undefined) throw ProcessFormErrors.invalid(`'${bad}' is not one of the question's choices`, { target: `questions/${i}/value` });
          if (q.type === 'SingleSelect' && a.value.length > 1) throw ProcessFormErrors.invalid('A single-select question takes one value', { target: `questions/${i}/value` });
        }
        return { id, value: a.value };
      });
      const row: Row<'process_form_submissions'> = {
        id: newId(), account_id: auth.accountId, event_id: event.id, form_id: form.id, status: input.status ?? 'Submitted', answers: JSON.stringify(answers),
        ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insertSubmission(row, trx);
      return this.toApi(row, new Map([[form.id, form]]), false);
    });
  }
}
