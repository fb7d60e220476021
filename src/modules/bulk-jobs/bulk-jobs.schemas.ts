import { Type, type Static } from 'typebox';

export const BULK_STATUSES = ['PENDING', 'READY', 'RUNNING', 'CANCELED', 'COMPLETED', 'FAILED'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];
const OPERATIONS = ['PUT', 'POST', 'PATCH', 'DELETE'] as const;
export type BulkOperation = (typeof OPERATIONS)[number];

const StringMap = Type.Record(Type.String(), Type.String({ maxLength: 2000 }));

export const BulkDataPropertySchema = Type.Object(
  {
    pathParams: Type.Optional(StringMap),
    queryParams: Type.Optional(StringMap),
    headers: Type.Optional(StringMap),
    dataRecord: Type.Record(Type.String(), Type.Object({}, { additionalProperties: true }), { title: 'BulkDataRecord' }),
  },
  { title: 'BulkDataProperty', additionalProperties: false },
);
export type BulkDataProperty = Static<typeof BulkDataPropertySchema>;

export const BulkDataListSchema = Type.Array(BulkDataPropertySchema, { maxItems: 1000, title: 'BulkDataLimitedList' });

const writable = {
  name: Type.String({ minLength: 1, maxLength: 200, description: 'Name of the bulk job' }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  url: Type.String({ minLength: 1, maxLength: 500, description: 'Destination operation path; supported: /contacts/{id}/obfuscate' }),
  operation: Type.Enum([...OPERATIONS], { type: 'string' }),
  mode: Type.String({ minLength: 1, maxLength: 50, description: 'Processing mode (recorded; records always run in upload order)' }),
  ttl: Type.Integer({ minimum: 1, maximum: 31_536_000, description: 'How long, in seconds, results are kept after the job finishes' }),
  headers: Type.Optional(StringMap),
  queryParams: Type.Optional(StringMap),
};

const readOnly = {
  id: Type.String({ format: 'uuid', readOnly: true }),
  started: Type.Optional(Type.String({ format: 'date-time', readOnly: true })),
  completed: Type.Optional(Type.String({ format: 'date-time', readOnly: true })),
  status: Type.Enum([...BULK_STATUSES], { type: 'string', readOnly: true }),
  totalRecords: Type.Integer({ readOnly: true }),
  successful: Type.Integer({ readOnly: true }),
  failed: Type.Integer({ readOnly: true }),
  created: Type.String({ format: 'date-time', readOnly: true }),
  createdBy: Type.String({ readOnly: true }),
  lastModified: Type.String({ format: 'date-time', readOnly: true }),
  lastModifiedBy: Type.String({ readOnly: true }),
};

// The reference requires name, mode and ttl but never defines them, so its own SDK cannot send
// them: on input they are optional, with the defaults below; answers always carry them.
export const BULK_JOB_DEFAULTS = { mode: 'sequential', ttlSeconds: 7 * 24 * 3600 } as const;
export const BulkJobInputSchema = Type.Object({
  ...writable,
  name: Type.Optional(Type.String({ ...writable.name, description: 'Name of the bulk job (default: the operation and the creation time)' })),
  mode: Type.Optional(Type.String({ ...writable.mode, description: `Processing mode (recorded; records always run in upload order; default '${BULK_JOB_DEFAULTS.mode}')` })),
  ttl: Type.Optional(Type.Integer({ ...writable.ttl, description: `How long, in seconds, results are kept after the job finishes (default ${BULK_JOB_DEFAULTS.ttlSeconds}, 7 days)` })),
  data: Type.Optional(BulkDataListSchema),
}, { title: 'BulkJobWithData' });
export type BulkJobInput = Static<typeof BulkJobInputSchema>;

export const BulkJobSchema = Type.Object({ ...writable, ...readOnly }, { title: 'BulkJob' });
export type BulkJob = Static<typeof BulkJobSchema>;

export const BulkJobWithDataSchema = Type.Object({ ...writable, ...readOnly, data: Type.Optional(BulkDataListSchema) }, { title: 'BulkJobWithData' });

export const BulkDataBodySchema = Type.Object({ data: BulkDataListSchema }, { title: 'BulkData' });
export const BulkDataUploadResponseSchema = Type.Object({ data: BulkDataListSchema, count: Type.Integer() }, { title: 'BulkDataUploadResponse' });

export const BulkResultSchema = Type.Object(
  {
    status: Type.Integer({ description: 'HTTP status the record got (202 obfuscated, 404 unknown contact)' }),
    data: BulkDataPropertySchema,
    message: Type.Optional(Type.String()),
    request: Type.Object(
      { method: Type.String(), url: Type.String(), response: Type.Object({}, { additionalProperties: true, description: 'The body the call answered with' }) },
      { description: 'The call made for the record and its response body' },
    ),
  },
  { title: 'BulkResult', additionalProperties: false },
);
export type BulkResult = Static<typeof BulkResultSchema>;

export const BulkIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid', description: 'Bulk job id' }) });
