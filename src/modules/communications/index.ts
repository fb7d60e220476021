import type { Config } from '../../config/index.js';
import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../db/time.js';
import type { JobQueue } from '../../jobs/index.js';
import type { AccountsService } from '../accounts/index.js';
import { MailTransport } from '../mail/index.js';
import type { EraserRegistry } from '../privacy/index.js';
import { SessionChatService } from './chat.service.js';
import { communicationsErasers } from './communications.erasers.js';
import { CommunicationsRepository } from './communications.repository.js';
import { CommunicationsService } from './communications.service.js';
import { EmailsService } from './emails.service.js';
import { AttendeeTokens } from './signing.js';
import { JoinLinkEmails } from './join-emails.js';

export { CommunicationsService, PURGE_JOB, RETENTION_DAYS } from './communications.service.js';
export { EmailsService } from './emails.service.js';
export { SessionChatService } from './chat.service.js';
export { AttendeeTokens, UrlSigner, URL_TTL_SECONDS, type SigningKey } from './signing.js';
export { communicationsRoutes } from './communications.routes.js';
export { emailsRoutes } from './emails.routes.js';
export { chatRoutes } from './chat.routes.js';
export { JoinLinkEmails, joinEmailRoutes } from './join-emails.js';
export type { Message, MessageType, Configuration } from './communications.schemas.js';

export interface CommunicationsModule {
  readonly communications: CommunicationsService;
  readonly emails: EmailsService;
  readonly chat: SessionChatService;
  readonly mail: MailTransport;
  readonly joinLinkEmails: JoinLinkEmails;
}

/** Wires the module and registers its erasers; call once from buildServices. */
export async function createCommunications(deps: {
  db: DbHandle; accounts: AccountsService; jobs: JobQueue; erasers: EraserRegistry; config: Config; clock: Clock;
}): Promise<CommunicationsModule> {
  const repo = new CommunicationsRepository(deps.db.db);
  const communications = new CommunicationsService(repo, deps.accounts, deps.jobs, deps.config, deps.clock);
  await communications.init();
  const mail = new MailTransport(deps.config.communications?.smtpUrl);
  const emails = new EmailsService(repo, communications, mail, deps.config, deps.clock);
  let tokens: AttendeeTokens | undefined;
  const configured = deps.config.communications?.attendeeTokenSecret;
  const attendeeTokens = async (): Promise<AttendeeTokens> => (tokens ??= new AttendeeTokens(configured ?? await communications.storedSecret('attendee-token')));
  const chat = new SessionChatService(repo, communications, attendeeTokens, deps.clock);
  const joinLinkEmails = new JoinLinkEmails(repo, emails, deps.clock);
  for (const eraser of communicationsErasers()) deps.erasers.register(eraser);
  return { communications, emails, chat, mail, joinLinkEmails };
}
