import { operations } from '../../http/operations.js';
import type { EmailsService } from './emails.service.js';
import { EmailRequestParamsSchema, SendEmailRequestSchema, SendEmailResponseSchema } from './emails.schemas.js';

export function emailsRoutes(emails: EmailsService, apiVersion: string) {
  return operations((op) => {
    op('sendEventEmails', {
      description: 'Sends the email to each attendee (a result per attendee). Mail goes to the configured SMTP relay, or only to the database outbox. `email.subject`, `email.text` and `email.html` are eventline extensions.',
      body: SendEmailRequestSchema, response: { 202: SendEmailResponseSchema }, errors: [404],
    }, async (request, reply) => {
      const result = await emails.send(request.auth, request.body);
      return reply.header('location', `/${apiVersion}/events/emails/${result.requestId}/status`).send(result);
    });

    op('getEventEmailStatus', { params: EmailRequestParamsSchema, response: { 200: SendEmailResponseSchema } },
      async (request) => emails.status(request.auth.accountId, request.params.emailRequestId));
  });
}
