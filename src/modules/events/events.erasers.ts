import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';
import type { EventsRepository } from './events.repository.js';

/** One eraser per place this module keeps personal data (DESIGN style 9). */
export function eventsErasers(repo: EventsRepository): Eraser[] {
  return [
    {
      place: 'event_creations',
      columns: [],
      mentions: ['event_creations.request', 'event_creations.error'],
      // A creation request is kept for its status page: the values are redacted, the row stays.
      erase: (trx, s) => repo.redactCreations(trx, s.accountId, s.values),
    },
    {
      place: 'events.planners',
      columns: [],
      mentions: ['events.planners'],
      // Planners are account users, not contacts; only a contact's value that appears there is redacted.
      erase: (trx, s) => repo.redactPlanners(trx, s.accountId, s.values),
    },
    {
      place: 'event texts',
      columns: [],
      mentions: ['events.note', 'events.description', 'events.planner_first_name', 'events.planner_last_name', 'events.planner_email'],
      // An event's texts and its planner may quote a contact (a speaker, a host).
      erase: (trx, s, now) => redactMentions(trx, { table: 'events', columns: ['note', 'description', 'planner_first_name', 'planner_last_name', 'planner_email'] }, s.accountId, storedForms(s.identifying), now),
    },
  ];
}
