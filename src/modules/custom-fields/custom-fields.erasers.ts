import { ERASED_BY, redactText, storedForms, type Eraser } from '../privacy/index.js';
import type { CustomFieldsRepository } from './custom-fields.repository.js';

/**
 * A contact's answers are that person's data: the erased contacts' answers are deleted, and their values (all of
 * them, name parts included, as for other places that quote what people wrote) are redacted in every other answer
 * of the account, value by value so the stored JSON stays well-formed.
 */
export function customFieldsErasers(repo: CustomFieldsRepository): Eraser[] {
  return [{
    place: 'custom-field answers',
    columns: ['custom_field_answers.value'],
    mentions: ['custom_field_answers.value'],
    async erase(trx, s, now) {
      let changed = await repo.deleteContactAnswers(trx, s.accountId, s.contactIds);
      const forms = storedForms(s.values);
      if (forms.length === 0) return changed;
      for (const row of await repo.answersMentioning(trx, s.accountId, forms)) {
        const values = JSON.parse(row.value) as string[];
        const redacted = values.map((v) => redactText(v, forms));
        if (redacted.every((v, i) => v === values[i])) continue;
        await repo.setAnswerValue(trx, s.accountId, row.id, JSON.stringify(redacted), now, ERASED_BY);
        changed += 1;
      }
      return changed;
    },
  }];
}
