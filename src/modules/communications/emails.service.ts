import type { Config } from '../../config/index.js';
import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import { jsonColumn } from '../../db/json.js';
import { actorName, type AuthContext } from '../../actor.js';
import { ApiError } from '../../errors.js';
import type { ActivityReporter } from '../activities/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import type { MailTransport } from '../mail/index.js';
import { CommunicationErrors } from './communications.errors.js';
import type { CommunicationsRepository } from './communications.repository.js';
import type { CommunicationsService } from './communications.service.js';
import { StoredAttendeeResponsesSchema, type AttendeeResponse, type SendEmailRequest, type SendEmailResponse } from './emails.schemas.js';
import type { Row } from '../../db/types.js';

/** What mail reads of other modules: the event (its title) and the attendee's contact address; and where it reports an email sent. */
export interface MailDirectory {
  readonly events: Pick<EventsService, 'get'>;
  readonly attendees: Pick<AttendeesService, 'recipient'>;
  readonly activities: ActivityReporter;
}

/** A mail to an attendee of an event is an `email.sent` activity of theirs; `emailType` is the reference's data.type. */
export interface MailActivity {
  readonly attendeeId: string;
  readonly emailType: string;
}

interface EventRef {
  readonly id: string;
  readonly title: string;
}

/** Where a mail to an attendee goes, or why it cannot go. */
export type Addressee = { readonly contactId: string; readonly email: string } | { readonly refused: string };

const responsesColumn = jsonColumn('email_requests.responses', StoredAttendeeResponsesSchema);

function toResponse(r: Row<'email_requests'>): SendEmailResponse {
  const responses = responsesColumn(r.responses);
  return {
    requestId: r.id, status: r.status, event: { id: r.event_id }, email: { id: r.email_id },
    resendToPreviousRecipients: r.resend === 1, attendeeResponses: responses, attendeeResponse: responses,
    created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
  };
}

/**
 * Planner emails to attendees. Sending is done before the 202 answer (the
 * outbox is local; an SMTP relay is one round trip per attendee), so the
 * status endpoint reports the final result at once.
 */
export class EmailsService {
  constructor(
    private readonly repo: CommunicationsRepository,
    private readonly communications: CommunicationsService,
    private readonly directory: MailDirectory,
    private readonly mail: MailTransport,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  private unsubscribed?: (accountId: string, attendeeId: string) => Promise<boolean>;

  /** The attendee-extras module answers whether an attendee unsubscribed from its event's emails (PUT .../email-subscriptions). */
  useUnsubscribed(check: (accountId: string, attendeeId: string) => Promise<boolean>): void {
    this.unsubscribed = check;
  }

  async send(auth: AuthContext, input: SendEmailRequest): Promise<SendEmailResponse> {
    const event = await this.event(auth.accountId, input.event.id, 'event.id');
    const requestId = newId();
    const responses: AttendeeResponse[] = [];
    for (const attendeeId of input.attendees) responses.push(await this.sendOne(auth.accountId, requestId, event, input, attendeeId));
    const now = iso(this.clock());
    const sent = responses.filter((r) => r.status === 'Sent').length;
    const row: Row<'email_requests'> = {
      id: requestId, account_id: auth.accountId, event_id: event.id, email_id: input.email.id, resend: input.resendToPreviousRecipients ? 1 : 0,
      status: sent > 0 || responses.every((r) => r.status === 'Opted-Out') ? 'SUCCESSFUL' : 'ERROR', responses: JSON.stringify(responses),
      created: now, created_by: actorName(auth), last_modified: now, last_modified_by: actorName(auth),
    };
    await this.repo.insertEmailRequest(row);
    return toResponse(row);
  }

  async status(accountId: string, requestId: string): Promise<SendEmailResponse> {
    const row = await this.repo.emailRequest(accountId, requestId);
    if (!row) throw CommunicationErrors.emailRequestNotFound();
    return toResponse(row);
  }

  /** The account's event, or the 404 aimed at `target`. */
  async event(accountId: string, eventId: string, target?: string): Promise<EventRef> {
    try {
      const { id, title } = await this.directory.events.get(accountId, eventId);
      return { id, title };
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw CommunicationErrors.eventNotFound(undefined, target ? { target } : {});
      throw err;
    }
  }

  /** The attendee's contact, when it can be mailed: registered for the event, not deleted, with an address. */
  async addressee(accountId: string, attendeeId: string, eventId: string): Promise<Addressee> {
    const who = await this.directory.attendees.recipient(accountId, attendeeId);
    if (!who || who.eventId !== eventId) return { refused: 'The attendee is not registered for this event' };
    if (who.deleted || !who.email) return { refused: 'The attendee has no email address' };
    return { contactId: who.contactId, email: who.email };
  }

  // One attendee at a time: a failure is reported for that attendee and loses nothing already sent.
  private async sendOne(accountId: string, requestId: string, event: EventRef, input: SendEmailRequest, attendeeId: string): Promise<AttendeeResponse> {
    const who = await this.addressee(accountId, attendeeId, event.id);
    if ('refused' in who) return { id: attendeeId, status: 'Error', errorMessage: who.refused };
    if (this.unsubscribed !== undefined && await this.unsubscribed(accountId, attendeeId)) {
      return { id: attendeeId, status: 'Opted-Out', errorMessage: 'The attendee unsubscribed from this event\'s emails' };
    }
    if (!input.resendToPreviousRecipients && await this.repo.delivered(accountId, input.email.id, attendeeId)) {
      return { id: attendeeId, status: 'Error', errorMessage: 'Already sent to this attendee; set resendToPreviousRecipients to send again' };
    }
    try {
      await this.deliver(accountId, {
        eventId: event.id, contactId: who.contactId, to: who.email,
        subject: input.email.subject ?? event.title,
        text: input.email.text ?? `A message about ${event.title}.`,
        ...(input.email.html !== undefined ? { html: input.email.html } : {}),
        tags: { emailId: input.email.id, requestId }, activity: { attendeeId, emailType: 'Event Email' },
      });
      await this.repo.recordDelivery(accountId, input.email.id, attendeeId, requestId, iso(this.clock()));
      return { id: attendeeId, status: 'Sent' };
    } catch {
      return { id: attendeeId, status: 'Error', errorMessage: 'The message could not be sent' };
    }
  }

  /** Composes, sends (or keeps in the outbox) and captures one email. Shared by every mail the platform sends. */
  async deliver(accountId: string, m: {
    eventId: string | null; contactId: string | null; to: string; subject: string; text: string; html?: string; tags?: Record<string, string>; activity?: MailActivity;
  }): Promise<string> {
    const mailId = newId();
    const now = this.clock();
    const sent = await this.mail.send({
      from: this.config.communications?.mailFrom ?? 'eventline <no-reply@eventline.invalid>', to: m.to, subject: m.subject, text: m.text,
      ...(m.html !== undefined ? { html: m.html } : {}), messageId: `<${mailId}@eventline>`, date: now,
    });
    const eventId = m.eventId;
    const activity = m.activity;
    await this.repo.transaction(async (trx) => {
      await this.repo.insertMail({ id: mailId, account_id: accountId, created: iso(now), contact_id: m.contactId, recipient: m.to, subject: m.subject, raw: sent.raw, transport: sent.transport }, trx);
      if (eventId === null || activity === undefined) return;
      await this.directory.activities.record({
        accountId, eventId, attendeeId: activity.attendeeId, type: 'email.sent', time: iso(now), data: { type: activity.emailType, sent: iso(now) },
      }, trx);
    });
    await this.communications.capture(accountId, { type: 'email', eventId: m.eventId, contactId: m.contactId, mailId, ...(m.tags ? { tags: m.tags } : {}) });
    return mailId;
  }
}
