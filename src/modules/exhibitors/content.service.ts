import type { Transaction } from 'kysely';
import type { AuthContext } from '../../actor.js';
import type { Database } from '../../db/index.js';
import { auditStamp } from '../../actor.js';
import { newId } from '../../db/ids.js';
import { systemClock, type Clock } from '../../db/time.js';
import type { FileStore } from '../files/index.js';
import type { ContentRepository } from './content.repository.js';
import { MAX_CONTENT, type ExhibitorFile, type FileInput, type Weblink, type WeblinkInput } from './content.schemas.js';
import type { Row } from '../../db/types.js';
import type { ExhibitorsRepository } from './exhibitors.repository.js';
import { audit, requireExhibitor, requireOfExhibitor, samePathId } from './team.common.js';
import { TeamErrors } from './team.errors.js';

/** What an exhibitor's files are attached to in the files module. */
export const fileOwner = (exhibitorId: string): string => `exhibitor-file:${exhibitorId}`;

const toFile = (r: Row<'exhibitor_files'>): ExhibitorFile => ({
  id: r.id, event: { id: r.event_id }, exhibitor: { id: r.exhibitor_id }, displayName: r.display_name, hidden: r.hidden === 1, order: r.display_order, ...audit(r),
});

const toWeblink = (r: Row<'exhibitor_weblinks'>): Weblink => ({
  id: r.id, event: { id: r.event_id }, exhibitor: { id: r.exhibitor_id }, name: r.name, url: r.url, hidden: r.hidden === 1, order: r.display_order, ...audit(r),
});

/**
 * A weblink's URL: absolute, http or https, with a host, and no credentials.
 * Attendees click these, so `javascript:`, `data:` and the like are refused.
 */
export function checkWeblinkUrl(raw: string): string {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw TeamErrors.invalid('url must be an absolute http or https URL', { target: 'url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw TeamErrors.invalid(`url must be an http or https URL, not ${url.protocol}`, { target: 'url' });
  }
  if (url.hostname === '') throw TeamErrors.invalid('url has no host', { target: 'url' });
  if (url.username !== '' || url.password !== '') throw TeamErrors.invalid('url must not carry a user name or password', { target: 'url' });
  return url.href;
}

/** The Exhibitor Content tag: files (uploads of the files module) and weblinks an exhibitor shows attendees. */
export class ExhibitorContentService {
  constructor(
    private readonly exhibitors: ExhibitorsRepository,
    private readonly repo: ContentRepository,
    private readonly files: FileStore,
    private readonly clock: Clock = systemClock,
  ) {}

  async listFiles(accountId: string, eventId: string, exhibitorId: string): Promise<{ data: ExhibitorFile[] }> {
    const ex = await requireExhibitor(this.exhibitors, accountId, eventId, exhibitorId);
    return { data: (await this.repo.listFiles(accountId, ex.id)).map(toFile) };
  }

  async getFile(accountId: string, eventId: string, exhibitorId: string, fileId: string): Promise<ExhibitorFile> {
    return toFile(await requireOfExhibitor(this.exhibitors, [accountId, eventId, exhibitorId],
      (id) => this.repo.findFile(accountId, id, fileId), TeamErrors.fileNotFound, 'fileId'));
  }

  /**
   * PUT .../files/{fileId}: associates an uploaded file of the account with the
   * exhibitor (the files module attaches it, so it no longer expires), or
   * updates the association. A file of another account is 404; one already
   * associated with something else (another exhibitor, a logo) is 422, as is
   * a 51st file.
   */
  async putFile(auth: AuthContext, eventId: string, exhibitorId: string, fileId: string, input: FileInput): Promise<ExhibitorFile> {
    const stamp = auditStamp(auth, this.clock());
    return this.repo.transaction(async (trx) => {
      const ex = await requireExhibitor(this.exhibitors, auth.accountId, eventId, exhibitorId, trx);
      samePathId(input.event, ex.event_id, 'event.id');
      samePathId(input.exhibitor, ex.id, 'exhibitor.id');
      const fields = { display_name: input.displayName.trim(), hidden: input.hidden === true ? 1 : 0, display_order: input.order };
      const existing = await this.repo.findFile(auth.accountId, ex.id, fileId, trx);
      if (existing) {
        await this.repo.updateFile(auth.accountId, fileId, { ...fields, ...stamp.modified }, trx);
        return toFile({ ...existing, ...fields, ...stamp.modified });
      }
      const info = await this.files.info(auth.accountId, fileId, trx);
      if (info.attachedTo !== null && info.attachedTo !== fileOwner(ex.id)) throw TeamErrors.fileInUse(`The file ${fileId} is already associated with something else`, { target: 'fileId' });
      if (await this.repo.countFiles(auth.accountId, ex.id, trx) >= MAX_CONTENT) {
        throw TeamErrors.tooMany(`An exhibitor has at most ${MAX_CONTENT} files`, { target: 'fileId' });
      }
      await this.files.attach(auth, info.id, { attachedTo: fileOwner(ex.id) }, trx);
      const row: Row<'exhibitor_files'> = {
        id: info.id, account_id: auth.accountId, event_id: ex.event_id, exhibitor_id: ex.id, ...fields,
        ...stamp.created,
      };
      await this.repo.insertFile(row, trx);
      return toFile(row);
    });
  }

  /** DELETE .../files/{fileId}: the association goes; the file is detached and expires like any unassociated upload. */
  async removeFile(auth: AuthContext, eventId: string, exhibitorId: string, fileId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const ex = await requireExhibitor(this.exhibitors, auth.accountId, eventId, exhibitorId, trx);
      if (!(await this.repo.deleteFile(auth.accountId, ex.id, fileId, trx))) throw TeamErrors.fileNotFound(undefined, { target: 'fileId' });
      const info = await this.files.info(auth.accountId, fileId, trx).catch(() => undefined);
      // Only our own attachment is undone (the file may have been erased meanwhile).
      if (info?.attachedTo === fileOwner(ex.id)) await this.files.attach(auth, fileId, { attachedTo: null }, trx);
    });
  }

  /** Before an exhibitor is deleted: its files are detached (they expire as unassociated uploads) and its weblinks deleted. */
  async forgetExhibitor(auth: Pick<AuthContext, 'accountId' | 'userId' | 'clientId'>, exhibitorId: string, trx: Transaction<Database>): Promise<void> {
    for (const fileId of await this.repo.deleteOfExhibitor(trx, auth.accountId, exhibitorId)) {
      const info = await this.files.info(auth.accountId, fileId, trx).catch(() => undefined);
      if (info?.attachedTo === fileOwner(exhibitorId)) await this.files.attach(auth, fileId, { attachedTo: null }, trx);
    }
  }

  async listWeblinks(accountId: string, eventId: string, exhibitorId: string): Promise<{ data: Weblink[] }> {
    const ex = await requireExhibitor(this.exhibitors, accountId, eventId, exhibitorId);
    return { data: (await this.repo.listWeblinks(accountId, ex.id)).map(toWeblink) };
  }

  async getWeblink(accountId: string, eventId: string, exhibitorId: string, id: string): Promise<Weblink> {
    return toWeblink(await requireOfExhibitor(this.exhibitors, [accountId, eventId, exhibitorId],
      (ex) => this.repo.findWeblink(accountId, ex, id), TeamErrors.weblinkNotFound, 'weblinkId'));
  }

  async createWeblink(auth: AuthContext, eventId: string, exhibitorId: string, input: WeblinkInput): Promise<Weblink> {
    const stamp = auditStamp(auth, this.clock());
    return this.repo.transaction(async (trx) => {
      const ex = await requireExhibitor(this.exhibitors, auth.accountId, eventId, exhibitorId, trx);
      const fields = weblinkFields(input, ex);
      if (await this.repo.countWeblinks(auth.accountId, ex.id, trx) >= MAX_CONTENT) {
        throw TeamErrors.tooMany(`An exhibitor has at most ${MAX_CONTENT} weblinks`);
      }
      const row: Row<'exhibitor_weblinks'> = {
        id: newId(), account_id: auth.accountId, event_id: ex.event_id, exhibitor_id: ex.id, ...fields,
        ...stamp.created,
      };
      await this.repo.insertWeblink(row, trx);
      return toWeblink(row);
    });
  }

  async updateWeblink(auth: AuthContext, eventId: string, exhibitorId: string, id: string, input: WeblinkInput): Promise<Weblink> {
    const stamp = auditStamp(auth, this.clock());
    return this.repo.transaction(async (trx) => {
      const ex = await requireExhibitor(this.exhibitors, auth.accountId, eventId, exhibitorId, trx);
      const existing = await this.repo.findWeblink(auth.accountId, ex.id, id, trx);
      if (!existing) throw TeamErrors.weblinkNotFound(undefined, { target: 'weblinkId' });
      const fields = weblinkFields(input, ex);
      await this.repo.updateWeblink(auth.accountId, id, { ...fields, ...stamp.modified }, trx);
      return toWeblink({ ...existing, ...fields, ...stamp.modified });
    });
  }

  async removeWeblink(accountId: string, eventId: string, exhibitorId: string, id: string): Promise<void> {
    const ex = await requireExhibitor(this.exhibitors, accountId, eventId, exhibitorId);
    if (!(await this.repo.deleteWeblink(accountId, ex.id, id))) throw TeamErrors.weblinkNotFound(undefined, { target: 'weblinkId' });
  }
}

function weblinkFields(input: WeblinkInput, ex: { id: string; event_id: string }) {
  samePathId(input.event, ex.event_id, 'event.id');
  samePathId(input.exhibitor, ex.id, 'exhibitor.id');
  return { name: input.name.trim(), url: checkWeblinkUrl(input.url), hidden: input.hidden === true ? 1 : 0, display_order: input.order };
}
