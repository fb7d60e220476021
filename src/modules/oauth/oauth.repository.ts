import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import { Repository } from '../../db/repository.js';
import type { NewRow } from '../../db/types.js';

export class OAuthRepository extends Repository {
  activeKeys() {
    return this.db.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).orderBy('created', 'desc').orderBy('kid', 'desc').execute();
  }

  findKey(kid: string) {
    return this.db.selectFrom('signing_keys').selectAll().where('kid', '=', kid).where('retired_at', 'is', null).executeTakeFirst();
  }

  insertKey(row: NewRow<'signing_keys'>) {
    return this.db.insertInto('signing_keys').values(row).onConflict((oc) => oc.column('kid').doNothing()).execute();
  }

  insertCode(row: NewRow<'authorization_codes'>) {
    return this.db.insertInto('authorization_codes').values(row).execute();
  }

  /** Ends every authorization code issued to the user (deactivated or deleted), used or not. */
  deleteCodesOf(userId: string, ex: Db | Transaction<Database> = this.db) {
    return ex.deleteFrom('authorization_codes').where('user_id', '=', userId).execute();
  }

  /** The code_challenge of a code still usable ('' when it was requested without PKCE); undefined for any other code. */
  async pendingCodeChallenge(codeHash: string, now: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('authorization_codes').select('code_challenge')
      .where('code_hash', '=', codeHash).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
    return row?.code_challenge;
  }

  /** Marks a code used exactly once; a replayed code finds nothing to update. */
  async consumeCode(codeHash: string, now: string) {
    const r = await this.db.updateTable('authorization_codes').set({ used_at: now })
      .where('code_hash', '=', codeHash).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return undefined;
    return this.db.selectFrom('authorization_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
  }

  insertRefreshToken(row: NewRow<'refresh_tokens'>) {
    return this.db.insertInto('refresh_tokens').values(row).execute();
  }

  findRefreshToken(tokenHash: string) {
    return this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Spends a refresh token exactly once: a second spend (a reuse, or a race of two tabs) finds nothing to update. */
  async spendRefreshToken(tokenHash: string, now: string): Promise<boolean> {
    const r = await this.db.updateTable('refresh_tokens').set({ used_at: now })
      .where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Revokes every token of a family (a reuse was detected, or the planner signed out). */
  revokeRefreshFamily(familyId: string, now: string) {
    return this.db.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  /** Ends every refresh token of the user (deactivated or deleted). */
  deleteRefreshTokensOf(userId: string, ex: Db | Transaction<Database> = this.db) {
    return ex.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
  }
}
