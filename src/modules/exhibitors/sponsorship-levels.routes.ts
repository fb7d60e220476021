import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { EventParamsSchema } from './exhibitors.schemas.js';
import { LevelParamsSchema, SponsorshipLevelInputSchema, SponsorshipLevelListSchema, SponsorshipLevelSchema } from './sponsorship-levels.schemas.js';
import type { SponsorshipLevelsService } from './sponsorship-levels.service.js';

// DESIGN rule 11: the reference only reads sponsorship levels; eventline's writes are documented extensions.
const EXTENSION_NOTE = 'eventline extension (the reference only reads sponsorship levels), under exhibitor/sponsorship-levels:write.';

export function sponsorshipLevelsRoutes(levels: SponsorshipLevelsService) {
  return operations((op) => {
    op('getSponsorshipLevels', {
      description: 'All the sponsorship levels of the event (not paged: an event has a handful), by rank (unranked last), then name.',
      params: EventParamsSchema, response: { 200: SponsorshipLevelListSchema },
    }, async ({ auth, params }) => levels.list(auth.accountId, params.id));

    op('getSponsorshipLevel', { description: 'One sponsorship level of the event.', params: LevelParamsSchema, response: { 200: SponsorshipLevelSchema } },
      async ({ auth, params }) => levels.get(auth.accountId, params.id, params.sponsorshipLevelId));

    op('createSponsorshipLevel', {
      description: `${EXTENSION_NOTE} Creates a sponsorship level (Gold, Silver...) that exhibitors then name in \`sponsorshipLevel.id\`. \`event.id\` must be the path's.`,
      params: EventParamsSchema, body: SponsorshipLevelInputSchema, response: { 201: SponsorshipLevelSchema },
    }, async ({ auth, params, body }) => levels.create(auth, params.id, body));

    op('updateSponsorshipLevel', {
      description: `${EXTENSION_NOTE} Renames or re-ranks the level (a rank left out is cleared).`,
      params: LevelParamsSchema, body: SponsorshipLevelInputSchema, response: { 200: SponsorshipLevelSchema },
    }, async ({ auth, params, body }) => levels.update(auth, params.id, params.sponsorshipLevelId, body));

    op('deleteSponsorshipLevel', {
      description: `${EXTENSION_NOTE} Deletes a level no exhibitor holds (409 otherwise: give those exhibitors another level first).`,
      params: LevelParamsSchema, response: { 204: Type.Null({ description: 'Successfully deleted the sponsorship level.' }) },
    }, async ({ auth, params }) => levels.delete(auth, params.id, params.sponsorshipLevelId).then(() => null));
  });
}
