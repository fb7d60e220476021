import type { Config } from '../../config/index.js';
import { actorName, type AuthContext } from '../../actor.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import type { JobQueue } from '../../jobs/index.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { EventType, NotifiedSource } from '../../notifications.js';
import type { AccountsService } from '../accounts/index.js';
import type { AuditService } from '../audit/index.js';
import { CallbackError, newSigningSecret, outboundPolicy, resolveCallback, type Resolver, type SecretBox } from '../contact-hooks/index.js';
import type { Row } from '../../db/types.js';
import { WebhookErrors } from './webhooks.errors.js';
import { deliveriesList, endpointsList } from './webhooks.filters.js';
import { parseTypes } from './webhooks.payload.js';
import type { Executor, WebhooksRepository } from './webhooks.repository.js';
import {
  DEFAULT_OVERLAP_SECONDS, type Delivery, type Endpoint, type EndpointCreated, type EndpointInput, type EndpointPatch,
} from './webhooks.schemas.js';

export const DELIVER_JOB = 'webhook.deliver';

interface Subscribers {
  readonly endpoints: ReadonlyArray<Row<'webhook_endpoints'>>;
  readonly listeners: ReadonlyArray<Row<'webhook_listeners'>>;
}

/** Who owns the endpoints a call manages: an application of an account, and who acts. */
export interface EndpointOwner {
  readonly accountId: string;
  readonly applicationId: string;
  readonly clientId: string;
  readonly actor: string;
}

/** What binds a sealed secret to its endpoint and column (secrets.ts). */
export const sealContext = (endpointId: string, what: 'secret' | 'previous'): string => `webhook-endpoint:${endpointId}:${what}`;

export function toEndpoint(r: Row<'webhook_endpoints'>, now: string): Endpoint {
  return {
    id: r.id, application: { id: r.application_id }, url: r.url, ...(r.description !== null ? { description: r.description } : {}),
    enabledEvents: parseTypes(r.event_types), status: r.status,
    ...(r.status === 'paused' && r.paused_reason !== null ? { pausedReason: r.paused_reason } : {}),
    ...(r.previous_secret_expires !== null && r.previous_secret_expires > now ? { previousSecretExpires: r.previous_secret_expires } : {}),
    created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
  };
}

export function toDelivery(r: Row<'webhook_deliveries'>): Delivery {
  return {
    id: r.id, endpoint: { id: r.endpoint_id }, event: { id: r.event_id, type: r.event_type }, status: r.status, attempts: r.attempts,
    ...(r.last_status_code !== null ? { lastStatusCode: r.last_status_code } : {}),
    ...(r.last_error !== null ? { lastError: r.last_error } : {}),
    ...(r.last_duration_ms !== null ? { durationMs: r.last_duration_ms } : {}),
    created: r.created, lastModified: r.last_modified, ...(r.finished_at !== null ? { finished: r.finished_at } : {}),
  };
}

/**
 * Webhook endpoints of applications, their delivery log and replays, and the emission point (`emit`, the
 * Notifier's sink): an event is written to the outbox and a delivery job queued per subscribed endpoint, in the
 * transaction of the change. Delivery is the job in webhooks.deliveries.ts.
 */
export class WebhooksService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly accounts: Pick<AccountsService, 'authGrant' | 'getApplication'>,
    private readonly secrets: () => Promise<SecretBox>,
    private readonly jobs: JobQueue,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion' | 'contactHooks' | 'webhooks'>,
    private readonly clock: Clock = systemClock,
    private readonly resolver?: Resolver,
    /** The audit log (issue 36): an endpoint's creation, changes, secret rotation, deletion and replays. */
    private readonly audit?: Pick<AuditService, 'record'>,
  ) {}

  /** One audit entry about an endpoint: its URL, event types and status, never its secret (only "rotated"). */
  private async audited(owner: EndpointOwner, action: string, row: { id: string; url: string }, changes: Record<string, unknown>): Promise<void> {
    await this.audit?.record(undefined, { accountId: owner.accountId, action, target: { type: 'webhook-endpoint', id: row.id, display: row.url }, changes: { application: owner.applicationId, ...changes } });
  }

  private now(): string {
    return iso(this.clock());
  }

  /** Job attempts of a delivery: the HTTP attempts, and a few more for runs cut off by a dying worker. */
  jobMaxAttempts(): number {
    return (this.config.webhooks?.maxAttempts ?? 8) + 3;
  }

  /** The owner of a call with a bearer token: its application. */
  static ownerOf(auth: AuthContext): EndpointOwner {
    if (auth.applicationId === null) throw WebhookErrors.noApplication();
    return { accountId: auth.accountId, applicationId: auth.applicationId, clientId: auth.clientId, actor: actorName(auth) };
  }

  /** The owner for the portal: an application of the signed-in user's account (404 for another account's). */
  async portalOwner(accountId: string, applicationId: string, actor: string): Promise<EndpointOwner> {
    try {
      const app = await this.accounts.getApplication(accountId, applicationId);
      return { accountId, applicationId: app.id, clientId: app.clientId, actor };
    } catch {
      throw WebhookErrors.applicationNotFound();
    }
  }

  /** The application's effective scopes now (application ∩ workspace); undefined when it is revoked or gone. */
  async scopesOf(clientId: string): Promise<ReadonlySet<string> | undefined> {
    const grant = await this.accounts.authGrant(clientId);
    if (!grant || grant.revoked) return undefined;
    const workspace = new Set(grant.workspaceScopes);
    return new Set(grant.applicationScopes.filter((s) => workspace.has(s)));
  }

  private async checkUrl(url: string): Promise<void> {
    try {
      await resolveCallback(url, outboundPolicy(this.config), this.resolver);
    } catch (err) {
      // A name that does not resolve yet is accepted: each delivery resolves and checks it again.
      if (err instanceof CallbackError && err.kind === 'unresolved') return;
      if (err instanceof CallbackError) throw WebhookErrors.urlRefused(`The URL cannot be called: ${err.message}`, { target: 'url' });
      throw err;
    }
  }

  private async endpoint(owner: EndpointOwner, id: string, ex?: Executor): Promise<Row<'webhook_endpoints'>> {
    const row = await this.repo.findEndpoint(owner.accountId, id.toLowerCase(), ex);
    // Another application's endpoint, like another account's, is not found.
    if (!row || row.application_id !== owner.applicationId) throw WebhookErrors.endpointNotFound();
    return row;
  }

  list(owner: EndpointOwner, query: ListQuery): Promise<{ paging: Paging; data: Endpoint[] }> {
    const now = this.now();
    return listPage(endpointsList(owner.applicationId), query, (spec) => this.repo.listEndpoints(owner.accountId, owner.applicationId, spec),
      (r) => toEndpoint(r, now), `${this.config.publicUrl}/${this.config.apiVersion}/webhook-endpoints`);
  }

  async get(owner: EndpointOwner, id: string): Promise<Endpoint> {
    return toEndpoint(await this.endpoint(owner, id), this.now());
  }

  async create(owner: EndpointOwner, input: EndpointInput): Promise<EndpointCreated> {
    await this.checkUrl(input.url);
    const box = await this.secrets();
    const id = newId();
    const secret = newSigningSecret();
    const now = this.now();
    const row: Row<'webhook_endpoints'> = {
      id, account_id: owner.accountId, application_id: owner.applicationId, client_id: owner.clientId, url: input.url,
      description: input.description ?? null, event_types: JSON.stringify(input.enabledEvents), status: 'enabled',
      secret_enc: box.seal(secret, sealContext(id, 'secret')), previous_secret_enc: null, previous_secret_expires: null,
      consecutive_failures: 0, paused_reason: null,
      created: now, last_modified: now, created_by: owner.actor, last_modified_by: owner.actor,
    };
    await this.repo.insertEndpoint(row);
    await this.audited(owner, 'webhook-endpoint.created', row, { url: input.url, enabledEvents: input.enabledEvents, secret: 'issued' });
    return { ...toEndpoint(row, now), secret };
  }

  async update(owner: EndpointOwner, id: string, patch: EndpointPatch): Promise<Endpoint> {
    const row = await this.endpoint(owner, id);
    if (patch.url !== undefined) await this.checkUrl(patch.url);
    const now = this.now();
    const changes = {
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.enabledEvents !== undefined ? { event_types: JSON.stringify(patch.enabledEvents) } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      // Enabling (a paused endpoint too) starts the failure count again.
      ...(patch.status !== undefined ? { status: patch.status, paused_reason: null, ...(patch.status === 'enabled' ? { consecutive_failures: 0 } : {}) } : {}),
      last_modified: now, last_modified_by: owner.actor,
    };
    if (!(await this.repo.updateEndpoint(owner.accountId, row.id, changes))) throw WebhookErrors.endpointNotFound();
    await this.audited(owner, 'webhook-endpoint.updated', { id: row.id, url: patch.url ?? row.url }, {
      ...(patch.url !== undefined ? { url: { from: row.url, to: patch.url } } : {}),
      ...(patch.enabledEvents !== undefined ? { enabledEvents: { from: parseTypes(row.event_types), to: patch.enabledEvents } } : {}),
      ...(patch.status !== undefined ? { status: { from: row.status, to: patch.status } } : {}),
      ...(patch.description !== undefined ? { description: 'changed' } : {}),
    });
    return toEndpoint({ ...row, ...changes }, now);
  }

  async delete(owner: EndpointOwner, id: string): Promise<void> {
    const row = await this.endpoint(owner, id);
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.deleteEndpoint(owner.accountId, row.id, trx))) throw WebhookErrors.endpointNotFound();
    });
    await this.audited(owner, 'webhook-endpoint.deleted', row, { url: row.url });
  }

  /** A new secret; the current one keeps signing beside it for the overlap (both in webhook-signature). */
  async rotate(owner: EndpointOwner, id: string, overlapSeconds = DEFAULT_OVERLAP_SECONDS): Promise<{ secret: string; previousSecretExpires: string }> {
    const row = await this.endpoint(owner, id);
    const box = await this.secrets();
    const secret = newSigningSecret();
    const at = this.clock();
    const previousSecretExpires = iso(new Date(at.getTime() + overlapSeconds * 1000));
    const current = box.open(row.secret_enc, sealContext(row.id, 'secret'));
    const ok = await this.repo.updateEndpoint(owner.accountId, row.id, {
      secret_enc: box.seal(secret, sealContext(row.id, 'secret')),
      previous_secret_enc: box.seal(current, sealContext(row.id, 'previous')), previous_secret_expires: previousSecretExpires,
      last_modified: iso(at), last_modified_by: owner.actor,
    });
    if (!ok) throw WebhookErrors.endpointNotFound();
    await this.audited(owner, 'webhook-endpoint.secret.rotated', row, { secret: 'replaced', previousSecretExpires });
    return { secret, previousSecretExpires };
  }

  /** The secrets that sign a delivery now: the current one, and the previous one during its overlap. */
  async signingSecrets(row: Row<'webhook_endpoints'>): Promise<string[]> {
    const box = await this.secrets();
    const secrets = [box.open(row.secret_enc, sealContext(row.id, 'secret'))];
    if (row.previous_secret_enc !== null && row.previous_secret_expires !== null && row.previous_secret_expires > this.now()) {
      secrets.push(box.open(row.previous_secret_enc, sealContext(row.id, 'previous')));
    }
    return secrets;
  }

  async listDeliveries(owner: EndpointOwner, endpointId: string, query: ListQuery): Promise<{ paging: Paging; data: Delivery[] }> {
    const { id } = await this.endpoint(owner, endpointId);
    return listPage(deliveriesList(id), query, (spec) => this.repo.listDeliveries(owner.accountId, id, spec), toDelivery,
      `${this.config.publicUrl}/${this.config.apiVersion}/webhook-endpoints/${id}/deliveries`);
  }

  /** Sends a finished delivery again, once: two replays at once start one delivery (the other is a 409). */
  async replay(owner: EndpointOwner, endpointId: string, deliveryId: string): Promise<Delivery> {
    const endpoint = await this.endpoint(owner, endpointId);
    const row = await this.repo.findDelivery(owner.accountId, deliveryId.toLowerCase());
    if (!row || row.endpoint_id !== endpoint.id) throw WebhookErrors.deliveryNotFound();
    const now = this.now();
    const reopened = await this.repo.transaction(async (trx) => {
      if (!(await this.repo.reopen(owner.accountId, row.id, now, false, trx))) return false;
      await this.jobs.enqueue({ type: DELIVER_JOB, accountId: owner.accountId, payload: { deliveryId: row.id }, maxAttempts: this.jobMaxAttempts() }, trx);
      return true;
    });
    if (!reopened) throw WebhookErrors.notReplayable();
    await this.audited(owner, 'webhook-endpoint.delivery.replayed', endpoint, { delivery: row.id });
    return toDelivery({ ...row, status: 'pending', attempts: 0, last_error: null, last_status_code: null, last_duration_ms: null, last_modified: now, finished_at: null });
  }

  /** Queues every failed delivery of the endpoint again (each at most once, as `replay`). */
  async replayFailed(owner: EndpointOwner, endpointId: string): Promise<{ replayed: number }> {
    const endpoint = await this.endpoint(owner, endpointId);
    const ids = await this.repo.failedDeliveryIds(owner.accountId, endpoint.id);
    const now = this.now();
    let replayed = 0;
    for (const id of ids) {
      const done = await this.repo.transaction(async (trx) => {
        if (!(await this.repo.reopen(owner.accountId, id, now, true, trx))) return false;
        await this.jobs.enqueue({ type: DELIVER_JOB, accountId: owner.accountId, payload: { deliveryId: id }, maxAttempts: this.jobMaxAttempts() }, trx);
        return true;
      });
      if (done) replayed += 1;
    }
    if (replayed > 0) await this.audited(owner, 'webhook-endpoint.deliveries.replayed', endpoint, { replayed });
    return { replayed };
  }

  // The account's endpoints and listeners as one transaction first read them: a multi-status request writes many
  // rows in one transaction, and they are looked up once for all of them, not once a row (as the contact hooks do).
  private readonly subscribersByTransaction = new WeakMap<Executor, Map<string, Promise<Subscribers>>>();

  private subscribersIn(ex: Executor, accountId: string, now: string): Promise<Subscribers> {
    const load = async (): Promise<Subscribers> => ({
      endpoints: await this.repo.subscribedEndpoints(accountId, ex), listeners: await this.repo.liveListeners(accountId, now, ex),
    });
    if (!ex.isTransaction) return load();
    let byAccount = this.subscribersByTransaction.get(ex);
    if (!byAccount) this.subscribersByTransaction.set(ex, (byAccount = new Map()));
    let found = byAccount.get(accountId);
    if (!found) byAccount.set(accountId, (found = load()));
    return found;
  }

  /**
   * The emission point (the Notifier's sink), in the caller's transaction: nothing is written unless an endpoint or a
   * live `eventline listen` wants the type. A paused endpoint gets the delivery recorded as failed, to replay later.
   */
  async emit(ex: Executor, accountId: string, type: EventType, source: NotifiedSource): Promise<void> {
    const now = this.now();
    const subscribers = await this.subscribersIn(ex, accountId, now);
    const endpoints = subscribers.endpoints.filter((e) => parseTypes(e.event_types).includes(type));
    const listening = subscribers.listeners.filter((l) => {
      const types = parseTypes(l.event_types);
      return types.length === 0 || types.includes(type);
    });
    if (endpoints.length === 0 && listening.length === 0) return;
    const object = typeof source === 'function' ? await source() : source;
    if (object === undefined) return;
    const eventId = newId();
    await this.repo.insertEvent({ id: eventId, account_id: accountId, type, payload: JSON.stringify(object), created: now }, ex);
    for (const e of endpoints) {
      const paused = e.status === 'paused';
      const deliveryId = newId();
      await this.repo.insertDelivery({
        id: deliveryId, account_id: accountId, endpoint_id: e.id, event_id: eventId, event_type: type, status: paused ? 'failed' : 'pending',
        attempts: 0, last_status_code: null, last_error: paused ? 'not sent: the endpoint is paused (enable it, then replay the failed deliveries)' : null,
        last_duration_ms: null, created: now, last_modified: now, finished_at: paused ? now : null,
      }, ex);
      if (!paused) await this.jobs.enqueue({ type: DELIVER_JOB, accountId, payload: { deliveryId }, maxAttempts: this.jobMaxAttempts() }, ex);
    }
  }
}
