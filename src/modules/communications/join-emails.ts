import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { iso, type Clock } from '../../db/time.js';
import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { CommunicationErrors } from './communications.errors.js';
import type { CommunicationsRepository } from './communications.repository.js';
import type { EmailsService } from './emails.service.js';

export const EventEmailSettingsSchema = Type.Object({
  joinLinkEmails: Type.Boolean({ description: 'When true, creating an attendee link for this event emails the attendee their personal join link.' }),
}, { title: 'Event communication settings', additionalProperties: false });
export type EventEmailSettings = Static<typeof EventEmailSettingsSchema>;

interface NewLink {
  readonly id: string;
  readonly event: { id: string };
  readonly attendee: { id: string };
  readonly join: { href?: string | undefined; code?: string | undefined };
}

/** The personal join-link email, sent per event when the planner turns it on (off by default). */
export class JoinLinkEmails {
  constructor(private readonly repo: CommunicationsRepository, private readonly emails: EmailsService, private readonly clock: Clock) {}

  async get(accountId: string, eventId: string): Promise<EventEmailSettings> {
    if (!(await this.repo.event(accountId, eventId))) throw CommunicationErrors.eventNotFound();
    return { joinLinkEmails: (await this.repo.eventSettings(accountId, eventId))?.join_link_emails === 1 };
  }

  async put(accountId: string, eventId: string, input: EventEmailSettings): Promise<EventEmailSettings> {
    if (!(await this.repo.event(accountId, eventId))) throw CommunicationErrors.eventNotFound();
    await this.repo.saveEventSettings(accountId, eventId, input.joinLinkEmails ? 1 : 0, iso(this.clock()));
    return input;
  }

  /** Listener for new attendee links; a mail that cannot be sent never undoes the link. */
  async linksCreated(accountId: string, links: readonly NewLink[]): Promise<void> {
    const enabled = new Map<string, string | undefined>();
    for (const link of links) {
      try {
        await this.sendOne(accountId, link, enabled);
      } catch {
        // The link is committed already and stands; the planner can resend with POST /events/emails.
      }
    }
  }

  private async sendOne(accountId: string, link: NewLink, enabled: Map<string, string | undefined>): Promise<void> {
    if (!enabled.has(link.event.id)) {
      const on = (await this.repo.eventSettings(accountId, link.event.id))?.join_link_emails === 1;
      enabled.set(link.event.id, on ? (await this.repo.event(accountId, link.event.id))?.title : undefined);
    }
    const title = enabled.get(link.event.id);
    if (title === undefined || !link.join.href) return;
    const who = await this.repo.attendeeContact(accountId, link.attendee.id);
    if (!who || who.deleted === 1 || !who.email) return;
    const lines = [`Your personal link to join ${title}:`, link.join.href, ...(link.join.code ? [`Access code: ${link.join.code}`] : []), '', 'This link is personal: please do not share it.'];
    await this.emails.deliver(accountId, {
      eventId: link.event.id, contactId: who.contact_id, to: who.email, subject: `Your join link: ${title}`, text: lines.join('\n'),
      tags: { attendeeLinkId: link.id },
    });
  }
}

export function joinEmailRoutes(service: JoinLinkEmails) {
  return async function routes(instance: FastifyInstance): Promise<void> {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();
    const params = Type.Object({ id: Type.String({ format: 'uuid' }) });
    app.get('/events/:id/communication-settings', {
      schema: {
        tags: ['Events'], operationId: 'getEventCommunicationSettings', summary: 'Get the email settings of an event (eventline)', security: oauth('event/events:read'),
        params, response: { 200: EventEmailSettingsSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => service.get(requireAuth(request).accountId, request.params.id));
    app.put('/events/:id/communication-settings', {
      schema: {
        tags: ['Events'], operationId: 'updateEventCommunicationSettings', summary: 'Set the email settings of an event (eventline)', security: oauth('event/events:write'),
        params, body: EventEmailSettingsSchema, response: { 200: EventEmailSettingsSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => service.put(requireAuth(request).accountId, request.params.id, request.body));
  };
}
