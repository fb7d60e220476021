import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Config } from '../../config/index.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { ApiError } from '../../errors.js';
import { PermanentJobError, RetryLaterError, type JobContext, type JobHandler, type JobRecord } from '../../jobs/index.js';
import type { HookDeliveryOutcome, Metrics } from '../../metrics/index.js';
import type { ContactsService } from '../contacts/index.js';
import { readAnswer, transactionBody } from './contact-fields.js';
import { FINAL_STATUSES, type ContactHooksRepository } from './contact-hooks.repository.js';
import { DELIVER_JOB, MAX_DELIVERY_ATTEMPTS, outboundPolicy, sealContext } from './contact-hooks.service.js';
import type { AttemptOutcome, TransactionStatus } from './contact-hooks.table.js';
import { AnswerTooLarge, CallTimeout, CallbackError, postJson, resolveCallback, type Answer, type Resolver } from './outbound.js';
import type { SecretBox } from './secrets.js';
import { signWebhook } from './signing.js';
import type { Row } from '../../db/types.js';

const PayloadSchema = Type.Object({ transactionId: Type.String({ format: 'uuid' }) });
const checkPayload = Compile(PayloadSchema);

export const USER_AGENT = 'eventline-contact-hooks/1';

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: Date): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** How an attempt ended, decided from the receiver's answer or the call's error. */
type Verdict =
  | { kind: 'answered'; answer: Answer }
  /** Try again later (timeouts, 5xx, 408, 429, connection errors, DNS failures). */
  | { kind: 'retry'; outcome: AttemptOutcome; statusCode?: number; error: string; retryAfterMs?: number }
  /** Never again: the reference says 400 and 404 are not retried; redirects, other 4xx and refused callbacks neither. */
  | { kind: 'final'; status: Extract<TransactionStatus, 'rejected' | 'failed'>; outcome: AttemptOutcome; statusCode?: number; error: string };

function judge(answer: Answer, now: Date): Verdict {
  const s = answer.status;
  if (s >= 200 && s < 300) return { kind: 'answered', answer };
  if (s >= 300 && s < 400) {
    return { kind: 'final', status: 'rejected', outcome: 'answered', statusCode: s, error: `HTTP ${s}: redirects are not followed; point the callback at the final URL` };
  }
  if (s === 400 || s === 404) {
    return { kind: 'final', status: 'rejected', outcome: 'answered', statusCode: s, error: `HTTP ${s}: the receiver rejected the callback (not retried)` };
  }
  if (s === 408 || s === 429 || s >= 500) {
    const wait = retryAfterMs(answer.headers['retry-after'], now);
    return { kind: 'retry', outcome: 'answered', statusCode: s, error: `HTTP ${s}`, ...(wait !== undefined ? { retryAfterMs: wait } : {}) };
  }
  return { kind: 'final', status: 'rejected', outcome: 'answered', statusCode: s, error: `HTTP ${s}: the receiver refused the callback (not retried)` };
}

/** Rolls a merge back when another run ended the transaction first. */
class AlreadyEnded extends Error {}

function describe(err: unknown): string {
  const code = typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
  return code ?? (err instanceof Error ? err.message : 'connection failed');
}

/** One attempt's outcome for the metrics: what the far side (or the address check) did, never its address or answer. */
function deliveryOutcome(verdict: Verdict): HookDeliveryOutcome {
  if (verdict.kind === 'answered') return 'success';
  if (verdict.kind === 'final') return verdict.outcome === 'refused' ? 'refused' : 'rejected';
  return verdict.outcome === 'timeout' ? 'timeout' : verdict.outcome === 'network' ? 'network' : 'retryable_status';
}

/**
 * The delivery job: one HTTP attempt of one contact transaction per run, signed
 * (Standard Webhooks), with the hook's API key or Basic credentials. Delivery is
 * at least once (a worker killed mid-call sends again, with the same webhook-id);
 * the answer is merged at most once: the transaction is marked in the same
 * database transaction as the contact's update.
 */
export class ContactHookDeliveries {
  constructor(
    private readonly repo: ContactHooksRepository,
    private readonly contacts: ContactsService,
    private readonly secrets: () => Promise<SecretBox>,
    private readonly config: Pick<Config, 'contactHooks'>,
    private readonly clock: Clock = systemClock,
    private readonly resolver?: Resolver,
    private readonly metrics?: Pick<Metrics, 'hookDelivery'>,
  ) {}

  jobHandlers(): Record<string, JobHandler> {
    return { [DELIVER_JOB]: (job, ctx) => this.deliver(job, ctx) };
  }

  private now(): string {
    return iso(this.clock());
  }

  private async end(tx: Row<'contact_hook_transactions'>, status: TransactionStatus, error: string | null): Promise<void> {
    await this.repo.updateOpenTransaction(tx.account_id, tx.id, { status, last_error: error, last_modified: this.now(), finished_at: this.now() });
  }

  async deliver(job: JobRecord, ctx: JobContext): Promise<unknown> {
    if (!checkPayload.Check(job.payload) || job.accountId === null) throw new PermanentJobError('the job payload is not a contact transaction');
    const accountId = job.accountId;
    const tx = await this.repo.findTransaction(accountId, job.payload.transactionId);
    // Deleted with its hook, or ended by an earlier run (a merge that committed before its worker died).
    if (!tx) return { skipped: 'the transaction no longer exists' };
    if (FINAL_STATUSES.includes(tx.status)) return { skipped: `the transaction is ${tx.status}` };
    const hook = await this.repo.findHook(accountId, tx.hook_id);
    if (!hook) return { skipped: 'the hook no longer exists' };
    const contact = tx.contact_id === null ? undefined : await this.contacts.find(accountId, tx.contact_id);
    if (!contact || contact.purged || contact.deleted === true) {
      await this.end(tx, 'cancelled', 'the contact was deleted or obfuscated before the callback');
      return { status: 'cancelled' };
    }
    if (tx.attempts >= MAX_DELIVERY_ATTEMPTS) {
      const error = `gave up after ${tx.attempts} attempts (the last was cut off)`;
      await this.end(tx, 'failed', error);
      throw new PermanentJobError(error);
    }

    const attempt = tx.attempts + 1;
    const attemptId = newId();
    const started = this.clock();
    const t0 = performance.now();
    // Written before the call: a worker killed during it leaves an attempt that says `started`.
    await this.repo.insertAttempt({ id: attemptId, account_id: accountId, transaction_id: tx.id, attempt, started: iso(started), outcome: 'started', status_code: null, duration_ms: null, error: null });
    await this.repo.updateOpenTransaction(accountId, tx.id, { status: 'delivering', attempts: attempt, last_modified: iso(started) });

    const verdict = await this.call(hook, tx, JSON.stringify(transactionBody(tx.id, contact)), ctx);
    // A run whose lease was lost stops here: the run that took the job over records the outcome.
    if (ctx.signal.aborted) throw ctx.signal.reason instanceof Error ? ctx.signal.reason : new Error('job lease lost');
    this.metrics?.hookDelivery(deliveryOutcome(verdict));
    const duration = Math.round(performance.now() - t0);
    const record = { last_duration_ms: duration, last_modified: this.now() };

    if (verdict.kind === 'answered') return this.merge(tx, hook, attemptId, verdict.answer, duration);

    await this.repo.updateAttempt(accountId, attemptId, { outcome: verdict.outcome, status_code: verdict.statusCode ?? null, duration_ms: duration, error: verdict.error });
    if (verdict.kind === 'final') {
      await this.repo.updateOpenTransaction(accountId, tx.id, { ...record, last_status_code: verdict.statusCode ?? null, status: verdict.status, last_error: verdict.error, finished_at: this.now() });
      throw new PermanentJobError(verdict.error);
    }
    const last = attempt >= MAX_DELIVERY_ATTEMPTS;
    const error = last ? `${verdict.error} (gave up after ${attempt} attempts)` : verdict.error;
    await this.repo.updateOpenTransaction(accountId, tx.id, {
      ...record, last_status_code: verdict.statusCode ?? null, status: last ? 'failed' : 'retrying', last_error: error, ...(last ? { finished_at: this.now() } : {}),
    });
    if (last) throw new PermanentJobError(error);
    throw verdict.retryAfterMs !== undefined ? new RetryLaterError(error, verdict.retryAfterMs) : new Error(error);
  }

  /** One signed HTTP attempt; never throws for the far side's faults, only for a lost lease. */
  private async call(hook: Row<'contact_hooks'>, tx: Row<'contact_hook_transactions'>, body: string, ctx: JobContext): Promise<Verdict> {
    const policy = outboundPolicy(this.config);
    let target;
    try {
      // Checked again at each attempt, after resolution, and the connection pinned to the checked address.
      target = await resolveCallback(hook.callback, policy, this.resolver);
    } catch (err) {
      if (!(err instanceof CallbackError)) throw err;
      return err.kind === 'refused'
        ? { kind: 'final', status: 'failed', outcome: 'refused', error: `refused: ${err.message}` }
        : { kind: 'retry', outcome: 'network', error: err.message };
    }
    const box = await this.secrets();
    const secret = box.open(hook.secret_enc, sealContext(hook.id, 'auth'));
    const signing = box.open(hook.signing_secret_enc, sealContext(hook.id, 'signing'));
    const timestamp = Math.floor(this.clock().getTime() / 1000);
    const auth: Record<string, string> = hook.security_type === 'basic'
      ? { authorization: `Basic ${secret}` }
      : { [(hook.auth_header_key ?? 'Authorization').toLowerCase()]: hook.api_key_prefix === 1 ? `api_key ${secret}` : secret };
    const headers = {
      ...auth,
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': tx.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(signing, tx.id, timestamp, body),
    };
    try {
      return judge(await postJson(target, headers, body, { timeoutMs: policy.timeoutMs, signal: ctx.signal }), this.clock());
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      if (err instanceof CallTimeout) return { kind: 'retry', outcome: 'timeout', error: `timeout: ${err.message}` };
      if (err instanceof AnswerTooLarge) return { kind: 'final', status: 'rejected', outcome: 'answered', error: err.message };
      return { kind: 'retry', outcome: 'network', error: `connection failed: ${describe(err)}` };
    }
  }

  /** Merges a 2xx answer, at most once per transaction, in one database transaction with the mark that says so. */
  private async merge(tx: Row<'contact_hook_transactions'>, hook: Row<'contact_hooks'>, attemptId: string, answer: Answer, duration: number): Promise<unknown> {
    const { account_id: accountId } = tx;
    const attemptDone = { outcome: 'answered' as const, status_code: answer.status, duration_ms: duration, error: null };
    const read = readAnswer(answer.body);
    if (!read) {
      const error = `HTTP ${answer.status}, but the answer is not a contact-fields document ({ "data": [ { "id", "name", "value": [...] } ] })`;
      await this.repo.updateAttempt(accountId, attemptId, { ...attemptDone, error });
      await this.repo.updateOpenTransaction(accountId, tx.id, {
        status: 'rejected', last_status_code: answer.status, last_error: error, last_duration_ms: duration, last_modified: this.now(), finished_at: this.now(),
      });
      throw new PermanentJobError(error);
    }
    try {
      const status = await this.repo.transaction(async (trx) => {
        const changed = tx.contact_id === null ? undefined
          : await this.contacts.mergeIdentified(accountId, tx.contact_id, read.fields, `contact-hook:${hook.id}`, trx);
        const ended: TransactionStatus = changed === undefined ? 'cancelled' : changed.length > 0 ? 'merged' : 'unchanged';
        // Ending the transaction is conditional on it being open: another run that ended it first
        // (a worker that took the job over) makes this one roll the contact's update back.
        const claimed = await this.repo.updateOpenTransaction(accountId, tx.id, {
          status: ended, last_status_code: answer.status, last_duration_ms: duration, last_modified: this.now(), finished_at: this.now(),
          last_error: changed === undefined ? 'the contact was deleted or obfuscated before the answer came' : null,
          merge_result: JSON.stringify({ merged: changed ?? [], ignored: read.ignored }),
        }, trx);
        if (!claimed) throw new AlreadyEnded();
        await this.repo.updateAttempt(accountId, attemptId, attemptDone, trx);
        return ended;
      });
      return { status };
    } catch (err) {
      if (err instanceof AlreadyEnded) {
        await this.repo.updateAttempt(accountId, attemptId, { ...attemptDone, error: 'not merged: another run ended the transaction first' });
        return { skipped: 'another run ended the transaction first' };
      }
      if (!(err instanceof ApiError)) throw err;
      // The contact cannot take the answer (a bad email, an email another contact holds): the message names the field, never the value.
      const error = `the answer cannot be merged: ${err.message}`;
      await this.repo.updateAttempt(accountId, attemptId, { ...attemptDone, error });
      await this.repo.updateOpenTransaction(accountId, tx.id, {
        status: 'rejected', last_status_code: answer.status, last_error: error, last_duration_ms: duration, last_modified: this.now(), finished_at: this.now(),
      });
      throw new PermanentJobError(error);
    }
  }
}
