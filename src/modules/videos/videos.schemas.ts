import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';
import {
  AUDIO_TRACK_STATUSES, AUDIO_TRACK_TYPES, AUDIO_TRACK_VARIANTS, DEVICE_TYPES, RENDITION_TYPES, SOURCE_STATUSES, TEXT_TRACK_KINDS, TEXT_TRACK_STATUSES, VIDEO_STATUSES,
  VIDEO_TYPES, VIEW_SOLUTIONS, VIEW_TYPES,
} from './videos.table.js';

// The reference's Video tag: ExistingVideo, VideoView, VideoRendition,
// ExistingAudioTrack, ExistingVideoTextTrack; and eventline's extension inputs.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const Link = (description: string) => Type.Object({ href: Type.String({ description }) }, { title: 'Asset Location' });
const VideoAssetId = Type.Object({ id: Uuid('The identifier of a video.') }, { title: 'Video Asset ID', description: 'Video that this asset was created with.' });
const Audit = {
  created: Type.Optional(DateTime('The ISO 8601 zoned date time when this record was created.')),
  createdBy: Type.Optional(Type.String({ description: 'The identifier of the user that created this record.' })),
  lastModified: Type.Optional(DateTime('The ISO 8601 zoned date time when this record was updated.')),
  lastModifiedBy: Type.Optional(Type.String({ description: 'The identifier of the user that last updated this record.' })),
};

export const VideoParamsSchema = Type.Object({ videoId: Uuid('The identifier of a video.') });
export const TextTrackParamsSchema = Type.Object({ videoId: Uuid('The identifier of a video.'), textTrackId: Uuid('The identifier of a video text track.') });

const { limit, token, after, before, filter } = listQuerySchema().properties;
export const VideosQuerySchema = Type.Object(
  {
    limit, token, after, before, filter,
    deleted: Type.Optional(Type.Boolean({ default: false, description: 'True means only videos marked as deleted; false only the others.' })),
  },
  { additionalProperties: false },
);
export const ViewsQuerySchema = Type.Object({ limit, token, after, before, filter }, { additionalProperties: false });

export const VideoSchema = Type.Object(
  {
    id: Uuid('The identifier of a video.'),
    title: Type.String({ maxLength: 500, description: 'The title of the video' }),
    description: Type.Optional(Type.String({ description: 'Description of the video' })),
    filename: Type.Optional(Type.String({ maxLength: 300, description: 'Filename associated with the video at time of upload.' })),
    events: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 50, description: 'The events of the video (eventline: exactly one).' }),
    duration: Type.Optional(Type.Integer({ description: 'Video duration (milliseconds)' })),
    status: Type.Enum(VIDEO_STATUSES, { title: 'VideoStatus', type: 'string' }),
    source: Type.Optional(Type.Object({
      id: Type.Optional(Type.String({ maxLength: 50, description: 'The id of the video in the external system (the webcast\'s meeting id).' })),
      status: Type.Optional(Type.Enum(SOURCE_STATUSES, { type: 'string', description: 'The status of the video on the webcast platform.' })),
    }, { title: 'VideoSource' })),
    tags: Type.Array(Type.String(), { description: 'Tags of the video (eventline: at most one).' }),
    type: Type.Optional(Type.Enum(VIDEO_TYPES, { title: 'VideoType', type: 'string' })),
    recording: Type.Optional(Type.Object({ id: Uuid('The recording: in eventline, the webcast whose recording this is.') }, { title: 'Recording details' })),
    url: Type.Optional(Link('Where the video plays: the recording link, or a signed, expiring URL of the uploaded file.')),
    size: Type.Optional(Type.Integer({ description: 'File size in bytes for the video asset.' })),
    sessions: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 50, description: 'Sessions associated with the video asset.' }),
    exhibitors: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 50, description: 'Exhibitors associated with the video asset (eventline links none).' }),
    speakers: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 50, description: 'Speakers associated with the video asset (eventline links none).' }),
    uploadStarted: Type.Optional(DateTime('When the upload started.')),
    uploadCompleted: Type.Optional(DateTime('When the upload ended.')),
    ...Audit,
  },
  { title: 'ExistingVideoResponse' },
);
export type Video = Static<typeof VideoSchema>;
export const VideoPageSchema = paginated(VideoSchema, 'VideoPaginatedResponse');

export const VideoCreateSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 500, description: 'The title of the video' }),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    file: Type.Object({ id: Uuid('A file uploaded with POST /files (purpose=video): an MP4, QuickTime or WebM video.') }, { additionalProperties: false }),
    events: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 1, description: 'The event of the video (exactly one).' }),
    sessions: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 1, description: 'A session of that event (at most one).' })),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1, description: 'At most one tag.' })),
    duration: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'Video duration (milliseconds), when known.' })),
  },
  { title: 'VideoFromFile', additionalProperties: false },
);
export type VideoCreate = Static<typeof VideoCreateSchema>;

export const RenditionSchema = Type.Object(
  {
    video: VideoAssetId,
    type: Type.Enum(RENDITION_TYPES, { title: 'VideoRenditionType', type: 'string' }),
    location: Link('Location where the rendition is stored.'),
    width: Type.Optional(Type.Integer({ description: 'Frame width in pixels.' })),
    height: Type.Optional(Type.Integer({ description: 'Frame height in pixels.' })),
    ...Audit,
  },
  { title: 'VideoRendition' },
);
export type Rendition = Static<typeof RenditionSchema>;
export const RenditionsSchema = Type.Object({ data: Type.Array(RenditionSchema, { maxItems: 11 }) }, { title: 'VideoRenditionsResponse' });

const HttpsHref = Type.String({ minLength: 1, maxLength: 2000, pattern: '^https?://', description: 'An http(s) URL.' });
export const RenditionCreateSchema = Type.Object(
  {
    type: Type.Enum(RENDITION_TYPES, { title: 'VideoRenditionType', type: 'string' }),
    location: Type.Object({ href: HttpsHref }, { additionalProperties: false }),
    width: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    height: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  },
  { title: 'VideoRenditionInput', additionalProperties: false },
);
export type RenditionCreate = Static<typeof RenditionCreateSchema>;

export const AudioTrackSchema = Type.Object(
  {
    id: Uuid('The identifier of an audio track.'),
    video: VideoAssetId,
    type: Type.Enum(AUDIO_TRACK_TYPES, { title: 'AudioTrackType', type: 'string' }),
    language: Type.String({ maxLength: 35, description: 'IETF language tag for the audio track.' }),
    variant: Type.Enum(AUDIO_TRACK_VARIANTS, { title: 'AudioTrackVariant', type: 'string' }),
    default: Type.Boolean(),
    duration: Type.Optional(Type.Integer({ description: 'Audio track duration (in milliseconds).' })),
    status: Type.Enum(AUDIO_TRACK_STATUSES, { title: 'AudioTrackStatus', type: 'string' }),
    url: Type.Optional(Link('Where the audio track is stored.')),
    ...Audit,
  },
  { title: 'ExistingAudioTrack' },
);
export type AudioTrack = Static<typeof AudioTrackSchema>;
export const AudioTracksSchema = Type.Object({ data: Type.Array(AudioTrackSchema) }, { title: 'AudioTracksResponse' });

const Language = Type.String({ minLength: 2, maxLength: 35, pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$', description: 'IETF language tag (BCP 47), e.g. en-US.' });
export const AudioTrackCreateSchema = Type.Object(
  {
    type: Type.Enum(AUDIO_TRACK_TYPES, { title: 'AudioTrackType', type: 'string' }),
    language: Language,
    variant: Type.Optional(Type.Enum(AUDIO_TRACK_VARIANTS, { title: 'AudioTrackVariant', type: 'string', default: 'Alternate' })),
    default: Type.Optional(Type.Boolean({ default: false })),
    duration: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    status: Type.Optional(Type.Enum(AUDIO_TRACK_STATUSES, { title: 'AudioTrackStatus', type: 'string', default: 'Available' })),
    url: Type.Optional(Type.Object({ href: HttpsHref }, { additionalProperties: false })),
  },
  { title: 'AudioTrackInput', additionalProperties: false },
);
export type AudioTrackCreate = Static<typeof AudioTrackCreateSchema>;

const TextTrackKind = Type.Enum(TEXT_TRACK_KINDS, { title: 'VideoTextTrackKind', type: 'string' });
const TextTrackStatus = Type.Enum(TEXT_TRACK_STATUSES, { title: 'VideoTextTrackStatus', type: 'string' });
export const TextTrackSchema = Type.Object(
  {
    id: Uuid('The identifier of a video text track.'),
    video: VideoAssetId,
    label: Type.Optional(Type.String({ maxLength: 300 })),
    language: Type.String({ maxLength: 35 }),
    kind: TextTrackKind,
    published: Type.Boolean(),
    default: Type.Boolean(),
    status: TextTrackStatus,
    autoGenerated: Type.Boolean(),
    url: Type.Optional(Link('eventline: the WebVTT file, GET .../content with a bearer token (event/videos:read).')),
    errorMessage: Type.Optional(Type.String()),
    ...Audit,
  },
  { title: 'ExistingVideoTextTrack' },
);
export type TextTrack = Static<typeof TextTrackSchema>;
export const TextTracksSchema = Type.Object({ data: Type.Array(TextTrackSchema) }, { title: 'VideoTextTracksResponse' });

// The reference's VideoTextTrack. Read-only fields (audit, status, url, errorMessage) may be sent back and are ignored.
const textTrackInput = {
  video: Type.Optional(Type.Object({ id: Type.String({ format: 'uuid' }) })),
  label: Type.Optional(Type.String({ maxLength: 300 })),
  language: Language,
  kind: TextTrackKind,
  published: Type.Optional(Type.Boolean({ default: true })),
  default: Type.Optional(Type.Boolean({ default: false })),
  autoGenerated: Type.Optional(Type.Boolean({ default: false })),
  status: Type.Optional(TextTrackStatus),
  ...Audit,
};
export const TextTrackCreateSchema = Type.Object(textTrackInput, { title: 'VideoTextTrack' });
export const TextTrackUpdateSchema = Type.Object(
  {
    ...textTrackInput,
    id: Type.Optional(Uuid('The track\'s id; when sent it must be the one in the path.')),
    url: Type.Optional(Type.Object({ href: Type.Optional(Type.String()) })),
    errorMessage: Type.Optional(Type.String()),
  },
  { title: 'ExistingVideoTextTrack' },
);
export type TextTrackInput = Static<typeof TextTrackCreateSchema>;
export type TextTrackUpdate = Static<typeof TextTrackUpdateSchema>;

export const ViewSchema = Type.Object(
  {
    contact: Type.Optional(Type.Object({ id: Uuid('The contact who watched the video.') }, { title: 'Contact' })),
    solution: Type.Optional(Type.Enum(VIEW_SOLUTIONS, { title: 'Solution', type: 'string' })),
    device: Type.Optional(Type.Object({
      id: Type.Optional(Type.String({ maxLength: 100 })),
      type: Type.Optional(Type.Enum(DEVICE_TYPES, { title: 'DeviceType', type: 'string' })),
      operatingSystem: Type.Optional(Type.String()),
    }, { title: 'Device' })),
    video: Type.Object({ id: Uuid('The video.') }, { title: 'Video' }),
    type: Type.Enum(VIEW_TYPES, { title: 'ViewType', type: 'string' }),
    totalDuration: Type.Optional(Type.Integer({ description: 'The total duration of the video (in milliseconds).' })),
    watchDuration: Type.Integer({ description: 'How long the viewer watched (in milliseconds).' }),
    watchPercentage: Type.Optional(Type.Number({ description: 'The percentage of the video watched.' })),
  },
  { title: 'VideoView' },
);
export type View = Static<typeof ViewSchema>;
export const ViewPageSchema = paginated(ViewSchema, 'VideoViewsPaginatedResponse');

export const ViewCreateSchema = Type.Object(
  {
    attendee: Type.Object({ id: Uuid('The attendee who watched: registered for the video\'s event.') }, { additionalProperties: false }),
    type: Type.Optional(Type.Enum(VIEW_TYPES, { title: 'ViewType', type: 'string', default: 'RECORDING' })),
    solution: Type.Optional(Type.Enum(VIEW_SOLUTIONS, { title: 'Solution', type: 'string' })),
    device: Type.Optional(Type.Object({
      id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      type: Type.Optional(Type.Enum(DEVICE_TYPES, { title: 'DeviceType', type: 'string' })),
      operatingSystem: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    }, { additionalProperties: false })),
    watchDuration: Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'How long the viewer watched (milliseconds).' }),
    totalDuration: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The video\'s length (milliseconds); by default the video\'s duration.' })),
    watched: Type.Optional(DateTime('When the viewing happened; by default now.')),
  },
  { title: 'VideoViewInput', additionalProperties: false },
);
export type ViewCreate = Static<typeof ViewCreateSchema>;
