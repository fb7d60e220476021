import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';
import type { EmarketingRepository } from './emarketing.repository.js';

const ERASED = '[erased]';

/**
 * One eraser per place e-marketing keeps personal data (DESIGN style 9): the contacts' own deliveries lose their
 * address and subject; the planner's texts (campaigns, templates) and other deliveries' subjects and relay replies
 * that quote the contacts are redacted. The stored mail itself is the communications module's (its erasers).
 */
export function emarketingErasers(repo: EmarketingRepository): Eraser[] {
  return [
    {
      place: 'e-marketing deliveries of the contact',
      columns: ['emarketing_deliveries.recipient', 'emarketing_deliveries.subject', 'emarketing_deliveries.smtp_response'],
      erase: (trx, s) => repo.replaceDeliveriesOf(trx, s.accountId, s.contactIds, ERASED),
    },
    {
      place: 'e-marketing texts mentioning the contact',
      columns: [],
      mentions: [
        'emarketing_campaigns.from_name', 'emarketing_campaigns.company_name',
        'emarketing_templates.subject', 'emarketing_templates.from_name', 'emarketing_templates.from_email', 'emarketing_templates.plaintext_body',
        'emarketing_templates.html_body', 'emarketing_templates.reply_to_name', 'emarketing_templates.reply_to_email',
        'emarketing_deliveries.subject', 'emarketing_deliveries.smtp_response',
      ],
      async erase(trx, s, now) {
        const forms = storedForms(s.values);
        let changed = 0;
        changed += await redactMentions(trx, { table: 'emarketing_campaigns', columns: ['from_name', 'company_name'], audited: true }, s.accountId, forms, now);
        changed += await redactMentions(trx, {
          table: 'emarketing_templates', columns: ['subject', 'from_name', 'from_email', 'plaintext_body', 'html_body', 'reply_to_name', 'reply_to_email'], audited: true,
        }, s.accountId, forms, now);
        changed += await redactMentions(trx, { table: 'emarketing_deliveries', columns: ['subject', 'smtp_response'] }, s.accountId, forms, now);
        return changed;
      },
    },
  ];
}
