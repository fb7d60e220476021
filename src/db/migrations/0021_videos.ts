import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, each, owned } from './columns.js';

// The video library (the reference's Video tag), all owned by the videos module:
// - videos: one per recording or uploaded video, linked to one event (and at most one session);
// - video_renditions, video_audio_tracks: metadata the operator or the provider supplies;
// - video_text_tracks: captions and subtitles, their WebVTT validated on upload;
// - video_views: who watched what, how long, on which device (each also an activity).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'videos', {
    ...owned, event_id: 'text! -> events', ...each('text', 'session_id', 'exhibitor_id', 'speaker_id', 'tag'), title: 'text!',
    ...each('text', 'description', 'filename', 'type'), status: 'text!', duration: 'integer', size: 'bigint',
    ...each('text', 'url', 'source_id', 'source_status', 'recording_id', 'file_id', 'upload_started', 'upload_completed'), deleted: 'integer!', ...audited,
  }, {
    // The list's keyset order and window; one video per recording.
    videos_account_created: 'account_id, created, id',
    videos_recording: 'unique: account_id, recording_id',
  });

  // A video's renditions and tracks, each listed per video.
  const ofVideo = { ...owned, video_id: 'text! -> videos' } as const;
  await createTable(db, 'video_renditions', { ...ofVideo, type: 'text!', location: 'text!', width: 'integer', height: 'integer', ...audited }, {
    video_renditions_video: 'account_id, video_id, created',
  });
  await createTable(db, 'video_audio_tracks', {
    ...ofVideo, ...each('text!', 'type', 'language', 'variant'), is_default: 'integer!', duration: 'integer', status: 'text!', location: 'text', ...audited,
  }, { video_audio_tracks_video: 'account_id, video_id, created' });
  await createTable(db, 'video_text_tracks', {
    ...ofVideo, label: 'text', language: 'text!', kind: 'text!', published: 'integer!', is_default: 'integer!', status: 'text!', auto_generated: 'integer!',
    content: 'text', cue_count: 'integer', error_message: 'text', ...audited,
  }, { video_text_tracks_video: 'account_id, video_id, created' });

  await createTable(db, 'video_views', {
    ...owned, video_id: 'text! -> videos', event_id: 'text! -> events', attendee_id: 'text!', contact_id: 'text', solution: 'text', type: 'text!',
    ...each('text', 'device_id', 'device_type', 'operating_system'), total_duration: 'integer', watch_duration: 'integer!', activity_id: 'text',
    watched: 'text!', created: 'text!',
  }, {
    video_views_account_created: 'account_id, created, id',
    video_views_contact: 'account_id, contact_id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'video_views', 'video_text_tracks', 'video_audio_tracks', 'video_renditions', 'videos');
}
