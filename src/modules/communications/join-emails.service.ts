import { iso, type Clock } from '../../db/time.js';
import type { CommunicationsRepository } from './communications.repository.js';
import type { EmailsService } from './emails.service.js';
import type { EventEmailSettings } from './join-emails.schemas.js';

/** A new attendee link, in the shape the webcasts module announces. */
interface NewLink {
  readonly id: string;
  readonly event: { id: string };
  readonly attendee: { id: string };
  readonly join: { href?: string | undefined; code?: string | undefined };
}

/** The personal join-link email, sent per event when the planner turns it on (off by default). */
export class JoinLinkEmails {
  constructor(
    private readonly repo: CommunicationsRepository,
    private readonly emails: EmailsService,
    /** The link's tracked join URL: a click on it is a join-link click activity. */
    private readonly joinUrl: (linkId: string) => Promise<string>,
    private readonly clock: Clock,
  ) {}

  async get(accountId: string, eventId: string): Promise<EventEmailSettings> {
    await this.emails.event(accountId, eventId);
    return { joinLinkEmails: await this.enabled(accountId, eventId) };
  }

  async put(accountId: string, eventId: string, input: EventEmailSettings): Promise<EventEmailSettings> {
    await this.emails.event(accountId, eventId);
    await this.repo.saveEventSettings(accountId, eventId, input.joinLinkEmails ? 1 : 0, iso(this.clock()));
    return input;
  }

  private async enabled(accountId: string, eventId: string): Promise<boolean> {
    return (await this.repo.eventSettings(accountId, eventId))?.join_link_emails === 1;
  }

  /** Listener for new attendee links; a mail that cannot be sent never undoes the link. */
  async linksCreated(accountId: string, links: readonly NewLink[]): Promise<void> {
    const titles = new Map<string, string | undefined>();
    for (const link of links) {
      try {
        await this.sendOne(accountId, link, titles);
      } catch {
        // The link is committed already and stands; the planner can resend with POST /events/emails.
      }
    }
  }

  /** `titles`: per event of this batch, its title when the email is on, else undefined. */
  private async sendOne(accountId: string, link: NewLink, titles: Map<string, string | undefined>): Promise<void> {
    if (!titles.has(link.event.id)) {
      const on = await this.enabled(accountId, link.event.id);
      titles.set(link.event.id, on ? (await this.emails.event(accountId, link.event.id)).title : undefined);
    }
    const title = titles.get(link.event.id);
    if (title === undefined || !link.join.href) return;
    const who = await this.emails.addressee(accountId, link.attendee.id, link.event.id);
    if ('refused' in who) return;
    const lines = [
      `Your personal link to join ${title}:`, await this.joinUrl(link.id), ...(link.join.code ? [`Access code: ${link.join.code}`] : []), '',
      'This link is personal: please do not share it.', '', 'If the link above does not open, join directly:', link.join.href,
    ];
    await this.emails.deliver(accountId, {
      eventId: link.event.id, contactId: who.contactId, to: who.email, subject: `Your join link: ${title}`, text: lines.join('\n'),
      tags: { attendeeLinkId: link.id }, activity: { attendeeId: link.attendee.id, emailType: 'Join Link Email' },
    });
  }
}
