import { defineErrors } from '../../errors.js';

export const WebhookErrors = defineErrors({
  endpointNotFound: { status: 404, message: 'Webhook endpoint not found' },
  deliveryNotFound: { status: 404, message: 'Webhook delivery not found' },
  applicationNotFound: { status: 404, message: 'Application not found' },
  noApplication: { status: 403, message: 'Webhook endpoints belong to an application: call with a token of an application (client credentials)' },
  urlRefused: { status: 400, message: 'The URL cannot be called' },
  invalid: { status: 400, message: 'Invalid webhook endpoint' },
  notReplayable: { status: 409, message: 'The delivery is still in progress: only a finished delivery can be replayed' },
});
