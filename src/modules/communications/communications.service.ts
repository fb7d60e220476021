import { Type } from 'typebox';
import type { Config } from '../../config/index.js';
import type { Executor } from '../../db/repository.js';
import { iso, type Clock } from '../../db/time.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { defineList, listPage, type FilterFields, type ListQuery, type Paging } from '../../lists/index.js';
import { recurringJob, type JobQueue, type RecurringJob } from '../../jobs/index.js';
import type { AccountsService } from '../accounts/index.js';
import { CommunicationErrors } from './communications.errors.js';
import { MESSAGES_COUNTS, type CommunicationsRepository } from './communications.repository.js';
import {
  CapturedPayloadSchema, MESSAGE_TYPES, TagsSchema, type ChatPayload, type Configuration, type Message, type MessageType, type QaPayload,
} from './communications.schemas.js';
import type { Row, NewRow } from '../../db/types.js';
import { newSecret, URL_TTL_SECONDS, UrlSigner, type SigningKey } from './signing.js';

export const RETENTION_DAYS = 30;
export const PURGE_JOB = 'communications.purge';
const PURGE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

// The reference's filter parameter lists exactly one field: type (eq), answered from the (account, type, created, id)
// index of migration 0022 in the list's order.
export const MESSAGE_FILTER_FIELDS: FilterFields = { type: { column: 'communication_messages.type', type: 'string', ops: ['eq'], indexed: true } };
export const MESSAGES_LIST = defineList<Row<'communication_messages'>>({
  name: 'communication-messages',
  filters: MESSAGE_FILTER_FIELDS,
  order: [
    { column: 'communication_messages.created', value: (r) => r.created },
    { column: 'communication_messages.id', value: (r) => r.id },
  ],
  window: 'communication_messages.created',
  maxLimit: 100,
  // An archiver's first page over millions of messages reads one row of list_counts (migration 0022).
  counts: { list: MESSAGES_COUNTS, fields: { type: 'type:' } },
});
// Once the account team turns the feature on, everything is kept until the
// customer says otherwise: a regulator's question must never meet a gap.
const DEFAULT_TYPES: readonly MessageType[] = MESSAGE_TYPES;

// Our own JSON columns, written only by this service.
const enabledTypesColumn = jsonColumn('communication_settings.enabled_types', Type.Array(Type.String()));
const tagsColumn = jsonColumn('communication_messages.tags', TagsSchema);
const payloadColumn = jsonColumn('communication_messages.payload', CapturedPayloadSchema);

/** What a capture call records; `message` is the reference's message object (email: none, the link is minted per listing). */
export type CaptureInput =
  | { type: 'email'; eventId: string | null; contactId: string | null; mailId: string; tags?: Record<string, string> }
  | { type: 'chat'; eventId: string; contactId: string | null; message: ChatPayload; tags?: Record<string, string> }
  | { type: 'session_qa'; eventId: string; contactId: string | null; message: QaPayload; tags?: Record<string, string> };

export class CommunicationsService {
  private signer: UrlSigner | undefined;

  constructor(
    private readonly repo: CommunicationsRepository,
    private readonly accounts: AccountsService,
    private readonly jobs: JobQueue,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {
    this.purgeJob = recurringJob(this.jobs, this.clock, PURGE_JOB, PURGE_EVERY_MS, () => this.purge());
  }

  /** The hourly retention purge: a recurring job (the module schedules it at start and hands over its handler). */
  readonly purgeJob: RecurringJob;

  /** Loads the URL signing keys: the configured ring, else one generated once and kept in the database. */
  async init(): Promise<void> {
    const configured = this.config.communications?.urlSigningKeys ?? [];
    this.signer = new UrlSigner(configured.length > 0 ? configured : await this.storedKeys('url-signing'));
  }

  /** A secret of this module kept in the database, created on first use (same value for every process). */
  async storedSecret(purpose: string): Promise<string> {
    const [newest] = await this.storedKeys(purpose);
    return newest.secret;
  }

  /** Newest first, never empty. */
  private async storedKeys(purpose: string): Promise<[SigningKey, ...SigningKey[]]> {
    let rows = await this.repo.secrets(purpose);
    if (rows.length === 0) {
      // Two processes may race here; the primary key keeps one and both read it back.
      await this.repo.addSecret(purpose, 'db1', newSecret(), iso(this.clock()));
      rows = await this.repo.secrets(purpose);
    }
    const [newest, ...older] = rows.map((r) => ({ kid: r.kid, secret: r.secret }));
    if (!newest) throw new Error(`The ${purpose} secret could not be stored`);
    return [newest, ...older];
  }

  async assertEnabled(accountId: string): Promise<void> {
    if (!(await this.accounts.hasFeature(accountId, 'compliance-communications'))) throw CommunicationErrors.notEnabled();
  }

  async getConfiguration(accountId: string): Promise<Configuration> {
    await this.assertEnabled(accountId);
    return { enabledMessageTypes: await this.enabledTypes(accountId) };
  }

  async putConfiguration(accountId: string, input: Configuration): Promise<Configuration> {
    await this.assertEnabled(accountId);
    const unique = [...new Set(input.enabledMessageTypes)];
    if (unique.length !== input.enabledMessageTypes.length) {
      throw CommunicationErrors.invalidConfiguration('enabledMessageTypes must not repeat a type', { target: 'enabledMessageTypes' });
    }
    const ordered = MESSAGE_TYPES.filter((t) => unique.includes(t));
    await this.repo.saveSettings(accountId, JSON.stringify(ordered), iso(this.clock()));
    return { enabledMessageTypes: ordered };
  }

  private async enabledTypes(accountId: string): Promise<MessageType[]> {
    const row = await this.repo.settings(accountId);
    if (!row) return [...DEFAULT_TYPES];
    const stored = enabledTypesColumn(row.enabled_types);
    return MESSAGE_TYPES.filter((t) => stored.includes(t));
  }

  /** Whether a message of this type would be recorded now (feature on and type enabled). */
  async captures(accountId: string, type: MessageType): Promise<boolean> {
    if (!(await this.accounts.hasFeature(accountId, 'compliance-communications'))) return false;
    return (await this.enabledTypes(accountId)).includes(type);
  }

  /** Records one message when it happens, if the account keeps that type; returns its id or undefined. */
  async capture(accountId: string, input: CaptureInput): Promise<string | undefined> {
    if (!(await this.captures(accountId, input.type))) return undefined;
    const id = newId();
    const tags: Record<string, string> = { ...(input.eventId ? { eventId: input.eventId } : {}), ...input.tags };
    const row: NewRow<'communication_messages'> = {
      id, account_id: accountId, type: input.type, created: iso(this.clock()), event_id: input.eventId, contact_id: input.contactId,
      payload: JSON.stringify(input.type === 'email' ? {} : input.message), tags: JSON.stringify(tags),
      mail_id: input.type === 'email' ? input.mailId : null,
    };
    await this.repo.insertMessage(row);
    return id;
  }

  async list(accountId: string, query: ListQuery, path: string): Promise<{ paging: Paging; data: Message[] }> {
    await this.assertEnabled(accountId);
    const now = this.clock();
    // Retention: rows at or before this instant are never returned.
    const notBefore = iso(new Date(now.getTime() - RETENTION_DAYS * DAY_MS));
    const expires = Math.floor(now.getTime() / 1000) + URL_TTL_SECONDS;
    return listPage(MESSAGES_LIST, query, (spec) => this.repo.listMessages(accountId, spec, notBefore), (r) => this.toMessage(r, expires),
      `${this.config.publicUrl}/${this.config.apiVersion}${path}`);
  }

  private toMessage(r: Row<'communication_messages'>, expires: number): Message {
    const tags = tagsColumn(r.tags);
    const message = r.type === 'email' ? { link: this.contentUrl(r.account_id, r.id, expires) } : payloadColumn(r.payload);
    return { id: r.id, type: r.type, created: r.created, ...(Object.keys(tags).length > 0 ? { tags } : {}), message };
  }

  contentUrl(accountId: string, messageId: string, expires: number): string {
    const { kid, sig } = this.requireSigner().sign(accountId, messageId, expires);
    const q = new URLSearchParams({ expires: String(expires), kid, sig });
    return `${this.config.publicUrl}/${this.config.apiVersion}/logs/communications/messages/${messageId}/content?${q.toString()}`;
  }

  /** The stored RFC 822 message behind a signed URL; any flaw in the URL is the same 403. */
  async content(messageId: string, q: { expires?: string | undefined; kid?: string | undefined; sig?: string | undefined }): Promise<string> {
    const expires = q.expires !== undefined && /^[0-9]{1,12}$/.test(q.expires) ? Number(q.expires) : NaN;
    if (!q.kid || !q.sig || Number.isNaN(expires) || !/^[0-9a-fA-F-]{36}$/.test(messageId)) throw CommunicationErrors.badSignature();
    const row = await this.repo.emailContent(messageId);
    const now = this.clock();
    if (!row) throw CommunicationErrors.badSignature();
    if (!this.requireSigner().verify(row.account_id, messageId, expires, q.kid, q.sig, Math.floor(now.getTime() / 1000))) throw CommunicationErrors.badSignature();
    if (row.created <= iso(new Date(now.getTime() - RETENTION_DAYS * DAY_MS))) throw CommunicationErrors.badSignature();
    if (!(await this.accounts.hasFeature(row.account_id, 'compliance-communications'))) throw CommunicationErrors.badSignature();
    return row.raw;
  }

  private requireSigner(): UrlSigner {
    if (!this.signer) throw new Error('CommunicationsService.init() was not called');
    return this.signer;
  }

  /** Deletes what is past retention; idempotent, so a rerun after a crash is harmless. */
  async purge(): Promise<{ messages: number; mail: number }> {
    return this.repo.purge(iso(new Date(this.clock().getTime() - RETENTION_DAYS * DAY_MS)));
  }


  /** A contact merge (issue 30, contact-history module): the merged contact's rows become the survivor's, in the merge's transaction. */
  moveContact(accountId: string, fromId: string, toId: string, trx: Executor): Promise<void> {
    return this.repo.moveContact(accountId, fromId, toId, trx);
  }
}
