import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';
import type { HubsRepository } from './hubs.repository.js';

const MEMBER = ['first_name', 'last_name', 'email', 'job_title', 'company_name', 'designation', 'work_city', 'work_state', 'work_country', 'profile'] as const;

// A member linked to an erased contact is deleted; the contact's values are redacted in other members' profiles and in
// hubs' owners and settings (a help address may be someone's).
export function hubsErasers(repo: HubsRepository): Eraser[] {
  return [
    { place: 'hub members', columns: MEMBER.map((c) => `hub_members.${c}`), erase: (trx, s) => repo.deleteMembersOf(s.accountId, s.contactIds, trx) },
    {
      place: 'hub members mentioning the contacts',
      columns: [],
      mentions: MEMBER.map((c) => `hub_members.${c}`),
      erase: (trx, s, now) => redactMentions(trx, { table: 'hub_members', columns: [...MEMBER], audited: true }, s.accountId, storedForms(s.identifying), now),
    },
    {
      place: 'hub owners and settings',
      columns: [],
      mentions: ['hubs.owner_first_name', 'hubs.owner_last_name', 'hubs.owner_email', 'hubs.settings'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'hubs', columns: ['owner_first_name', 'owner_last_name', 'owner_email', 'settings'], audited: true },
        s.accountId, storedForms(s.identifying), now),
    },
  ];
}
