import { sql, type Transaction } from 'kysely';
import type { Database, Db, Dialect } from '../../db/index.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, RowPatch } from '../../db/types.js';

const INSIGHTS = new AccountRows('attendee_insights');

/** A new score row, or the points to add to an existing one. */
export interface ScoreDelta {
  readonly id: string;
  readonly accountId: string;
  readonly insightId: string;
  readonly eventId: string;
  readonly attendeeId: string;
  readonly points: number;
  readonly activities: number;
  readonly now: string;
}

// SQLite binds at most 32,766 values a statement; an entry has 11.
const INSERT_BATCH = 500;

export class InsightsRepository extends Repository {
  constructor(db: Db, private readonly dialect: Dialect) {
    super(db);
  }

  /**
   * Scoring an activity (shared) and rebuilding an event's scores (exclusive)
   * exclude each other per event on PostgreSQL, until the transaction ends: a
   * rebuild sees every activity whose scoring finished, and scoring that
   * waited sees the rebuilt definition. SQLite runs one writer at a time.
   */
  async lockEvent(eventId: string, mode: 'shared' | 'exclusive', trx: Transaction<Database>): Promise<void> {
    if (this.dialect !== 'postgres') return;
    const key = `eventline.insights:${eventId}`;
    if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(hashtext(${key}))`.execute(trx);
    else await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }

  listInsights(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('attendee_insights').selectAll('attendee_insights').where('attendee_insights.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  findInsight(accountId: string, id: string, ex: Executor = this.db) {
    return INSIGHTS.get(ex, accountId, id);
  }

  insightsOfEvent(accountId: string, eventId: string, ex: Executor = this.db) {
    return ex.selectFrom('attendee_insights').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  insertInsight(row: NewRow<'attendee_insights'>, trx: Transaction<Database>): Promise<void> {
    return INSIGHTS.insert(trx, row);
  }

  updateInsight(accountId: string, id: string, patch: RowPatch<'attendee_insights'>, trx: Transaction<Database>): Promise<void> {
    return INSIGHTS.update(trx, accountId, id, patch);
  }

  /** The event's other scores stop being its default. */
  async clearDefault(accountId: string, eventId: string, exceptId: string, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable('attendee_insights').set({ is_default: 0 })
      .where('account_id', '=', accountId).where('event_id', '=', eventId).where('id', '!=', exceptId).where('is_default', '=', 1).execute();
  }

  async deleteInsight(accountId: string, id: string, trx: Transaction<Database>): Promise<void> {
    await this.clearScores(accountId, id, trx);
    await INSIGHTS.delete(trx, accountId, id);
  }

  async clearScores(accountId: string, insightId: string, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom('attendee_score_entries').where('account_id', '=', accountId).where('insight_id', '=', insightId).execute();
    await trx.deleteFrom('attendee_scores').where('account_id', '=', accountId).where('insight_id', '=', insightId).execute();
  }

  /** False when the activity already earned points in this score (each earns once). */
  async insertEntry(row: NewRow<'attendee_score_entries'>, trx: Transaction<Database>): Promise<boolean> {
    const r = await trx.insertInto('attendee_score_entries').values(row)
      .onConflict((oc) => oc.columns(['insight_id', 'activity_id']).doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async insertEntries(rows: readonly NewRow<'attendee_score_entries'>[], trx: Transaction<Database>): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_BATCH) await trx.insertInto('attendee_score_entries').values(rows.slice(i, i + INSERT_BATCH)).execute();
  }

  /** Adds points to the attendee's score in one statement (the row is created on first points), so concurrent activities add up. */
  async addPoints(d: ScoreDelta, trx: Transaction<Database>): Promise<void> {
    await trx.insertInto('attendee_scores').values({
      id: d.id, account_id: d.accountId, insight_id: d.insightId, event_id: d.eventId, attendee_id: d.attendeeId,
      points: d.points, activity_count: d.activities, created: d.now, last_modified: d.now,
    }).onConflict((oc) => oc.columns(['insight_id', 'attendee_id']).doUpdateSet((eb) => ({
      points: eb('attendee_scores.points', '+', eb.ref('excluded.points')),
      activity_count: eb('attendee_scores.activity_count', '+', eb.ref('excluded.activity_count')),
      last_modified: eb.ref('excluded.last_modified'),
    }))).execute();
  }

  async insertScores(rows: readonly ScoreDelta[], trx: Transaction<Database>): Promise<void> {
    const values = rows.map((d) => ({
      id: d.id, account_id: d.accountId, insight_id: d.insightId, event_id: d.eventId, attendee_id: d.attendeeId,
      points: d.points, activity_count: d.activities, created: d.now, last_modified: d.now,
    }));
    for (let i = 0; i < values.length; i += INSERT_BATCH) await trx.insertInto('attendee_scores').values(values.slice(i, i + INSERT_BATCH)).execute();
  }

  /** The scores of one engagement score with their ranks (competition ranking: 1, 2, 2, 4). */
  listScores(accountId: string, insightId: string, spec: ListSpec) {
    const ranked = this.db.selectFrom('attendee_scores').selectAll('attendee_scores')
      .select([
        sql<number>`(select count(*) from attendee_scores hi where hi.insight_id = attendee_scores.insight_id and hi.points > attendee_scores.points) + 1`.as('rank'),
        sql<number>`0 - attendee_scores.points`.as('neg_points'),
      ])
      .where('attendee_scores.account_id', '=', accountId).where('attendee_scores.insight_id', '=', insightId);
    return fetchPage(this.db.selectFrom(ranked.as('s')).selectAll('s'), spec);
  }

  /** A read-only view of one moment (PostgreSQL: repeatable read; SQLite: a transaction reads one snapshot). */
  snapshot<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const t = this.db.transaction();
    return (this.dialect === 'postgres' ? t.setIsolationLevel('repeatable read') : t).execute(fn);
  }

  async totals(accountId: string, insightId: string, ex: Executor = this.db) {
    const row = await ex.selectFrom('attendee_scores')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('attendees'),
        eb.fn.sum<number | string | null>('points').as('points'),
        eb.fn.sum<number | string | null>('activity_count').as('activities'),
        eb.fn.max<number | null>('points').as('highest'),
        eb.fn.min<number | null>('points').as('lowest'),
      ])
      .where('account_id', '=', accountId).where('insight_id', '=', insightId).executeTakeFirst();
    return {
      attendees: Number(row?.attendees ?? 0), points: Number(row?.points ?? 0), activities: Number(row?.activities ?? 0),
      highest: Number(row?.highest ?? 0), lowest: Number(row?.lowest ?? 0),
    };
  }

  /** How many scores fall in each bucket `floor((points - lowest) / width)`. */
  async buckets(accountId: string, insightId: string, lowest: number, width: number, ex: Executor = this.db) {
    // Literals, not parameters: PostgreSQL matches the GROUP BY expression to the selected one only when they are the same text.
    const bucket = sql<number>`(attendee_scores.points - ${sql.lit(Math.trunc(lowest))}) / ${sql.lit(Math.max(1, Math.trunc(width)))}`;
    const rows = await ex.selectFrom('attendee_scores')
      .select([bucket.as('bucket'), sql<number | string>`count(*)`.as('n')])
      .where('account_id', '=', accountId).where('insight_id', '=', insightId)
      .groupBy(bucket).execute();
    return rows.map((r) => ({ bucket: Number(r.bucket), count: Number(r.n) }));
  }

  /** Points and activities per action of the score, most points first. */
  async actionTotals(accountId: string, insightId: string, limit: number, ex: Executor = this.db) {
    const rows = await ex.selectFrom('attendee_score_entries')
      .select((eb) => ['action_type', 'action_name', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('points').as('points')])
      .where('account_id', '=', accountId).where('insight_id', '=', insightId)
      .groupBy(['action_type', 'action_name'])
      .orderBy(sql`sum(points)`, 'desc').orderBy('action_type').orderBy('action_name')
      .limit(limit).execute();
    return rows.map((r) => ({ type: r.action_type, name: r.action_name, activities: Number(r.n), points: Number(r.points) }));
  }

  listEntries(accountId: string, insightId: string, attendeeId: string, spec: ListSpec) {
    const base = this.db.selectFrom('attendee_score_entries').selectAll('attendee_score_entries')
      .where('attendee_score_entries.account_id', '=', accountId).where('attendee_score_entries.insight_id', '=', insightId)
      .where('attendee_score_entries.attendee_id', '=', attendeeId);
    return fetchPage(base, spec);
  }
}
