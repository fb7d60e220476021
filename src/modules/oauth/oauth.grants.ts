import { Value } from 'typebox/value';
import { OAuthError } from './oauth.errors.js';
import { TokenQuerySchema, type TokenQuery, type TokenRequestBody } from './oauth.schemas.js';

/** A token request the way it arrived: where each credential and parameter may come from (DESIGN rule 9). */
export interface TokenRequestParts {
  readonly authorization: string | undefined;
  /** The query string: the parameters the schema knows, and whatever else was sent. */
  readonly query: TokenQuery & Readonly<Record<string, unknown>>;
  readonly body: TokenRequestBody | undefined;
  /** Set when schema validation refused a part of the request; `validationContext` names the part. */
  readonly validationError: { readonly validationContext?: string } | undefined;
}

export type TokenGrant =
  | { grantType: 'client_credentials'; clientId: string; clientSecret: string; scope?: string }
  | { grantType: 'authorization_code'; clientId: string; code: string; clientSecret?: string; redirectUri?: string; codeVerifier?: string }
  | { grantType: 'refresh_token'; clientId: string; refreshToken: string; clientSecret?: string; scope?: string };

function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return undefined;
  // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
  const dec = (v: string) => {
    try {
      return decodeURIComponent(v.replace(/\+/g, ' '));
    } catch {
      return v;
    }
  };
  return { id: dec(decoded.slice(0, i)), secret: dec(decoded.slice(i + 1)) };
}

// RFC 6749 §5.2: a client that tried the Authorization header gets a Basic
// challenge, even when the header could not be decoded.
export function basicAttempted(header: string | undefined): boolean {
  return header !== undefined && /^Basic(\s|$)/i.test(header);
}

/** Reads the grant of a token request: credentials from HTTP Basic or the form, parameters from the form or the query string. */
export function readTokenRequest(parts: TokenRequestParts): TokenGrant {
  const basic = parseBasic(parts.authorization);
  // grant_type and client_id may come in the query string with Basic
  // credentials and no body at all (DESIGN rule 9); that is not malformed.
  // Fastify stops at the first failing part, so the query is checked here then.
  const emptyBody = parts.body === undefined && parts.validationError?.validationContext === 'body';
  if (parts.validationError && !(emptyBody && Value.Check(TokenQuerySchema, parts.query))) {
    throw new OAuthError('invalid_request', 'The token request is malformed');
  }
  const body = parts.body ?? {};
  const query = parts.query;
  if (typeof query['client_secret'] === 'string') {
    throw new OAuthError('invalid_request', 'client_secret must not be sent in the URL');
  }
  const grantType = body.grant_type ?? query.grant_type;
  const bodyClientId = body.client_id ?? query.client_id;
  if (basic && bodyClientId !== undefined && bodyClientId !== basic.id) {
    throw new OAuthError('invalid_request', 'client_id in the body does not match the Authorization header');
  }
  const clientId = basic?.id ?? bodyClientId;
  const clientSecret = basic?.secret ?? body.client_secret;
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  if (grantType === 'client_credentials') {
    if (!clientId || !clientSecret) throw new OAuthError('invalid_client', 'Client authentication failed: send client_id and client_secret (HTTP Basic or form)');
    return { grantType, clientId, clientSecret, ...(body.scope !== undefined ? { scope: body.scope } : {}) };
  }
  if (grantType === 'authorization_code') {
    if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
    if (!body.code) throw new OAuthError('invalid_request', 'code is required');
    return {
      grantType, clientId, code: body.code,
      ...(clientSecret !== undefined ? { clientSecret } : {}),
      ...(body.redirect_uri !== undefined ? { redirectUri: body.redirect_uri } : {}),
      ...(body.code_verifier !== undefined ? { codeVerifier: body.code_verifier } : {}),
    };
  }
  if (grantType === 'refresh_token') {
    if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
    if (!body.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
    return {
      grantType, clientId, refreshToken: body.refresh_token,
      ...(clientSecret !== undefined ? { clientSecret } : {}),
      ...(body.scope !== undefined ? { scope: body.scope } : {}),
    };
  }
  throw new OAuthError('unsupported_grant_type', `Unsupported grant_type '${grantType}'; use client_credentials, authorization_code or refresh_token`);
}
