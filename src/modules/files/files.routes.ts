import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../errors.js';
import { operations } from '../../http/operations.js';
import { SERVED_TYPES, isWebImage } from './files.content.js';
import { FileErrors } from './files.errors.js';
import { ContentQuerySchema, FileParamsSchema, FileUploadSchema, FileWithAuditSchema } from './files.schemas.js';
import type { FilesService, UploadPart } from './files.service.js';

// What a form may hold besides the file: a few short fields.
const FORM_LIMITS = { files: 1, fields: 4, parts: 5, fieldNameSize: 100, fieldSize: 1024, headerPairs: 50 };

/** @fastify/multipart's errors (by code) as the contract's 4xx: a malformed or over-full form is the client's. */
function formError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const code = err !== null && typeof err === 'object' && 'code' in err ? err.code : undefined;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return FileErrors.badForm('Send one file per upload', { target: 'file' });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return FileErrors.badForm(`The form has too many parts: at most ${FORM_LIMITS.fields} fields and one file`);
    case 'FST_PROTO_VIOLATION':
      return FileErrors.badForm('A form field name is not allowed');
    case 'FST_REQ_FILE_TOO_LARGE':
      return FileErrors.tooLarge(undefined, { target: 'file' });
    default:
      return FileErrors.badBody();
  }
}

/** The request's form as the service reads it: fields and the file, in order, with the plugin's errors mapped. */
async function* formParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  const parts = request.parts();
  for (;;) {
    let next: Awaited<ReturnType<typeof parts.next>>;
    try {
      next = await parts.next();
    } catch (err) {
      throw formError(err);
    }
    if (next.done) return;
    const part = next.value;
    if (part.type === 'file') {
      yield { kind: 'file', name: part.fieldname, filename: part.filename, mimetype: part.mimetype, stream: part.file };
    } else {
      if (part.valueTruncated || part.fieldnameTruncated) throw FileErrors.badForm(`The form field '${part.fieldname}' is too long`, { target: part.fieldname });
      yield { kind: 'field', name: part.fieldname, value: typeof part.value === 'string' ? part.value : JSON.stringify(part.value) };
    }
  }
}

/** `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266): an ASCII stand-in and the real name. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function filesRoutes(files: FilesService) {
  return operations(async (op) => {
    // Registered here, so multipart bodies are parsed for these routes only. File
    // parts stream (nothing is buffered or written to a temporary file by the plugin).
    // The size limit is enforced by the service as bytes arrive; busboy's own limit
    // sits one byte above it as a second guard.
    await op.app.register(multipart, { limits: { ...FORM_LIMITS, fileSize: files.maxBytes + 1 }, throwFileSizeLimit: false });
    // Any other body type here: a 415 that names the one that works (JSON bodies reach the handler, which says the same).
    op.app.addContentTypeParser('*', (_request, _payload, done) => {
      done(FileErrors.notMultipart(), undefined);
    });

    op('uploadFile', {
      description: 'Uploads a file and returns a unique ID to identify the file, and `path.href`, a signed URL of its bytes valid for a limited time '
        + '(1 hour by default). The file must be at most 10 MiB (FILES_MAX_BYTES). The type is read from the content (magic bytes) and must be one of '
        + 'the allowed types; the file name\'s extension and an image/* part Content-Type must agree with it, and an image\'s header must be readable. '
        + 'The file ID can be used with other APIs to associate the file with an entity. Unassociated files expire within 30 days. '
        + '`purpose=image` (eventline extension) requires a JPEG, PNG or GIF image. Bad input is a 400 (415 for a body that is not multipart/form-data, '
        + '413 for a file over the limit) and stores nothing.',
      body: FileUploadSchema, response: { 201: FileWithAuditSchema }, errors: [413, 415], schema: { consumes: ['multipart/form-data'] },
      // The body is a stream read by the handler: the schema above documents the form, nothing validates it here.
      route: { validatorCompiler: () => () => true },
    }, async (request) => {
      if (!request.isMultipart()) {
        throw request.headers['content-type'] === undefined ? FileErrors.missingFile(undefined, { target: 'file' }) : FileErrors.notMultipart();
      }
      return files.upload(request.auth, formParts(request));
    });

    op('getFile', {
      description: 'Returns the file, with `path.href`: a new signed URL of its bytes, valid for a limited time (1 hour by default). '
        + 'A file of another account is 404.',
      params: FileParamsSchema, response: { 200: FileWithAuditSchema },
    }, async (request) => files.get(request.auth.accountId, request.params.id));

    // Public: the signed URL is the credential (request.auth is null here).
    op('getFileContent', {
      description: 'eventline: the bytes of a file, only through the signed `path.href` of an upload or of GET /files/{id}, until it expires. '
        + 'An expired, changed or unknown URL is 403. Served with the type its content was checked to be, `X-Content-Type-Options: nosniff`, '
        + 'and as an attachment unless it is an image.',
      params: FileParamsSchema, querystring: ContentQuerySchema,
      response: {
        200: { description: 'The file\'s bytes.', content: Object.fromEntries(SERVED_TYPES.map((t) => [t, { schema: Type.String({ format: 'binary' }) }])) },
      },
      // A HEAD would open the bytes only to drop them.
      route: { exposeHeadRoute: false },
    }, async (request, reply) => {
      const { file, object } = await files.open(request.params.id, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(object.size))
        .header('content-disposition', disposition(isWebImage(file.extension) ? 'inline' : 'attachment', file.friendlyName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(object.body);
    });
  });
}
