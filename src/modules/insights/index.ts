import type { ActivitiesService } from '../activities/index.js';
import type { EventsService } from '../events/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { InsightsRepository } from './insights.repository.js';
import { insightsRoutes } from './insights.routes.js';
import { InsightsService } from './insights.service.js';

export { InsightsService };
export { matchAction } from './scoring.js';
export type { Action, Insight, InsightCreate, Score, Stats } from './insights.schemas.js';

/**
 * Engagement scores (attendee insights). Scoring listens to the activities
 * journal: each activity is scored in the transaction that records it, so a
 * score is never behind its activities and never counts one twice. Scores
 * hold ids and numbers only, so there is nothing to erase here.
 */
export function createInsightsModule(deps: ModuleDeps, uses: { activities: ActivitiesService; events: EventsService }) {
  const insights = new InsightsService(new InsightsRepository(deps.db.db, deps.db.dialect), uses.activities, uses.events, deps.config, deps.clock);
  uses.activities.onRecorded((activity, trx) => insights.score(activity, trx));
  return defineModule({
    name: 'insights',
    services: { insights },
    routes: insightsRoutes(insights),
  });
}
