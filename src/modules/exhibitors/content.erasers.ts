import { ERASED_BY, redactText, storedForms, type Eraser } from '../privacy/index.js';
import type { ContentRepository } from './content.repository.js';

/**
 * Files' display names and weblinks' names and URLs are free text a planner or
 * exhibitor wrote: the erased contact's values are redacted where they appear
 * (in a URL by a marker without brackets, so it stays a URL). The files
 * themselves are the files module's (its erasers delete a contact's own files).
 */
export function contentErasers(repo: ContentRepository): Eraser[] {
  return [
    {
      place: 'exhibitor file names',
      columns: [],
      mentions: ['exhibitor_files.display_name'],
      async erase(trx, s, now) {
        const forms = storedForms(s.values);
        if (forms.length === 0) return 0;
        let changed = 0;
        for (const r of await repo.filesMentioning(trx, s.accountId, forms)) {
          const name = redactText(r.display_name, forms);
          if (name === r.display_name) continue;
          await repo.setFileName(s.accountId, r.id, { display_name: name, last_modified: now, last_modified_by: ERASED_BY }, trx);
          changed += 1;
        }
        return changed;
      },
    },
    {
      place: 'exhibitor weblinks',
      columns: [],
      mentions: ['exhibitor_weblinks.name', 'exhibitor_weblinks.url'],
      async erase(trx, s, now) {
        const forms = storedForms(s.values);
        if (forms.length === 0) return 0;
        // Each form as typed and percent-encoded, as a URL carries it.
        const inUrls = [...new Set([...forms, ...forms.map((f) => encodeURIComponent(f))])];
        let changed = 0;
        for (const r of await repo.weblinksMentioning(trx, s.accountId, inUrls)) {
          const name = redactText(r.name, forms);
          const url = redactText(r.url, inUrls, 'obfuscated');
          if (name === r.name && url === r.url) continue;
          await repo.updateWeblink(s.accountId, r.id, { name, url, last_modified: now, last_modified_by: ERASED_BY }, trx);
          changed += 1;
        }
        return changed;
      },
    },
  ];
}
