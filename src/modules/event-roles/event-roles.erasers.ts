import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

/** An event role's description is free text that may name a contact: redacted where it appears. */
export function eventRolesErasers(): Eraser[] {
  return [{
    place: 'event role descriptions',
    columns: [],
    mentions: ['event_roles.description'],
    erase: (trx, s, now) => redactMentions(trx, { table: 'event_roles', columns: ['description'], audited: true }, s.accountId, storedForms(s.identifying), now),
  }];
}
