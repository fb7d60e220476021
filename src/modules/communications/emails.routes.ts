import { oauth, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import type { EmailsService } from './emails.service.js';
import { EmailRequestParamsSchema, SendEmailRequestSchema, SendEmailResponseSchema } from './emails.schemas.js';

const tags = ['Events'];

export function emailsRoutes(emails: EmailsService, apiVersion: string) {
  return typedRoutes((app) => {
    app.post('/events/emails', {
      schema: {
        tags, operationId: 'sendEventEmails', summary: 'Send Email To Attendees', security: oauth('event/event-emails:write'),
        description: 'Sends the email to each attendee (a result per attendee). Mail goes to the configured SMTP relay, or only to the database outbox. `email.subject`, `email.text` and `email.html` are eventline extensions.',
        body: SendEmailRequestSchema, response: { 202: SendEmailResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      const result = await emails.send(requireAuth(request), request.body);
      return reply.code(202).header('location', `/${apiVersion}/events/emails/${result.requestId}/status`).send(result);
    });

    app.get('/events/emails/:emailRequestId/status', {
      schema: {
        tags, operationId: 'getEventEmailStatus', summary: 'List Event Email Status', security: oauth('event/event-email-status:read'),
        params: EmailRequestParamsSchema, response: { 200: SendEmailResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => emails.status(requireAuth(request).accountId, request.params.emailRequestId));
  });
}
