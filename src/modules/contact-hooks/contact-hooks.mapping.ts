import { Type } from 'typebox';
import { jsonColumn } from '../../db/json.js';
import { some } from '../mapping.js';
import type { Attempt, Delivery, Hook } from './contact-hooks.schemas.js';
import type { Row } from '../../db/types.js';

/** A hook row in the reference's shape; the secrets stay behind. */
export function toHook(row: Row<'contact_hooks'>): Hook {
  return {
    id: row.id,
    name: row.name,
    callback: row.callback,
    security: row.security_type === 'apiKey'
      ? { type: 'apiKey', ...some('authHeaderKey', row.auth_header_key), apiKeyPrefix: row.api_key_prefix === 1 }
      : { type: 'basic' },
    created: row.created,
    createdBy: row.created_by,
    lastModified: row.last_modified,
    lastModifiedBy: row.last_modified_by,
  };
}

export const MergeResultSchema = Type.Object({
  merged: Type.Array(Type.String()),
  ignored: Type.Array(Type.Object({ field: Type.String(), reason: Type.String() })),
});
const readMergeResult = jsonColumn('contact_hook_transactions.merge_result', MergeResultSchema);

export function toDelivery(row: Row<'contact_hook_transactions'>): Delivery {
  const result = row.merge_result === null ? undefined : readMergeResult(row.merge_result);
  return {
    id: row.id,
    hook: { id: row.hook_id },
    ...(row.contact_id !== null ? { contact: { id: row.contact_id } } : {}),
    trigger: row.trigger,
    status: row.status,
    attempts: row.attempts,
    ...some('lastStatusCode', row.last_status_code),
    ...some('lastError', row.last_error),
    ...some('durationMs', row.last_duration_ms),
    ...(result ? { mergedFields: result.merged, ...(result.ignored.length > 0 ? { ignoredFields: result.ignored } : {}) } : {}),
    created: row.created,
    lastModified: row.last_modified,
    ...some('finished', row.finished_at),
  };
}

export function toAttempt(row: Row<'contact_hook_attempts'>): Attempt {
  return {
    attempt: row.attempt,
    started: row.started,
    outcome: row.outcome,
    ...some('statusCode', row.status_code),
    ...some('durationMs', row.duration_ms),
    ...some('error', row.error),
  };
}
