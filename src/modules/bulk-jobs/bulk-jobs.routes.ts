import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { listQuerySchema, paginated } from '../../http/paging.js';
import { BULK_RESULT_FILTER_FIELDS, type BulkJobsService } from './bulk-jobs.service.js';
import {
  BulkDataBodySchema, BulkDataUploadResponseSchema, BulkIdParamsSchema, BulkJobInputSchema, BulkJobSchema, BulkJobWithDataSchema, BulkResultSchema,
} from './bulk-jobs.schemas.js';

const ResultsQuery = listQuerySchema();
const ResultsPage = paginated(BulkResultSchema, 'BulkResultsPaginationResponse');

export function bulkJobsRoutes(service: BulkJobsService, apiVersion: string) {
  return operations((op) => {
    op('createBulkJob', {
      description: 'Creates a PENDING bulk job, with or without its first data. Supported job type: contact obfuscation (url /contacts/{id}/obfuscate, operation POST, one record per contact with pathParams.id). Needs the contact-obfuscation feature and the contact read and write scopes.',
      body: BulkJobInputSchema, response: { 201: BulkJobWithDataSchema },
    }, async (request) => service.create(request.auth, request.body));

    op('uploadBulkJobData', { params: BulkIdParamsSchema, body: BulkDataBodySchema, response: { 200: BulkDataUploadResponseSchema } },
      async (request) => service.addData(request.auth, request.params.id, request.body.data));

    op('runBulkJob', {
      description: 'Queues the job (READY); a worker runs it (RUNNING) and records a result per record. 409 when the account already has its limit of READY or RUNNING jobs.',
      params: BulkIdParamsSchema, response: { 200: BulkJobSchema },
    }, async (request) => service.run(request.auth, request.params.id));

    op('getBulkJobById', { params: BulkIdParamsSchema, response: { 200: BulkJobSchema } }, async (request) => service.get(request.auth.accountId, request.params.id));

    op.list('listBulkJobResult', {
      description: 'The result of each processed record, in upload order.',
      params: BulkIdParamsSchema, query: ResultsQuery, page: ResultsPage, filterOperationId: null, filters: BULK_RESULT_FILTER_FIELDS,
      list: (auth, query, params) => service.results(auth.accountId, params.id, query, `/${apiVersion}/bulk-jobs/${params.id}/results`),
    });

    op('cancelBulkJob', {
      description: 'Cancels a job that has not finished; a running job stops after its current batch. Records already processed stay processed (obfuscation cannot be undone).',
      params: BulkIdParamsSchema, body: Type.Optional(Type.Unknown()), response: { 200: BulkJobSchema }, errors: [409],
    }, async (request) => service.cancel(request.auth, request.params.id));
  });
}
