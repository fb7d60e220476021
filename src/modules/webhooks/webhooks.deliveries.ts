import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Config } from '../../config/index.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { PermanentJobError, RetryLaterError, type JobContext, type JobHandler, type JobRecord } from '../../jobs/index.js';
import {
  AnswerTooLarge, CallTimeout, CallbackError, outboundPolicy, postJson, resolveCallback, retryAfterMs, signWebhook, type Answer, type Resolver,
} from '../contact-hooks/index.js';
import type { Row } from '../../db/types.js';
import { objectFor, webhookBody } from './webhooks.payload.js';
import { FINAL_DELIVERY_STATUSES, type WebhooksRepository } from './webhooks.repository.js';
import { DELIVER_JOB, type WebhooksService } from './webhooks.service.js';

/** Events removed per statement by the retention job (one transaction each). */
const PRUNE_BATCH = 500;
/** The retention job's type and period. */
export const PRUNE_JOB = 'webhooks.prune';
export const PRUNE_EVERY_MS = 60 * 60 * 1000;

const PayloadSchema = Type.Object({ deliveryId: Type.String({ format: 'uuid' }) });
const checkPayload = Compile(PayloadSchema);

export const USER_AGENT = 'eventline-webhooks/1';

/** How an attempt ended. */
type Verdict =
  | { kind: 'ok'; statusCode: number }
  /** Try again later: timeouts, 5xx, 408, 429, connection and DNS failures. */
  | { kind: 'retry'; statusCode?: number; error: string; retryAfterMs?: number }
  /** Never again (until a replay): other 4xx, redirects, a refused address, an answer too large. */
  | { kind: 'final'; statusCode?: number; error: string };

function judge(answer: Answer, now: Date): Verdict {
  const s = answer.status;
  if (s >= 200 && s < 300) return { kind: 'ok', statusCode: s };
  if (s === 408 || s === 429 || s >= 500) {
    const wait = retryAfterMs(answer.headers['retry-after'], now);
    return { kind: 'retry', statusCode: s, error: `HTTP ${s}`, ...(wait !== undefined ? { retryAfterMs: wait } : {}) };
  }
  if (s >= 300 && s < 400) return { kind: 'final', statusCode: s, error: `HTTP ${s}: redirects are not followed; point the endpoint at the final URL` };
  return { kind: 'final', statusCode: s, error: `HTTP ${s}: the receiver refused the event (not retried; replay it once fixed)` };
}

function describe(err: unknown): string {
  const code = typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
  return code ?? (err instanceof Error ? err.message : 'connection failed');
}

/**
 * The delivery job: one signed HTTP attempt of one event to one endpoint per run (Standard Webhooks headers, the
 * event id as webhook-id on every attempt and replay). At least once: a worker killed mid-call sends again. Retries
 * use the queue's back-off, or the receiver's Retry-After when it is longer. Each failed attempt counts against the
 * endpoint; WEBHOOKS_PAUSE_AFTER of them in a row pause it; a success resets the count.
 */
export class WebhookDeliveries {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly webhooks: WebhooksService,
    private readonly config: Pick<Config, 'contactHooks' | 'webhooks'>,
    private readonly clock: Clock = systemClock,
    private readonly resolver?: Resolver,
  ) {}

  jobHandlers(): Record<string, JobHandler> {
    return { [DELIVER_JOB]: (job, ctx) => this.deliver(job, ctx) };
  }

  /** Retention (WEBHOOKS_RETENTION_DAYS): events and their deliveries older than that, none still under way. */
  async prune(): Promise<{ events: number }> {
    const days = this.config.webhooks?.retentionDays ?? 30;
    const before = iso(new Date(this.clock().getTime() - days * 86_400_000));
    let events = 0;
    for (let n = PRUNE_BATCH; n === PRUNE_BATCH; events += n) n = await this.repo.pruneEvents(before, PRUNE_BATCH);
    return { events };
  }

  private now(): string {
    return iso(this.clock());
  }

  private async fail(d: Row<'webhook_deliveries'>, error: string, extra: { last_status_code?: number | null; last_duration_ms?: number | null } = {}): Promise<never> {
    await this.repo.updateOpenDelivery(d.account_id, d.id, { status: 'failed', last_error: error, last_modified: this.now(), finished_at: this.now(), ...extra });
    throw new PermanentJobError(error);
  }

  async deliver(job: JobRecord, ctx: JobContext): Promise<unknown> {
    if (!checkPayload.Check(job.payload) || job.accountId === null) throw new PermanentJobError('the job payload is not a webhook delivery');
    const accountId = job.accountId;
    const d = await this.repo.findDelivery(accountId, job.payload.deliveryId);
    if (!d) return { skipped: 'the delivery no longer exists' };
    if (FINAL_DELIVERY_STATUSES.includes(d.status)) return { skipped: `the delivery is ${d.status}` };
    const endpoint = await this.repo.findEndpoint(accountId, d.endpoint_id);
    if (!endpoint) return { skipped: 'the endpoint no longer exists' };
    if (endpoint.status !== 'enabled') return this.fail(d, `not sent: the endpoint is ${endpoint.status} (enable it, then replay the failed deliveries)`);
    const event = await this.repo.findEvent(accountId, d.event_id);
    if (!event) return this.fail(d, 'the event no longer exists');
    const scopes = await this.webhooks.scopesOf(endpoint.client_id);
    if (!scopes) return this.fail(d, 'not sent: the endpoint\'s application is revoked');
    const max = this.config.webhooks?.maxAttempts ?? 8;
    if (d.attempts >= max) return this.fail(d, `gave up after ${d.attempts} attempts (the last was cut off)`);

    const attempt = d.attempts + 1;
    await this.repo.updateOpenDelivery(accountId, d.id, { status: 'delivering', attempts: attempt, last_modified: this.now() });
    const object = objectFor(event.type, JSON.parse(event.payload) as Record<string, unknown>, scopes);
    const body = webhookBody(event, object);
    const t0 = performance.now();
    const verdict = await this.call(endpoint, event.id, body, ctx);
    if (ctx.signal.aborted) throw ctx.signal.reason instanceof Error ? ctx.signal.reason : new Error('job lease lost');
    const duration = Math.round(performance.now() - t0);
    const record = { last_status_code: verdict.statusCode ?? null, last_duration_ms: duration, last_modified: this.now() };

    if (verdict.kind === 'ok') {
      await this.repo.updateOpenDelivery(accountId, d.id, { ...record, status: 'succeeded', last_error: null, finished_at: this.now() });
      await this.repo.resetFailures(accountId, endpoint.id);
      return { status: 'succeeded', statusCode: verdict.statusCode };
    }
    const failures = await this.repo.countFailure(accountId, endpoint.id);
    const pauseAfter = this.config.webhooks?.pauseAfter ?? 20;
    if (failures >= pauseAfter) {
      await this.repo.pause(accountId, endpoint.id, `paused after ${failures} failed attempts in a row (the last: ${verdict.error})`, this.now());
    }
    const last = verdict.kind === 'final' || attempt >= max;
    if (last) {
      const error = verdict.kind === 'final' ? verdict.error : `${verdict.error} (gave up after ${attempt} attempts)`;
      return this.fail(d, error, record);
    }
    await this.repo.updateOpenDelivery(accountId, d.id, { ...record, status: 'retrying', last_error: verdict.error });
    throw verdict.retryAfterMs !== undefined ? new RetryLaterError(verdict.error, verdict.retryAfterMs) : new Error(verdict.error);
  }

  /** One signed HTTP attempt; never throws for the far side's faults, only for a lost lease. */
  private async call(endpoint: Row<'webhook_endpoints'>, messageId: string, body: string, ctx: JobContext): Promise<Verdict> {
    const policy = outboundPolicy(this.config);
    let target;
    try {
      // Checked again at each attempt, after resolution, and the connection pinned to the checked address.
      target = await resolveCallback(endpoint.url, policy, this.resolver);
    } catch (err) {
      if (!(err instanceof CallbackError)) throw err;
      return err.kind === 'refused' ? { kind: 'final', error: `refused: ${err.message}` } : { kind: 'retry', error: err.message };
    }
    const timestamp = Math.floor(this.clock().getTime() / 1000);
    // During a rotation's overlap both secrets sign: `v1,<new> v1,<previous>` (a receiver accepts either).
    const signature = (await this.webhooks.signingSecrets(endpoint)).map((s) => signWebhook(s, messageId, timestamp, body)).join(' ');
    const headers = {
      'content-type': 'application/json', accept: '*/*', 'user-agent': USER_AGENT,
      'webhook-id': messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature,
    };
    try {
      return judge(await postJson(target, headers, body, { timeoutMs: policy.timeoutMs, signal: ctx.signal }), this.clock());
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      if (err instanceof CallTimeout) return { kind: 'retry', error: `timeout: ${err.message}` };
      if (err instanceof AnswerTooLarge) return { kind: 'final', error: err.message };
      return { kind: 'retry', error: `connection failed: ${describe(err)}` };
    }
  }
}
