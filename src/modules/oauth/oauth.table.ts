import type { Insertable, Selectable } from 'kysely';

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created: string;
  retired_at: string | null;
}
export type SigningKeyRow = Selectable<SigningKeysTable>;
export type NewSigningKeyRow = Insertable<SigningKeysTable>;

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
export type NewAuthorizationCodeRow = Insertable<AuthorizationCodesTable>;
