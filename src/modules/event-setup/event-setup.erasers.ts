import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

// Free text the client wrote about an event (descriptions, an email's texts, sender and reply-to) may quote a contact:
// the contact's identifying values are redacted where they appear (DESIGN style 9). Names and codes are the planner's catalogue.
const PLACES = [
  { table: 'planning_documents', columns: ['description'] },
  { table: 'registration_paths', columns: ['description'] },
  { table: 'event_emails', columns: ['subject', 'from_name', 'from_email', 'reply_to_name', 'reply_to_email', 'plaintext_body', 'html_body'] },
] as const;

export function eventSetupErasers(): Eraser[] {
  return PLACES.map((place) => ({
    place: place.table,
    columns: [],
    mentions: place.columns.map((c) => `${place.table}.${c}`),
    erase: (trx, s, now) => redactMentions(trx, { table: place.table, columns: [...place.columns], audited: true }, s.accountId, storedForms(s.identifying), now),
  }));
}
