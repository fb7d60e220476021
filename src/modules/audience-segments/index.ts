import { defineModule, type ModuleDeps } from '../module.js';
import { segmentsErasers } from './audience-segments.erasers.js';
import { SegmentsRepository } from './audience-segments.repository.js';
import { segmentsRoutes } from './audience-segments.routes.js';
import { SegmentsService, type SegmentsUses } from './audience-segments.service.js';

export { SegmentsService };
export type { Segment, SegmentMember } from './audience-segments.schemas.js';

/** Audience segments (the reference's Audience Segments tag): groups of an event's attendees, with membership both ways. */
export function createAudienceSegmentsModule(deps: ModuleDeps, uses: SegmentsUses) {
  const repo = new SegmentsRepository(deps.db.db);
  const audienceSegments = new SegmentsService(repo, uses, deps.config, deps.clock);
  return defineModule({ name: 'audience-segments', services: { audienceSegments }, routes: segmentsRoutes(audienceSegments), erasers: segmentsErasers() });
}
