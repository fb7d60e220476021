import { ERASED_BY, quotedTextEraser, redactEach, redactText, storedForms, type Eraser } from '../privacy/index.js';
import type { ContentRepository } from './content.repository.js';

/**
 * Files' display names and weblinks' names and URLs are free text a planner or
 * exhibitor wrote: the erased contact's values are redacted where they appear
 * (in a URL by a marker without brackets, so it stays a URL). The files
 * themselves are the files module's (its erasers delete a contact's own files).
 */
export function contentErasers(repo: ContentRepository): Eraser[] {
  return [
    quotedTextEraser({
      place: 'exhibitor file names',
      mention: 'exhibitor_files.display_name',
      find: (trx, accountId, forms) => repo.filesMentioning(trx, accountId, forms),
      text: (r) => r.display_name,
      save: (trx, accountId, r, name, now) => repo.setFileName(accountId, r.id, { display_name: name, last_modified: now, last_modified_by: ERASED_BY }, trx),
    }),
    {
      place: 'exhibitor weblinks',
      columns: [],
      mentions: ['exhibitor_weblinks.name', 'exhibitor_weblinks.url'],
      async erase(trx, s, now) {
        const forms = storedForms(s.values);
        // Each form as typed and percent-encoded, as a URL carries it.
        const inUrls = [...new Set([...forms, ...forms.map((f) => encodeURIComponent(f))])];
        return redactEach(forms, () => repo.weblinksMentioning(trx, s.accountId, inUrls), (r) => {
          const name = redactText(r.name, forms);
          const url = redactText(r.url, inUrls, 'obfuscated');
          return name === r.name && url === r.url ? undefined : { name, url };
        }, (r, texts) => repo.updateWeblink(s.accountId, r.id, { ...texts, last_modified: now, last_modified_by: ERASED_BY }, trx));
      },
    },
  ];
}
