import type { EventsService } from '../events/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { EventFeaturesRepository } from './event-features.repository.js';
import { eventFeaturesRoutes } from './event-features.routes.js';
import { EventFeaturesService } from './event-features.service.js';

export { EventFeaturesService };
export { ENABLED_BY_DEFAULT, type FeatureLaunches } from './event-features.service.js';
export type { EventFeature, Weblink } from './event-features.schemas.js';
export type { FeatureType, LaunchType } from './event-features.table.js';

/** Event features: enabled, disabled and launched per event; the event's weblinks. No personal data, so no erasers. */
export function createEventFeaturesModule(deps: ModuleDeps, uses: { events: EventsService }) {
  const eventFeatures = new EventFeaturesService(new EventFeaturesRepository(deps.db.db), uses.events, deps.config, deps.clock);
  return defineModule({
    name: 'event-features',
    services: { eventFeatures },
    routes: eventFeaturesRoutes(eventFeatures),
  });
}
