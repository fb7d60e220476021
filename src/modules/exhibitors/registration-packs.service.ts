import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import type { Clock } from '../../db/time.js';
import type { AttendeesService } from '../attendees/index.js';
import type { RegistrationTypeLookup } from '../registration-types/index.js';
import { ExhibitorErrors } from './exhibitors.errors.js';
import type { ExhibitorsRepository } from './exhibitors.repository.js';
import { sameEvent, type ExhibitorScope } from './exhibitors.service.js';
import type { Row } from '../../db/types.js';
import type { RegistrationPacksRepository } from './registration-packs.repository.js';
import type { RegistrationPack, RegistrationPackInput } from './registration-packs.schemas.js';

const StoredCapacities = Type.Array(Type.Object({ registrationTypeId: Type.String(), reservedCapacity: Type.Integer() }));
const readCapacities = jsonColumn('registration_packs.capacities', StoredCapacities);

/**
 * Registration packs: how many registrations of each of the event's registration
 * types an exhibitor may hand out (to its booth staff). One pack per exhibitor
 * (409 for a second); a capacity is used by each booth staff member whose
 * attendee holds that registration type.
 */
export class RegistrationPacksService {
  constructor(
    private readonly repo: RegistrationPacksRepository,
    private readonly exhibitors: Pick<ExhibitorsRepository, 'boothStaffAttendeeIds'>,
    private readonly scope: ExhibitorScope,
    private readonly registrationTypes: RegistrationTypeLookup,
    private readonly attendees: Pick<AttendeesService, 'findInEvent'>,
    private readonly clock: Clock,
  ) {}

  /** Booth staff per registration type: what each capacity has used. */
  private async used(exhibitor: Row<'exhibitors'>, trx?: Transaction<Database>): Promise<Map<string, number>> {
    const used = new Map<string, number>();
    for (const attendeeId of await this.exhibitors.boothStaffAttendeeIds(exhibitor.account_id, exhibitor.id, trx)) {
      const type = (await this.attendees.findInEvent(exhibitor.account_id, exhibitor.event_id, attendeeId, trx))?.registrationType?.id;
      if (type !== undefined) used.set(type, (used.get(type) ?? 0) + 1);
    }
    return used;
  }

  private toApi(r: Row<'registration_packs'>, used: Map<string, number>): RegistrationPack {
    return {
      id: r.id, event: { id: r.event_id }, exhibitor: { id: r.exhibitor_id },
      capacities: readCapacities(r.capacities).map((c) => ({
        registrationType: { id: c.registrationTypeId }, reservedCapacity: c.reservedCapacity, availableCapacity: c.reservedCapacity - (used.get(c.registrationTypeId) ?? 0),
      })),
    };
  }

  /** The request's capacities, checked: the path's event and exhibitor, the event's registration types, each once, none below what is used. */
  private async capacities(exhibitor: Row<'exhibitors'>, input: RegistrationPackInput, used: Map<string, number>, trx: Transaction<Database>, previous?: Row<'registration_packs'>): Promise<string> {
    sameEvent(input.event.id, exhibitor.event_id);
    if (input.exhibitor.id.toLowerCase() !== exhibitor.id) throw ExhibitorErrors.invalid('exhibitor.id in the body must be the exhibitor of the path', { target: 'exhibitor.id' });
    const ids = input.capacities.map((c) => c.registrationType.id.toLowerCase());
    const known = new Set((await this.registrationTypes.findMany(exhibitor.account_id, exhibitor.event_id, ids, trx)).map((t) => t.id));
    const seen = new Set<string>();
    for (const [i, c] of input.capacities.entries()) {
      const id = ids[i] ?? '';
      const target = `capacities[${i}].registrationType.id`;
      if (!known.has(id)) throw ExhibitorErrors.invalid(`${target} is not a registration type of this event`, { target });
      if (seen.has(id)) throw ExhibitorErrors.invalid(`${target} is given twice: one capacity per registration type`, { target });
      seen.add(id);
      const inUse = used.get(id) ?? 0;
      if (c.reservedCapacity < inUse) {
        throw ExhibitorErrors.invalid(`capacities[${i}].reservedCapacity is below the ${inUse} booth staff who already hold this registration type`, { target: `capacities[${i}].reservedCapacity` });
      }
    }
    // A registration type the pack covered, held by booth staff, cannot be dropped (its capacity would be below what is used).
    for (const old of previous ? readCapacities(previous.capacities) : []) {
      const inUse = used.get(old.registrationTypeId) ?? 0;
      if (inUse > 0 && !seen.has(old.registrationTypeId)) {
        throw ExhibitorErrors.invalid(`Registration type ${old.registrationTypeId} is held by ${inUse} booth staff: keep its capacity`, { target: 'capacities' });
      }
    }
    return JSON.stringify(input.capacities.map((c, i) => ({ registrationTypeId: ids[i] ?? '', reservedCapacity: c.reservedCapacity })));
  }

  private async pack(accountId: string, eventId: string, exhibitorId: string, packId: string, trx?: Transaction<Database>) {
    const exhibitor = await this.scope.exhibitor(accountId, eventId, exhibitorId, trx);
    const row = await this.repo.find(accountId, exhibitor.id, packId.toLowerCase(), trx);
    if (!row) throw ExhibitorErrors.registrationPackNotFound();
    return { exhibitor, row };
  }

  async list(accountId: string, eventId: string, exhibitorId: string): Promise<{ data: RegistrationPack[] }> {
    const exhibitor = await this.scope.exhibitor(accountId, eventId, exhibitorId);
    const row = await this.repo.ofExhibitor(accountId, exhibitor.id);
    return { data: row ? [this.toApi(row, await this.used(exhibitor))] : [] };
  }

  async get(accountId: string, eventId: string, exhibitorId: string, packId: string): Promise<RegistrationPack> {
    const { exhibitor, row } = await this.pack(accountId, eventId, exhibitorId, packId);
    return this.toApi(row, await this.used(exhibitor));
  }

  async create(auth: AuthContext, eventId: string, exhibitorId: string, input: RegistrationPackInput): Promise<RegistrationPack> {
    return this.repo.transaction(async (trx) => {
      const exhibitor = await this.scope.exhibitor(auth.accountId, eventId, exhibitorId, trx);
      const used = await this.used(exhibitor, trx);
      const capacities = await this.capacities(exhibitor, input, used, trx);
      const stamp = auditStamp(auth, this.clock());
      const row: Row<'registration_packs'> = {
        id: newId(), account_id: auth.accountId, event_id: exhibitor.event_id, exhibitor_id: exhibitor.id, capacities,
        ...stamp.created,
      };
      if (!(await this.repo.insert(row, trx))) throw ExhibitorErrors.packExists(undefined, { target: 'exhibitor.id' });
      return this.toApi(row, used);
    });
  }

  /** PUT replaces the capacities. */
  async update(auth: AuthContext, eventId: string, exhibitorId: string, packId: string, input: RegistrationPackInput): Promise<RegistrationPack> {
    return this.repo.transaction(async (trx) => {
      const { exhibitor, row } = await this.pack(auth.accountId, eventId, exhibitorId, packId, trx);
      const used = await this.used(exhibitor, trx);
      const patch = { capacities: await this.capacities(exhibitor, input, used, trx, row), ...auditStamp(auth, this.clock()).modified };
      await this.repo.update(auth.accountId, row.id, patch, trx);
      return this.toApi({ ...row, ...patch }, used);
    });
  }

  /** The reference: a pack is not deleted while the exhibitor has booth staff (409). */
  async delete(auth: AuthContext, eventId: string, exhibitorId: string, packId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const { exhibitor, row } = await this.pack(auth.accountId, eventId, exhibitorId, packId, trx);
      const staff = await this.exhibitors.boothStaffAttendeeIds(auth.accountId, exhibitor.id, trx);
      if (staff.length > 0) throw ExhibitorErrors.packInUse(`The exhibitor has ${staff.length} booth staff: remove them before deleting the pack`, { target: 'registrationPackId' });
      await this.repo.delete(auth.accountId, row.id, trx);
    });
  }
}
