import { operations } from '../../http/operations.js';
import { SUBMISSIONS_LIST } from './process-forms.filters.js';
import { FormInputSchema, FormSchema, SubmissionInputSchema, SubmissionPageSchema, SubmissionSchema, SubmissionsQuerySchema } from './process-forms.schemas.js';
import type { ProcessFormsService } from './process-forms.service.js';

const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only lists submissions.';

export function processFormsRoutes(forms: ProcessFormsService) {
  return operations((op) => {
    op.list('listProcessFormSubmission', {
      description: 'Process forms submitted for the account\'s events, in the order they were submitted, with each answered question\'s name and type; '
        + '`expand=process-form` adds the form\'s name. `after` / `before` bound lastModified. Note: the reference\'s item schema lists `"id, event"` and '
        + '`form` as required properties, which no submission of its own example carries; eventline answers the properties the schema describes.',
      query: SubmissionsQuerySchema, page: SubmissionPageSchema, filterOperationId: null, filters: SUBMISSIONS_LIST.filters,
      list: (auth, query) => forms.listSubmissions(auth.accountId, query),
    });
    op('createProcessForm', {
      description: `Creates a process form with its questions (the reference's question types; select questions with their choices). ${EXTENSION}`,
      body: FormInputSchema, response: { 201: FormSchema },
    }, async (request) => forms.createForm(request.auth, request.body));
    op('createProcessFormSubmission', {
      description: `Submits a process form for an event (status Submitted unless given); each answer names one of the form's questions. ${EXTENSION}`,
      body: SubmissionInputSchema, response: { 201: SubmissionSchema },
    }, async (request) => forms.submit(request.auth, request.body));
  });
}
