import type { Kysely } from 'kysely';
import { audited, columns, owned } from './columns.js';

// The video library (the reference's Video tag), all owned by the videos module:
// - videos: one per recording or uploaded video, linked to one event (and at most one session);
// - video_renditions, video_audio_tracks: metadata the operator or the provider supplies;
// - video_text_tracks: captions and subtitles, their WebVTT validated on upload;
// - video_views: who watched what, how long, on which device (each also an activity).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('videos')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .$call(columns('text', 'session_id', 'exhibitor_id', 'speaker_id', 'tag'))
    .$call(columns('text!', 'title'))
    .$call(columns('text', 'description', 'filename', 'type'))
    .$call(columns('text!', 'status'))
    .$call(columns('integer', 'duration'))
    .addColumn('size', 'bigint')
    .$call(columns('text', 'url', 'source_id', 'source_status', 'recording_id', 'file_id', 'upload_started', 'upload_completed'))
    .$call(columns('integer!', 'deleted'))
    .$call(audited)
    .execute();
  // The list's keyset order and window; one video per recording.
  await db.schema.createIndex('videos_account_created').on('videos').columns(['account_id', 'created', 'id']).execute();
  await db.schema.createIndex('videos_recording').unique().on('videos').columns(['account_id', 'recording_id']).execute();

  for (const table of ['video_renditions', 'video_audio_tracks', 'video_text_tracks'] as const) {
    let t = db.schema.createTable(table).$call(owned).addColumn('video_id', 'text', (c) => c.notNull().references('videos.id'));
    if (table === 'video_renditions') {
      t = t.$call(columns('text!', 'type', 'location')).$call(columns('integer', 'width', 'height'));
    } else if (table === 'video_audio_tracks') {
      t = t.$call(columns('text!', 'type', 'language', 'variant')).$call(columns('integer!', 'is_default')).$call(columns('integer', 'duration'))
        .$call(columns('text!', 'status')).$call(columns('text', 'location'));
    } else {
      t = t.$call(columns('text', 'label')).$call(columns('text!', 'language', 'kind')).$call(columns('integer!', 'published', 'is_default'))
        .$call(columns('text!', 'status')).$call(columns('integer!', 'auto_generated')).$call(columns('text', 'content'))
        .$call(columns('integer', 'cue_count')).$call(columns('text', 'error_message'));
    }
    await t.$call(audited).execute();
    await db.schema.createIndex(`${table}_video`).on(table).columns(['account_id', 'video_id', 'created']).execute();
  }

  await db.schema
    .createTable('video_views')
    .$call(owned)
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .$call(columns('text!', 'attendee_id'))
    .$call(columns('text', 'contact_id', 'solution'))
    .$call(columns('text!', 'type'))
    .$call(columns('text', 'device_id', 'device_type', 'operating_system'))
    .$call(columns('integer', 'total_duration'))
    .$call(columns('integer!', 'watch_duration'))
    .$call(columns('text', 'activity_id'))
    .$call(columns('text!', 'watched', 'created'))
    .execute();
  await db.schema.createIndex('video_views_account_created').on('video_views').columns(['account_id', 'created', 'id']).execute();
  await db.schema.createIndex('video_views_contact').on('video_views').columns(['account_id', 'contact_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['video_views', 'video_text_tracks', 'video_audio_tracks', 'video_renditions', 'videos']) {
    await db.schema.dropTable(table).execute();
  }
}
