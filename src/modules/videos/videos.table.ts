import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

// The reference's enums (Video tag), in its order.
export const VIDEO_STATUSES = ['Started', 'Uploaded', 'Scanning', 'Scanned', 'Syncing', 'Rejected', 'Error', 'Available', 'Upcoming', 'ReSyncing'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
export const VIDEO_TYPES = ['mpg2', 'mov', 'mp2', 'mp4', 'mpe', 'mpeg', 'mpg', 'mpv', 'qt', 'webm', 'hls'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];
export const RENDITION_TYPES = ['Hls', 'HlsMaster', 'Mp4', 'Poster', 'Mp4Preview', 'Mp3', 'Audio'] as const;
export type RenditionType = (typeof RENDITION_TYPES)[number];
export const AUDIO_TRACK_TYPES = ['asf', 'wma', 'wmv', 'mp3', 'ts', 'mp4', 'mka', 'oga', 'mov', 'wav'] as const;
export type AudioTrackType = (typeof AUDIO_TRACK_TYPES)[number];
export const AUDIO_TRACK_VARIANTS = ['Main', 'Alternate', 'Commentary', 'Dub', 'Descriptive'] as const;
export type AudioTrackVariant = (typeof AUDIO_TRACK_VARIANTS)[number];
export const AUDIO_TRACK_STATUSES = ['Started', 'Uploaded', 'Scanning', 'Scanned', 'Syncing', 'Rejected', 'Error', 'Available'] as const;
export type AudioTrackStatus = (typeof AUDIO_TRACK_STATUSES)[number];
export const TEXT_TRACK_KINDS = ['subtitles', 'captions', 'descriptions', 'chapters', 'metadata'] as const;
export type TextTrackKind = (typeof TEXT_TRACK_KINDS)[number];
export const TEXT_TRACK_STATUSES = ['Started', 'Uploaded', 'Processing', 'Available', 'Rejected', 'Updating', 'Translating', 'Transcribing', 'Error'] as const;
export type TextTrackStatus = (typeof TEXT_TRACK_STATUSES)[number];
export const SOURCE_STATUSES = ['Active', 'Inactive', 'Pending', 'Deleted'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];
export const VIEW_SOLUTIONS = ['ATTENDEE_HUB', 'EVENTS_PLUS'] as const;
export type ViewSolution = (typeof VIEW_SOLUTIONS)[number];
export const DEVICE_TYPES = ['DESKTOP', 'MOBILE', 'TABLET'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const VIEW_TYPES = ['LIVE', 'RECORDING'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

/**
 * One row per video of the library. A video comes from a webcast's recording
 * (recording_id: the webcast) or from an uploaded file (file_id). eventline
 * links a video to one event, at most one session, and at most one tag (the
 * reference's list filters compare these columns).
 */
export interface VideosTable extends OwnedColumns, AuditColumns {
  event_id: string;
  session_id: string | null;
  exhibitor_id: string | null; // not linked by eventline yet; kept so the reference's filter field has a column
  speaker_id: string | null; // likewise
  tag: string | null;
  title: string;
  description: string | null;
  filename: string | null;
  type: VideoType | null;
  status: VideoStatus;
  duration: number | null; // milliseconds
  size: number | null; // bytes
  url: string | null; // where the video plays: the recording link, or null for an uploaded file (its signed URL is made on read)
  source_id: string | null; // the id on the webcast platform (the webcast's meeting id)
  source_status: SourceStatus | null;
  recording_id: string | null; // the webcast whose recording this is
  file_id: string | null; // the uploaded file (files module), attached as `video:<id>`
  upload_started: string | null;
  upload_completed: string | null;
  deleted: number; // 0/1: the reference's `deleted` list parameter
}

/** Renditions: metadata an operator or the provider supplies (eventline does no transcoding). */
export interface VideoRenditionsTable extends OwnedColumns, AuditColumns {
  video_id: string;
  type: RenditionType;
  location: string;
  width: number | null;
  height: number | null;
}

export interface VideoAudioTracksTable extends OwnedColumns, AuditColumns {
  video_id: string;
  type: AudioTrackType;
  language: string;
  variant: AudioTrackVariant;
  is_default: number;
  duration: number | null;
  status: AudioTrackStatus;
  location: string | null;
}

export interface VideoTextTracksTable extends OwnedColumns, AuditColumns {
  video_id: string;
  label: string | null;
  language: string;
  kind: TextTrackKind;
  published: number;
  is_default: number;
  status: TextTrackStatus;
  auto_generated: number;
  content: string | null; // the WebVTT file, validated; NULL until it is uploaded
  cue_count: number | null;
  error_message: string | null;
}

/** Who watched which video, how long, on which device: reported by a player or the provider sync. */
export interface VideoViewsTable extends OwnedColumns {
  video_id: string;
  event_id: string;
  attendee_id: string;
  contact_id: string | null;
  solution: ViewSolution | null;
  type: ViewType;
  device_id: string | null;
  device_type: DeviceType | null;
  operating_system: string | null;
  total_duration: number | null; // milliseconds
  watch_duration: number; // milliseconds
  activity_id: string | null; // the event.videoPlayed activity it was reported as
  watched: string; // when the viewing happened
  created: string; // when it was reported (the list's after/before window)
}

// Captions are free text (a speaker may name anyone); a viewer's device id and
// operating system identify the viewer, so erasure clears them.
export const VIDEOS_TABLES = declareTables('videos', {
  videos: {
    personal: { title: 'free-text', description: 'free-text', filename: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'session_id', 'exhibitor_id', 'speaker_id', 'tag', 'type', 'status', 'url', 'source_id',
      'source_status', 'recording_id', 'file_id', 'upload_started', 'upload_completed'],
  },
  video_renditions: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'video_id', 'type', 'location'] },
  video_audio_tracks: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'video_id', 'type', 'language', 'variant', 'status', 'location'] },
  video_text_tracks: {
    personal: { content: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'video_id', 'label', 'language', 'kind', 'status', 'error_message'],
  },
  video_views: {
    personal: { device_id: 'cleared', operating_system: 'cleared' },
    none: [...OWNED_COLUMNS, 'video_id', 'event_id', 'attendee_id', 'contact_id', 'solution', 'type', 'device_type', 'activity_id', 'watched',
      'created'],
  },
});
