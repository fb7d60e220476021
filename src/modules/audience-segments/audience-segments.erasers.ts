import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

/** A segment's description is the planners' free text: an erased contact's identifying values are redacted in it. */
export function segmentsErasers(): Eraser[] {
  return [{
    place: 'audience segments',
    columns: [],
    mentions: ['audience_segments.description'],
    erase: (trx, s, now) => redactMentions(trx, { table: 'audience_segments', columns: ['description'], audited: true }, s.accountId, storedForms(s.identifying), now),
  }];
}
