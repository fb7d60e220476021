import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { Type, type Static } from 'typebox';
import { isDatabaseUnavailable } from '../db/errors.js';
import { StorageUnavailableError } from '../storage/index.js';
import { ApiError, CommonErrors, allowedValues, type ApiErrorOptions } from '../errors.js';

// The contract's error shape (DESIGN rule 7).
export const ErrorDetailSchema = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  target: Type.Optional(Type.String()),
});
export const ErrorResponseSchema = Type.Object(
  {
    code: Type.Integer(),
    message: Type.String(),
    target: Type.Optional(Type.String()),
    details: Type.Optional(Type.Array(ErrorDetailSchema)),
  },
  { $id: 'ErrorResponse', title: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

function body(status: number, message: string, options: ApiErrorOptions = {}): ErrorResponse {
  return {
    code: status,
    message,
    ...(options.target ? { target: options.target } : {}),
    ...(options.details && options.details.length > 0 ? { details: options.details } : {}),
  };
}

export function sendError(reply: FastifyReply, err: ApiError): FastifyReply {
  if (err.options.headers) reply.headers(err.options.headers);
  return reply.code(err.status).type('application/json').send(body(err.status, err.message, err.options));
}

// Read defensively: Ajv always fills instancePath and params, but an error raised
// elsewhere with a `validation` list may not.
type ValidationItem = Partial<FastifySchemaValidationError>;

function validationTarget(context: string | undefined, item: ValidationItem): string {
  const path = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = typeof item.params?.['missingProperty'] === 'string' ? item.params['missingProperty'] : '';
  const extra = typeof item.params?.['additionalProperty'] === 'string' ? item.params['additionalProperty'] : '';
  const leaf = [path, missing || extra].filter(Boolean).join('.');
  if (context === 'body') return leaf ? leaf : 'body';
  return leaf || context || 'request';
}

/**
 * A path segment without the format of the id it stands in for (`players` where `/webcasts/{id}` wants
 * a UUID) names no resource and no operation: a 404, as for any path nothing serves. Fastify matches
 * the route before it validates parameters, so without this `GET /webcasts/nope` would be a 400 "id must
 * match format uuid" (`/webcasts/players` is an operation of its own: 501 until it is built). Other path
 * parameter failures (a feature type outside its enum) stay 400s that list the allowed values.
 */
function unmatchedPath(request: FastifyRequest, item: ValidationItem | undefined): ApiError {
  const path = request.url.split('?')[0] ?? '/';
  const name = (item?.instancePath ?? '').replace(/^\//, '') || (typeof item?.params?.['missingProperty'] === 'string' ? item.params['missingProperty'] : '');
  const why = name && item?.message ? ` (${name} ${item.message})` : '';
  return CommonErrors.notFound(`No operation ${request.method} ${path}${why}`, { target: 'path' });
}

function validationError(err: FastifyError, request: FastifyRequest): ApiError {
  const context = err.validationContext;
  const items: readonly ValidationItem[] = err.validation ?? [];
  if (context === 'params' && items[0]?.keyword === 'format') return unmatchedPath(request, items[0]);
  const details = items.slice(0, 20).map((item) => {
    const target = validationTarget(context, item);
    const extra = typeof item.params?.['additionalProperty'] === 'string' ? ` ('${item.params['additionalProperty']}')` : '';
    return { code: 400, message: `${target} ${item.message ?? 'is invalid'}${extra}${allowedValues(item.params)}`, target };
  });
  const first = details[0];
  return new ApiError('validation', 400, first ? `Invalid request: ${first.message}` : 'Invalid request', {
    ...(first ? { target: first.target } : {}),
    details,
  });
}

/**
 * Errors Fastify raises before routing (a path that is not valid percent-encoding,
 * a failed constraint): answered in the contract's shape like every other error.
 * The path is not echoed: it is whatever the client sent.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The request path is not valid percent-encoded UTF-8' : 'Bad Request';
  void sendError(reply, new ApiError('client', status, message, { target: 'path' }));
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers or a request line over
 * the server's maxHeaderSize, a malformed request, a client that is too slow): Fastify's default
 * answer is `{error, message, statusCode}`, this one the contract's `{code, message}`. Nothing of
 * the request is echoed or logged (it may hold credentials), and the connection closes, as Node's
 * own answer does.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has nobody to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request header fields too large: the request line and headers may be at most 16 KB'] as const
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_REQUEST_HEADERS_TIMEOUT' ? [408, 'Request timeout'] as const
    : [400, 'Bad Request: the request is not valid HTTP/1.1'] as const;
  if (socket.writable) {
    const payload = JSON.stringify({ code: status, message });
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`);
  }
  socket.destroy();
}

/**
 * Any error a route or hook raised, as the ApiError it answers with (the
 * contract's error, or a SCIM error where the SCIM routes render their own
 * shape). An error that is not the client's is logged here and becomes a 500
 * that reveals nothing.
 */
export function asApiError(error: FastifyError | ApiError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) return validationError(error, request);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, wrong content type, body too large).
    const message =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported Media Type: send application/json'
      : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Request body is too large'
      : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'Request body is empty but Content-Type is application/json'
      : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'Request body is not valid JSON'
      : error.message;
    return new ApiError('client', status, message, { target: 'body' });
  }
  if (isDatabaseUnavailable(error)) {
    // The database went away under this request (terminated connection, restart, network): retryable,
    // and the load balancer sees the same through /readyz.
    request.log.warn({ err: { message: error.message, code: error.code } }, 'the database is not reachable');
    return CommonErrors.unavailable('The database is not reachable', { headers: { 'retry-after': '1' } });
  }
  if (error instanceof StorageUnavailableError) {
    // The bucket or the file directory failed, not the request: retryable once the operator fixes it.
    request.log.error({ err: { message: error.message } }, 'the file storage is not usable');
    return CommonErrors.unavailable('The file storage is not reachable; try again later', { headers: { 'retry-after': '5' } });
  }
  // Never leak a stack or SQL to the client; the log line carries the error.
  request.log.error({ err: error }, 'unhandled error');
  return new ApiError('internal', 500, 'Internal Server Error');
}

export function registerErrorHandling(app: FastifyInstance, opts: { supportedVersions: readonly string[] }): void {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => sendError(reply, asApiError(error, request)));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const first = path.split('/')[1] ?? '';
    const looksVersioned = /^(v\d+[\w.-]*|[a-z]{2,3}|\d{4}-\d{2}-\d{2})$/i.test(first);
    if (looksVersioned && !opts.supportedVersions.includes(first)) {
      return sendError(
        reply,
        CommonErrors.notFound(`Unknown API version '${first}'. Supported versions: ${opts.supportedVersions.join(', ')}`, {
          target: 'version',
        }),
      );
    }
    return sendError(reply, CommonErrors.notFound(`No operation ${request.method} ${path}`));
  });
}
