import type { Transaction } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { actorName, type AuthContext } from '../../actor.js';
import { listPage, type ListQuery, type ListSpec, type PageResult, type Paging } from '../../lists/index.js';
import type { Event, EventsService } from '../events/index.js';
import { EventFeatureErrors } from './event-features.errors.js';
import { eventFeaturesList, eventWeblinksList } from './event-features.filters.js';
import type { EventFeaturesRepository } from './event-features.repository.js';
import { ConfigSchema, type EventFeature, type FeatureUpdate, type Weblink } from './event-features.schemas.js';
import { FEATURE_TYPES, LAUNCH_TYPES, type FeatureType, type LaunchType } from './event-features.table.js';
import type { Row, NewRow } from '../../db/types.js';

/**
 * Enabled when an event's features are first read: what eventline serves.
 * Registration (attendees), Agenda (sessions) and AttendeeHub (virtual
 * attendance: chat and Q&A). The others are off until a planner enables them.
 */
export const ENABLED_BY_DEFAULT: readonly FeatureType[] = ['Registration', 'Agenda', 'AttendeeHub'];

// Attendees hold registrations and hub tokens once these are launched: taking them away is refused.
const LOCKED_WHEN_LAUNCHED: readonly FeatureType[] = ['Registration', 'AttendeeHub'];

/** Each launchable feature's audience-facing page: its weblink's name, landing page and path under the public URL. */
const PAGES: Readonly<Record<LaunchType, { name: string; landingPage: string; path: string }>> = {
  Website: { name: 'Event Website', landingPage: 'Website', path: 'website' },
  Registration: { name: 'Registration', landingPage: 'Registration', path: 'registration' },
  AttendeeHub: { name: 'Attendee Hub', landingPage: 'Attendee Hub', path: 'hub' },
};

const isLaunchType = (type: FeatureType): type is LaunchType => (LAUNCH_TYPES as readonly string[]).includes(type);
const readConfig = jsonColumn('event_features.config', ConfigSchema);

/** What other modules ask: whether a feature of the account's event is launched. */
export interface FeatureLaunches {
  isLaunched(accountId: string, eventId: string, type: FeatureType): Promise<boolean>;
}

type WeblinkItem = Weblink & { rank: number };

/** One page of a derived (in-memory) list, read like fetchPage reads a keyset page. */
function pageOf<T extends { rank: number }>(items: readonly T[], spec: ListSpec): PageResult<T> {
  const cursor = spec.cursor?.[0];
  const rest = cursor === undefined ? items : items.filter((r) => (spec.reverse ? r.rank < Number(cursor) : r.rank > Number(cursor)));
  const ordered = spec.reverse ? [...rest].reverse() : rest;
  const rows = ordered.slice(0, spec.limit);
  return { rows: spec.reverse ? rows.reverse() : rows, more: ordered.length > spec.limit, totalCount: items.length };
}

export class EventFeaturesService implements FeatureLaunches {
  constructor(
    private readonly repo: EventFeaturesRepository,
    private readonly events: Pick<EventsService, 'find'>,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
  ) {}

  private weblinkUrl(eventId: string, type: LaunchType): string {
    return `${this.config.publicUrl}/e/${eventId}/${PAGES[type].path}`;
  }

  private toFeature(r: Row<'event_features'>): EventFeature {
    const locked = r.launched !== null && LOCKED_WHEN_LAUNCHED.includes(r.type);
    return {
      type: r.type, enabled: r.enabled === 1, locked,
      ...(locked ? { lockedReason: `${r.type} is launched and in use by attendees` } : {}),
      ...(r.enabled_tier !== null ? { enabledTier: r.enabled_tier } : {}),
      ...(r.config !== null ? { config: readConfig(r.config) } : {}),
      ...(r.launched !== null && isLaunchType(r.type) ? { weblink: this.weblinkUrl(r.event_id, r.type) } : {}),
    };
  }

  /** The account's event (404 otherwise) with every feature row created, with its default, on first use. */
  private async prepare(accountId: string, eventId: string, trx?: Transaction<Database>): Promise<Event> {
    const event = await this.events.find(accountId, eventId.toLowerCase(), trx);
    if (!event) throw EventFeatureErrors.eventNotFound();
    const have = new Set((await this.repo.all(accountId, event.id, trx)).map((r) => r.type));
    const now = iso(this.clock());
    const missing = FEATURE_TYPES.filter((type) => !have.has(type)).map((type): NewRow<'event_features'> => ({
      id: newId(), account_id: accountId, event_id: event.id, type, enabled: ENABLED_BY_DEFAULT.includes(type) ? 1 : 0,
      enabled_tier: null, config: null, launched: null, created: now, last_modified: now, created_by: 'eventline', last_modified_by: 'eventline',
    }));
    await this.repo.insertMissing(missing, trx);
    return event;
  }

  async list(accountId: string, eventId: string, query: ListQuery): Promise<{ paging: Paging; data: EventFeature[] }> {
    const event = await this.prepare(accountId, eventId);
    return listPage(eventFeaturesList(event.id), query, (spec) => this.repo.list(accountId, event.id, spec), (r) => this.toFeature(r),
      `${this.config.publicUrl}/${this.config.apiVersion}/events/${event.id}/features`);
  }

  /** Enables or disables a feature (PUT). A launched Website that is disabled goes offline; a launched Registration or AttendeeHub cannot be disabled. */
  async update(auth: AuthContext, eventId: string, type: FeatureType, input: FeatureUpdate): Promise<EventFeature> {
    if (input.type !== type) throw EventFeatureErrors.typeMismatch(`type in the body (${input.type}) must be the feature type of the path (${type})`, { target: 'type' });
    if (input.config !== undefined && type !== 'Registration') {
      throw EventFeatureErrors.typeMismatch('config is the Registration feature\'s configuration; other features take none', { target: 'config' });
    }
    return this.repo.transaction(async (trx) => {
      const event = await this.prepare(auth.accountId, eventId, trx);
      const row = await this.repo.find(auth.accountId, event.id, type, trx);
      if (!row) throw EventFeatureErrors.eventNotFound();
      if (!input.enabled && row.launched !== null && LOCKED_WHEN_LAUNCHED.includes(type)) {
        throw EventFeatureErrors.launchedLocked(`${type} is launched: attendees use it, so it cannot be disabled`, { target: 'enabled' });
      }
      const patch = {
        enabled: input.enabled ? 1 : 0,
        ...(input.enabledTier !== undefined ? { enabled_tier: input.enabledTier } : {}),
        ...(input.config !== undefined ? { config: JSON.stringify(input.config) } : {}),
        // Disabling a launched Website takes it offline: it must be launched again once re-enabled.
        ...(!input.enabled ? { launched: null } : {}),
        last_modified: iso(this.clock()), last_modified_by: actorName(auth),
      };
      await this.repo.update(auth.accountId, row.id, patch, trx);
      return this.toFeature({ ...row, ...patch });
    });
  }

  /** Makes a feature available to the audience. It must be enabled and not launched yet (409 otherwise). */
  async launch(auth: AuthContext, eventId: string, type: LaunchType): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const event = await this.prepare(auth.accountId, eventId, trx);
      const row = await this.repo.find(auth.accountId, event.id, type, trx);
      if (!row) throw EventFeatureErrors.eventNotFound();
      if (row.enabled !== 1) throw EventFeatureErrors.featureDisabled(`${type} is disabled for this event: enable it (PUT /events/{id}/features/${type}) before launching it`, { target: 'type' });
      if (row.launched !== null) throw EventFeatureErrors.alreadyLaunched(`${type} was launched at ${row.launched}; a feature is launched once`, { target: 'type' });
      const now = iso(this.clock());
      const launched = await this.repo.launch(auth.accountId, row.id, { launched: now, last_modified: now, last_modified_by: actorName(auth) }, trx);
      // A concurrent launch won between the read and the update.
      if (!launched) throw EventFeatureErrors.alreadyLaunched(`${type} is already launched for this event`, { target: 'type' });
    });
  }

  /** The audience-facing links of the event: one per launched Website, Registration and AttendeeHub. */
  async weblinks(accountId: string, eventId: string, query: ListQuery & { locale?: string }): Promise<{ paging: Paging; data: Weblink[] }> {
    const event = await this.events.find(accountId, eventId.toLowerCase());
    if (!event) throw EventFeatureErrors.eventNotFound();
    const locale = query.locale !== undefined && event.languages.includes(query.locale) ? query.locale : event.defaultLocale;
    const launched = new Set((await this.repo.all(accountId, event.id)).filter((r) => r.launched !== null).map((r) => r.type));
    const items: WeblinkItem[] = LAUNCH_TYPES.filter((type) => launched.has(type)).map((type) => ({
      rank: FEATURE_TYPES.indexOf(type), name: PAGES[type].name, url: this.weblinkUrl(event.id, type), landingPage: PAGES[type].landingPage, locale,
    }));
    return listPage(eventWeblinksList<WeblinkItem>(event.id), query, (spec) => Promise.resolve(pageOf(items, spec)),
      ({ rank: _rank, ...link }) => link, `${this.config.publicUrl}/${this.config.apiVersion}/events/${event.id}/weblinks`);
  }

  /** For other modules (communications gates chat and Q&A on the AttendeeHub). An event without a row has launched nothing. */
  async isLaunched(accountId: string, eventId: string, type: FeatureType): Promise<boolean> {
    const row = await this.repo.find(accountId, eventId, type);
    return row !== undefined && row.launched !== null;
  }
}
