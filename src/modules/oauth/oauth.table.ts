import { declareTables } from '../../db/declare.js';

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created: string;
  retired_at: string | null;
}

export interface AuthorizationCodesTable {
  code_hash: string;
  client_id: string;
  user_id: string;
  account_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  expires_at: string;
  used_at: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  client_id: string;
  user_id: string;
  account_id: string;
  scope: string;
  created: string;
  expires_at: string;
  family_expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export const OAUTH_TABLES = declareTables('oauth', {
  signing_keys: { none: ['kid', 'alg', 'private_jwk', 'public_jwk', 'created', 'retired_at'] },
  authorization_codes: {
    none: ['code_hash', 'client_id', 'user_id', 'account_id', 'redirect_uri', 'code_challenge', 'scope', 'expires_at', 'used_at'],
  },
  refresh_tokens: {
    none: ['token_hash', 'family_id', 'client_id', 'user_id', 'account_id', 'scope', 'created', 'expires_at', 'family_expires_at', 'used_at', 'revoked_at'],
  },
});
