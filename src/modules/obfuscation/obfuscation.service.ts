import type { Transaction } from 'kysely';
import type { Database, Db, Dialect } from '../../db/index.js';
import { readCatalogue, type Catalogue } from './catalogue.js';
import { safetyNet } from './obfuscation.erasers.js';
import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import { PermanentJobError, type JobHandler, type JobQueue, type JobRecord } from '../../jobs/index.js';
import type { AccountsService } from '../accounts/index.js';
import type { EraserRegistry, ErasureSubject } from '../privacy/index.js';
import { ObfuscationErrors } from './obfuscation.errors.js';
import { ObfuscationRepository, type SubjectRow } from './obfuscation.repository.js';
import type { ContactObfuscationsTable, ObfuscationStatus } from './obfuscation.table.js';

export const OBFUSCATION_JOB = 'contact.obfuscate';

export interface ObfuscationStatusView {
  obfuscateId: string;
  status: ObfuscationStatus;
  contact: { id: string };
}

export interface ObfuscationOutcome {
  /** HTTP-like status for a bulk record: 202 accepted, 404 unknown contact. */
  readonly view: ObfuscationStatusView;
  readonly created: boolean;
}

function view(r: ContactObfuscationsTable): ObfuscationStatusView {
  return { obfuscateId: r.id, status: r.status as ObfuscationStatus, contact: { id: r.contact_id } };
}

// Profile keys whose string values identify the person (phones, extra emails,
// address lines); generic values such as a gender or an address type are not hunted in free text.
const IDENTIFYING_KEY = /email|phone|fax|nickname|address\d|designation/i;

function profileValues(profile: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(profile);
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (v: unknown, key: string): void => {
    if (typeof v === 'string') {
      if (IDENTIFYING_KEY.test(key)) out.push(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(parsed, '');
  return out;
}

/** The contact's values as stored, for the erasers that hunt in free text. Never logged, never persisted. */
export function subjectValues(c: SubjectRow): string[] {
  const names = [c.first_name, c.middle_name, c.last_name].filter((x): x is string => !!x);
  const full = [c.first_name, c.last_name].filter((x): x is string => !!x).join(' ');
  const all = [c.email, full, ...names, c.source_id, ...profileValues(c.profile)];
  return [...new Set(all.filter((x): x is string => typeof x === 'string' && x.trim() !== ''))];
}

/** Values that point at one person, hunted everywhere by the safety net: email, full name, phones and extra emails. */
function identifyingValues(c: SubjectRow): string[] {
  const full = [c.first_name, c.last_name].filter((x): x is string => !!x).join(' ');
  return [c.email ?? '', full.includes(' ') ? full : '', ...profileValues(c.profile)].filter((x) => x !== '');
}

export class ObfuscationService {
  private readonly repo: ObfuscationRepository;
  private catalogue: Catalogue | undefined;

  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsService,
    private readonly jobs: JobQueue,
    private readonly erasers: EraserRegistry,
    private readonly clock: Clock,
    private readonly dialect: Dialect,
  ) {
    this.repo = new ObfuscationRepository(db);
  }

  async assertEnabled(accountId: string): Promise<void> {
    if (!(await this.accounts.hasFeature(accountId, 'contact-obfuscation'))) throw ObfuscationErrors.featureDisabled();
  }

  /** Starts (or returns the existing) obfuscation of one contact. */
  async start(accountId: string, contactId: string): Promise<ObfuscationStatusView> {
    await this.assertEnabled(accountId);
    return (await this.startChecked(accountId, contactId)).view;
  }

  /** For callers that checked the feature already (bulk jobs). */
  async startChecked(accountId: string, contactId: string): Promise<ObfuscationOutcome> {
    const id = contactId.toLowerCase();
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (!(await this.repo.contact(accountId, id, trx))) throw ObfuscationErrors.contactNotFound(undefined, { target: 'id' });
        const existing = await this.repo.live(accountId, id, trx);
        if (existing) return { view: view(existing), created: false };
        const row = await this.insertQueued(accountId, id, trx);
        return { view: view(row), created: true };
      });
    } catch (err) {
      if (!ObfuscationRepository.isUniqueViolation(err)) throw err;
      // A concurrent request for the same contact won the race: answer with its obfuscation.
      const winner = await this.repo.live(accountId, id);
      if (!winner) throw err;
      return { view: view(winner), created: false };
    }
  }

  private async insertQueued(accountId: string, contactId: string, trx: Transaction<Database>): Promise<ContactObfuscationsTable> {
    const now = iso(this.clock());
    const obfuscateId = newId();
    // The job carries ids only: the values to erase are read inside the erasure transaction.
    const job = await this.jobs.enqueue({ type: OBFUSCATION_JOB, accountId, payload: { obfuscateId } }, trx);
    const row: ContactObfuscationsTable = {
      id: obfuscateId, account_id: accountId, contact_id: contactId, status: 'QUEUED', job_id: job.id,
      rows_erased: null, error: null, created: now, last_modified: now, finished_at: null,
    };
    await this.repo.insert(row, trx);
    return row;
  }

  /**
   * Obfuscates one contact now, inside the caller's durable job (bulk jobs):
   * the obfuscation row, every eraser and COMPLETED commit together, so a
   * re-run after a crash finds it COMPLETED. Unknown contact: undefined.
   */
  async obfuscateNow(accountId: string, contactId: string): Promise<ObfuscationStatusView | undefined> {
    const id = contactId.toLowerCase();
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (!(await this.repo.contact(accountId, id, trx))) return undefined;
        let rec = await this.repo.live(accountId, id, trx);
        if (rec?.status === 'COMPLETED') return view(rec);
        if (!rec) {
          const now = iso(this.clock());
          rec = { id: newId(), account_id: accountId, contact_id: id, status: 'PROCESSING', job_id: null, rows_erased: null, error: null, created: now, last_modified: now, finished_at: null };
          await this.repo.insert(rec, trx);
        }
        // A queued single obfuscation of the same contact is finished here; its own job then finds it COMPLETED.
        await this.eraseIn(trx, rec);
        return { obfuscateId: rec.id, status: 'COMPLETED' as const, contact: { id } };
      });
    } catch (err) {
      if (!ObfuscationRepository.isUniqueViolation(err)) throw err;
      const winner = await this.repo.live(accountId, id);
      if (!winner) throw err;
      return view(winner);
    }
  }

  async status(accountId: string, obfuscateId: string): Promise<ObfuscationStatusView> {
    const row = await this.repo.get(accountId, obfuscateId.toLowerCase());
    if (!row) throw ObfuscationErrors.obfuscationNotFound(undefined, { target: 'obfuscateId' });
    return view(row);
  }

  jobHandlers(): Record<string, JobHandler> {
    return { [OBFUSCATION_JOB]: (job) => this.runJob(job) };
  }

  /** Idempotent: a re-run after a crash finds the contact purged (the erasure committed) or erases it again from scratch. */
  private async runJob(job: JobRecord): Promise<unknown> {
    const payload = job.payload as { obfuscateId?: unknown } | null;
    const obfuscateId = typeof payload?.obfuscateId === 'string' ? payload.obfuscateId : undefined;
    if (!obfuscateId) throw new PermanentJobError('payload has no obfuscateId');
    const rec = await this.repo.byId(obfuscateId);
    if (!rec) throw new PermanentJobError('obfuscation record not found');
    if (rec.status === 'COMPLETED') return { obfuscateId, rowsErased: rec.rows_erased };
    await this.repo.setStatus(obfuscateId, { status: 'PROCESSING', last_modified: iso(this.clock()) });
    try {
      const rowsErased = await this.eraseAll(rec);
      return { obfuscateId, rowsErased };
    } catch (err) {
      // Driver messages can quote the values being written: keep only the error's kind.
      const kind = err instanceof Error ? `${err.name}${(err as { code?: unknown }).code ? ` ${String((err as { code?: unknown }).code)}` : ''}` : 'error';
      if (job.attempts >= job.maxAttempts) {
        await this.repo.setStatus(obfuscateId, { status: 'FAILED', error: kind, last_modified: iso(this.clock()), finished_at: iso(this.clock()) });
      }
      // The cause is left out on purpose: its message may quote the personal data being erased.
      // eslint-disable-next-line preserve-caught-error
      throw new Error(`contact erasure failed (${kind})`);
    }
  }

  /** Runs every registered eraser in ONE transaction, which also marks the obfuscation COMPLETED. */
  private eraseAll(rec: ContactObfuscationsTable): Promise<number> {
    return this.db.transaction().execute((trx) => this.eraseIn(trx, rec));
  }

  private async eraseIn(trx: Transaction<Database>, rec: ContactObfuscationsTable): Promise<number> {
    const now = iso(this.clock());
    const contact = await this.repo.contact(rec.account_id, rec.contact_id, trx);
    let total = 0;
    if (contact && contact.purged === 0) {
      const subject: ErasureSubject = { accountId: rec.account_id, contactId: rec.contact_id, values: subjectValues(contact) };
      for (const eraser of this.erasers.all()) total += await eraser.erase(trx, subject, now);
      // Read inside the transaction: on SQLite a query on the outer handle would wait for this one forever.
      this.catalogue ??= await readCatalogue(trx, this.dialect);
      total += await safetyNet(trx, this.catalogue, subject, identifyingValues(contact));
    }
    await this.repo.setStatus(rec.id, { status: 'COMPLETED', rows_erased: total, error: null, last_modified: now, finished_at: now }, trx);
    return total;
  }
}
