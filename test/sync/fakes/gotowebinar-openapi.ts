/**
 * Checks requests to GoToWebinar and its answers against GoToWebinar's own published OpenAPI
 * description (`../shared/reference/platforms/gotowebinar-api.json`, GoToWebinar v1; override with
 * GOTOWEBINAR_OPENAPI), with the shared checker of ./openapi-check.ts: the operation (method and
 * path template, relative to the description's server `.../G2W/rest`), its path and query
 * parameters, its required `Authorization` header, a body valid against its requestBody schema
 * with no property the schema does not list; an answer's status and body against the operation's
 * responses.
 *
 * What the description leaves out is checked against GoTo's developer guides by hand:
 * - error bodies: the API's `{errorCode, description, incident}` and its gateway's
 *   `{int_err_code, msg}` (an expired token: `InvalidToken`); 401 and 429 (GoTo's rate-limit page)
 *   are answered by any call;
 * - the token endpoint (`POST https://authentication.logmeininc.com/oauth/token`, "How to use
 *   refresh tokens"): the refresh-token grant, client id and secret in HTTP Basic, a form body.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRecord, openApiChecker } from './openapi-check.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const gotoDescriptionPath = process.env.GOTOWEBINAR_OPENAPI
  ? resolve(process.cwd(), process.env.GOTOWEBINAR_OPENAPI)
  : resolve(repoRoot, '../shared/reference/platforms/gotowebinar-api.json');

const ERROR_SHAPE = 'an error answer must be {errorCode: string, description: string} (the API) or {int_err_code: string, msg: string} (the gateway)';

export const gotoChecker = openApiChecker({
  platform: 'GoToWebinar',
  descriptionPath: gotoDescriptionPath,
  generalStatuses: new Set([401, 429]),
  errorBody: (_status, body) => {
    const api = isRecord(body) && typeof body.errorCode === 'string' && typeof body.description === 'string';
    const gateway = isRecord(body) && typeof body.int_err_code === 'string' && typeof body.msg === 'string';
    return api || gateway ? [] : [ERROR_SHAPE];
  },
});

export const gotoDescriptionAvailable = gotoChecker.available;

/** Errors of one request (`path` relative to `.../G2W/rest`, headers lower-cased). */
export function checkGoToRequest(method: string, path: string, query: URLSearchParams, body: unknown, headers: Readonly<Record<string, string | undefined>>): string[] {
  const errors = gotoChecker.checkRequest(method, path, query, body, headers);
  // The description declares the header but not its form: GoTo's guides give `Bearer <access token>`.
  const auth = headers['authorization'];
  if (auth !== undefined && !/^Bearer \S+$/.test(auth)) errors.push(`${method} ${path}: header Authorization must be "Bearer <access token>"`);
  return errors;
}

/** Errors of one answer (`body` parsed JSON, or undefined for an empty body). */
export function checkGoToAnswer(method: string, path: string, status: number, body: unknown): string[] {
  return gotoChecker.checkAnswer(method, path, status, body);
}

/** The refresh-token grant: `POST /oauth/token`, HTTP Basic client_id:client_secret, form `grant_type=refresh_token&refresh_token=...`. */
export function checkGoToTokenRequest(method: string, query: URLSearchParams, headers: Readonly<Record<string, string | undefined>>, body: string): string[] {
  const errors: string[] = [];
  if (method !== 'POST') errors.push(`the token is asked with POST, not ${method}`);
  if ([...query.keys()].length > 0) errors.push('the token request carries its parameters in the body, not the query');
  if (!/^application\/x-www-form-urlencoded\b/.test(headers['content-type'] ?? '')) errors.push('the body is a form (application/x-www-form-urlencoded)');
  if (!/^Basic [A-Za-z0-9+/]+=*$/.test(headers['authorization'] ?? '')) errors.push('the client id and secret go in HTTP Basic authorization');
  const form = new URLSearchParams(body);
  if (form.get('grant_type') !== 'refresh_token') errors.push('grant_type must be refresh_token');
  if (!form.get('refresh_token')) errors.push('refresh_token is required');
  for (const k of form.keys()) if (k !== 'grant_type' && k !== 'refresh_token') errors.push(`unknown token parameter ${k}`);
  return errors.map((e) => `POST /oauth/token: ${e}`);
}

export function checkGoToTokenAnswer(status: number, body: unknown): string[] {
  if (status !== 200) {
    // RFC 6749 section 5.2.
    return isRecord(body) && typeof body.error === 'string' ? [] : ['POST /oauth/token: an error answer is {error, error_description?}'];
  }
  const ok = isRecord(body) && typeof body.access_token === 'string' && body.token_type === 'Bearer' && typeof body.expires_in === 'number'
    && typeof body.refresh_token === 'string' && typeof body.organizer_key === 'string' && typeof body.account_key === 'string';
  return ok ? [] : ['POST /oauth/token -> 200: the answer is {access_token, token_type: "Bearer", expires_in, refresh_token, organizer_key, account_key, ...}'];
}
