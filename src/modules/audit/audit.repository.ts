import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Dialect } from '../../db/index.js';
import { Repository } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import { redactMentions } from '../privacy/index.js';
import type { NewRow } from '../../db/types.js';

/** The database or the transaction of the change an entry records (inside one, pass it: SQLite has one connection). */
export type Executor = Kysely<Database>;

/** The columns that may name people: the only ones redaction rewrites (migration 0039's triggers allow no other). */
export const REDACTABLE_COLUMNS = ['actor_display', 'target_display', 'changes'] as const;

// Append-only (issue 36): this repository inserts and reads. The one statement that rewrites rows is the redaction
// of personal values below, which test/architecture/audit-append-only.test.ts allows and nothing else.
export class AuditRepository extends Repository {
  constructor(db: Kysely<Database>, private readonly dialect: Dialect) {
    super(db);
  }

  async insert(row: NewRow<'audit_log'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('audit_log').values(row).execute();
  }

  list(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('audit_log').selectAll().where('audit_log.account_id', '=', accountId), spec);
  }

  /** The operator's view (the CLI): the newest `limit` entries matching, of one account or of all, newest first. */
  recent(q: { accountId?: string; since?: string; action?: string; limit: number }) {
    let query = this.db.selectFrom('audit_log').selectAll();
    if (q.accountId !== undefined) query = query.where('account_id', '=', q.accountId);
    if (q.since !== undefined) query = query.where('at', '>=', q.since);
    if (q.action !== undefined) query = query.where('action', '=', q.action);
    return query.orderBy('id', 'desc').limit(q.limit).execute();
  }

  /**
   * Obfuscation's redaction: the erased contacts' values in the displays and changes become the redaction marker;
   * the entry stays. On PostgreSQL the transaction first tells migration 0039's trigger that this is the redaction.
   */
  async redact(trx: Transaction<Database>, accountId: string, forms: readonly string[], now: string): Promise<number> {
    if (forms.length === 0) return 0;
    const place = { table: 'audit_log', columns: REDACTABLE_COLUMNS };
    if (this.dialect !== 'postgres') return redactMentions(trx, place, accountId, forms, now);
    await sql`select set_config('eventline.audit_redaction', 'on', true)`.execute(trx);
    try {
      return await redactMentions(trx, place, accountId, forms, now);
    } finally {
      // Only for these statements: the rest of the obfuscation's transaction is append-only again.
      await sql`select set_config('eventline.audit_redaction', 'off', true)`.execute(trx);
    }
  }
}
