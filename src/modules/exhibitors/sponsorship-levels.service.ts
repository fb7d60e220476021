import type { Row } from '../../db/types.js';
import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import { ExhibitorErrors } from './exhibitors.errors.js';
import type { ExhibitorsRepository } from './exhibitors.repository.js';
import { sameEvent, type ExhibitorScope } from './exhibitors.service.js';
import type { SponsorshipLevelsRepository } from './sponsorship-levels.repository.js';
import type { SponsorshipLevel, SponsorshipLevelInput } from './sponsorship-levels.schemas.js';
import { audit } from './team.common.js';

function toApi(r: Row<'sponsorship_levels'>): SponsorshipLevel {
  return { id: r.id, event: { id: r.event_id }, name: r.name, ...(r.rank !== null ? { rank: r.rank } : {}), ...audit(r) };
}

/** Sponsorship levels (Gold, Silver...): read per the reference; created, updated and deleted by eventline extensions. */
export class SponsorshipLevelsService {
  constructor(
    private readonly repo: SponsorshipLevelsRepository,
    private readonly exhibitors: Pick<ExhibitorsRepository, 'countWithLevel'>,
    private readonly scope: ExhibitorScope,
    private readonly clock: Clock,
  ) {}

  private async level(accountId: string, eventId: string, levelId: string, trx?: Transaction<Database>): Promise<Row<'sponsorship_levels'>> {
    const event = await this.scope.event(accountId, eventId, trx);
    const row = await this.repo.find(accountId, event, levelId.toLowerCase(), trx);
    if (!row) throw ExhibitorErrors.sponsorshipLevelNotFound();
    return row;
  }

  async list(accountId: string, eventId: string): Promise<{ data: SponsorshipLevel[] }> {
    const event = await this.scope.event(accountId, eventId);
    return { data: (await this.repo.all(accountId, event)).map(toApi) };
  }

  async get(accountId: string, eventId: string, levelId: string): Promise<SponsorshipLevel> {
    return toApi(await this.level(accountId, eventId, levelId));
  }

  async create(auth: AuthContext, eventId: string, input: SponsorshipLevelInput): Promise<SponsorshipLevel> {
    const event = await this.scope.event(auth.accountId, eventId);
    sameEvent(input.event.id, event);
    const stamp = auditStamp(auth, this.clock());
    const row: Row<'sponsorship_levels'> = {
      id: newId(), account_id: auth.accountId, event_id: event, name: input.name, rank: input.rank ?? null,
      ...stamp.created,
    };
    await this.repo.insert(row);
    return toApi(row);
  }

  async update(auth: AuthContext, eventId: string, levelId: string, input: SponsorshipLevelInput): Promise<SponsorshipLevel> {
    const row = await this.level(auth.accountId, eventId, levelId);
    sameEvent(input.event.id, row.event_id);
    const patch = { name: input.name, rank: input.rank ?? null, ...auditStamp(auth, this.clock()).modified };
    await this.repo.update(auth.accountId, row.id, patch);
    return toApi({ ...row, ...patch });
  }

  /** A level that exhibitors hold is not deleted (409): move them to another level first. */
  async delete(auth: AuthContext, eventId: string, levelId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.level(auth.accountId, eventId, levelId, trx);
      const holders = await this.exhibitors.countWithLevel(auth.accountId, row.id, trx);
      if (holders > 0) throw ExhibitorErrors.levelInUse(`${holders} exhibitor(s) have this sponsorship level: give them another one first`, { target: 'sponsorshipLevelId' });
      await this.repo.delete(auth.accountId, row.id, trx);
    });
  }
}
