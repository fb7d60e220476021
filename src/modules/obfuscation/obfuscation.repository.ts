import { type Kysely, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import type { ContactObfuscationsTable } from './obfuscation.table.js';

export type Executor = Kysely<Database> | Transaction<Database>;

export interface SubjectRow {
  id: string;
  purged: number;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  email: string | null;
  company: string | null;
  title: string | null;
  source_id: string | null;
  profile: string;
}

export class ObfuscationRepository {
  constructor(private readonly db: Db) {}

  contact(accountId: string, contactId: string, ex: Executor = this.db): Promise<SubjectRow | undefined> {
    return ex.selectFrom('contacts')
      .select(['id', 'purged', 'first_name', 'last_name', 'middle_name', 'email', 'company', 'title', 'source_id', 'profile'])
      .where('account_id', '=', accountId).where('id', '=', contactId)
      .executeTakeFirst();
  }

  /** The obfuscation that is running or done for this contact (a FAILED one may be retried by a new request). */
  live(accountId: string, contactId: string, ex: Executor = this.db): Promise<ContactObfuscationsTable | undefined> {
    return ex.selectFrom('contact_obfuscations').selectAll()
      .where('account_id', '=', accountId).where('contact_id', '=', contactId).where('status', '<>', 'FAILED')
      .executeTakeFirst();
  }

  get(accountId: string, id: string, ex: Executor = this.db): Promise<ContactObfuscationsTable | undefined> {
    return ex.selectFrom('contact_obfuscations').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  byId(id: string, ex: Executor = this.db): Promise<ContactObfuscationsTable | undefined> {
    return ex.selectFrom('contact_obfuscations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: ContactObfuscationsTable, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('contact_obfuscations').values(row).execute();
  }

  async setStatus(id: string, patch: Partial<Omit<ContactObfuscationsTable, 'id' | 'account_id' | 'contact_id'>>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('contact_obfuscations').set(patch).where('id', '=', id).execute();
  }

  /** True when an insert lost the race on the live-obfuscation unique index (SQLite or PostgreSQL). */
  static isUniqueViolation(err: unknown): boolean {
    const e = err as { code?: unknown; message?: unknown };
    return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || (typeof e.message === 'string' && /UNIQUE constraint failed/.test(e.message));
  }

}
