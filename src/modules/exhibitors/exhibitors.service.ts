import type { Row, RowPatch } from '../../db/types.js';
import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import type { Clock } from '../../db/time.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { EventsService } from '../events/index.js';
import type { FileStore, FilesService } from '../files/index.js';
import { some } from '../mapping.js';
import type { CategoriesRepository } from './categories.repository.js';
import { ExhibitorErrors } from './exhibitors.errors.js';
import { exhibitorsList, filterNamesDeleted } from './exhibitors.filters.js';
import type { ExhibitorsRepository } from './exhibitors.repository.js';
import type { BannerLogoFile, Exhibitor, ExhibitorInput } from './exhibitors.schemas.js';
import type { RegistrationPacksRepository } from './registration-packs.repository.js';
import type { SponsorshipLevelsRepository } from './sponsorship-levels.repository.js';
import { audit } from './team.common.js';

/** The files module as the exhibitor families use it: attach images and sign their URLs. */
export type ExhibitorFiles = FileStore & Pick<FilesService, 'signedUrl'>;

/** A banner or a logo: the column it lives in, and what its file is attached to. */
export type ImageKind = 'banner' | 'logo';
const IMAGE_COLUMN = { banner: 'banner_file_id', logo: 'logo_file_id' } as const;
export const imageSlot = (kind: ImageKind, exhibitorId: string): string => `exhibitor-${kind}:${exhibitorId}`;

// Stored JSON is read leniently: an erasure may have lengthened a value past the input's limits.
const readAddress = jsonColumn('exhibitors.address', Type.Partial(Type.Object({
  address1: Type.String(), address2: Type.String(), city: Type.String(), region: Type.String(), postalCode: Type.String(), country: Type.String(),
})));
const Link = Type.Object({ href: Type.String() });
const readLinks = jsonColumn('exhibitors.contact_links', Type.Partial(Type.Object({ twitterUrl: Link, facebookUrl: Link, linkedInUrl: Link, instagramUrl: Link })));

/** The rules every exhibitor family shares: the account's event and its live exhibitors, else 404. */
export class ExhibitorScope {
  constructor(private readonly repo: ExhibitorsRepository, private readonly events: Pick<EventsService, 'find'>) {}

  async event(accountId: string, eventId: string, trx?: Transaction<Database>): Promise<string> {
    const event = await this.events.find(accountId, eventId.toLowerCase(), trx);
    if (!event) throw ExhibitorErrors.eventNotFound();
    return event.id;
  }

  async exhibitor(accountId: string, eventId: string, exhibitorId: string, trx?: Transaction<Database>): Promise<Row<'exhibitors'>> {
    const event = await this.event(accountId, eventId, trx);
    const row = await this.repo.find(accountId, event, exhibitorId.toLowerCase(), trx);
    if (!row) throw ExhibitorErrors.exhibitorNotFound();
    return row;
  }
}

/** The body's event must be the path's. */
export function sameEvent(bodyEventId: string, eventId: string): void {
  if (bodyEventId.toLowerCase() !== eventId) throw ExhibitorErrors.invalid('event.id in the body must be the event of the path', { target: 'event.id' });
}

export class ExhibitorsService {
  constructor(
    private readonly repo: ExhibitorsRepository,
    private readonly scope: ExhibitorScope,
    private readonly levels: SponsorshipLevelsRepository,
    private readonly categories: CategoriesRepository,
    private readonly packs: RegistrationPacksRepository,
    private readonly files: ExhibitorFiles,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private toApi(r: Row<'exhibitors'>): Exhibitor {
    return {
      id: r.id, event: { id: r.event_id }, name: r.name,
      ...some('description', r.description), ...some('code', r.code), ...some('sourceId', r.source_id), ...some('location', r.location),
      ...(r.address !== null ? { address: readAddress(r.address) } : {}),
      ...some('email', r.email), ...some('mobilePhone', r.mobile_phone), ...some('workPhone', r.work_phone), ...some('otherPhone', r.other_phone),
      ...some('website', r.website),
      ...(r.contact_links !== null ? { contactLinks: readLinks(r.contact_links) } : {}),
      hidden: r.hidden === 1, eventSponsor: r.event_sponsor === 1, featured: r.featured === 1, deleted: r.deleted === 1,
      ...(r.sponsorship_level_id !== null ? { sponsorshipLevel: { id: r.sponsorship_level_id } } : {}),
      ...(r.logo_file_id !== null ? { profileLogoId: r.logo_file_id, profileLogoUrl: this.files.signedUrl(r.account_id, r.logo_file_id).href } : {}),
      ...(r.banner_file_id !== null ? { bannerId: r.banner_file_id, bannerUrl: this.files.signedUrl(r.account_id, r.banner_file_id).href } : {}),
      ...audit(r),
    };
  }

  /** The writable columns from a request; the sponsorship level must be one of the event's (400 otherwise). */
  private async columns(accountId: string, eventId: string, input: ExhibitorInput, trx: Transaction<Database>) {
    sameEvent(input.event.id, eventId);
    const level = input.sponsorshipLevel?.id.toLowerCase() ?? null;
    if (level !== null && !(await this.levels.find(accountId, eventId, level, trx))) {
      throw ExhibitorErrors.invalid('sponsorshipLevel.id is not a sponsorship level of this event', { target: 'sponsorshipLevel.id' });
    }
    const json = (v: object | undefined) => (v === undefined || Object.keys(v).length === 0 ? null : JSON.stringify(v));
    return {
      name: input.name, description: input.description ?? null, code: input.code ?? null, source_id: input.sourceId ?? null, location: input.location ?? null,
      address: json(input.address), email: input.email ?? null, mobile_phone: input.mobilePhone ?? null, work_phone: input.workPhone ?? null,
      other_phone: input.otherPhone ?? null, website: input.website ?? null, contact_links: json(input.contactLinks),
      hidden: input.hidden === true ? 1 : 0, event_sponsor: input.eventSponsor === true ? 1 : 0, featured: input.featured === true ? 1 : 0,
      sponsorship_level_id: level,
    };
  }

  async list(accountId: string, eventId: string, query: ListQuery): Promise<{ paging: Paging; data: Exhibitor[] }> {
    const event = await this.scope.event(accountId, eventId);
    return listPage(exhibitorsList(event), query, (spec, req) => this.repo.list(accountId, event, spec, filterNamesDeleted(req.filter)), (r) => this.toApi(r),
      `${this.config.publicUrl}/${this.config.apiVersion}/events/${event}/exhibitors`);
  }

  async get(accountId: string, eventId: string, exhibitorId: string): Promise<Exhibitor> {
    return this.toApi(await this.scope.exhibitor(accountId, eventId, exhibitorId));
  }

  async create(auth: AuthContext, eventId: string, input: ExhibitorInput): Promise<Exhibitor> {
    return this.repo.transaction(async (trx) => {
      const event = await this.scope.event(auth.accountId, eventId, trx);
      const stamp = auditStamp(auth, this.clock());
      const row: Row<'exhibitors'> = {
        id: newId(), account_id: auth.accountId, event_id: event, ...(await this.columns(auth.accountId, event, input, trx)),
        banner_file_id: null, logo_file_id: null, deleted: 0, ...stamp.created,
      };
      await this.repo.insert(row, trx);
      return this.toApi(row);
    });
  }

  /** PUT replaces the writable fields (an optional field left out is cleared); the banner and logo stay. */
  async update(auth: AuthContext, eventId: string, exhibitorId: string, input: ExhibitorInput): Promise<Exhibitor> {
    return this.repo.transaction(async (trx) => {
      const row = await this.scope.exhibitor(auth.accountId, eventId, exhibitorId, trx);
      const patch: RowPatch<'exhibitors'> = { ...(await this.columns(auth.accountId, row.event_id, input, trx)), ...auditStamp(auth, this.clock()).modified };
      await this.repo.update(auth.accountId, row.id, patch, trx);
      return this.toApi({ ...row, ...patch } as Row<'exhibitors'>);
    });
  }

  /**
   * Marks the exhibitor deleted: it leaves its categories, its registration pack
   * goes, its images are detached (they expire as unattached files). Booth staff,
   * content and leads stay, referring to the deleted exhibitor.
   */
  async delete(auth: AuthContext, eventId: string, exhibitorId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.scope.exhibitor(auth.accountId, eventId, exhibitorId, trx);
      for (const kind of ['banner', 'logo'] as const) {
        const file = row[IMAGE_COLUMN[kind]];
        if (file !== null) await this.files.attach(auth, file, { attachedTo: null }, trx).catch(() => undefined);
      }
      await this.categories.removeExhibitor(auth.accountId, row.id, trx);
      await this.packs.deleteOfExhibitor(auth.accountId, row.id, trx);
      await this.repo.update(auth.accountId, row.id, {
        deleted: 1, banner_file_id: null, logo_file_id: null, ...auditStamp(auth, this.clock()).modified,
      }, trx);
    });
  }

  /** PUT .../banner-files|logo-files/{fileId}: a JPEG, PNG or GIF (400 otherwise) replaces the current image. */
  async setImage(auth: AuthContext, eventId: string, exhibitorId: string, kind: ImageKind, fileId: string): Promise<BannerLogoFile> {
    return this.repo.transaction(async (trx) => {
      const row = await this.scope.exhibitor(auth.accountId, eventId, exhibitorId, trx);
      const file = await this.files.requireWebImage(auth.accountId, fileId.toLowerCase(), trx);
      const slot = imageSlot(kind, row.id);
      if (file.attachedTo !== null && file.attachedTo !== slot) {
        throw ExhibitorErrors.invalid('The file is already in use elsewhere: upload the image again for this exhibitor', { target: 'fileId' });
      }
      const current = row[IMAGE_COLUMN[kind]];
      if (current !== null && current !== file.id) await this.files.attach(auth, current, { attachedTo: null }, trx).catch(() => undefined);
      await this.files.attach(auth, file.id, { attachedTo: slot }, trx);
      await this.repo.update(auth.accountId, row.id, { [IMAGE_COLUMN[kind]]: file.id, ...auditStamp(auth, this.clock()).modified }, trx);
      return { file: { id: file.id }, href: this.files.signedUrl(auth.accountId, file.id).href };
    });
  }

  /** DELETE .../banner-files|logo-files/{fileId}: only the exhibitor's current image (404 otherwise); the file expires as unattached. */
  async removeImage(auth: AuthContext, eventId: string, exhibitorId: string, kind: ImageKind, fileId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.scope.exhibitor(auth.accountId, eventId, exhibitorId, trx);
      if (row[IMAGE_COLUMN[kind]] !== fileId.toLowerCase()) throw ExhibitorErrors.fileNotAssigned(`The file is not the exhibitor's ${kind}`, { target: 'fileId' });
      await this.files.attach(auth, fileId.toLowerCase(), { attachedTo: null }, trx).catch(() => undefined);
      await this.repo.update(auth.accountId, row.id, { [IMAGE_COLUMN[kind]]: null, ...auditStamp(auth, this.clock()).modified }, trx);
    });
  }
}
