// Errors the way services see them: a named code with its HTTP status, declared per
// module with defineErrors(). Nothing here knows about Fastify; `http/errors.ts`
// is the one place that turns an ApiError into a response.

export interface ErrorDetail {
  code: number;
  message: string;
  target?: string;
}

/** `: a, b` listing a validator error's allowedValues (an enum or a union of literals); '' when it has none. */
export function allowedValues(params: Readonly<Record<string, unknown>> | undefined): string {
  const allowed = params?.['allowedValues'];
  return Array.isArray(allowed) ? `: ${allowed.join(', ')}` : '';
}

export interface ApiErrorOptions {
  target?: string;
  details?: ErrorDetail[];
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(
    override readonly name: string,
    readonly status: number,
    message: string,
    readonly options: ApiErrorOptions = {},
  ) {
    super(message);
  }
}

export type ErrorFactory = (message?: string, options?: ApiErrorOptions) => ApiError;

export function defineErrors<T extends Record<string, { status: number; message: string }>>(
  defs: T,
): { [K in keyof T]: ErrorFactory } {
  const factories = Object.entries(defs).map(([key, def]): [string, ErrorFactory] => [
    key,
    (message, options) => new ApiError(key, def.status, message ?? def.message, options),
  ]);
  // Object.fromEntries types its result by string keys; they are exactly the keys of defs.
  return Object.fromEntries(factories) as { [K in keyof T]: ErrorFactory };
}

export const CommonErrors = defineErrors({
  badRequest: { status: 400, message: 'Bad Request' },
  unauthorized: { status: 401, message: 'Unauthorized' },
  forbidden: { status: 403, message: 'Forbidden' },
  notFound: { status: 404, message: 'Not Found' },
  notAcceptable: { status: 406, message: 'Not Acceptable' },
  conflict: { status: 409, message: 'Conflict' },
  payloadTooLarge: { status: 413, message: 'Payload Too Large' },
  unsupportedMediaType: { status: 415, message: 'Unsupported Media Type' },
  tooManyRequests: { status: 429, message: 'Too Many Requests' },
  limitExceeded: { status: 429, message: 'Limit Exceeded' },
  notImplemented: { status: 501, message: 'Not Implemented' },
  unavailable: { status: 503, message: 'Service Unavailable' },
});

const REALM = 'eventline';

function quote(v: string): string {
  return `"${v.replace(/["\\]/g, '')}"`;
}

/** RFC 6750 §3: the `WWW-Authenticate` challenge of a 401 or 403. */
export function bearerChallenge(error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope', description?: string, scope?: string): string {
  const parts = [`realm=${quote(REALM)}`];
  if (error) parts.push(`error=${quote(error)}`);
  if (description) parts.push(`error_description=${quote(description)}`);
  if (scope) parts.push(`scope=${quote(scope)}`);
  return `Bearer ${parts.join(', ')}`;
}

export function unauthorized(message: string, error: 'invalid_request' | 'invalid_token' = 'invalid_token'): ApiError {
  return new ApiError('unauthorized', 401, message, { headers: { 'www-authenticate': bearerChallenge(error, message) } });
}

/** A 4xx that a service maps from a failed check: keeps `target` and `details` of the error it wraps. */
export function errorItem(err: ApiError): { code: number; message: string; target?: string; details?: ErrorDetail[] } {
  return {
    code: err.status, message: err.message,
    ...(err.options.target ? { target: err.options.target } : {}),
    ...(err.options.details ? { details: err.options.details } : {}),
  };
}
