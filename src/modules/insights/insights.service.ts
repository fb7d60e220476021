import type { Transaction } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { actorName, type AuthContext } from '../../actor.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { ActivitiesService, RecordedActivity } from '../activities/index.js';
import type { EventsService } from '../events/index.js';
import { InsightErrors } from './insights.errors.js';
import { entriesList, INSIGHTS_LIST, scoresList, type RankedScoreRow } from './insights.filters.js';
import type { InsightsRepository, ScoreDelta } from './insights.repository.js';
import {
  ActionsSchema, type Action, type Entry, type Insight, type InsightCreate, type InsightUpdate, type Score, type Stats,
} from './insights.schemas.js';
import type { Row, NewRow } from '../../db/types.js';
import { bucketWidth, duplicateAction, matchAction } from './scoring.js';

const actionsColumn = jsonColumn('attendee_insights.actions', ActionsSchema);
const BUCKETS = 5;
const TOP_ACTIONS = 5;

function toInsight(r: Row<'attendee_insights'>): Insight {
  return {
    id: r.id, name: r.name, ...(r.description !== null ? { description: r.description } : {}), event: { id: r.event_id }, default: r.is_default === 1,
    actions: actionsColumn(r.actions), created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
  };
}

const toScore = (r: RankedScoreRow): Score => ({
  attendee: { id: r.attendee_id }, event: { id: r.event_id }, points: Number(r.points), rank: Number(r.rank), activityCount: Number(r.activity_count),
  created: r.created, lastModified: r.last_modified,
});

const toEntry = (r: Row<'attendee_score_entries'>): Entry => ({
  activity: { id: r.activity_id, type: r.activity_type, name: r.activity_name, time: r.time },
  action: { type: r.action_type, ...(r.action_name !== null ? { name: r.action_name } : {}) }, points: r.points, created: r.created,
});

function checkActions(actions: readonly Action[]): void {
  const twice = duplicateAction(actions);
  if (twice) {
    throw InsightErrors.invalidInsight(`Two actions match ${twice.type}${twice.name !== undefined ? ` named '${twice.name}'` : ''}: give each type (or type and name) once`, { target: 'actions' });
  }
}

/** The entry of an activity that earned points through an action. */
function entryOf(insight: Pick<Row<'attendee_insights'>, 'id' | 'account_id'>, a: RecordedActivity, action: Action, now: string): NewRow<'attendee_score_entries'> {
  return {
    id: newId(), account_id: insight.account_id, insight_id: insight.id, attendee_id: a.attendeeId, activity_id: a.id, activity_type: a.type,
    activity_name: a.name, action_type: action.type, action_name: action.name ?? null, points: action.points, time: a.time, created: now,
  };
}

/**
 * Engagement scores (the reference's attendee insights). Scoring is
 * incremental: each activity, as it is recorded and in its transaction, adds
 * its points to the attendee's score in every score of its event that has a
 * matching action. Only creating a score or changing its actions recomputes
 * that score, from the event's activities.
 */
export class InsightsService {
  constructor(
    private readonly repo: InsightsRepository,
    private readonly activities: Pick<ActivitiesService, 'scanEvent'>,
    private readonly events: Pick<EventsService, 'find'>,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
  ) {}

  private href(path: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/attendee-insights${path}`;
  }

  /** The activities module's listener: runs in the transaction that records the activity. */
  async score(activity: RecordedActivity, trx: Transaction<Database>): Promise<void> {
    await this.repo.lockEvent(activity.eventId, 'shared', trx);
    const insights = await this.repo.insightsOfEvent(activity.accountId, activity.eventId, trx);
    if (insights.length === 0) return;
    const now = iso(this.clock());
    for (const insight of insights) {
      const action = matchAction(actionsColumn(insight.actions), activity);
      if (!action) continue;
      if (!(await this.repo.insertEntry(entryOf(insight, activity, action, now), trx))) continue;
      await this.repo.addPoints({
        id: newId(), accountId: insight.account_id, insightId: insight.id, eventId: insight.event_id, attendeeId: activity.attendeeId,
        points: action.points, activities: 1, now,
      }, trx);
    }
  }

  /** Recomputes one score from scratch from its event's activities (creating a score, changing its actions). */
  private async rebuild(insight: Pick<Row<'attendee_insights'>, 'id' | 'account_id' | 'event_id'>, actions: readonly Action[], trx: Transaction<Database>): Promise<void> {
    await this.repo.clearScores(insight.account_id, insight.id, trx);
    const now = iso(this.clock());
    const totals = new Map<string, ScoreDelta>();
    await this.activities.scanEvent(insight.account_id, insight.event_id, trx, async (batch) => {
      const entries: NewRow<'attendee_score_entries'>[] = [];
      for (const a of batch) {
        const action = matchAction(actions, a);
        if (!action) continue;
        entries.push(entryOf(insight, a, action, now));
        const t = totals.get(a.attendeeId);
        totals.set(a.attendeeId, {
          id: t?.id ?? newId(), accountId: insight.account_id, insightId: insight.id, eventId: insight.event_id, attendeeId: a.attendeeId,
          points: (t?.points ?? 0) + action.points, activities: (t?.activities ?? 0) + 1, now,
        });
      }
      await this.repo.insertEntries(entries, trx);
    });
    await this.repo.insertScores([...totals.values()], trx);
  }

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Insight[] }> {
    return listPage(INSIGHTS_LIST, query, (spec) => this.repo.listInsights(accountId, spec), toInsight, this.href(''));
  }

  private async row(accountId: string, id: string, trx?: Transaction<Database>): Promise<Row<'attendee_insights'>> {
    const row = await this.repo.findInsight(accountId, id.toLowerCase(), trx);
    if (!row) throw InsightErrors.insightNotFound();
    return row;
  }

  async get(accountId: string, id: string): Promise<Insight> {
    return toInsight(await this.row(accountId, id));
  }

  /** eventline extension: defines a score for an event and computes it from the activities recorded so far. */
  async create(auth: AuthContext, input: InsightCreate): Promise<Insight> {
    checkActions(input.actions);
    return this.repo.transaction(async (trx) => {
      const event = await this.events.find(auth.accountId, input.event.id.toLowerCase(), trx);
      if (!event) throw InsightErrors.eventNotFound(undefined, { target: 'event.id' });
      await this.repo.lockEvent(event.id, 'exclusive', trx);
      const first = (await this.repo.insightsOfEvent(auth.accountId, event.id, trx)).length === 0;
      const now = iso(this.clock());
      const row: Row<'attendee_insights'> = {
        id: newId(), account_id: auth.accountId, event_id: event.id, name: input.name, description: input.description ?? null,
        is_default: first || input.default === true ? 1 : 0, actions: JSON.stringify(input.actions),
        created: now, last_modified: now, created_by: actorName(auth), last_modified_by: actorName(auth),
      };
      await this.repo.insertInsight(row, trx);
      if (row.is_default === 1) await this.repo.clearDefault(auth.accountId, event.id, row.id, trx);
      await this.rebuild(row, input.actions, trx);
      return toInsight(row);
    });
  }

  /** eventline extension: renames or redefines a score; new actions recompute it. */
  async update(auth: AuthContext, id: string, input: InsightUpdate): Promise<Insight> {
    checkActions(input.actions);
    return this.repo.transaction(async (trx) => {
      const existing = await this.row(auth.accountId, id, trx);
      if (input.event !== undefined && input.event.id.toLowerCase() !== existing.event_id) {
        throw InsightErrors.invalidInsight('The event of an engagement score cannot change; create one for the other event', { target: 'event.id' });
      }
      await this.repo.lockEvent(existing.event_id, 'exclusive', trx);
      const actions = JSON.stringify(input.actions);
      const patch = {
        name: input.name, description: input.description ?? null, actions,
        ...(input.default !== undefined ? { is_default: input.default ? 1 : 0 } : {}),
        last_modified: iso(this.clock()), last_modified_by: actorName(auth),
      };
      await this.repo.updateInsight(auth.accountId, existing.id, patch, trx);
      if (patch.is_default === 1) await this.repo.clearDefault(auth.accountId, existing.event_id, existing.id, trx);
      if (actions !== existing.actions) await this.rebuild(existing, input.actions, trx);
      return toInsight({ ...existing, ...patch });
    });
  }

  /** eventline extension: deletes a score with its points (the activities stay). */
  async delete(accountId: string, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const existing = await this.row(accountId, id, trx);
      await this.repo.lockEvent(existing.event_id, 'exclusive', trx);
      await this.repo.deleteInsight(accountId, existing.id, trx);
    });
  }

  async scores(accountId: string, id: string, query: ListQuery): Promise<{ paging: Paging; data: Score[] }> {
    const insight = await this.row(accountId, id);
    return listPage(scoresList(insight.id), query, (spec) => this.repo.listScores(accountId, insight.id, spec), toScore, this.href(`/${insight.id}/scores`));
  }

  /** The reference's summary, and (eventline) the distribution and the actions that earned the most. All read from the scores themselves. */
  async stats(accountId: string, id: string): Promise<Stats> {
    const insight = await this.row(accountId, id);
    // One transaction: the totals, buckets and actions describe the same moment.
    return this.repo.snapshot(async (trx) => {
      const t = await this.repo.totals(accountId, insight.id, trx);
      const width = bucketWidth(t.lowest, t.highest, BUCKETS);
      const buckets = t.attendees === 0 ? [] : await this.repo.buckets(accountId, insight.id, t.lowest, width, trx);
      const counts = new Map(buckets.map((b) => [b.bucket, b.count]));
      const bucketCount = t.attendees === 0 ? 0 : Math.floor((t.highest - t.lowest) / width) + 1;
      const distribution = Array.from({ length: bucketCount }, (_, i) => ({
        minPoints: t.lowest + i * width, maxPoints: Math.min(t.highest, t.lowest + (i + 1) * width - 1), attendeeCount: counts.get(i) ?? 0,
      }));
      const topActions = (await this.repo.actionTotals(accountId, insight.id, TOP_ACTIONS, trx))
        .map((a) => ({ type: a.type, ...(a.name !== null ? { name: a.name } : {}), activityCount: a.activities, points: a.points }));
      return {
        averageAttendeeScore: t.attendees === 0 ? 0 : Math.round(t.points / t.attendees), attendeeCount: t.attendees, activityCount: t.activities,
        totalPoints: t.points, highestScore: t.highest, lowestScore: t.lowest, distribution, topActions,
      };
    });
  }

  /** eventline extension: which activities earned an attendee's points in this score, and how many each. */
  async explain(accountId: string, id: string, attendeeId: string, query: ListQuery): Promise<{ paging: Paging; data: Entry[] }> {
    const insight = await this.row(accountId, id);
    const attendee = attendeeId.toLowerCase();
    return listPage(entriesList(insight.id, attendee), query, (spec) => this.repo.listEntries(accountId, insight.id, attendee, spec), toEntry,
      this.href(`/${insight.id}/scores/${attendee}/activities`));
  }
}
