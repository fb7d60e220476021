import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

/**
 * The people of the sourcing side: a proposal draft's contacts (names, emails, phones in its JSON), a proposal's answers
 * and reject comment, and a bid's internal note and comments. Their values are redacted where they appear (a draft's
 * contacts and a proposal's answers quote people: all of the erased contacts' values; notes: the identifying ones).
 */
export function travelRfpsErasers(): Eraser[] {
  const place = (name: string, table: string, columns: string[], all: boolean, audited: boolean): Eraser => ({
    place: name,
    columns: [],
    mentions: columns.map((c) => `${table}.${c}`),
    erase: (trx, s, now) => redactMentions(trx, { table, columns, audited }, s.accountId, storedForms(all ? s.values : s.identifying), now),
  });
  return [
    place('proposal draft contacts', 'proposal_drafts', ['body'], true, true),
    place('travel proposal answers', 'travel_proposal_answers', ['answer'], true, false),
    place('travel proposal reject comments', 'travel_proposals', ['reject_comment'], false, true),
    place('travel bid notes', 'travel_bids', ['internal_note', 'details'], false, true),
  ];
}
