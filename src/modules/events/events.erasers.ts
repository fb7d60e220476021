import type { Eraser } from '../privacy/index.js';
import type { EventsRepository } from './events.repository.js';

/** One eraser per place this module keeps personal data (DESIGN style 9). */
export function eventsErasers(repo: EventsRepository): Eraser[] {
  return [
    {
      place: 'event_creations',
      // A creation request is kept for its status page: the values are redacted, the row stays.
      erase: (trx, s) => repo.redactCreations(trx, s.accountId, s.values),
    },
    {
      place: 'events.planners',
      // Planners are account users, not contacts; only a contact's value that appears there is redacted.
      erase: (trx, s) => repo.redactPlanners(trx, s.accountId, s.values),
    },
  ];
}
