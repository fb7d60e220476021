import type { Insertable, Selectable } from 'kysely';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

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

export const OAUTH_TABLES = declareTables<Database>('oauth', {
  signing_keys: { kid: 'none', alg: 'none', private_jwk: 'none', public_jwk: 'none', created: 'none', retired_at: 'none' },
  authorization_codes: {
    code_hash: 'none', client_id: 'none', user_id: 'none', account_id: 'none', redirect_uri: 'none', code_challenge: 'none', scope: 'none',
    expires_at: 'none', used_at: 'none',
  },
});

// The rows the repositories read and write, in Kysely's Selectable / Insertable / Updateable forms.
export type SigningKeyRow = Selectable<SigningKeysTable>;
export type NewSigningKeyRow = Insertable<SigningKeysTable>;
export type NewAuthorizationCodeRow = Insertable<AuthorizationCodesTable>;
