import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

/**
 * An event's payload is the changed resource (an attendee's or contact's fields): the rows stay (the delivery log
 * refers to them), the erased contact's values go. Delivery errors are eventline's words, searched all the same.
 */
export function webhooksErasers(): readonly Eraser[] {
  return [{
    place: 'webhook events and deliveries mentioning the contacts',
    columns: [],
    mentions: ['webhook_events.payload', 'webhook_deliveries.last_error'],
    async erase(trx, s, now) {
      const forms = storedForms(s.values);
      return (await redactMentions(trx, { table: 'webhook_events', columns: ['payload'] }, s.accountId, forms, now))
        + (await redactMentions(trx, { table: 'webhook_deliveries', columns: ['last_error'] }, s.accountId, forms, now));
    },
  }];
}
