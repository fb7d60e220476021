import type { Notifier } from '../../notifications.js';
import type { ObfuscationJournal } from './journal.js';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/constraints.js';
import { syncSearchIndexIn, type Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import { PermanentJobError, type JobHandler, type JobQueue, type JobRecord } from '../../jobs/index.js';
import type { AccountsService } from '../accounts/index.js';
import type { ContactErasureSubject, ContactsService } from '../contacts/index.js';
import type { EraserRegistry, ErasureSubject } from '../privacy/index.js';
import type { CompactOptions, CompactionReport, Compactor } from './compaction.js';
import type { Metrics } from '../../metrics/index.js';
import type { DiskRepository } from './disk.repository.js';
import { ObfuscationErrors } from './obfuscation.errors.js';
import type { ObfuscationRepository } from './obfuscation.repository.js';
import type { ObfuscationStatus } from './obfuscation.table.js';
import { verifyObfuscated, type VerifierReport, type VerifyOptions } from './obfuscation.verifier.js';
import type { Config } from '../../config/index.js';
import type { Row } from '../../db/types.js';

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

/** What one erasure changed: rows, and the tables whose files hold the old versions ('unknown' without the server's counters). */
interface Erased {
  readonly total: number;
  /** Contacts erased (with those merged into them). */
  readonly contacts: number;
  readonly touched: readonly string[] | 'unknown';
}

function view(r: Row<'contact_obfuscations'>): ObfuscationStatusView {
  return { obfuscateId: r.id, status: r.status, contact: { id: r.contact_id } };
}

/** The kind of a failure (its name and driver code), never its message: that may quote the values being erased. */
function errorKind(err: unknown): string {
  if (!(err instanceof Error)) return 'error';
  const code = 'code' in err ? err.code : undefined;
  return code ? `${err.name} ${String(code)}` : err.name;
}

export class ObfuscationService {
  constructor(
    private readonly repo: ObfuscationRepository,
    private readonly contacts: ContactsService,
    private readonly accounts: AccountsService,
    private readonly jobs: JobQueue,
    private readonly erasers: EraserRegistry,
    private readonly clock: Clock,
    private readonly disk: { readonly repo: DiskRepository; readonly compactor: Compactor; readonly database: Config['database'] },
    private readonly metrics?: Pick<Metrics, 'obfuscated' | 'obfuscationFailed'>,
    private readonly notifier?: Notifier,
  ) {}

  private journal?: ObfuscationJournal;

  /** SQLite: every obfuscation is also written to the journal a restore replays (journal.ts). */
  useJournal(journal: ObfuscationJournal): void {
    this.journal = journal;
  }

  /** Adds to the journal the obfuscations a crash kept out of it (at start). */
  async reconcileJournal(): Promise<number> {
    return this.journal ? this.journal.reconcile(await this.repo.held(), iso(this.clock())) : 0;
  }

  private journalled(accountId: string, contactIds: Iterable<string>): void {
    this.journal?.append([...contactIds].map((contactId) => ({ accountId, contactId })), iso(this.clock()));
  }

  private merged?: (accountId: string, contactIds: readonly string[], trx: Transaction<Database>) => Promise<string[]>;

  /** The contact-history module names the contacts merged into a contact: its obfuscation erases them too. */
  useMerged(resolve: (accountId: string, contactIds: readonly string[], trx: Transaction<Database>) => Promise<string[]>): void {
    this.merged = resolve;
  }

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
  private async once<T>(accountId: string, contactId: string, fn: (trx: Transaction<Database>) => Promise<T>, lost: (winner: Row<'contact_obfuscations'>) => T): Promise<T> {
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
    const outcome = await this.once(accountId, id, async (trx) => {
      if (!(await this.contacts.find(accountId, id, trx))) throw ObfuscationErrors.contactNotFound(undefined, { target: 'id' });
      const existing = await this.repo.live(accountId, id, trx);
      if (existing) return { view: view(existing), created: false };
      const row = await this.insertQueued(accountId, id, trx);
      return { view: view(row), created: true };
    }, (winner) => ({ view: view(winner), created: false }));
    if (outcome.created) this.journalled(accountId, [id]);
    return outcome;
  }

  private async insertQueued(accountId: string, contactId: string, trx: Transaction<Database>): Promise<Row<'contact_obfuscations'>> {
    const now = iso(this.clock());
    const obfuscateId = newId();
    // The job carries ids only: the values to erase are read inside the erasure transaction.
    const job = await this.jobs.enqueue({ type: OBFUSCATION_JOB, accountId, payload: { obfuscateId } }, trx);
    const row: Row<'contact_obfuscations'> = {
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
    return (await this.obfuscateBatch(accountId, [contactId]))[0];
  }

  /**
   * Obfuscates contacts of one account now, in ONE transaction (a bulk job's
   * batch): their obfuscation rows, every eraser once for all of them, and
   * COMPLETED commit together, so a crash leaves either all of them erased and
   * COMPLETED or none (the re-run erases them again from scratch), and a contact
   * already COMPLETED is not erased again. Answers per given id, in order
   * (undefined: unknown contact). Losing the race on the one-live-obfuscation
   * index to a concurrent request for one of them: each contact is then done alone.
   */
  async obfuscateBatch(accountId: string, contactIds: readonly string[]): Promise<Array<ObfuscationStatusView | undefined>> {
    const ids = contactIds.map((c) => c.toLowerCase());
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    if (unique.length === 1) {
      const id = unique[0] ?? '';
      const one = await this.once<{ views: Map<string, ObfuscationStatusView>; erased?: Erased }>(accountId, id, (trx) => this.obfuscateIn(trx, accountId, unique), (winner) => ({ views: new Map([[id, view(winner)]]) }));
      if (one.erased) this.committed(one.erased);
      this.journalled(accountId, one.views.keys());
      return ids.map((i) => one.views.get(i));
    }
    let done: { views: Map<string, ObfuscationStatusView>; erased?: Erased };
    try {
      done = await this.repo.transaction((trx) => this.obfuscateIn(trx, accountId, unique));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const views = new Map<string, ObfuscationStatusView | undefined>();
      for (const id of unique) views.set(id, await this.obfuscateNow(accountId, id));
      return ids.map((i) => views.get(i));
    }
    if (done.erased) this.committed(done.erased);
    this.journalled(accountId, done.views.keys());
    return ids.map((i) => done.views.get(i));
  }

  private async obfuscateIn(trx: Transaction<Database>, accountId: string, ids: readonly string[]): Promise<{ views: Map<string, ObfuscationStatusView>; erased?: Erased }> {
    const subjects = await this.contacts.erasureSubjects(accountId, ids, trx);
    const live = await this.repo.liveMany(accountId, [...subjects.keys()], trx);
    const views = new Map<string, ObfuscationStatusView>();
    const todo: Row<'contact_obfuscations'>[] = [];
    const fresh: Row<'contact_obfuscations'>[] = [];
    const now = iso(this.clock());
    for (const id of ids) {
      if (!subjects.has(id)) continue;
      const rec = live.get(id);
      if (rec?.status === 'COMPLETED') {
        views.set(id, view(rec));
        continue;
      }
      // A queued single obfuscation of the same contact is finished here; its own job then finds it COMPLETED.
      const row: Row<'contact_obfuscations'> = rec ?? { id: newId(), account_id: accountId, contact_id: id, status: 'PROCESSING', job_id: null, rows_erased: null, error: null, created: now, last_modified: now, finished_at: null };
      if (!rec) fresh.push(row);
      todo.push(row);
      views.set(id, { obfuscateId: row.id, status: 'COMPLETED', contact: { id } });
    }
    if (todo.length === 0) return { views };
    await this.repo.insertMany(fresh, trx);
    return { views, erased: await this.eraseIn(trx, accountId, todo, subjects) };
  }

  /**
   * Clears what erased rows left on disk, once the erasure committed (OBFUSCATION_COMPACT=after-job):
   * SQLite's WAL is checkpointed and truncated; on PostgreSQL the tables the erasures
   * touched are rewritten (VACUUM FULL) and CHECKPOINT runs. Called after each single
   * obfuscation and after each batch of a bulk job. A step that cannot run is a logged
   * warning in the report, not an error: the erasure itself is done. `unknownTables`:
   * an erasure of an earlier run committed but its tables are not known (a re-run after a
   * crash), so every table is rewritten. `final: false`: a batch of a bulk job that goes
   * on, whose PostgreSQL rewrite may wait for a later batch (at most a minute) or the end.
   */
  async flush(opts: { unknownTables?: boolean; final?: boolean } = {}): Promise<CompactionReport | undefined> {
    if (opts.unknownTables) this.disk.compactor.touchedUnknown();
    return this.disk.compactor.afterJob({ final: opts.final ?? true });
  }

  /** `eventline db compact`: the documented maintenance step, for the operator to schedule off-peak. */
  compact(opts: CompactOptions): Promise<CompactionReport> {
    return this.disk.compactor.run(opts);
  }

  /** Where warnings of compactions after jobs go (the `eventline worker` command's log). */
  useLog(log: { warn(obj: object, msg: string): void }): void {
    this.disk.compactor.useLog(log);
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
    const { database } = this.disk;
    const sqliteFile = opts.sqliteFile ?? (database.dialect === 'sqlite' ? database.file : undefined);
    return verifyObfuscated(
      { repo: this.repo, disk: this.disk.repo, dialect: database.dialect },
      await this.contacts.isPurged(opts.contactId),
      { ...opts, ...(sqliteFile !== undefined ? { sqliteFile } : {}) },
    );
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
    if (rec.status === 'COMPLETED') {
      // An earlier run of this job erased and committed, then stopped before its compaction
      // finished (a crash, or handed back at shutdown); or a bulk job erased the contact. The
      // tables are not known here, so every table is compacted (rare, and never wrong).
      const compaction = await this.flush({ unknownTables: true });
      return { obfuscateId, rowsErased: rec.rows_erased, ...(compaction ? { compaction: compaction.status } : {}) };
    }
    await this.repo.setStatus(obfuscateId, { status: 'PROCESSING', last_modified: iso(this.clock()) });
    let erased: Erased;
    try {
      erased = await this.repo.transaction((trx) => this.eraseIn(trx, rec.account_id, [rec]));
    } catch (err) {
      this.metrics?.obfuscationFailed();
      const kind = errorKind(err);
      if (job.attempts >= job.maxAttempts) {
        await this.repo.setStatus(obfuscateId, { status: 'FAILED', error: kind, last_modified: iso(this.clock()), finished_at: iso(this.clock()) });
      }
      // The cause is left out on purpose: its message may quote the personal data being erased.
      // eslint-disable-next-line preserve-caught-error
      throw new Error(`contact erasure failed (${kind})`);
    }
    // Outside the erasure's error handling: the erasure committed, so a failed compaction must not
    // mark it FAILED; the job fails, and its retry compacts every table (see above).
    this.committed(erased);
    const compaction = await this.flush();
    return { obfuscateId, rowsErased: erased.total, ...(compaction ? { compaction: compaction.status } : {}) };
  }

  /**
   * Runs every registered eraser ONCE for all of these obfuscations' contacts (one account), in the caller's ONE
   * transaction, which also marks each obfuscation COMPLETED. No scan of other columns follows: every column
   * declared to hold personal data is covered by a registered eraser, which a test checks at build time
   * (test/api/erasure-coverage.test.ts). `rows_erased` is what the transaction erased, for all its contacts.
   */
  private async eraseIn(trx: Transaction<Database>, accountId: string, recs: readonly Row<'contact_obfuscations'>[], known?: ReadonlyMap<string, ContactErasureSubject>): Promise<Erased> {
    const now = iso(this.clock());
    const subjects = known ?? await this.contacts.erasureSubjects(accountId, recs.map((r) => r.contact_id), trx);
    const contactIds: string[] = [];
    const values = new Set<string>();
    const identifying = new Set<string>();
    for (const r of recs) {
      const c = subjects.get(r.contact_id);
      if (!c || c.purged || contactIds.includes(r.contact_id)) continue;
      contactIds.push(r.contact_id);
      for (const v of c.values) values.add(v);
      for (const v of c.identifying) identifying.add(v);
    }
    // Contacts merged into these ones (kept, deleted, with their values) are erased with them.
    const merged = this.merged === undefined || contactIds.length === 0 ? [] : (await this.merged(accountId, contactIds, trx)).filter((id) => !contactIds.includes(id));
    if (merged.length > 0) {
      for (const [id, c] of await this.contacts.erasureSubjects(accountId, merged, trx)) {
        if (c.purged) continue;
        contactIds.push(id);
        for (const v of c.values) values.add(v);
        for (const v of c.identifying) identifying.add(v);
      }
    }
    let total = 0;
    let touched: Erased['touched'] = [];
    if (contactIds.length > 0) {
      const subject: ErasureSubject = { accountId, contactIds, values: [...values], identifying: [...identifying] };
      for (const eraser of this.erasers.all()) total += await eraser.erase(trx, subject, now);
      // SQLite: the contacts' trigram index queued the erased contacts with their old values (src/db/search-index.ts):
      // moved into the index now, in this transaction, so no queued copy outlives the erasure.
      if (this.disk.database.dialect === 'sqlite') await syncSearchIndexIn(trx);
      // The files of these tables now hold the old values as dead row versions (PostgreSQL).
      const footprint = await this.repo.footprint(trx);
      // Without the server's counters (track_counts off) the tables are not known.
      touched = footprint.tables.length > 0 || total === 0 || this.disk.database.dialect !== 'postgres' ? footprint.tables : 'unknown';
    }
    await this.repo.setStatusMany(recs.map((r) => r.id), { status: 'COMPLETED', rows_erased: total, error: null, last_modified: now, finished_at: now }, trx);
    // Ids only: the contact's values are gone, and the notification must not carry them anywhere.
    for (const r of recs) if (contactIds.includes(r.contact_id)) await this.notifier?.notify(trx, accountId, 'contact.obfuscated', { id: r.contact_id, obfuscateId: r.id });
    return { total, contacts: contactIds.length, touched };
  }

  /** Hands the tables of a committed erasure to the compaction after the job. */
  private committed(erased: Erased): void {
    this.metrics?.obfuscated(erased.contacts);
    if (erased.touched === 'unknown') this.disk.compactor.touchedUnknown();
    else this.disk.compactor.touched(erased.touched);
  }
}
