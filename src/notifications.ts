import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/types.js';

// Event notifications (issue 35, docs/webhooks.md): the services where a change happens call `notify` in the
// change's transaction; the webhooks module (src/modules/webhooks) plugs itself in as the sink at wiring time and
// writes the outbox row and the deliveries there, so a rolled-back change notifies nobody. Shared and HTTP-free,
// like actor.ts: the emitting modules need only this type, never the webhooks module.

export const EVENT_TYPES = [
  'attendee.registered', 'attendee.updated', 'attendee.cancelled', 'attendee.checked_in',
  'session.created', 'session.updated', 'session.deleted',
  'webcast.created', 'webcast.updated', 'webcast.synced',
  'contact.updated', 'contact.merged', 'contact.obfuscated',
  'bulk_job.finished', 'survey_response.received',
  'event.created', 'event.updated',
  'exhibitor.lead.created',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The changed resource, in the contract's shape (what the API answers for it). */
export type NotifiedObject = { readonly id: string } & Readonly<Record<string, unknown>>;

/** The object, or how to read it in the transaction: read only when an endpoint or a listener wants the type. */
export type NotifiedSource = NotifiedObject | (() => Promise<NotifiedObject | undefined>);

export type Notify = (ex: Kysely<Database> | Transaction<Database>, accountId: string, type: EventType, object: NotifiedSource) => Promise<void>;

/** The late-bound emission point every process builds once (src/app.ts) and hands to the modules in their deps. */
export class Notifier {
  private sink: Notify | undefined;

  use(sink: Notify): void {
    this.sink = sink;
  }

  readonly notify: Notify = async (ex, accountId, type, object) => {
    await this.sink?.(ex, accountId, type, object);
  };
}
