// Personal data spread over every place it lives, inserted directly (each
// place has its own module; these rows only need the table shapes).
import type { Services } from '../../src/app.js';
import type { Db } from '../../src/db/index.js';
import { newId } from '../../src/db/ids.js';

const at = () => new Date().toISOString();
const audit = (t: string) => ({ created: t, last_modified: t, created_by: 'fixture', last_modified_by: 'fixture' });

export interface PersonData {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  note: string;
}

export interface Venue {
  accountId: string;
  eventId: string;
  sessionId: string;
  webcastId: string;
}

export async function createVenue(services: Services, accountId: string): Promise<Venue> {
  const db = services.db.db;
  const event = await services.events.createNow(accountId, 'fixture', {
    title: 'Privacy Summit', format: 'Hybrid', type: 'Conference', timezone: 'UTC', languages: ['en-US'],
    planners: [{ firstName: 'Pat', lastName: 'Planner', email: 'pat.planner@example.test' }],
    start: '2027-03-01T09:00:00.000Z', end: '2027-03-02T17:00:00.000Z',
  });
  const t = at();
  const sessionId = newId();
  await db.insertInto('sessions').values({
    id: sessionId, account_id: accountId, event_id: event.id, title: 'Keynote', code: null, description: null,
    start: '2027-03-01T10:00:00.000Z', end: '2027-03-01T11:00:00.000Z', status: 'Active', included_session: 1, virtual: 1,
    capacity: null, capacity_unlimited: 1, enable_waitlist: 0, waitlist_capacity: null, extra: '{}', ...audit(t),
  }).execute();
  const webcastId = newId();
  await db.insertInto('webcasts').values({
    id: webcastId, account_id: accountId, event_id: event.id, session_id: sessionId, title: 'Stream', type: null, format: null, provider: 'Zoom',
    status: null, solution_type: null, player_type: null, meeting_id: null, source_id: null, details: null, links: '{}', extra: '{}', ...audit(t),
  }).execute();
  return { accountId, eventId: event.id, sessionId, webcastId };
}

/** The communication-log records `seedPerson` writes: the person's own message, and a bystander's reaction and answer that quote them. */
export const LOG_RECORDS_PER_PERSON = 3;

/** A contact with an attendee, enrollment, check-in, join link, message, stored email and survey response that all carry its data. */
export async function seedPerson(db: Db, v: Venue, p: PersonData): Promise<{ contactId: string; attendeeId: string }> {
  const t = at();
  const contactId = newId();
  const attendeeId = newId();
  const full = `${p.firstName} ${p.lastName}`;
  await db.insertInto('contacts').values({
    id: contactId, account_id: v.accountId, first_name: p.firstName, last_name: p.lastName, middle_name: null, email: p.email,
    company: null, title: null, source_id: null, profile: JSON.stringify({ mobilePhone: p.phone }), deleted: 0, purged: 0, ...audit(t),
  }).execute();
  await db.insertInto('attendees').values({
    id: attendeeId, account_id: v.accountId, event_id: v.eventId, contact_id: contactId, confirmation_number: `C${attendeeId.slice(-8)}`,
    status: 'Accepted', checked_in: 1, check_in: t, check_out: null, duration: null, reference_id: p.email, note: p.note, guest: 0,
    visibility: null, invited_by: null, response_method: null, registered_at: t, extra: JSON.stringify({ registrationCancelledAt: undefined, greeting: `Dear ${full}` }),
    attendee_last_modified: t, ...audit(t),
  }).execute();
  await db.insertInto('session_enrollments').values({
    id: newId(), account_id: v.accountId, event_id: v.eventId, session_id: v.sessionId, attendee_id: attendeeId, status: 'Registered', deleted: 0, ...audit(t),
  }).execute();
  await db.insertInto('session_attendance').values({
    id: newId(), account_id: v.accountId, event_id: v.eventId, session_id: v.sessionId, attendee_id: attendeeId,
    check_in: t, check_out: null, duration: 30, device: `${p.firstName}'s phone ${p.phone}`, deleted: 0, ...audit(t),
  }).execute();
  await db.insertInto('attendee_links').values({
    id: newId(), account_id: v.accountId, webcast_id: v.webcastId, event_id: v.eventId, session_id: v.sessionId, attendee_id: attendeeId,
    source_id: null, join_href: `https://zoom.example/j/1?email=${encodeURIComponent(p.email)}&tk=${contactId}`, join_code: p.phone, ...audit(t),
  }).execute();
  const mailId = newId();
  await db.insertInto('mail_outbox').values({
    id: mailId, account_id: v.accountId, created: t, contact_id: contactId, recipient: p.email, subject: `Welcome ${full}`,
    raw: `To: ${full} <${p.email}>\r\nSubject: Welcome\r\n\r\nHello ${full}, call ${p.phone}.\r\n`, transport: 'outbox',
  }).execute();
  await db.insertInto('communication_messages').values({
    id: newId(), account_id: v.accountId, type: 'email', created: t, event_id: v.eventId, contact_id: contactId,
    payload: JSON.stringify({ to: p.email, name: full, body: `Hello ${full}` }), tags: '{}', mail_id: mailId,
  }).execute();
  // A standalone survey answered as the attendee: the respondent's ids and what it typed.
  const surveyId = newId();
  const questionId = newId();
  const respondentId = newId();
  await db.insertInto('surveys').values({
    id: surveyId, account_id: v.accountId, survey_id: surveyId, kind: 'Standalone', event_id: null, title: 'Follow-up', code: null, description: null,
    timezone: null, status: 'Active', event_type: null, available_to: null, audience_type: null, session_match: null, sessions: '[]',
    close_after: null, archive_after: null, activate_date: null, ...audit(t),
  }).execute();
  await db.insertInto('survey_questions').values({
    id: questionId, account_id: v.accountId, chapter_id: surveyId, survey_id: surveyId, event_id: null, position: 1, code: 'Q', type: 'CommentBox',
    text: 'Anything else?', short_text: null, html_text: null, required: 0, max_score: null, details: '{}', ...audit(t),
  }).execute();
  await db.insertInto('survey_respondents').values({
    id: respondentId, account_id: v.accountId, chapter_id: surveyId, survey_id: surveyId, event_id: v.eventId, attendee_id: attendeeId, contact_id: contactId,
    response_code: 'FIXTURE', locale_id: null, responded_through: 'API', reference_id: p.email, source_id: p.phone, transaction_id: p.note,
    invitation_list_id: null, status: 'Partial Response', ...audit(t),
  }).execute();
  await db.insertInto('survey_responses').values({
    id: newId(), account_id: v.accountId, chapter_id: surveyId, survey_id: surveyId, respondent_id: respondentId, question_id: questionId, event_id: v.eventId,
    session_id: null, speaker_id: null, looping_choice_id: null, attempt: 1,
    answers: JSON.stringify([{ type: 'Text', value: `I am ${full}, ${p.email}, call ${p.phone}` }]), ...audit(t),
  }).execute();
  await quotedByOthers(db, v, p, attendeeId);
  return { contactId, attendeeId };
}

/**
 * Copies of the person's words in other people's rows, as chat and Q&A write them: the person's
 * chat message signed with the last name alone and a question with the first name alone; a
 * bystander's reaction and answer, whose communication-log records quote them; the bystander's
 * own "Agree with <last name>"; an activity and a stored email (a notification) of the bystander
 * that name the person by first or last name only. Erasure must match every form there.
 */
async function quotedByOthers(db: Db, v: Venue, p: PersonData, attendeeId: string): Promise<void> {
  const t = at();
  const tag = newId().slice(-6);
  const bystanderContact = newId();
  const bystander = newId();
  await db.insertInto('contacts').values({
    id: bystanderContact, account_id: v.accountId, first_name: 'Bystander', last_name: `Person${tag}`, middle_name: null, email: `bystander.${tag}@example.test`,
    company: null, title: null, source_id: null, profile: '{}', deleted: 0, purged: 0, ...audit(t),
  }).execute();
  await db.insertInto('attendees').values({
    id: bystander, account_id: v.accountId, event_id: v.eventId, contact_id: bystanderContact, confirmation_number: `C${bystander.slice(-8)}`,
    status: 'Accepted', checked_in: 0, check_in: null, check_out: null, duration: null, reference_id: null, note: null, guest: 0,
    visibility: null, invited_by: null, response_method: null, registered_at: t, extra: '{}', attendee_last_modified: t, ...audit(t),
  }).execute();
  const session = { account_id: v.accountId, event_id: v.eventId, session_id: v.sessionId };
  const messageId = newId();
  const signed = `<p>Slides are on the portal. Sign: ${p.lastName.toUpperCase()}</p>`;
  await db.insertInto('session_chat_messages').values({ id: messageId, ...session, attendee_id: attendeeId, parent_id: null, text_html: signed, created: t }).execute();
  await db.insertInto('session_chat_messages').values({ id: newId(), ...session, attendee_id: bystander, parent_id: messageId, text_html: `<p>Agree with ${p.lastName}</p>`, created: t }).execute();
  const questionId = newId();
  const asked = `${p.firstName} asks: will the recording be shared?`;
  await db.insertInto('session_questions').values({ id: questionId, ...session, attendee_id: attendeeId, text: asked, anonymous: 0, status: 'answered', answer: 'Yes, tomorrow.', created: t, last_modified: t }).execute();
  const log = (payload: unknown, type: 'chat' | 'session_qa') => db.insertInto('communication_messages').values({
    id: newId(), account_id: v.accountId, type, created: t, event_id: v.eventId, contact_id: bystanderContact, payload: JSON.stringify(payload), tags: JSON.stringify({ sessionId: v.sessionId }), mail_id: null,
  }).execute();
  // The bystander's reaction quotes the message; the bystander's answer quotes the question.
  await log({ actionType: 'reaction.created', chatType: 'session', attendee: { id: bystander }, message: { id: messageId, textHtml: signed }, reaction: { type: 'like' }, channel: { id: v.sessionId } }, 'chat');
  await log({ actionType: 'question.answered', attendee: { id: bystander }, question: { id: questionId, text: asked, status: 'answered', anonymous: false, answer: 'Yes, tomorrow.' } }, 'session_qa');
  await db.insertInto('attendee_activities').values({
    id: newId(), account_id: v.accountId, event_id: v.eventId, attendee_id: bystander, contact_id: bystanderContact, type: 'session.external', name: 'note', time: t, created: t,
    session_id: v.sessionId, exhibitor_id: null, appointment_id: null, speaker_id: null, data_id: v.sessionId, external_date: t,
    details: JSON.stringify({ additionalFields: { note: `Sat next to ${p.firstName}` } }),
  }).execute();
  await db.insertInto('mail_outbox').values({
    id: newId(), account_id: v.accountId, created: t, contact_id: bystanderContact, recipient: `bystander.${tag}@example.test`, subject: `${p.lastName} answered your question`,
    raw: `To: bystander.${tag}@example.test\r\nSubject: answered\r\n\r\n${p.firstName} replied.\r\n`, transport: 'outbox',
  }).execute();
}
