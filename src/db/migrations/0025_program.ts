import { sql, type Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// The program of an event (issue 29): where and under which heading its sessions run, what else is on the agenda,
// and the documents handed out.
// - session_locations: an event's rooms (code, name); sessions.location_id names one (sessions keep its code and name
//   for their own filters, and are relabelled when it changes). A location in use cannot be deleted (409).
// - session_categories: the account's session categories; sessions.category_id names one, likewise.
// - session_segments: which audience segments may see a session (the reference's session-segment).
// - program_items: agenda entries inside a session that are not sessions (breaks, meals, receptions).
// - session_documents: files (POST /files) handed out with a session; program_item_documents relate a program item
//   to its session's documents.
// - program_item_speakers: who speaks at a program item (the speakers module's, like session_speakers).
// Every list reads (account_id, <filtered column>, id): one index each for the eq-filtered fields.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'session_locations', { ...owned, event_id: 'text! -> events', code: 'text!', name: 'text!', ...audited }, {
    session_locations_event: 'account_id, event_id, id',
  });

  await createTable(db, 'session_categories', { ...owned, name: 'text!', description: 'text', ...audited }, {
    session_categories_account: 'account_id, id',
  });

  // Sessions written before this migration may name a location or category by an id the client made up: each id used
  // in one account (a location: in one event) becomes an entry with the session's labels, so a session read and sent
  // back keeps working now that the id is checked. An id used across accounts or events names nothing and stays as it is.
  await sql`insert into session_locations (id, account_id, event_id, code, name, created, last_modified, created_by, last_modified_by)
    select location_id, min(account_id), min(event_id), coalesce(max(location_code), ''), coalesce(max(location_name), ''), min(created), max(last_modified),
      'migration 0025', 'migration 0025'
    from sessions where location_id is not null
    group by location_id having count(distinct account_id) = 1 and count(distinct event_id) = 1`.execute(db);
  await sql`insert into session_categories (id, account_id, name, description, created, last_modified, created_by, last_modified_by)
    select category_id, min(account_id), coalesce(max(category_name), ''), null, min(created), max(last_modified), 'migration 0025', 'migration 0025'
    from sessions where category_id is not null
    group by category_id having count(distinct account_id) = 1`.execute(db);

  // The in-use checks of a location or category being deleted, and the sessions list's location.id / category.id.
  await db.schema.createIndex('sessions_location').on('sessions').columns(['account_id', 'location_id', 'id']).execute();
  await db.schema.createIndex('sessions_category').on('sessions').columns(['account_id', 'category_id', 'id']).execute();

  await createTable(db, 'session_segments', {
    ...owned, event_id: 'text! -> events', session_id: 'text! -> sessions', segment_id: 'text!', active: 'integer! = 1', ...audited,
  }, {
    session_segments_pair: 'unique: session_id, segment_id',
    session_segments_account: 'account_id, id',
    session_segments_session: 'account_id, session_id, id',
    session_segments_segment: 'account_id, segment_id, id',
  });

  await createTable(db, 'program_items', {
    ...owned, event_id: 'text! -> events', session_id: 'text! -> sessions', name: 'text!', duration: 'integer! = 0', description: 'text', rte_description: 'text',
    ...audited,
  }, {
    program_items_account: 'account_id, id',
    program_items_session: 'account_id, session_id, id',
    program_items_event: 'account_id, event_id, id',
  });

  await createTable(db, 'session_documents', { ...owned, event_id: 'text! -> events', session_id: 'text! -> sessions', file_id: 'text!', ...audited }, {
    session_documents_pair: 'unique: session_id, file_id',
    session_documents_session: 'account_id, session_id, id',
  });

  await createTable(db, 'program_item_documents', {
    ...owned, event_id: 'text! -> events', session_id: 'text! -> sessions', program_item_id: 'text! -> program_items', file_id: 'text!', ...audited,
  }, {
    program_item_documents_pair: 'unique: program_item_id, file_id',
    program_item_documents_account: 'account_id, id',
    program_item_documents_item: 'account_id, program_item_id, id',
    program_item_documents_session: 'account_id, session_id, id',
    program_item_documents_event: 'account_id, event_id, id',
    program_item_documents_file: 'account_id, file_id, id',
  });

  await createTable(db, 'program_item_speakers', {
    ...owned, event_id: 'text! -> events', session_id: 'text! -> sessions', program_item_id: 'text! -> program_items', speaker_id: 'text! -> speakers', ...audited,
  }, {
    program_item_speakers_pair: 'unique: program_item_id, speaker_id',
    program_item_speakers_account: 'account_id, id',
    program_item_speakers_item: 'account_id, program_item_id, id',
    program_item_speakers_session: 'account_id, session_id, id',
    program_item_speakers_speaker: 'speaker_id, program_item_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'program_item_speakers', 'program_item_documents', 'session_documents', 'program_items', 'session_segments', 'session_categories', 'session_locations');
  await db.schema.dropIndex('sessions_category').execute();
  await db.schema.dropIndex('sessions_location').execute();
}
