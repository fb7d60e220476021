import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Eraser, ErasureSubject } from '../privacy/index.js';

const ERASED = '[erased]';

function scrub(text: string, values: readonly string[], json = false): string {
  let out = text;
  for (const v of values) {
    if (v.trim() === '') continue;
    const needle = json ? JSON.stringify(v).slice(1, -1) : v;
    out = out.split(needle).join(ERASED);
  }
  return out;
}

function attendeeIds(trx: Transaction<Database>, s: ErasureSubject) {
  return trx.selectFrom('attendees').select('id').where('account_id', '=', s.accountId).where('contact_id', '=', s.contactId);
}

/** One eraser per place this module keeps personal data (DESIGN style 9). */
export function communicationsErasers(): Eraser[] {
  return [
    {
      place: 'communication messages',
      async erase(trx, s) {
        const rows = await trx.selectFrom('communication_messages').select(['id', 'payload']).where('account_id', '=', s.accountId).where('contact_id', '=', s.contactId).execute();
        for (const r of rows) await trx.updateTable('communication_messages').set({ payload: scrub(r.payload, s.values, true) }).where('id', '=', r.id).execute();
        return rows.length;
      },
    },
    {
      place: 'mail outbox (stored email bodies)',
      async erase(trx, s) {
        const rows = await trx.selectFrom('mail_outbox').select(['id', 'raw', 'subject']).where('account_id', '=', s.accountId).where('contact_id', '=', s.contactId).execute();
        for (const r of rows) {
          // The body is replaced whole: encodings (quoted-printable, base64) hide values from a search.
          const raw = `To: ${ERASED}\r\nSubject: ${ERASED}\r\n\r\nThis message was erased when its recipient's contact was obfuscated.\r\n`;
          await trx.updateTable('mail_outbox').set({ recipient: ERASED, subject: ERASED, raw }).where('id', '=', r.id).execute();
        }
        return rows.length;
      },
    },
    {
      place: 'session chat messages',
      async erase(trx, s) {
        const rows = await trx.selectFrom('session_chat_messages').select(['id', 'text_html']).where('account_id', '=', s.accountId).where('attendee_id', 'in', attendeeIds(trx, s)).execute();
        for (const r of rows) await trx.updateTable('session_chat_messages').set({ text_html: scrub(r.text_html, s.values) }).where('id', '=', r.id).execute();
        return rows.length;
      },
    },
    {
      place: 'session questions',
      async erase(trx, s) {
        const rows = await trx.selectFrom('session_questions').select(['id', 'text', 'answer']).where('account_id', '=', s.accountId).where('attendee_id', 'in', attendeeIds(trx, s)).execute();
        for (const r of rows) {
          await trx.updateTable('session_questions').set({ text: scrub(r.text, s.values), answer: r.answer === null ? null : scrub(r.answer, s.values) }).where('id', '=', r.id).execute();
        }
        return rows.length;
      },
    },
  ];
}
