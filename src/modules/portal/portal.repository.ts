import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import { Repository } from '../../db/repository.js';
import type { NewRow } from '../../db/types.js';

export class PortalRepository extends Repository {
  insertSession(row: NewRow<'portal_sessions'>) {
    return this.db.insertInto('portal_sessions').values(row).execute();
  }

  findSession(idHash: string, now: string) {
    return this.db.selectFrom('portal_sessions').selectAll().where('id_hash', '=', idHash).where('expires_at', '>', now).executeTakeFirst();
  }

  deleteSession(idHash: string) {
    return this.db.deleteFrom('portal_sessions').where('id_hash', '=', idHash).execute();
  }

  /** Ends every session of the user (deactivated or deleted). */
  deleteSessionsOf(userId: string, ex: Db | Transaction<Database> = this.db) {
    return ex.deleteFrom('portal_sessions').where('user_id', '=', userId).execute();
  }

  deleteExpired(now: string) {
    return this.db.deleteFrom('portal_sessions').where('expires_at', '<=', now).execute();
  }
}
