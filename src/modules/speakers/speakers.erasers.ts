import { ERASED_BY, REDACTED, redactText, storedForms, type Eraser } from '../privacy/index.js';
import type { FileStore } from '../files/index.js';
import type { SpeakersRepository } from './speakers.repository.js';
import { documentSlot, imageSlot } from './speakers.service.js';

const fold = (s: string): string => s.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');

const PERSONAL = ['first_name', 'last_name', 'email', 'code', 'prefix', 'designation', 'company', 'title', 'twitter_url', 'facebook_url', 'linkedin_url', 'biography', 'internal_note'] as const;

/**
 * A speaker is a person (issue 29). A speaker linked to an erased contact (same email when it was written), or whose
 * email is one of the erased contacts' values, is that person: the names become `[obfuscated]`, every other personal
 * field is cleared, and the documents and profile picture leave the speaker. Their files are attached to an erased
 * contact of the batch, so the files module's eraser, which runs after this one (the speakers module comes before
 * files in app.ts's list), deletes their rows and bytes. In every other speaker of the account, the contacts'
 * identifying values are redacted where they appear.
 */
export function speakersErasers(repo: SpeakersRepository, files: Pick<FileStore, 'attach'>): Eraser[] {
  const columns = PERSONAL.map((c) => `speakers.${c}`);
  return [{
    place: 'speakers',
    columns,
    mentions: columns,
    async erase(trx, s, now) {
      const contacts = new Set(s.contactIds);
      const values = new Set(s.values.map(fold).filter((v) => v.length >= 3));
      const forms = storedForms(s.identifying);
      // Candidates: linked speakers, and speakers whose personal columns may hold a value (the email among all values).
      const candidates = await repo.erasureCandidates(trx, s.accountId, s.contactIds, columns, storedForms([...s.identifying, ...s.values]));
      let changed = 0;
      for (const sp of candidates) {
        const isSubject = (sp.contact_id !== null && contacts.has(sp.contact_id)) || (sp.email !== null && values.has(fold(sp.email)));
        if (isSubject) {
          const contactId = sp.contact_id !== null && contacts.has(sp.contact_id) ? sp.contact_id : s.contactIds[0] ?? null;
          const auth = { accountId: s.accountId, userId: null, clientId: ERASED_BY };
          const docs = await repo.documentsOf(s.accountId, [sp.id], trx);
          for (const doc of docs) await files.attach(auth, doc.file_id, { attachedTo: documentSlot(sp.id), contactId }, trx).catch(() => undefined);
          if (sp.profile_image_file_id !== null) {
            await files.attach(auth, sp.profile_image_file_id, { attachedTo: imageSlot(sp.id), contactId }, trx).catch(() => undefined);
          }
          await repo.clearDocuments(trx, s.accountId, sp.id);
          await repo.update(s.accountId, sp.id, {
            first_name: REDACTED, last_name: REDACTED, email: null, code: null, prefix: null, designation: null, company: '', title: '',
            twitter_url: null, facebook_url: null, linkedin_url: null, biography: null, internal_note: null, profile_image_file_id: null,
            last_modified: now, last_modified_by: ERASED_BY,
          }, trx);
          changed += 1;
          continue;
        }
        if (forms.length === 0) continue;
        const patch: Record<string, string | null> = {};
        for (const c of PERSONAL) {
          const v = sp[c];
          if (v === null || v === '') continue;
          const redacted = redactText(v, forms);
          if (redacted === v) continue;
          // A redacted email or link is no address any more: cleared rather than left half-written.
          patch[c] = c === 'email' || c.endsWith('_url') ? null : redacted;
        }
        if (Object.keys(patch).length === 0) continue;
        await repo.update(s.accountId, sp.id, { ...patch, last_modified: now, last_modified_by: ERASED_BY }, trx);
        changed += 1;
      }
      return changed;
    },
  }];
}
