import { currentAuditScope, SYSTEM_ACTOR, type AuditActor } from '../../audit-scope.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { Row } from '../../db/types.js';
import { AUDIT_LIST } from './audit.filters.js';
import type { AuditRepository, Executor } from './audit.repository.js';
import type { AuditEntry } from './audit.schemas.js';

/** What a module says of a change it made; who made it, from where and in which request come from the audit scope. */
export interface AuditRecord {
  readonly accountId: string;
  /** A dotted verb: `application.scopes.changed`. */
  readonly action: string;
  readonly target: { readonly type: string; readonly id: string; readonly display?: string | null };
  /** `{ field: { before, after } }` of the administrative fields changed; a secret only as "issued" or "rotated", never its value. */
  readonly changes?: Readonly<Record<string, unknown>>;
  /** Overrides the scope's actor (rarely: the scope knows the caller). */
  readonly actor?: AuditActor;
}

/** The fields whose values differ, each as `{ before, after }` (compared as JSON: arrays and objects by value). */
export function changedFields(before: object, after: object): Record<string, { before: unknown; after: unknown }> {
  const was = before as Readonly<Record<string, unknown>>;
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(was[key]) !== JSON.stringify(value)) out[key] = { before: was[key] ?? null, after: value };
  }
  return out;
}

const toEntry = (r: Row<'audit_log'>): AuditEntry => {
  const changes: unknown = JSON.parse(r.changes);
  return {
    id: r.id, at: r.at, action: r.action,
    actor: { type: r.actor_type, id: r.actor_id, ...(r.actor_display !== null ? { display: r.actor_display } : {}) },
    target: { type: r.target_type, id: r.target_id, ...(r.target_display !== null ? { display: r.target_display } : {}) },
    changes: changes !== null && typeof changes === 'object' && !Array.isArray(changes) ? changes as Record<string, unknown> : {},
    ...(r.address !== null ? { address: r.address } : {}),
    ...(r.request_id !== null ? { requestId: r.request_id } : {}),
  };
};

/**
 * The audit log of administrative actions (issue 36): append-only. Modules call `record` in the transaction of the
 * change where they have one, so an entry commits or rolls back with what it records.
 */
export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  async record(ex: Executor | undefined, entry: AuditRecord): Promise<void> {
    const scope = currentAuditScope();
    const actor = entry.actor ?? scope?.actor ?? SYSTEM_ACTOR;
    await this.repo.insert({
      id: newId(), account_id: entry.accountId, at: iso(this.clock()),
      actor_type: actor.type, actor_id: actor.id, actor_display: actor.display ?? null,
      action: entry.action, target_type: entry.target.type, target_id: entry.target.id, target_display: entry.target.display ?? null,
      changes: JSON.stringify(entry.changes ?? {}),
      address: scope?.address ?? null, request_id: scope?.requestId ?? null,
    }, ex);
  }

  /** The operator's view for `eventline audit`: the newest `limit` matching entries, oldest first, each with its account. */
  async recent(q: { accountId?: string; since?: string; action?: string; limit: number }): Promise<Array<AuditEntry & { accountId: string }>> {
    const rows = await this.repo.recent(q);
    return rows.reverse().map((r) => ({ accountId: r.account_id, ...toEntry(r) }));
  }

  list(accountId: string, query: ListQuery, href: string): Promise<{ paging: Paging; data: AuditEntry[] }> {
    return listPage(AUDIT_LIST, query, (spec) => this.repo.list(accountId, spec), toEntry, href);
  }
}
