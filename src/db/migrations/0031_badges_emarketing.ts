import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// Badges and e-mail (issue 30):
// - badges: an attendee's badge of an event (the reference's id is the printed badge id, unique in its event);
// - badge_printer_pools, badge_print_jobs: remote printing; a print job is a durable job that renders a PDF (one page
//   per badge, a QR code of the attendee's id) and stores it as a file (src/modules/badges);
// - emarketing_campaigns, emarketing_templates: what the reference lists, written through eventline's extensions;
// - emarketing_requests, emarketing_deliveries: a send and one delivery per recipient (queued, sent, bounced, failed), each
//   delivered by a durable job through the mail transport (src/modules/emarketing); GET /emails and GET /bounces read them.
// - message_channel_members: who is in an attendee-messaging channel of an event.
// List indexes end with the list's order (id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'badges', {
    ...owned, event_id: 'text! -> events', badge_id: 'text!', attendee_id: 'text!', status: 'text!', type: 'text!', ...audited,
  }, {
    badges_event_badge: 'unique: event_id, badge_id',
    badges_event: 'account_id, event_id, id',
    badges_attendee: 'account_id, attendee_id, id',
  });

  await createTable(db, 'badge_printer_pools', { ...owned, event_id: 'text! -> events', name: 'text!', disabled: 'integer! = 0', ...audited }, {
    badge_printer_pools_event: 'account_id, event_id, id',
  });

  await createTable(db, 'badge_print_jobs', {
    ...owned, event_id: 'text! -> events', pool_id: 'text! -> badge_printer_pools', badge_id: 'text!', badge_ids: "text! = '[]'",
    attendee_ids: "text! = '[]'", printer_id: 'text', status: "text! = 'Scheduled'", code: 'text', message: 'text', file_id: 'text', pages: 'integer! = 0', ...audited,
  }, {
    badge_print_jobs_event: 'account_id, event_id, id',
    badge_print_jobs_pool: 'account_id, pool_id, id',
  });

  await createTable(db, 'emarketing_campaigns', {
    ...owned, name: 'text!', active: 'integer! = 1', click_tracking: 'integer! = 0', company_name: 'text', from_name: 'text', ...audited,
  }, {
    emarketing_campaigns_list: 'account_id, last_modified, id',
  });

  await createTable(db, 'emarketing_templates', {
    ...owned, campaign_id: 'text! -> emarketing_campaigns', name: 'text!', active: 'integer! = 1', subject: 'text!', from_name: 'text', from_email: 'text',
    plaintext_body: 'text!', html_body: 'text', locale: 'text!', click_tracking: 'integer! = 0', reply_to_name: 'text', reply_to_email: 'text', ...audited,
  }, {
    emarketing_templates_campaign: 'account_id, campaign_id, id',
  });

  await createTable(db, 'emarketing_requests', {
    ...owned, template_id: 'text! -> emarketing_templates', campaign_id: 'text!', recipients: 'integer! = 0', refused: "text! = '[]'", ...audited,
  });

  await createTable(db, 'emarketing_deliveries', {
    ...owned, request_id: 'text! -> emarketing_requests', template_id: 'text!', campaign_id: 'text!', contact_id: 'text!', event_id: 'text', attendee_id: 'text', recipient: 'text!',
    subject: 'text!', product_line: "text! = 'E_MARKETING'", email_type: "text! = 'Custom'", status: "text! = 'queued'", outcome: 'text', smtp_code: 'integer',
    smtp_response: 'text', attempts: 'integer! = 0', mail_id: 'text', sent: 'text', bounced: 'text', created: 'text!', last_modified: 'text!',
  }, {
    emarketing_deliveries_request: 'account_id, request_id, id',
    emarketing_deliveries_list: 'account_id, last_modified, id',
    emarketing_deliveries_contact: 'account_id, contact_id, id',
    emarketing_deliveries_bounced: 'account_id, bounced, id',
  });

  await createTable(db, 'message_channel_members', {
    ...owned, event_id: 'text! -> events', channel_id: 'text!', attendee_id: 'text!', active: 'integer! = 1', left_channel_at: 'text', ...audited,
  }, {
    message_channel_members_pair: 'unique: event_id, channel_id, attendee_id',
    message_channel_members_channel: 'account_id, event_id, channel_id, id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'message_channel_members', 'emarketing_deliveries', 'emarketing_requests', 'emarketing_templates', 'emarketing_campaigns',
    'badge_print_jobs', 'badge_printer_pools', 'badges');
}
