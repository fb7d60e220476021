import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';

/**
 * Event copy (POST /events/{id}/copy, issue 29) is a durable job that runs every module's copy step in ONE
 * transaction, the one that also marks the copy Created. A worker killed mid-copy leaves nothing behind (the
 * transaction dies with it) and the next worker copies again from the start; a copy whose row is no longer
 * Processing is not run again. The transaction's first statement claims the copy's row (an UPDATE), so two workers
 * racing on PostgreSQL serialize on it and the second finds the copy done: the copy takes effect exactly once.
 *
 * THE REGISTRY. A module that owns rows of an event registers one step when it is wired (its create<Domain>Module),
 * through the events service it is handed:
 *
 *   uses.events.registerCopyStep({
 *     name: 'sessions', part: 'agenda',
 *     copy: (ctx) => repo.copyEventSessions(ctx),   // reads ctx.fromEventId's rows, inserts copies under ctx.toEventId, in ctx.trx
 *   });
 *
 * - Steps run in registration order (app.ts builds modules in dependency order), except where `after` / `before`
 *   name other steps: a step that copies rows others point at (locations, categories, registration types) runs before
 *   them. The event itself is copied first, by the events module, before any step.
 * - A step writes only its own module's tables, only through `ctx.trx`, and only rows of `ctx.accountId`.
 * - A step records every copied row that others may point at: `ctx.copied(kind, oldId, newId)`; a later step maps
 *   its references with `ctx.copyOf(kind, oldId)` (undefined when that kind was not copied: an account-wide row, or a
 *   part left out, whose id stays as it is or whose reference is dropped, as the step decides).
 * - `part` names the request's switch (`{ "agenda": { "featureData": false } }` leaves agenda steps out); a step without
 *   one always runs.
 * - A step must not call anything outside the database (no files, no network): the copy may run more than once
 *   before one run commits. Files (documents, images) are not copied; the copies point at none.
 */

/** The parts of a copy request (the reference's event-copy), each on unless `{ featureData: false }`. */
export const EVENT_COPY_PARTS = ['registration', 'planning', 'agenda', 'travel', 'surveys', 'speakers', 'exhibitors'] as const;
export type EventCopyPart = (typeof EVENT_COPY_PARTS)[number];

/** What a copy step is given. */
export interface EventCopyContext {
  readonly accountId: string;
  readonly fromEventId: string;
  readonly toEventId: string;
  /** The copy's one transaction: every step writes in it. */
  readonly trx: Transaction<Database>;
  /** Who asked for the copy, for the copies' audit columns (created_by, last_modified_by). */
  readonly actor: string;
  /** The copy's time, for the copies' created and last_modified. */
  readonly now: string;
  /** Records that the row `from` of `kind` (e.g. 'sessions') was copied as `to`. */
  copied(kind: string, from: string, to: string): void;
  /** The copy of a row of `kind` that an earlier step made, or undefined. */
  copyOf(kind: string, from: string): string | undefined;
}

export interface EventCopyStep {
  /** Unique; what `after` / `before` of other steps name (by convention the kind it copies: 'sessions'). */
  readonly name: string;
  readonly part?: EventCopyPart;
  readonly after?: readonly string[];
  readonly before?: readonly string[];
  copy(ctx: EventCopyContext): Promise<void>;
}

/** The modules' copy steps, in the order they run. */
export class EventCopyRegistry {
  private readonly registered: EventCopyStep[] = [];

  register(step: EventCopyStep): void {
    if (this.registered.some((s) => s.name === step.name)) throw new Error(`an event copy step named ${step.name} is already registered`);
    this.registered.push(step);
    this.ordered(); // a cycle of after/before is a wiring error, found at startup
  }

  /** Registration order, moved only as far as `after` / `before` require (a stable topological order). */
  ordered(): EventCopyStep[] {
    const names = new Set(this.registered.map((s) => s.name));
    const mustPrecede = (a: EventCopyStep, b: EventCopyStep): boolean =>
      (b.after ?? []).includes(a.name) || (a.before ?? []).includes(b.name);
    const done: EventCopyStep[] = [];
    const left = [...this.registered];
    while (left.length > 0) {
      const next = left.findIndex((s) => !left.some((o) => o !== s && names.has(o.name) && mustPrecede(o, s)));
      if (next < 0) throw new Error(`event copy steps ${left.map((s) => s.name).join(', ')} wait for each other (after/before)`);
      done.push(...left.splice(next, 1));
    }
    return done;
  }

  /** Runs the steps of the parts asked for, in order. */
  async run(ctx: EventCopyContext, parts: Readonly<Record<EventCopyPart, boolean>>): Promise<string[]> {
    const ran: string[] = [];
    for (const step of this.ordered()) {
      if (step.part !== undefined && !parts[step.part]) continue;
      await step.copy(ctx);
      ran.push(step.name);
    }
    return ran;
  }
}

/** The id map of one copy run. */
export function copyIds(): Pick<EventCopyContext, 'copied' | 'copyOf'> {
  const ids = new Map<string, string>();
  return {
    copied: (kind, from, to) => void ids.set(`${kind}\u0000${from}`, to),
    copyOf: (kind, from) => ids.get(`${kind}\u0000${from}`),
  };
}
