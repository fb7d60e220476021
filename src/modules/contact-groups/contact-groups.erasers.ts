import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

// A group's descriptions and notes and a type's description are free text the planner wrote: a contact's identifying
// values are redacted where they appear (DESIGN style 9). Memberships hold ids only; they go with the contact's rows
// only when the contact itself is deleted, which obfuscation does not do (the purged contact keeps its id).
export function contactGroupsErasers(): Eraser[] {
  return [
    {
      place: 'contact group descriptions',
      columns: [],
      mentions: ['contact_groups.short_description', 'contact_groups.description', 'contact_groups.note', 'contact_groups.internal_note'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'contact_groups', columns: ['short_description', 'description', 'note', 'internal_note'], audited: true },
        s.accountId, storedForms(s.identifying), now),
    },
    {
      place: 'contact type descriptions',
      columns: [],
      mentions: ['contact_types.description'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'contact_types', columns: ['description'], audited: true }, s.accountId, storedForms(s.identifying), now),
    },
  ];
}
