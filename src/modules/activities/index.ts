import type { AttendeesService } from '../attendees/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { activitiesErasers } from './activities.erasers.js';
import { ActivitiesRepository } from './activities.repository.js';
import { activitiesRoutes } from './activities.routes.js';
import { ActivitiesService } from './activities.service.js';
import { ExternalMetadataService } from './metadata.service.js';

export { ActivitiesService, ExternalMetadataService };
export { PURGE_JOB as ACTIVITIES_PURGE_JOB, RETENTION_YEARS, retentionCutoff, type ActivityListener, type ActivityReporter } from './activities.service.js';
export { BUILT_IN_ACTIVITIES, defaultActivityName, externalData, type ActivityData, type ActivityReport, type JsonValue, type RecordedActivity } from './activities.types.js';
export { ACTIVITY_TYPES, EXTERNAL_TYPES, type ActivityType, type ExternalType } from './activities.table.js';
export type { Activity } from './activities.schemas.js';

/**
 * Attendee activities: the journal every module reports to through
 * `ActivitiesService.record` (never its table), external activities and their
 * metadata, and the 2-year retention purge.
 */
export function createActivitiesModule(deps: ModuleDeps, uses: { attendees: AttendeesService }) {
  const repo = new ActivitiesRepository(deps.db.db);
  const activities = new ActivitiesService(repo, uses.attendees, deps.jobs, deps.config, deps.clock);
  const activityMetadata = new ExternalMetadataService(repo, deps.config, deps.clock);
  return defineModule({
    name: 'activities',
    services: { activities, activityMetadata },
    routes: activitiesRoutes(activities, activityMetadata),
    jobHandlers: activities.purgeJob.handlers,
    erasers: activitiesErasers(repo, uses.attendees),
    // Retention (2 years) is enforced by an hourly job that reschedules itself.
    start: activities.purgeJob.schedule,
  });
}
