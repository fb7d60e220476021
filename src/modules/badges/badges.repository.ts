import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';

/** Badges, badge printer pools and badge print jobs; every statement names the account. */
export class BadgesRepository extends Repository {
  private readonly pools = new AccountRows('badge_printer_pools');
  private readonly jobs = new AccountRows('badge_print_jobs');

  // ---- Badges ----

  listBadges(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('badges').selectAll('badges').where('badges.account_id', '=', accountId).where('badges.event_id', '=', eventId), spec);
  }

  findBadge(accountId: string, eventId: string, badgeId: string, ex: Executor = this.db): Promise<Row<'badges'> | undefined> {
    return ex.selectFrom('badges').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('badge_id', '=', badgeId).executeTakeFirst();
  }

  badgesByIds(accountId: string, eventId: string, badgeIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'badges'>>> {
    if (badgeIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('badges').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('badge_id', 'in', [...badgeIds]).execute();
  }

  async insertBadge(row: NewRow<'badges'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('badges').values(row).execute();
  }

  async updateBadge(accountId: string, id: string, patch: RowPatch<'badges'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('badges').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  // ---- Pools ----

  listPools(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('badge_printer_pools').selectAll('badge_printer_pools')
      .where('badge_printer_pools.account_id', '=', accountId).where('badge_printer_pools.event_id', '=', eventId), spec);
  }

  async findPool(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'badge_printer_pools'> | undefined> {
    const row = await this.pools.get(ex, accountId, id);
    return row?.event_id === eventId ? row : undefined;
  }

  insertPool(row: NewRow<'badge_printer_pools'>, ex: Executor = this.db): Promise<void> {
    return this.pools.insert(ex, row);
  }

  updatePool(accountId: string, id: string, patch: RowPatch<'badge_printer_pools'>, ex: Executor = this.db): Promise<void> {
    return this.pools.update(ex, accountId, id, patch);
  }

  // ---- Print jobs ----

  listJobs(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('badge_print_jobs').selectAll('badge_print_jobs')
      .where('badge_print_jobs.account_id', '=', accountId).where('badge_print_jobs.event_id', '=', eventId), spec);
  }

  async findJob(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'badge_print_jobs'> | undefined> {
    const row = await this.jobs.get(ex, accountId, id);
    return row?.event_id === eventId ? row : undefined;
  }

  findJobById(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'badge_print_jobs'> | undefined> {
    return this.jobs.get(ex, accountId, id);
  }

  insertJob(row: NewRow<'badge_print_jobs'>, ex: Executor = this.db): Promise<void> {
    return this.jobs.insert(ex, row);
  }

  updateJob(accountId: string, id: string, patch: RowPatch<'badge_print_jobs'>, ex: Executor = this.db): Promise<void> {
    return this.jobs.update(ex, accountId, id, patch);
  }

  /** The account's print jobs with a rendered file that print any of these attendees (for erasure). */
  async jobsWithFilesOf(accountId: string, attendeeIds: readonly string[], ex: Executor): Promise<Array<Row<'badge_print_jobs'>>> {
    if (attendeeIds.length === 0) return [];
    const wanted = new Set(attendeeIds);
    const rows = await ex.selectFrom('badge_print_jobs').selectAll().where('account_id', '=', accountId).where('file_id', 'is not', null).execute();
    return rows.filter((r) => (JSON.parse(r.attendee_ids) as string[]).some((id) => wanted.has(id)));
  }
}
