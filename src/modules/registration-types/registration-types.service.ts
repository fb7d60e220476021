import type { Transaction } from 'kysely';
import { actorName, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import { defineList, listPage, type FilterFields, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import { RegistrationTypeErrors } from './registration-types.errors.js';
import type { RegistrationTypesRepository } from './registration-types.repository.js';
import type { RegistrationType, RegistrationTypeCreate, RegistrationTypeUpdate } from './registration-types.schemas.js';
import type { Row } from '../../db/types.js';

/** An event's registration types take no filter. */
export const REGISTRATION_TYPE_FILTER_FIELDS: FilterFields = {};
const registrationTypesList = (eventId: string) => defineList<Row<'registration_types'>>({
  name: `registration-types:${eventId}`,
  filters: REGISTRATION_TYPE_FILTER_FIELDS,
  order: [{ column: 'registration_types.id', value: (r) => r.id }],
});

function toApi(r: Row<'registration_types'>, consumed?: number): RegistrationType {
  return {
    id: r.id, name: r.name,
    ...(r.code !== null ? { code: r.code } : {}),
    ...(r.description !== null ? { description: r.description } : {}),
    virtual: r.virtual === 1, openForRegistration: r.open_for_registration === 1,
    ...(r.automatic_open_date !== null ? { automaticOpenDate: r.automatic_open_date } : {}),
    ...(r.automatic_end_date !== null ? { automaticEndDate: r.automatic_end_date } : {}),
    event: { id: r.event_id },
    capacity: {
      total: r.capacity_total,
      ...(consumed !== undefined ? { consumed, remaining: r.capacity_total === -1 ? -1 : r.capacity_total - consumed } : {}),
    },
  };
}

function checkDates(open: string | null, end: string | null): void {
  if (open !== null && end !== null && Date.parse(end) <= Date.parse(open)) {
    throw RegistrationTypeErrors.invalid('automaticEndDate must be after automaticOpenDate', { target: 'automaticEndDate' });
  }
}

/** What other modules ask of an event's registration types (exhibitors' registration packs). */
export interface RegistrationTypeLookup {
  /** The event's registration types among `ids` (unknown ids are left out). */
  findMany(accountId: string, eventId: string, ids: readonly string[], trx?: Transaction<Database>): Promise<RegistrationType[]>;
}

/** The event's registration types: read and updated per the reference, created by an eventline extension. */
export class RegistrationTypesService implements RegistrationTypeLookup {
  constructor(
    private readonly repo: RegistrationTypesRepository,
    private readonly events: Pick<EventsService, 'find'>,
    private readonly attendees: Pick<AttendeesService, 'registrationTypeCounts'>,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private async event(accountId: string, eventId: string): Promise<string> {
    const event = await this.events.find(accountId, eventId.toLowerCase());
    if (!event) throw RegistrationTypeErrors.eventNotFound();
    return event.id;
  }

  async list(accountId: string, eventId: string, query: ListQuery): Promise<{ paging: Paging; data: RegistrationType[] }> {
    const event = await this.event(accountId, eventId);
    const counts = await this.attendees.registrationTypeCounts(accountId, event);
    return listPage(registrationTypesList(event), query, (spec) => this.repo.list(accountId, event, spec), (r) => toApi(r, counts.get(r.id) ?? 0),
      `${this.config.publicUrl}/${this.config.apiVersion}/events/${event}/registration-types`);
  }

  async create(auth: AuthContext, eventId: string, input: RegistrationTypeCreate): Promise<RegistrationType> {
    const event = await this.event(auth.accountId, eventId);
    checkDates(input.automaticOpenDate ?? null, input.automaticEndDate ?? null);
    const now = iso(this.clock());
    const actor = actorName(auth);
    const row: Row<'registration_types'> = {
      id: newId(), account_id: auth.accountId, event_id: event, name: input.name, code: input.code ?? null, description: input.description ?? null,
      virtual: input.virtual === true ? 1 : 0, open_for_registration: input.openForRegistration === false ? 0 : 1,
      automatic_open_date: input.automaticOpenDate ?? null, automatic_end_date: input.automaticEndDate ?? null,
      capacity_total: input.capacity?.total ?? -1, created: now, last_modified: now, created_by: actor, last_modified_by: actor,
    };
    await this.repo.insert(row);
    return toApi(row, 0);
  }

  /** PUT: the writable fields (open for registration, the automatic dates, total capacity); the id in the body must be the path's. */
  async update(auth: AuthContext, eventId: string, id: string, input: RegistrationTypeUpdate): Promise<RegistrationType> {
    const event = await this.event(auth.accountId, eventId);
    const row = await this.repo.find(auth.accountId, event, id.toLowerCase());
    if (!row) throw RegistrationTypeErrors.registrationTypeNotFound();
    if (input.id.toLowerCase() !== row.id) throw RegistrationTypeErrors.invalid('id in the body must be the registration type of the path', { target: 'id' });
    const patch = {
      open_for_registration: input.openForRegistration ? 1 : 0,
      automatic_open_date: input.automaticOpenDate ?? null, automatic_end_date: input.automaticEndDate ?? null,
      capacity_total: input.capacity?.total ?? row.capacity_total,
      last_modified: iso(this.clock()), last_modified_by: actorName(auth),
    };
    checkDates(patch.automatic_open_date, patch.automatic_end_date);
    await this.repo.update(auth.accountId, row.id, patch);
    const counts = await this.attendees.registrationTypeCounts(auth.accountId, event);
    return toApi({ ...row, ...patch }, counts.get(row.id) ?? 0);
  }

  async findMany(accountId: string, eventId: string, ids: readonly string[], trx?: Transaction<Database>): Promise<RegistrationType[]> {
    return (await this.repo.findMany(accountId, eventId, ids.map((i) => i.toLowerCase()), trx)).map((r) => toApi(r));
  }
}
