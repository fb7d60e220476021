export type OAuthErrorCode =
  | 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client'
  | 'unsupported_grant_type' | 'invalid_scope' | 'access_denied' | 'unsupported_response_type';

// The token and authorization endpoints answer RFC 6749 errors, not the
// contract's error shape (DESIGN rule 7).
export class OAuthError extends Error {
  constructor(readonly error: OAuthErrorCode, readonly description: string, readonly status = error === 'invalid_client' ? 401 : 400) {
    super(description);
  }
}
