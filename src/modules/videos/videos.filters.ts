import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's filters list (DESIGN rule 6).
// A video has one event, at most one session and at most one tag in eventline,
// so `events eq 'x'` ("x is among the video's events") compares one column.
const video = filterColumns('videos');
export const VIDEOS_LIST = defineList<Row<'videos'>>({
  name: 'videos',
  filters: {
    id: video.field('id', 'uuid'),
    events: video.field('event_id', 'uuid'),
    sessions: video.field('session_id', 'uuid'),
    exhibitors: video.field('exhibitor_id', 'uuid'),
    speakers: video.field('speaker_id', 'uuid'),
    'source.id': video.field('source_id', 'string'),
    status: video.field('status', 'string'),
    tags: video.field('tag', 'string'),
    'recording.id': video.field('recording_id', 'uuid'),
  },
  order: [{ column: 'videos.created', value: (r) => r.created }, { column: 'videos.id', value: (r) => r.id }],
  window: 'videos.last_modified',
});

const EQ = ['eq'] as const;
const view = filterColumns('video_views');
export const VIEW_FILTER_FIELDS = {
  'contact.id': view.field('contact_id', 'uuid', { ops: EQ }),
  solution: view.field('solution', 'string', { ops: EQ }),
  'device.type': view.field('device_type', 'string', { ops: EQ }),
  'device.operatingSystem': view.field('operating_system', 'string', { ops: EQ }),
  'video.id': view.field('video_id', 'uuid', { ops: EQ }),
  type: view.field('type', 'string', { ops: EQ }),
};
/** The reference: "The filter query supports maximum three fields", joined with `and`. */
export const MAX_VIEW_FILTER_FIELDS = 3;

export const VIEWS_LIST = defineList<Row<'video_views'>>({
  name: 'video-views',
  filters: VIEW_FILTER_FIELDS,
  order: [{ column: 'video_views.created', value: (r) => r.created }, { column: 'video_views.id', value: (r) => r.id }],
  window: 'video_views.created',
});
