import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { listQuerySchema, paginated } from '../../http/paging.js';
import type { BulkJobsService } from './bulk-jobs.service.js';
import {
  BulkDataBodySchema, BulkDataUploadResponseSchema, BulkIdParamsSchema, BulkJobInputSchema, BulkJobSchema, BulkJobWithDataSchema, BulkResultSchema,
} from './bulk-jobs.schemas.js';

const tags = ['Bulk'];
const read = oauth('bulk/bulk-jobs:read');
const write = oauth('bulk/bulk-jobs:write');
const ResultsQuery = listQuerySchema();
const ResultsPage = paginated(BulkResultSchema, 'BulkResultsPaginationResponse');

export function bulkJobsRoutes(service: BulkJobsService, apiVersion: string) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();

    app.post('/bulk-jobs', {
      schema: {
        tags, operationId: 'createBulkJob', summary: 'Create Bulk Job', security: write,
        description: 'Creates a PENDING bulk job, with or without its first data. Supported job type: contact obfuscation (url /contacts/{id}/obfuscate, operation POST, one record per contact with pathParams.id). Needs the contact-obfuscation feature and the contact read and write scopes.',
        body: BulkJobInputSchema, response: { 201: BulkJobWithDataSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await service.create(requireAuth(request), request.body)));

    app.post('/bulk-jobs/:id/data', {
      schema: {
        tags, operationId: 'uploadBulkJobData', summary: 'Upload Bulk Job Data', security: write,
        params: BulkIdParamsSchema, body: BulkDataBodySchema, response: { 200: BulkDataUploadResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request) => service.addData(requireAuth(request), request.params.id, request.body.data));

    app.post('/bulk-jobs/:id/run', {
      schema: {
        tags, operationId: 'runBulkJob', summary: 'Run Bulk Job', security: write,
        description: 'Queues the job (READY); a worker runs it (RUNNING) and records a result per record. 409 when the account already has its limit of READY or RUNNING jobs.',
        params: BulkIdParamsSchema, response: { 200: BulkJobSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request) => service.run(requireAuth(request), request.params.id));

    app.get('/bulk-jobs/:id', {
      schema: {
        tags, operationId: 'getBulkJobById', summary: 'Get Bulk Job', security: read,
        params: BulkIdParamsSchema, response: { 200: BulkJobSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => service.get(requireAuth(request).accountId, request.params.id));

    app.get('/bulk-jobs/:id/results', {
      schema: {
        tags, operationId: 'listBulkJobResult', summary: 'List Bulk Job Result', security: read,
        description: 'The result of each processed record, in upload order. No filterable fields.',
        params: BulkIdParamsSchema, querystring: ResultsQuery, response: { 200: ResultsPage, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => service.results(requireAuth(request).accountId, request.params.id, request.query, `/${apiVersion}/bulk-jobs/${request.params.id}/results`));

    app.post('/bulk-jobs/:id/cancel', {
      schema: {
        tags, operationId: 'cancelBulkJob', summary: 'Cancel Bulk Job', security: write,
        description: 'Cancels a job that has not finished; a running job stops after its current batch. Records already processed stay processed (obfuscation cannot be undone).',
        params: BulkIdParamsSchema, body: Type.Optional(Type.Unknown()), response: { 200: BulkJobSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    }, async (request) => service.cancel(requireAuth(request), request.params.id));
  };
}
