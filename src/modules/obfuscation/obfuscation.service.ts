import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/constraints.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import { PermanentJobError, type JobHandler, type JobQueue, type JobRecord } from '../../jobs/index.js';
import type { AccountsService } from '../accounts/index.js';
import type { ContactsService } from '../contacts/index.js';
import { storedForms, type EraserRegistry, type ErasureSubject } from '../privacy/index.js';
import { safetyNetColumns, type Catalogue } from './catalogue.js';
import { ObfuscationErrors } from './obfuscation.errors.js';
import type { ObfuscationRepository } from './obfuscation.repository.js';
import type { ObfuscationRow, ObfuscationStatus } from './obfuscation.table.js';
import { verifyObfuscated, type VerifierReport, type VerifyOptions } from './obfuscation.verifier.js';

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

function view(r: ObfuscationRow): ObfuscationStatusView {
  return { obfuscateId: r.id, status: r.status, contact: { id: r.contact_id } };
}

/** The kind of a failure (its name and driver code), never its message: that may quote the values being erased. */
function errorKind(err: unknown): string {
  if (!(err instanceof Error)) return 'error';
  const code = 'code' in err ? err.code : undefined;
  return code ? `${err.name} ${String(code)}` : err.name;
}

export class ObfuscationService {
  private catalogue: Catalogue | undefined;

  constructor(
    private readonly repo: ObfuscationRepository,
    private readonly contacts: ContactsService,
    private readonly accounts: AccountsService,
    private readonly jobs: JobQueue,
    private readonly erasers: EraserRegistry,
    private readonly clock: Clock,
  ) {}

  async assertEnabled(accountId: string): Promise<void> {
    if (!(await this.accounts.hasFeature(accountId, 'contact-obfuscation'))) throw ObfuscationErrors.featureDisabled();
  }

  /** Starts (or returns the existing) obfuscation of one contact. */
  async start(accountId: string, contactId: string): Promise<ObfuscationStatusView> {
    await this.assertEnabled(accountId);
    return (await this.startChecked(accountId, contactId)).view;
  }

  /**
   * Runs `fn` in a transaction; when it loses the race on the one-live-obfuscation
   * index to a concurrent request for the same contact, answers with that request's obfuscation instead.
   */
  private async once<T>(accountId: string, contactId: string, fn: (trx: Transaction<Database>) => Promise<T>, lost: (winner: ObfuscationRow) => T): Promise<T> {
    try {
      return await this.repo.transaction(fn);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const winner = await this.repo.live(accountId, contactId);
      if (!winner) throw err;
      return lost(winner);
    }
  }

  /** For callers that checked the feature already (bulk jobs). */
  async startChecked(accountId: string, contactId: string): Promise<ObfuscationOutcome> {
    const id = contactId.toLowerCase();
    return this.once(accountId, id, async (trx) => {
      if (!(await this.contacts.find(accountId, id, trx))) throw ObfuscationErrors.contactNotFound(undefined, { target: 'id' });
      const existing = await this.repo.live(accountId, id, trx);
      if (existing) return { view: view(existing), created: false };
      const row = await this.insertQueued(accountId, id, trx);
      return { view: view(row), created: true };
    }, (winner) => ({ view: view(winner), created: false }));
  }

  private async insertQueued(accountId: string, contactId: string, trx: Transaction<Database>): Promise<ObfuscationRow> {
    const now = iso(this.clock());
    const obfuscateId = newId();
    // The job carries ids only: the values to erase are read inside the erasure transaction.
    const job = await this.jobs.enqueue({ type: OBFUSCATION_JOB, accountId, payload: { obfuscateId } }, trx);
    const row: ObfuscationRow = {
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
    return this.once(accountId, id, async (trx) => {
      if (!(await this.contacts.find(accountId, id, trx))) return undefined;
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
    }, view);
  }

  /**
   * Clears what erased rows left on disk (SQLite's WAL). Called after each single
   * obfuscation and after each batch of a bulk job, once the erasure committed.
   * While other connections read, SQLite checkpoints what it can and the next
   * flush finishes the rest.
   */
  async flush(): Promise<void> {
    await this.repo.flushErasure();
  }

  async status(accountId: string, obfuscateId: string): Promise<ObfuscationStatusView> {
    const row = await this.repo.find(obfuscateId.toLowerCase(), accountId);
    if (!row) throw ObfuscationErrors.obfuscationNotFound(undefined, { target: 'obfuscateId' });
    return view(row);
  }

  /**
   * Proof for a privacy team (`eventline contacts verify-obfuscated`): every
   * column of every table and every file under the data dir, searched for the
   * contact's former values.
   */
  async verify(opts: VerifyOptions): Promise<VerifierReport> {
    return verifyObfuscated(this.repo, await this.contacts.isPurged(opts.contactId), opts);
  }

  jobHandlers(): Record<string, JobHandler> {
    return { [OBFUSCATION_JOB]: (job) => this.runJob(job) };
  }

  /** Idempotent: a re-run after a crash finds the contact purged (the erasure committed) or erases it again from scratch. */
  private async runJob(job: JobRecord): Promise<unknown> {
    const { payload } = job;
    const obfuscateId = typeof payload === 'object' && payload !== null && 'obfuscateId' in payload && typeof payload.obfuscateId === 'string' ? payload.obfuscateId : undefined;
    if (!obfuscateId) throw new PermanentJobError('payload has no obfuscateId');
    const rec = await this.repo.find(obfuscateId);
    if (!rec) throw new PermanentJobError('obfuscation record not found');
    if (rec.status === 'COMPLETED') return { obfuscateId, rowsErased: rec.rows_erased };
    await this.repo.setStatus(obfuscateId, { status: 'PROCESSING', last_modified: iso(this.clock()) });
    try {
      const rowsErased = await this.repo.transaction((trx) => this.eraseIn(trx, rec));
      await this.flush();
      return { obfuscateId, rowsErased };
    } catch (err) {
      const kind = errorKind(err);
      if (job.attempts >= job.maxAttempts) {
        await this.repo.setStatus(obfuscateId, { status: 'FAILED', error: kind, last_modified: iso(this.clock()), finished_at: iso(this.clock()) });
      }
      // The cause is left out on purpose: its message may quote the personal data being erased.
      // eslint-disable-next-line preserve-caught-error
      throw new Error(`contact erasure failed (${kind})`);
    }
  }

  /** Runs every registered eraser, then the safety net, in the caller's ONE transaction, which also marks the obfuscation COMPLETED. */
  private async eraseIn(trx: Transaction<Database>, rec: ObfuscationRow): Promise<number> {
    const now = iso(this.clock());
    const contact = await this.contacts.erasureSubject(rec.account_id, rec.contact_id, trx);
    let total = 0;
    if (contact && !contact.purged) {
      const subject: ErasureSubject = { accountId: rec.account_id, contactId: rec.contact_id, values: contact.values };
      for (const eraser of this.erasers.all()) total += await eraser.erase(trx, subject, now);
      // Read inside the transaction: on SQLite a query on the outer handle would wait for this one forever.
      this.catalogue ??= await this.repo.readCatalogue(trx);
      total += await this.safetyNet(trx, this.catalogue, subject.accountId, contact.identifying);
    }
    await this.repo.setStatus(rec.id, { status: 'COMPLETED', rows_erased: total, error: null, last_modified: now, finished_at: now }, trx);
    return total;
  }

  /**
   * Defence in depth behind the registered erasers: the contact's email and full
   * name (values that identify one person) are redacted in every text column of
   * every account-scoped table found in the catalogue, so a module that forgot
   * to register its eraser still leaves no trace of them. Runs last, in the same transaction.
   */
  private async safetyNet(trx: Transaction<Database>, catalogue: Catalogue, accountId: string, identifying: readonly string[]): Promise<number> {
    const forms = storedForms(identifying);
    let total = 0;
    for (const [table, columns] of safetyNetColumns(catalogue)) total += await this.repo.redactColumns(trx, table, columns, accountId, forms);
    return total;
  }
}
