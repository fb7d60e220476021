import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Eraser, EraserRegistry, ErasureSubject } from '../privacy/index.js';
import type { Catalogue } from './catalogue.js';
import { redactColumns, redactText, storedForms } from './redact.js';

type Trx = Transaction<Database>;

const BY = 'obfuscation';

// Pretix's shredder model (DESIGN style 9): one eraser per place personal data
// lives in the modules that existed when obfuscation was built. Every module
// added later that stores personal data registers its own eraser in app.ts;
// `eventline contacts verify-obfuscated` scans every text column generically,
// so a forgotten place shows up as a hit instead of staying silent.

const contactsEraser: Eraser = {
  place: 'contacts',
  async erase(trx: Trx, s, now) {
    // No mapping is kept: the columns are emptied, not encrypted or hashed.
    const res = await trx.updateTable('contacts')
      .set({
        first_name: null, last_name: null, middle_name: null, email: null, company: null, title: null, source_id: null,
        profile: '{}', purged: 1, last_modified: now, last_modified_by: BY,
      })
      .where('account_id', '=', s.accountId).where('id', '=', s.contactId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },
};

const attendeesEraser: Eraser = {
  place: 'attendees',
  async erase(trx: Trx, s, now) {
    // The embedded contact is read from the contacts row; the attendee's own free text goes.
    const rows = await trx.selectFrom('attendees').select(['id', 'extra'])
      .where('account_id', '=', s.accountId).where('contact_id', '=', s.contactId).execute();
    const forms = storedForms(s.values);
    for (const r of rows) {
      await trx.updateTable('attendees')
        .set({ note: null, reference_id: null, extra: redactText(r.extra, forms), last_modified: now, last_modified_by: BY })
        .where('account_id', '=', s.accountId).where('id', '=', r.id)
        .execute();
    }
    return rows.length;
  },
};

const jobsEraser: Eraser = {
  place: 'jobs',
  // Job payloads, progress and errors are the queue's audit trail: redacted in place, never deleted.
  erase: (trx: Trx, s) => redactColumns(trx, 'jobs', 'id', ['payload', 'progress', 'result', 'last_error'], s.accountId, s.values),
};

export const CORE_ERASERS: readonly Eraser[] = [
  contactsEraser, attendeesEraser, jobsEraser,
];

/** Registers the erasers for the places personal data lived before obfuscation existed. */
export function registerCoreErasers(registry: EraserRegistry): void {
  for (const e of CORE_ERASERS) registry.register(e);
}

// Tables whose rows are handled above or hold no free text written by clients.
const SAFETY_NET_SKIP = new Set(['contacts', 'contact_obfuscations', 'bulk_jobs', 'bulk_job_records', 'api_usage', 'kysely_migration', 'kysely_migration_lock']);

/**
 * Defence in depth behind the registered erasers: the contact's email and full
 * name (values that identify one person) are redacted in every text column of
 * every account-scoped table found in the catalogue, so a module that forgot
 * to register its eraser still leaves no trace of them. Runs last, in the same transaction.
 */
export async function safetyNet(trx: Trx, catalogue: Catalogue, s: ErasureSubject, identifying: readonly string[]): Promise<number> {
  let total = 0;
  const byTable = new Map<string, string[]>();
  for (const c of catalogue.columns) {
    if (SAFETY_NET_SKIP.has(c.table) || !catalogue.accountScoped.has(c.table) || !catalogue.keyed.has(c.table)) continue;
    if (c.column === 'id' || c.column === 'account_id' || !catalogue.textual.has(`${c.table}.${c.column}`)) continue;
    // Timestamps cannot hold an email or a name.
    if (/^(created|last_modified|.*_at)$/.test(c.column)) continue;
    byTable.set(c.table, [...(byTable.get(c.table) ?? []), c.column]);
  }
  for (const [table, columns] of byTable) total += await redactColumns(trx, table, 'id', columns, s.accountId, identifying);
  return total;
}
