import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// Speakers (the reference's Speakers tag, issue 29):
// - speaker_categories: the account's categories (Presenters, Keynotes), listed at /speaker-categories.
// - speakers: a person at an event; contact_id links the contact of the same email (obfuscating that contact erases the speaker).
// - speakers.company and .title are '' when blank (not null): they are sort keys, and keyset paging compares them.
// - speaker_documents: files (POST /files) attached to a speaker; the profile image is speakers.profile_image_file_id.
// - session_speakers: who speaks at which session (both lists walk it), with the speaker's category and order there.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'speaker_categories', { ...owned, name: 'text!', active: 'integer! = 1', ...audited }, {
    speaker_categories_account: 'account_id, id',
  });

  await createTable(db, 'speakers', {
    ...owned, event_id: 'text! -> events', category_id: 'text -> speaker_categories', contact_id: 'text',
    first_name: 'text!', last_name: 'text!', code: 'text', email: 'text', prefix: 'text', designation: 'text', company: "text! = ''", title: "text! = ''",
    twitter_url: 'text', facebook_url: 'text', linkedin_url: 'text', visibility: 'integer! = 1', biography: 'text', internal_note: 'text',
    featured: 'integer! = 0', sort_order: 'integer! = 0', profile_image_file_id: 'text', ...audited,
  }, {
    speakers_account: 'account_id, id',
    speakers_event: 'account_id, event_id, id',
    speakers_contact: 'account_id, contact_id',
  });

  await createTable(db, 'speaker_documents', { ...owned, speaker_id: 'text! -> speakers', file_id: 'text!', ...audited }, {
    speaker_documents_pair: 'unique: speaker_id, file_id',
  });

  await createTable(db, 'session_speakers', {
    ...owned, event_id: 'text! -> events', session_id: 'text! -> sessions', speaker_id: 'text! -> speakers',
    category_id: 'text -> speaker_categories', sort_order: 'integer', ...audited,
  }, {
    // One link per session and speaker; each list walks its side in id order.
    session_speakers_pair: 'unique: session_id, speaker_id',
    session_speakers_speaker: 'speaker_id, session_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'session_speakers', 'speaker_documents', 'speakers', 'speaker_categories');
}
