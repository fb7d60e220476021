import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import { ERASED_BY, mayHoldAny, redactText, storedForms } from '../privacy/index.js';
import type { TextTrackKind } from './videos.table.js';
import type { NewRow, RowPatch } from '../../db/types.js';

/** The only place that runs SQL on the videos module's tables. */
export class VideosRepository extends Repository {
  // Videos.

  list(accountId: string, deleted: boolean, spec: ListSpec) {
    const base = this.db.selectFrom('videos').selectAll('videos').where('videos.account_id', '=', accountId).where('videos.deleted', '=', deleted ? 1 : 0);
    return fetchPage(base, spec);
  }

  find(accountId: string, id: string, ex: Executor = this.db) {
    return ex.selectFrom('videos').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findByRecording(accountId: string, recordingId: string, ex: Executor = this.db) {
    return ex.selectFrom('videos').selectAll().where('account_id', '=', accountId).where('recording_id', '=', recordingId).executeTakeFirst();
  }

  async insert(row: NewRow<'videos'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('videos').values(row).execute();
  }

  async update(accountId: string, id: string, patch: RowPatch<'videos'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('videos').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  // Renditions, audio tracks, text tracks: a handful per video, listed whole.

  renditions(accountId: string, videoId: string) {
    return this.db.selectFrom('video_renditions').selectAll().where('account_id', '=', accountId).where('video_id', '=', videoId)
      .orderBy('created').orderBy('id').execute();
  }

  countRenditions(accountId: string, videoId: string, ex: Executor = this.db) {
    return ex.selectFrom('video_renditions').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId).where('video_id', '=', videoId).executeTakeFirstOrThrow();
  }

  async insertRendition(row: NewRow<'video_renditions'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('video_renditions').values(row).execute();
  }

  audioTracks(accountId: string, videoId: string) {
    return this.db.selectFrom('video_audio_tracks').selectAll().where('account_id', '=', accountId).where('video_id', '=', videoId)
      .orderBy('created').orderBy('id').execute();
  }

  async insertAudioTrack(row: NewRow<'video_audio_tracks'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('video_audio_tracks').values(row).execute();
  }

  /** Only one default audio track per video. */
  async clearDefaultAudioTrack(accountId: string, videoId: string, ex: Executor): Promise<void> {
    await ex.updateTable('video_audio_tracks').set({ is_default: 0 }).where('account_id', '=', accountId).where('video_id', '=', videoId).execute();
  }

  textTracks(accountId: string, videoId: string) {
    return this.db.selectFrom('video_text_tracks').selectAll().where('account_id', '=', accountId).where('video_id', '=', videoId)
      .orderBy('created').orderBy('id').execute();
  }

  findTextTrack(accountId: string, videoId: string, id: string, ex: Executor = this.db) {
    return ex.selectFrom('video_text_tracks').selectAll().where('account_id', '=', accountId).where('video_id', '=', videoId).where('id', '=', id)
      .executeTakeFirst();
  }

  async insertTextTrack(row: NewRow<'video_text_tracks'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('video_text_tracks').values(row).execute();
  }

  async updateTextTrack(accountId: string, id: string, patch: RowPatch<'video_text_tracks'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('video_text_tracks').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** The reference: "Each kind of text track can have a separate default assigned". */
  async clearDefaultTextTrack(accountId: string, videoId: string, kind: TextTrackKind, exceptId: string, ex: Executor): Promise<void> {
    await ex.updateTable('video_text_tracks').set({ is_default: 0 })
      .where('account_id', '=', accountId).where('video_id', '=', videoId).where('kind', '=', kind).where('id', '<>', exceptId).execute();
  }

  // Views.

  listViews(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('video_views').selectAll('video_views').where('video_views.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  async insertView(row: NewRow<'video_views'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('video_views').values(row).execute();
  }

  // Erasure.

  /** Clears the device of the contact's views (by the contact, or one of its attendees); the view itself (who, how long) stays. */
  async clearViewDevices(trx: Transaction<Database>, accountId: string, contactIds: readonly string[], attendeeIds: readonly string[]): Promise<number> {
    const r = await trx.updateTable('video_views').set({ device_id: null, operating_system: null })
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('contact_id', 'in', [...contactIds]), ...(attendeeIds.length > 0 ? [eb('attendee_id', 'in', attendeeIds)] : [])]))
      .where((eb) => eb.or([eb('device_id', 'is not', null), eb('operating_system', 'is not', null)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Redacts the contact's values where video titles, descriptions, file names or captions quote them. */
  async redactFreeText(trx: Transaction<Database>, accountId: string, values: readonly string[], now: string): Promise<number> {
    const forms = storedForms(values);
    if (forms.length === 0) return 0;
    let changed = 0;
    const videos = await trx.selectFrom('videos').select(['id', 'title', 'description', 'filename']).where('account_id', '=', accountId)
      .where(mayHoldAny(['videos.title', 'videos.description', 'videos.filename'], forms)).execute();
    for (const v of videos) {
      const patch = {
        title: redactText(v.title, forms),
        description: v.description === null ? null : redactText(v.description, forms),
        filename: v.filename === null ? null : redactText(v.filename, forms),
      };
      if (patch.title === v.title && patch.description === v.description && patch.filename === v.filename) continue;
      await trx.updateTable('videos').set({ ...patch, last_modified: now, last_modified_by: ERASED_BY }).where('account_id', '=', accountId).where('id', '=', v.id).execute();
      changed++;
    }
    const tracks = await trx.selectFrom('video_text_tracks').select(['id', 'content']).where('account_id', '=', accountId)
      .where(mayHoldAny(['video_text_tracks.content'], forms)).execute();
    for (const t of tracks) {
      if (t.content === null) continue;
      const content = redactText(t.content, forms);
      if (content === t.content) continue;
      await trx.updateTable('video_text_tracks').set({ content, last_modified: now, last_modified_by: ERASED_BY })
        .where('account_id', '=', accountId).where('id', '=', t.id).execute();
      changed++;
    }
    return changed;
  }

  /** A contact merge (issue 30): the merged contact's rows become the survivor's, in the merge's transaction; rows of a registration it keeps stay. */
  async moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], ex: Executor): Promise<void> {
    let q = ex.updateTable('video_views').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId);
    if (keptAttendees.length > 0) q = q.where('attendee_id', 'not in', [...keptAttendees]);
    await q.execute();
  }
}
