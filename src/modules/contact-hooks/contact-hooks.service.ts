import type { Config } from '../../config/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { actorName, type AuthContext } from '../../actor.js';
import type { JobQueue } from '../../jobs/index.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { ContactChange, ContactsService } from '../contacts/index.js';
import { changedFields, type AuditService } from '../audit/index.js';
import { ContactHookErrors } from './contact-hooks.errors.js';
import { HOOKS_LIST, deliveriesList } from './contact-hooks.filters.js';
import type { ContactHooksRepository, Executor } from './contact-hooks.repository.js';
import type { Delivery, DeliveryDetail, Hook, HookCreated, HookInput, HookSecurityInput } from './contact-hooks.schemas.js';
import type { TransactionTrigger } from './contact-hooks.table.js';
import { toAttempt, toDelivery, toHook } from './contact-hooks.mapping.js';
import { CallbackError, resolveCallback, type OutboundPolicy, type Resolver } from './outbound.js';
import { SecretBox, newKeySecret } from './secrets.js';
import { newSigningSecret } from './signing.js';
import type { Row } from '../../db/types.js';

export const DELIVER_JOB = 'contact-hook.deliver';
/** Attempts per transaction: with the queue's backoff (1 s doubling, at most 5 min) about eight and a half minutes. */
export const MAX_DELIVERY_ATTEMPTS = 10;
// The job may be claimed a few times more than that: a run cut off by a dying worker (which the queue
// counts) leaves the transaction open, and a later run must still be there to end it.
const JOB_MAX_ATTEMPTS = MAX_DELIVERY_ATTEMPTS + 3;

// Headers eventline sets itself: a hook's API key may not take their place.
const RESERVED_HEADERS = new Set([
  'host', 'content-type', 'content-length', 'transfer-encoding', 'connection', 'user-agent', 'accept', 'webhook-id', 'webhook-timestamp', 'webhook-signature',
]);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// Visible ASCII and spaces: a header value cannot smuggle a line break.
const HEADER_VALUE = /^[\x20-\x7e]+$/;

/** The settings of the outbound calls, with the defaults of src/config. */
export function outboundPolicy(config: Pick<Config, 'contactHooks'>): OutboundPolicy {
  return { allowLoopback: config.contactHooks?.allowLoopback === true, timeoutMs: config.contactHooks?.timeoutMs ?? 10_000 };
}

/** What secrets.ts binds a sealed value to: its hook and its column. */
export const sealContext = (hookId: string, what: 'auth' | 'signing'): string => `contact-hook:${hookId}:${what}`;

/** Checks the security object beyond its schema; the stored columns for it. */
function securityColumns(s: HookSecurityInput): Pick<Row<'contact_hooks'>, 'security_type' | 'auth_header_key' | 'api_key_prefix'> {
  const bad = (message: string, target: string) => ContactHookErrors.invalidSecurity(message, { target });
  if (!HEADER_VALUE.test(s.secret)) throw bad('security.secret must be printable ASCII (it is sent in a header)', 'security.secret');
  if (s.type === 'basic') {
    if (s.authHeaderKey !== undefined || s.apiKeyPrefix !== undefined) {
      throw bad('security.authHeaderKey and security.apiKeyPrefix apply to apiKey security only', s.authHeaderKey !== undefined ? 'security.authHeaderKey' : 'security.apiKeyPrefix');
    }
    if (!BASE64.test(s.secret)) throw bad('security.secret must be the Base64 encoded Basic Authentication credentials', 'security.secret');
    return { security_type: 'basic', auth_header_key: null, api_key_prefix: 0 };
  }
  const header = s.authHeaderKey?.toLowerCase();
  if (header !== undefined && RESERVED_HEADERS.has(header)) {
    throw bad(`security.authHeaderKey cannot be ${s.authHeaderKey}: eventline sets that header itself`, 'security.authHeaderKey');
  }
  return { security_type: 'apiKey', auth_header_key: s.authHeaderKey ?? null, api_key_prefix: s.apiKeyPrefix === false ? 0 : 1 };
}

/**
 * Contact hooks (the reference's Hooks, the attendee identification service):
 * the hook itself, and the contact transactions that call it. Delivery is the
 * job in deliveries.ts.
 */
export class ContactHooksService {
  private box: Promise<SecretBox> | undefined;

  constructor(
    private readonly repo: ContactHooksRepository,
    private readonly contacts: ContactsService,
    private readonly jobs: JobQueue,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion' | 'contactHooks'>,
    private readonly clock: Clock = systemClock,
    private readonly resolver?: Resolver,
    private readonly audit?: AuditService,
  ) {}

  /** A hook's administrative fields for the audit log: never its secrets (issue 36). */
  private static fields(r: Pick<Row<'contact_hooks'>, 'name' | 'callback' | 'security_type' | 'auth_header_key'>) {
    return { name: r.name, callback: r.callback, securityType: r.security_type, authHeaderKey: r.auth_header_key };
  }

  /** The key ring of the hooks' secrets: HOOKS_ENCRYPTION_KEYS, and the key kept in the database (made once when none is configured). */
  secrets(): Promise<SecretBox> {
    this.box ??= this.loadSecrets().catch((err: unknown) => {
      this.box = undefined;
      throw err;
    });
    return this.box;
  }

  private async loadSecrets(): Promise<SecretBox> {
    const configured = this.config.contactHooks?.encryptionKeys ?? [];
    if (configured.length === 0) return new SecretBox([await this.repo.storedKeyOrCreate(newKeySecret(), iso(this.clock()))]);
    // Hooks sealed with the stored key before keys were configured still open.
    const stored = await this.repo.storedKey();
    return new SecretBox([...configured, ...(stored !== undefined ? [{ kid: this.repo.storedKeyId(), secret: stored }] : [])]);
  }

  /**
   * Refuses a callback that can never be called: not https, credentials in it, an address literal or `localhost` in a
   * refused range, or a name that resolves into one. A name that does not resolve yet (no DNS here, or not published
   * yet) is accepted: each delivery resolves and checks it again, and one that cannot resolve is retried with back-off.
   */
  private async checkCallback(callback: string): Promise<void> {
    try {
      await resolveCallback(callback, outboundPolicy(this.config), this.resolver);
    } catch (err) {
      if (err instanceof CallbackError && err.kind === 'unresolved') return;
      if (err instanceof CallbackError) throw ContactHookErrors.callbackRefused(err.message, { target: 'callback' });
      throw err;
    }
  }

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Hook[] }> {
    return listPage(HOOKS_LIST, query, (spec) => this.repo.listHooks(accountId, spec), toHook, `${this.config.publicUrl}/${this.config.apiVersion}/contacts/hooks`);
  }

  private async hook(accountId: string, id: string): Promise<Row<'contact_hooks'>> {
    const row = await this.repo.findHook(accountId, id.toLowerCase());
    if (!row) throw ContactHookErrors.hookNotFound();
    return row;
  }

  async create(auth: AuthContext, input: HookInput): Promise<HookCreated> {
    const security = securityColumns(input.security);
    await this.checkCallback(input.callback);
    if (await this.repo.hookOf(auth.accountId)) throw ContactHookErrors.hookExists();
    const box = await this.secrets();
    const id = newId();
    const signingSecret = newSigningSecret();
    const now = iso(this.clock());
    const row: Row<'contact_hooks'> = {
      id, account_id: auth.accountId, name: input.name, callback: input.callback, ...security,
      secret_enc: box.seal(input.security.secret, sealContext(id, 'auth')),
      signing_secret_enc: box.seal(signingSecret, sealContext(id, 'signing')),
      created: now, last_modified: now, created_by: actorName(auth), last_modified_by: actorName(auth),
    };
    try {
      await this.repo.transaction(async (trx) => {
        await this.repo.insertHook(row, trx);
        await this.audit?.record(trx, {
          accountId: auth.accountId, action: 'contact-hook.created', target: { type: 'contact-hook', id, display: row.name },
          changes: { ...changedFields({}, ContactHooksService.fields(row)), secret: 'set', signingSecret: 'issued' },
        });
      });
    } catch (err) {
      // Two creations at once: the one-hook-per-account index decides.
      if (isUniqueViolation(err)) throw ContactHookErrors.hookExists();
      throw err;
    }
    return { ...toHook(row), signingSecret };
  }

  /** PUT: replaces name, callback and security (the secret must be sent again); the signing secret stays. */
  async update(auth: AuthContext, id: string, input: HookInput): Promise<Hook> {
    const row = await this.hook(auth.accountId, id);
    const security = securityColumns(input.security);
    await this.checkCallback(input.callback);
    const box = await this.secrets();
    const patch = {
      name: input.name, callback: input.callback, ...security,
      secret_enc: box.seal(input.security.secret, sealContext(row.id, 'auth')),
      // Re-sealed with the newest key, so rotating HOOKS_ENCRYPTION_KEYS completes as hooks are saved.
      signing_secret_enc: box.seal(box.open(row.signing_secret_enc, sealContext(row.id, 'signing')), sealContext(row.id, 'signing')),
      last_modified: iso(this.clock()), last_modified_by: actorName(auth),
    };
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.updateHook(auth.accountId, row.id, patch, trx))) throw ContactHookErrors.hookNotFound();
      await this.audit?.record(trx, {
        accountId: auth.accountId, action: 'contact-hook.updated', target: { type: 'contact-hook', id: row.id, display: patch.name },
        // The security secret is sent again on every PUT: recorded as replaced, never its value.
        changes: { ...changedFields(ContactHooksService.fields(row), ContactHooksService.fields({ ...row, ...patch })), secret: 'replaced' },
      });
    });
    return toHook({ ...row, ...patch });
  }

  async rotateSigningSecret(auth: AuthContext, id: string): Promise<{ signingSecret: string }> {
    const row = await this.hook(auth.accountId, id);
    const box = await this.secrets();
    const signingSecret = newSigningSecret();
    await this.repo.transaction(async (trx) => {
      const ok = await this.repo.updateHook(auth.accountId, row.id, {
        signing_secret_enc: box.seal(signingSecret, sealContext(row.id, 'signing')), last_modified: iso(this.clock()), last_modified_by: actorName(auth),
      }, trx);
      if (!ok) throw ContactHookErrors.hookNotFound();
      await this.audit?.record(trx, { accountId: auth.accountId, action: 'contact-hook.signing-secret.rotated', target: { type: 'contact-hook', id: row.id, display: row.name }, changes: { signingSecret: 'rotated' } });
    });
    return { signingSecret };
  }

  /** Deletes the hook and its delivery log; callbacks not yet made are not made. */
  async delete(auth: AuthContext, id: string): Promise<void> {
    const row = await this.hook(auth.accountId, id);
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.deleteHook(auth.accountId, row.id, trx))) throw ContactHookErrors.hookNotFound();
      await this.audit?.record(trx, {
        accountId: auth.accountId, action: 'contact-hook.deleted', target: { type: 'contact-hook', id: row.id, display: row.name },
        changes: changedFields(ContactHooksService.fields(row), { name: null, callback: null, securityType: null, authHeaderKey: null }),
      });
    });
  }

  async listDeliveries(accountId: string, hookId: string, query: ListQuery): Promise<{ paging: Paging; data: Delivery[] }> {
    const { id } = await this.hook(accountId, hookId);
    return listPage(deliveriesList(id), query, (spec) => this.repo.listTransactions(accountId, id, spec), toDelivery,
      `${this.config.publicUrl}/${this.config.apiVersion}/contacts/hooks/${id}/deliveries`);
  }

  async getDelivery(accountId: string, hookId: string, transactionId: string): Promise<DeliveryDetail> {
    const hook = await this.hook(accountId, hookId);
    const tx = await this.repo.findTransaction(accountId, transactionId.toLowerCase());
    if (!tx || tx.hook_id !== hook.id) throw ContactHookErrors.deliveryNotFound();
    const attempts = await this.repo.attemptsOf(accountId, tx.id);
    return { ...toDelivery(tx), attemptLog: attempts.map(toAttempt) };
  }

  /** A new transaction and its delivery job, in the caller's transaction (they commit with what caused them). */
  private async open(accountId: string, hook: Row<'contact_hooks'>, contactId: string, trigger: TransactionTrigger, ex: Executor): Promise<Row<'contact_hook_transactions'>> {
    const now = iso(this.clock());
    const row: Row<'contact_hook_transactions'> = {
      id: newId(), account_id: accountId, hook_id: hook.id, contact_id: contactId, trigger, status: 'queued', attempts: 0,
      last_status_code: null, last_error: null, last_duration_ms: null, merge_result: null, created: now, last_modified: now, finished_at: null,
    };
    await this.repo.insertTransaction(row, ex);
    // The job carries ids only: the body is built from the contact when it is sent.
    await this.jobs.enqueue({ type: DELIVER_JOB, accountId, payload: { transactionId: row.id }, maxAttempts: JOB_MAX_ATTEMPTS }, ex);
    return row;
  }

  /** The contacts module's listener: a contact created or updated through the API calls the account's hook, if it has one. */
  async contactChanged(change: ContactChange, ex: Executor): Promise<void> {
    const hook = await this.hookIn(change.accountId, ex);
    if (!hook) return;
    await this.open(change.accountId, hook, change.contactId, change.kind === 'created' ? 'contact.created' : 'contact.updated', ex);
  }

  // The account's hook as one transaction first read it: the contacts of a multi-status request are written in one
  // transaction, and the hook is looked up once for them, not once a contact (issue 37's load rate). A hook created
  // while the transaction runs is concurrent with all of its contacts either way.
  private readonly hooksInTransaction = new WeakMap<Executor, Map<string, Promise<Row<'contact_hooks'> | undefined>>>();

  private hookIn(accountId: string, ex: Executor): Promise<Row<'contact_hooks'> | undefined> {
    if (!ex.isTransaction) return this.repo.hookOf(accountId, ex);
    let byAccount = this.hooksInTransaction.get(ex);
    if (!byAccount) this.hooksInTransaction.set(ex, (byAccount = new Map()));
    let hook = byAccount.get(accountId);
    if (!hook) byAccount.set(accountId, (hook = this.repo.hookOf(accountId, ex)));
    return hook;
  }

  /** eventline extension: POST /contacts/{id}/identify asks the hook about an existing contact now. */
  async identify(auth: AuthContext, contactId: string): Promise<{ hookId: string; delivery: Delivery }> {
    const contact = await this.contacts.find(auth.accountId, contactId);
    if (!contact) throw ContactHookErrors.contactNotFound();
    if (contact.purged || contact.deleted === true) throw ContactHookErrors.contactInactive();
    const tx = await this.repo.transaction(async (trx) => {
      const hook = await this.repo.hookOf(auth.accountId, trx);
      if (!hook) throw ContactHookErrors.noHook();
      return this.open(auth.accountId, hook, contact.id, 'identify', trx);
    });
    return { hookId: tx.hook_id, delivery: toDelivery(tx) };
  }
}
