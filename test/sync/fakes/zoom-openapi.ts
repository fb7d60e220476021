/**
 * Checks requests to Zoom and Zoom's answers against Zoom's own published OpenAPI description
 * (`../shared/reference/platforms/zoom-api.json`, Zoom API v2; override with ZOOM_OPENAPI), with
 * the shared checker of ./openapi-check.ts (Ajv, as test/contract/reference.ts checks eventline's
 * answers against the Cvent reference).
 *
 * A request must name an operation of the description (method and path template), give only
 * the query parameters that operation declares, each of its declared type, and a body valid
 * against its requestBody schema, with no property the schema does not list (Zoom ignores
 * unknown fields silently, so a misspelt field would otherwise go unnoticed). An answer must
 * have a status the operation documents and a body valid against that status' schema.
 *
 * Zoom's OAuth token endpoint (`POST https://zoom.us/oauth/token`, account_credentials grant)
 * is not among the description's paths: it is checked by hand against Zoom's Server-to-Server
 * OAuth documentation (checkTokenRequest / checkTokenAnswer).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRecord, openApiChecker, type Operation } from './openapi-check.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const zoomDescriptionPath = process.env.ZOOM_OPENAPI
  ? resolve(process.cwd(), process.env.ZOOM_OPENAPI)
  : resolve(repoRoot, '../shared/reference/platforms/zoom-api.json');

const zoom = openApiChecker({
  platform: 'Zoom',
  descriptionPath: zoomDescriptionPath,
  // Statuses Zoom documents for every call (its error and rate-limit pages) rather than per operation.
  generalStatuses: new Set([401, 429]),
  // Zoom's error body: {code, message}.
  errorBody: (_status, body) => (isRecord(body) && typeof body.code === 'number' && typeof body.message === 'string' ? [] : ['an error answer must be {code: number, message: string}']),
});

export const zoomDescriptionAvailable = zoom.available;

/** The operation a request names, and its path parameters. */
export function findZoomOperation(method: string, path: string): { op: Operation; pathParams: Record<string, string> } | undefined {
  return zoom.findOperation(method, path);
}

/**
 * Errors of one request to the API (`path` relative to the base URL, e.g. `/meetings/85746065432`;
 * `body` parsed JSON, or undefined when none was sent). An empty list: the request is as Zoom describes it.
 */
export function checkZoomRequest(method: string, path: string, query: URLSearchParams, body: unknown): string[] {
  return zoom.checkRequest(method, path, query, body);
}

/** Errors of one answer of the API (`body` parsed JSON, or undefined for an empty body). */
export function checkZoomAnswer(method: string, path: string, status: number, body: unknown): string[] {
  return zoom.checkAnswer(method, path, status, body);
}

/** The token request of a Server-to-Server OAuth app: `POST /oauth/token?grant_type=account_credentials&account_id=...`, HTTP Basic client_id:client_secret. */
export function checkTokenRequest(method: string, query: URLSearchParams, authorization: string | undefined, body: string): string[] {
  const errors: string[] = [];
  if (method !== 'POST') errors.push(`the token is asked with POST, not ${method}`);
  if (query.get('grant_type') !== 'account_credentials') errors.push('grant_type must be account_credentials');
  if (!query.get('account_id')) errors.push('account_id is required');
  for (const k of query.keys()) if (k !== 'grant_type' && k !== 'account_id') errors.push(`unknown token parameter ${k}`);
  if (!/^Basic [A-Za-z0-9+/]+=*$/.test(authorization ?? '')) errors.push('the client id and secret go in HTTP Basic authorization');
  if (body !== '') errors.push('the token request has no body');
  return errors.map((e) => `POST /oauth/token: ${e}`);
}

export function checkTokenAnswer(status: number, body: unknown): string[] {
  if (status !== 200) {
    return isRecord(body) && typeof body.reason === 'string' && typeof body.error === 'string' ? [] : ['POST /oauth/token: an error answer is {reason, error}'];
  }
  const ok = isRecord(body) && typeof body.access_token === 'string' && body.token_type === 'bearer' && typeof body.expires_in === 'number' && typeof body.scope === 'string';
  return ok ? [] : ['POST /oauth/token -> 200: the answer is {access_token, token_type: "bearer", expires_in, scope}'];
}
