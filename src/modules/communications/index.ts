import type { AccountsService } from '../accounts/index.js';
import type { ActivityReporter } from '../activities/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import type { FeatureLaunches } from '../event-features/index.js';
import { MailTransport } from '../mail/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import type { SessionsService } from '../sessions/index.js';
import type { AttendeeLinksService } from '../webcasts/index.js';
import { SessionChatService } from './chat.service.js';
import { communicationsErasers } from './communications.erasers.js';
import { CommunicationsRepository } from './communications.repository.js';
import { CommunicationsService } from './communications.service.js';
import { EmailsService } from './emails.service.js';
import { AttendeeTokens } from './signing.js';
import { JoinLinkEmails } from './join-emails.service.js';
import { joinEmailRoutes } from './join-emails.routes.js';
import { communicationsRoutes } from './communications.routes.js';
import { emailsRoutes } from './emails.routes.js';
import { chatRoutes } from './chat.routes.js';

export { CommunicationsService, EmailsService, SessionChatService, JoinLinkEmails };
export { PURGE_JOB, RETENTION_DAYS } from './communications.service.js';
export { AttendeeTokens, UrlSigner, URL_TTL_SECONDS, type SigningKey } from './signing.js';
export type { Message, MessageType, Configuration } from './communications.schemas.js';

export interface CommunicationsUses {
  readonly accounts: AccountsService;
  readonly attendeeLinks: AttendeeLinksService;
  readonly attendees: AttendeesService;
  readonly events: EventsService;
  readonly sessions: SessionsService;
  readonly eventFeatures: FeatureLaunches;
  /** The activities journal: chat, Q&A, emails sent and join-link clicks are reported to it. */
  readonly activities: ActivityReporter;
}

/**
 * Compliance communications: the archive of emails, chat and Q&A, with signed email URLs and 30-day retention.
 * What it knows of events, sessions, attendees and their links it asks their modules.
 */
export async function createCommunicationsModule(deps: ModuleDeps, uses: CommunicationsUses) {
  const { config, clock } = deps;
  const repo = new CommunicationsRepository(deps.db.db);
  const communications = new CommunicationsService(repo, uses.accounts, deps.jobs, config, clock);
  await communications.init();
  const mail = new MailTransport(config.communications?.smtpUrl);
  const emails = new EmailsService(repo, communications, uses, mail, config, clock);
  let tokens: AttendeeTokens | undefined;
  const configured = config.communications?.attendeeTokenSecret;
  const attendeeTokens = async (): Promise<AttendeeTokens> => (tokens ??= new AttendeeTokens(configured ?? await communications.storedSecret('attendee-token')));
  const chat = new SessionChatService(repo, communications, { links: uses.attendeeLinks, sessions: uses.sessions, attendees: uses.attendees, features: uses.eventFeatures, activities: uses.activities }, attendeeTokens, clock,
    `${config.publicUrl}/${config.apiVersion}`);
  const joinLinkEmails = new JoinLinkEmails(repo, emails, (linkId) => chat.joinUrl(linkId), clock);
  // New personal join links are mailed to their attendees (the webcasts module tells us after commit).
  uses.attendeeLinks.onCreated((accountId, links) => joinLinkEmails.linksCreated(accountId, links));
  return defineModule({
    name: 'communications',
    services: { communications, emails, chat, mail, joinLinkEmails },
    routes: async (app) => {
      await app.register(communicationsRoutes(communications));
      await app.register(emailsRoutes(emails, config.apiVersion));
      await app.register(chatRoutes(chat));
      await app.register(joinEmailRoutes(joinLinkEmails));
    },
    jobHandlers: communications.purgeJob.handlers,
    erasers: communicationsErasers(repo, uses.attendees),
    // Retention (30 days) is enforced by an hourly job that reschedules itself.
    start: communications.purgeJob.schedule,
    close: async () => mail.close(),
  });
}

