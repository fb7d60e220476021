import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { redactMentions, redactText, setTexts, storedForms, type Eraser, type ErasureSubject } from '../privacy/index.js';
import type { CommunicationsRepository } from './communications.repository.js';

/** What the erasers need of the attendees module: chat and questions name attendees, not contacts. */
export interface AttendeesOfContact {
  contactAttendeeIds(accountId: string, contactIds: readonly string[], trx: Transaction<Database>): Promise<string[]>;
}

const ERASED = '[erased]';
// The body is replaced whole: encodings (quoted-printable, base64) hide values from a search.
const ERASED_MAIL = {
  recipient: ERASED, subject: ERASED,
  raw: `To: ${ERASED}\r\nSubject: ${ERASED}\r\n\r\nThis message was erased when its recipient's contact was obfuscated.\r\n`,
};

/** The contact's values in any case and Unicode form (also JSON-escaped), replaced by the marker. */
function scrub(text: string, values: readonly string[]): string {
  return redactText(text, storedForms(values), ERASED);
}

/** One eraser per place this module keeps personal data (DESIGN style 9); each touches only this module's tables. */
export function communicationsErasers(repo: CommunicationsRepository, attendees: AttendeesOfContact): Eraser[] {
  const attendeeIds = (trx: Transaction<Database>, s: ErasureSubject) => attendees.contactAttendeeIds(s.accountId, s.contactIds, trx);
  return [
    {
      place: 'communication messages',
      columns: [],
      async erase(trx, s) {
        const rows = await repo.messagesOfContacts(trx, s.accountId, s.contactIds);
        await setTexts(trx, 'communication_messages', 'payload', s.accountId, rows.map((r) => ({ id: r.id, text: scrub(r.payload, s.values) })));
        return rows.length;
      },
    },
    {
      place: 'mail outbox (stored email bodies)',
      columns: ['mail_outbox.recipient', 'mail_outbox.subject', 'mail_outbox.raw'],
      erase: (trx, s) => repo.replaceMailOfContacts(trx, s.accountId, s.contactIds, ERASED_MAIL),
    },
    {
      place: 'session chat messages',
      columns: [],
      async erase(trx, s) {
        const rows = await repo.chatOfAttendees(trx, s.accountId, await attendeeIds(trx, s));
        for (const r of rows) await repo.setChatText(trx, r.id, scrub(r.text_html, s.values));
        return rows.length;
      },
    },
    {
      place: 'session questions',
      columns: [],
      async erase(trx, s) {
        const rows = await repo.questionsOfAttendees(trx, s.accountId, await attendeeIds(trx, s));
        for (const r of rows) await repo.setQuestionText(trx, r.id, scrub(r.text, s.values), r.answer === null ? null : scrub(r.answer, s.values));
        return rows.length;
      },
    },
    {
      // Messages, chat, questions and stored mail of anyone that quote the contacts: log records copy a message or a
      // question (another person's reaction to it, an answer to it), so every form of the contacts' values is matched
      // here, name parts and the email's local part included, as in the contacts' own rows (docs/privacy.md).
      place: 'communications mentioning the contacts',
      columns: [],
      mentions: [
        'communication_messages.payload', 'session_chat_messages.text_html', 'session_questions.text', 'session_questions.answer',
        'mail_outbox.recipient', 'mail_outbox.subject', 'mail_outbox.raw',
      ],
      async erase(trx, s, now) {
        const forms = storedForms(s.values);
        let changed = 0;
        for (const place of MENTIONS) changed += await redactMentions(trx, place, s.accountId, forms, now);
        return changed;
      },
    },
  ];
}

const MENTIONS = [
  { table: 'communication_messages', columns: ['payload'] },
  { table: 'session_chat_messages', columns: ['text_html'] },
  { table: 'session_questions', columns: ['text', 'answer'] },
  // Mail to someone else may name the contacts (where the body is not encoded; the contacts' own mail is replaced whole).
  { table: 'mail_outbox', columns: ['recipient', 'subject', 'raw'] },
] as const;
