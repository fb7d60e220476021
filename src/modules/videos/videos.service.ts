import type { Transaction } from 'kysely';
import { actorName, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { ApiError } from '../../errors.js';
import { FilterError, listPage, parseFilter, type FilterNode, type ListQuery, type Paging } from '../../lists/index.js';
import type { ActivityReporter } from '../activities/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import type { FilesService } from '../files/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { WebcastRecording } from '../webcasts/index.js';
import { VideoErrors } from './videos.errors.js';
import { MAX_VIEW_FILTER_FIELDS, VIDEOS_LIST, VIEW_FILTER_FIELDS, VIEWS_LIST } from './videos.filters.js';
import type { VideosRepository } from './videos.repository.js';
import type {
  AudioTrack, AudioTrackCreate, Rendition, RenditionCreate, TextTrack, TextTrackInput, TextTrackUpdate, Video, VideoCreate, View, ViewCreate,
} from './videos.schemas.js';
import type { VideoType } from './videos.table.js';
import { validateWebVtt } from './webvtt.js';
import type { Row } from '../../db/types.js';

/** A recording written onto a webcast (the webcasts module's listener hands it over). */
export type RecordingWritten = WebcastRecording;

/** The reference: a video has at most 11 renditions. */
export const MAX_RENDITIONS = 11;
/** The most WebVTT eventline keeps per track (a 3-hour talk's captions are well under 1 MB). */
export const MAX_WEBVTT_BYTES = 2 * 1024 * 1024;

const EXTENSION_TYPES: Readonly<Record<string, VideoType>> = {
  mp4: 'mp4', m4v: 'mp4', mov: 'mov', qt: 'qt', webm: 'webm', mpg: 'mpg', mpeg: 'mpeg', mpe: 'mpe', mpv: 'mpv', mp2: 'mp2', m3u8: 'hls',
};

/** The video type a file name or URL path implies, if any. */
export function typeOfName(name: string): VideoType | null {
  const path = name.split(/[?#]/)[0] ?? '';
  const dot = path.lastIndexOf('.');
  return dot < 0 ? null : EXTENSION_TYPES[path.slice(dot + 1).toLowerCase()] ?? null;
}

function opt<K extends string, V>(key: K, v: V | null): Partial<Record<K, V>> {
  const out: Partial<Record<K, V>> = {};
  if (v !== null) out[key] = v;
  return out;
}

const audit = (r: { created: string; created_by: string; last_modified: string; last_modified_by: string }) => ({
  created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
});

function toRendition(r: Row<'video_renditions'>): Rendition {
  return { video: { id: r.video_id }, type: r.type, location: { href: r.location }, ...opt('width', r.width), ...opt('height', r.height), ...audit(r) };
}

function toAudioTrack(r: Row<'video_audio_tracks'>): AudioTrack {
  return {
    id: r.id, video: { id: r.video_id }, type: r.type, language: r.language, variant: r.variant, default: r.is_default === 1,
    ...opt('duration', r.duration), status: r.status, ...(r.location !== null ? { url: { href: r.location } } : {}), ...audit(r),
  };
}

function toView(r: Row<'video_views'>): View {
  const device = { ...opt('id', r.device_id), ...opt('type', r.device_type), ...opt('operatingSystem', r.operating_system) };
  const total = r.total_duration;
  return {
    ...(r.contact_id !== null ? { contact: { id: r.contact_id } } : {}),
    ...opt('solution', r.solution),
    ...(Object.keys(device).length > 0 ? { device } : {}),
    video: { id: r.video_id }, type: r.type,
    ...opt('totalDuration', total),
    watchDuration: r.watch_duration,
    // Watching twice is more than the video: the percentage stops at 100.
    ...(total !== null && total > 0 ? { watchPercentage: Math.min(100, Math.round((r.watch_duration / total) * 1000) / 10) } : {}),
  };
}

/** Fields of a comparison in a filter, and whether it uses `or` (the views filter allows `and` only). */
function shape(node: FilterNode): { fields: number; or: boolean } {
  if (node.kind === 'cmp') return { fields: 1, or: false };
  const l = shape(node.left);
  const r = shape(node.right);
  return { fields: l.fields + r.fields, or: node.kind === 'or' || l.or || r.or };
}

/**
 * The video library: videos from webcast recordings and uploaded files, their
 * renditions and audio tracks (metadata: eventline does no transcoding), text
 * tracks with validated WebVTT, and views, each also an `event.videoPlayed`
 * activity (which engagement scores count).
 */
export class VideosService {
  constructor(
    private readonly repo: VideosRepository,
    private readonly uses: {
      readonly events: Pick<EventsService, 'find'>;
      readonly sessions: Pick<SessionsService, 'find'>;
      readonly attendees: Pick<AttendeesService, 'findInEvent'>;
      readonly activities: ActivityReporter;
      readonly files: Pick<FilesService, 'info' | 'attach' | 'signedUrl'>;
    },
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
  ) {}

  private href(path: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}${path}`;
  }

  private toVideo(r: Row<'videos'>): Video {
    const url = r.file_id !== null ? this.uses.files.signedUrl(r.account_id, r.file_id).href : r.url;
    return {
      id: r.id, title: r.title, ...opt('description', r.description), ...opt('filename', r.filename), events: [r.event_id],
      ...opt('duration', r.duration), status: r.status,
      ...(r.source_id !== null || r.source_status !== null
        ? { source: { ...opt('id', r.source_id), ...opt('status', r.source_status) } } : {}),
      tags: r.tag !== null ? [r.tag] : [], ...opt('type', r.type),
      ...(r.recording_id !== null ? { recording: { id: r.recording_id } } : {}),
      ...(url !== null ? { url: { href: url } } : {}),
      ...(r.size !== null ? { size: Number(r.size) } : {}),
      sessions: r.session_id !== null ? [r.session_id] : [], exhibitors: r.exhibitor_id !== null ? [r.exhibitor_id] : [],
      speakers: r.speaker_id !== null ? [r.speaker_id] : [],
      ...opt('uploadStarted', r.upload_started), ...opt('uploadCompleted', r.upload_completed), ...audit(r),
    };
  }

  private toTextTrack(r: Row<'video_text_tracks'>): TextTrack {
    return {
      id: r.id, video: { id: r.video_id }, ...opt('label', r.label), language: r.language, kind: r.kind, published: r.published === 1,
      default: r.is_default === 1, status: r.status, autoGenerated: r.auto_generated === 1,
      ...(r.content !== null ? { url: { href: this.href(`/videos/${r.video_id}/text-tracks/${r.id}/content`) } } : {}),
      ...opt('errorMessage', r.error_message), ...audit(r),
    };
  }

  private async video(accountId: string, id: string, trx?: Transaction<Database>): Promise<Row<'videos'>> {
    const row = await this.repo.find(accountId, id.toLowerCase(), trx);
    if (!row) throw VideoErrors.videoNotFound();
    return row;
  }

  // ---- Videos ----

  list(accountId: string, query: ListQuery & { deleted?: boolean }): Promise<{ paging: Paging; data: Video[] }> {
    return listPage(VIDEOS_LIST, query, (spec) => this.repo.list(accountId, query.deleted === true, spec), (r) => this.toVideo(r), this.href('/videos'));
  }

  async get(accountId: string, id: string): Promise<Video> {
    return this.toVideo(await this.video(accountId, id));
  }

  /**
   * The webcasts module's listener: a recording written onto a webcast (by the
   * sync, or a planner's PUT) becomes a video of its event, in the same
   * transaction; a later recording link updates that video.
   */
  async fromRecording(rec: RecordingWritten, trx: Transaction<Database>): Promise<void> {
    const now = iso(this.clock());
    const existing = await this.repo.findByRecording(rec.accountId, rec.webcastId, trx);
    const title = (rec.title ?? 'Webcast recording').slice(0, 500);
    const sourceId = rec.meetingId !== null && rec.meetingId.length <= 50 ? rec.meetingId : null;
    if (existing) {
      if (existing.url === rec.href && existing.session_id === rec.sessionId) return;
      await this.repo.update(rec.accountId, existing.id, {
        url: rec.href, type: typeOfName(rec.href), session_id: rec.sessionId, last_modified: now, last_modified_by: rec.actor,
      }, trx);
      return;
    }
    await this.repo.insert({
      id: newId(), account_id: rec.accountId, event_id: rec.eventId, session_id: rec.sessionId, exhibitor_id: null, speaker_id: null, tag: null,
      title, description: null, filename: null, type: typeOfName(rec.href), status: 'Available', duration: null, size: null, url: rec.href,
      source_id: sourceId, source_status: 'Active', recording_id: rec.webcastId, file_id: null, upload_started: null, upload_completed: null, deleted: 0,
      created: now, last_modified: now, created_by: rec.actor, last_modified_by: rec.actor,
    }, trx);
  }

  /** eventline extension: a video from a file uploaded with POST /files (purpose=video), which is attached to it. */
  async createFromFile(auth: AuthContext, input: VideoCreate): Promise<Video> {
    const id = newId();
    const now = iso(this.clock());
    const eventId = (input.events[0] ?? '').toLowerCase();
    const sessionId = input.sessions?.[0]?.toLowerCase() ?? null;
    const fileId = input.file.id.toLowerCase();
    await this.repo.transaction(async (trx) => {
      if (!(await this.uses.events.find(auth.accountId, eventId, trx))) {
        throw VideoErrors.invalidVideo('events[0] does not name an event of this account', { target: 'events' });
      }
      if (sessionId !== null) {
        const session = await this.uses.sessions.find(auth.accountId, sessionId, trx);
        if (!session) throw VideoErrors.invalidVideo('sessions[0] does not name a session of this account', { target: 'sessions' });
        if (session.event.id !== eventId) throw VideoErrors.invalidVideo('The session belongs to another event than the video', { target: 'sessions' });
      }
      const file = await this.fileOf(auth.accountId, fileId, trx);
      if (!file.contentType.startsWith('video/')) {
        throw VideoErrors.invalidVideo(`The file is .${file.extension}, not a video: upload it with purpose=video (MP4, QuickTime or WebM)`, { target: 'file.id' });
      }
      if (file.attachedTo !== null) throw VideoErrors.invalidVideo(`The file is already attached (${file.attachedTo})`, { target: 'file.id' });
      await this.repo.insert({
        id, account_id: auth.accountId, event_id: eventId, session_id: sessionId, exhibitor_id: null, speaker_id: null, tag: input.tags?.[0] ?? null,
        title: input.title, description: input.description ?? null, filename: file.friendlyName.slice(0, 300), type: typeOfName(file.friendlyName),
        status: 'Available', duration: input.duration ?? null, size: file.fileSize, url: null, source_id: null, source_status: null, recording_id: null,
        file_id: fileId, upload_started: now, upload_completed: now, deleted: 0,
        created: now, last_modified: now, created_by: actorName(auth), last_modified_by: actorName(auth),
      }, trx);
      // Attached, the file no longer expires after 30 days (the files module's rule).
      await this.uses.files.attach(auth, fileId, { attachedTo: `video:${id}` }, trx);
    });
    return this.get(auth.accountId, id);
  }

  private async fileOf(accountId: string, fileId: string, trx: Transaction<Database>) {
    try {
      return await this.uses.files.info(accountId, fileId, trx);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw VideoErrors.invalidVideo('file.id does not name a file of this account', { target: 'file.id' });
      throw err;
    }
  }

  // ---- Renditions and audio tracks (metadata; eventline does no transcoding) ----

  async renditions(accountId: string, videoId: string): Promise<{ data: Rendition[] }> {
    const video = await this.video(accountId, videoId);
    return { data: (await this.repo.renditions(accountId, video.id)).map(toRendition) };
  }

  async addRendition(auth: AuthContext, videoId: string, input: RenditionCreate): Promise<Rendition> {
    const now = iso(this.clock());
    const id = newId();
    return this.repo.transaction(async (trx) => {
      const video = await this.video(auth.accountId, videoId, trx);
      const { n } = await this.repo.countRenditions(auth.accountId, video.id, trx);
      if (Number(n) >= MAX_RENDITIONS) throw VideoErrors.invalidVideo(`A video has at most ${MAX_RENDITIONS} renditions`, { target: 'type' });
      const row = {
        id, account_id: auth.accountId, video_id: video.id, type: input.type, location: input.location.href, width: input.width ?? null, height: input.height ?? null,
        created: now, last_modified: now, created_by: actorName(auth), last_modified_by: actorName(auth),
      };
      await this.repo.insertRendition(row, trx);
      return toRendition(row);
    });
  }

  async audioTracks(accountId: string, videoId: string): Promise<{ data: AudioTrack[] }> {
    const video = await this.video(accountId, videoId);
    return { data: (await this.repo.audioTracks(accountId, video.id)).map(toAudioTrack) };
  }

  async addAudioTrack(auth: AuthContext, videoId: string, input: AudioTrackCreate): Promise<AudioTrack> {
    const now = iso(this.clock());
    return this.repo.transaction(async (trx) => {
      const video = await this.video(auth.accountId, videoId, trx);
      if (input.default === true) await this.repo.clearDefaultAudioTrack(auth.accountId, video.id, trx);
      const row = {
        id: newId(), account_id: auth.accountId, video_id: video.id, type: input.type, language: input.language, variant: input.variant ?? 'Alternate',
        is_default: input.default === true ? 1 : 0, duration: input.duration ?? null, status: input.status ?? 'Available', location: input.url?.href ?? null,
        created: now, last_modified: now, created_by: actorName(auth), last_modified_by: actorName(auth),
      };
      await this.repo.insertAudioTrack(row, trx);
      return toAudioTrack(row);
    });
  }

  // ---- Text tracks ----

  async textTracks(accountId: string, videoId: string): Promise<{ data: TextTrack[] }> {
    const video = await this.video(accountId, videoId);
    return { data: (await this.repo.textTracks(accountId, video.id)).map((r) => this.toTextTrack(r)) };
  }

  /** POST .../text-tracks: the track, `Started` until its WebVTT file is PUT to .../content. */
  async createTextTrack(auth: AuthContext, videoId: string, input: TextTrackInput): Promise<TextTrack> {
    const now = iso(this.clock());
    const id = newId();
    await this.repo.transaction(async (trx) => {
      const video = await this.video(auth.accountId, videoId, trx);
      if (input.video !== undefined && input.video.id.toLowerCase() !== video.id) {
        throw VideoErrors.invalidTextTrack('video.id is not the video in the path', { target: 'video.id' });
      }
      await this.repo.insertTextTrack({
        id, account_id: auth.accountId, video_id: video.id, label: input.label ?? null, language: input.language, kind: input.kind,
        published: input.published === false ? 0 : 1, is_default: input.default === true ? 1 : 0, status: 'Started', auto_generated: input.autoGenerated === true ? 1 : 0,
        content: null, cue_count: null, error_message: null, created: now, last_modified: now, created_by: actorName(auth), last_modified_by: actorName(auth),
      }, trx);
      if (input.default === true) await this.repo.clearDefaultTextTrack(auth.accountId, video.id, input.kind, id, trx);
    });
    return this.textTrack(auth.accountId, videoId, id);
  }

  private async textTrack(accountId: string, videoId: string, id: string, trx?: Transaction<Database>): Promise<TextTrack> {
    return this.toTextTrack(await this.textTrackRow(accountId, videoId, id, trx));
  }

  private async textTrackRow(accountId: string, videoId: string, id: string, trx?: Transaction<Database>): Promise<Row<'video_text_tracks'>> {
    const video = await this.video(accountId, videoId, trx);
    const row = await this.repo.findTextTrack(accountId, video.id, id.toLowerCase(), trx);
    if (!row) throw VideoErrors.textTrackNotFound();
    return row;
  }

  /** PUT .../text-tracks/{id}: replaces the writable fields; the WebVTT file and its status stay. */
  async updateTextTrack(auth: AuthContext, videoId: string, id: string, input: TextTrackUpdate): Promise<TextTrack> {
    await this.repo.transaction(async (trx) => {
      const row = await this.textTrackRow(auth.accountId, videoId, id, trx);
      if (input.id !== undefined && input.id.toLowerCase() !== row.id) throw VideoErrors.invalidTextTrack('id is not the text track in the path', { target: 'id' });
      if (input.video !== undefined && input.video.id.toLowerCase() !== row.video_id) {
        throw VideoErrors.invalidTextTrack('video.id is not the video in the path', { target: 'video.id' });
      }
      await this.repo.updateTextTrack(auth.accountId, row.id, {
        label: input.label ?? null, language: input.language, kind: input.kind, published: input.published === false ? 0 : 1,
        is_default: input.default === true ? 1 : 0, auto_generated: input.autoGenerated === true ? 1 : 0,
        last_modified: iso(this.clock()), last_modified_by: actorName(auth),
      }, trx);
      if (input.default === true) await this.repo.clearDefaultTextTrack(auth.accountId, row.video_id, input.kind, row.id, trx);
    });
    return this.textTrack(auth.accountId, videoId, id);
  }

  /**
   * eventline extension: the track's WebVTT file. It is parsed and validated
   * first; an invalid file is a 400 naming its line, and nothing changes.
   */
  async putContent(auth: AuthContext, videoId: string, id: string, text: string): Promise<TextTrack> {
    const row = await this.textTrackRow(auth.accountId, videoId, id);
    const verdict = validateWebVtt(text, row.kind);
    if (!verdict.ok) {
      throw VideoErrors.invalidWebVtt(`The WebVTT file is not valid: line ${verdict.line}: ${verdict.message}`, {
        target: 'content', details: [{ code: 400, message: verdict.message, target: `line ${verdict.line}` }],
      });
    }
    await this.repo.updateTextTrack(auth.accountId, row.id, {
      content: text, cue_count: verdict.cues, status: 'Available', error_message: null, last_modified: iso(this.clock()), last_modified_by: actorName(auth),
    });
    return this.textTrack(auth.accountId, videoId, id);
  }

  async content(accountId: string, videoId: string, id: string): Promise<string> {
    const row = await this.textTrackRow(accountId, videoId, id);
    if (row.content === null) throw VideoErrors.noContent();
    return row.content;
  }

  // ---- Views ----

  listViews(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: View[] }> {
    if (query.filter !== undefined) {
      try {
        const s = shape(parseFilter(query.filter, VIEW_FILTER_FIELDS));
        if (s.or) throw VideoErrors.badFilter('Invalid filter: video views combine comparisons with `and` only', { target: 'filter' });
        if (s.fields > MAX_VIEW_FILTER_FIELDS) throw VideoErrors.badFilter(`Invalid filter: at most ${MAX_VIEW_FILTER_FIELDS} comparisons`, { target: 'filter' });
      } catch (err) {
        // The list reports a malformed filter itself, with where it went wrong.
        if (!(err instanceof FilterError)) throw err;
      }
    }
    return listPage(VIEWS_LIST, query, (spec) => this.repo.listViews(accountId, spec), toView, this.href('/videos/views'));
  }

  /**
   * eventline extension, called by a player or the provider sync: one viewing
   * of a video by an attendee of its event. It is recorded with an
   * `event.videoPlayed` activity in one transaction (so scores count it).
   */
  async recordView(auth: AuthContext, videoId: string, input: ViewCreate): Promise<View> {
    const now = iso(this.clock());
    const watched = input.watched !== undefined ? new Date(input.watched).toISOString() : now;
    return this.repo.transaction(async (trx) => {
      const video = await this.video(auth.accountId, videoId, trx);
      const attendee = await this.uses.attendees.findInEvent(auth.accountId, video.event_id, input.attendee.id, trx);
      if (!attendee) throw VideoErrors.invalidView('attendee.id does not name an attendee of the video\'s event', { target: 'attendee.id' });
      const activity = await this.uses.activities.record({
        accountId: auth.accountId, eventId: video.event_id, attendeeId: attendee.id, type: 'event.videoPlayed', time: watched,
        refs: { dataId: video.id, ...(video.session_id !== null ? { sessionId: video.session_id } : {}) }, data: { title: video.title },
      }, trx);
      const row = {
        id: newId(), account_id: auth.accountId, video_id: video.id, event_id: video.event_id, attendee_id: attendee.id, contact_id: attendee.contact.id ?? null,
        solution: input.solution ?? null, type: input.type ?? 'RECORDING', device_id: input.device?.id ?? null, device_type: input.device?.type ?? null,
        operating_system: input.device?.operatingSystem ?? null, total_duration: input.totalDuration ?? video.duration, watch_duration: input.watchDuration,
        activity_id: activity.id, watched, created: now,
      } as const;
      await this.repo.insertView(row, trx);
      return toView(row);
    });
  }

  /** A contact merge (issue 30, contact-history module): the merged contact's rows become the survivor's, in the merge's transaction. */
  moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], trx: Transaction<Database>): Promise<void> {
    return this.repo.moveContact(accountId, fromId, toId, keptAttendees, trx);
  }
}
