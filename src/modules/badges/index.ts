import { defineModule, type ModuleDeps } from '../module.js';
import { badgesErasers, type AttendeesOfContacts } from './badges.erasers.js';
import { BadgesRepository } from './badges.repository.js';
import { badgesRoutes } from './badges.routes.js';
import { BadgesService, PRINT_JOB, type BadgesUses } from './badges.service.js';

export { BadgesService, PRINT_JOB };
export type { Badge, Pool, PrintJob } from './badges.schemas.js';

/**
 * Badges and remote printing (issue 30): attendees' badges, badge printer pools and badge print jobs, which render a
 * PDF of the badges (name, company, QR code of the attendee's id) as a durable job and keep it in the file store.
 */
export function createBadgesModule(deps: ModuleDeps, uses: BadgesUses & { readonly attendees: BadgesUses['attendees'] & AttendeesOfContacts }) {
  const badges = new BadgesService(new BadgesRepository(deps.db.db), uses, deps.jobs, deps.config, deps.clock);
  return defineModule({
    name: 'badges',
    services: { badges },
    routes: badgesRoutes(badges),
    jobHandlers: badges.handlers,
    erasers: badgesErasers(badges, uses.attendees),
  });
}
