import { storedForms, type Eraser } from '../privacy/index.js';
import { REDACTABLE_COLUMNS, type AuditRepository } from './audit.repository.js';

/**
 * Obfuscation redacts, never deletes, audit entries (DESIGN style 9, pretix's log): every form of the erased
 * contacts' values (names included) in an entry's displays and changes becomes the redaction marker; who acted,
 * what, when and on which ids stays.
 */
export function auditErasers(repo: AuditRepository): readonly Eraser[] {
  return [{
    place: 'audit log entries mentioning the contacts',
    columns: [],
    mentions: REDACTABLE_COLUMNS.map((c) => `audit_log.${c}`),
    erase: (trx, s, now) => repo.redact(trx, s.accountId, storedForms(s.values), now),
  }];
}
