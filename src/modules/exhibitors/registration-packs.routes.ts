import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { ExhibitorParamsSchema } from './exhibitors.schemas.js';
import { PackParamsSchema, RegistrationPackInputSchema, RegistrationPackListSchema, RegistrationPackSchema } from './registration-packs.schemas.js';
import type { RegistrationPacksService } from './registration-packs.service.js';

export function registrationPacksRoutes(packs: RegistrationPacksService) {
  return operations((op) => {
    op('postRegistrationPack', {
      description: 'Reserves registrations of the event\'s registration types for the exhibitor. `event.id` and `exhibitor.id` must be the path\'s, '
        + 'each registration type one of the event\'s and given once (400). An exhibitor has one pack (409 for a second).',
      params: ExhibitorParamsSchema, body: RegistrationPackInputSchema, response: { 201: RegistrationPackSchema },
    }, async ({ auth, params, body }) => packs.create(auth, params.id, params.exhibitorId, body));

    op('getExhibitorRegistrationPacks', {
      description: 'The exhibitor\'s registration pack (none or one), each capacity with what is available: reserved minus the exhibitor\'s booth staff '
        + 'whose attendee holds that registration type.',
      params: ExhibitorParamsSchema, response: { 200: RegistrationPackListSchema },
    }, async ({ auth, params }) => packs.list(auth.accountId, params.id, params.exhibitorId));

    op('getRegistrationPack', {
      description: 'The registration types allocated to the exhibitor, with what each has left.',
      params: PackParamsSchema, response: { 200: RegistrationPackSchema },
    }, async ({ auth, params }) => packs.get(auth.accountId, params.id, params.exhibitorId, params.registrationPackId));

    op('updateRegistrationPack', {
      description: 'Replaces the capacities. A reserved capacity below the booth staff already holding that registration type is refused (400).',
      params: PackParamsSchema, body: RegistrationPackInputSchema, response: { 200: RegistrationPackSchema },
    }, async ({ auth, params, body }) => packs.update(auth, params.id, params.exhibitorId, params.registrationPackId, body));

    op('deleteRegistrationPack', {
      description: 'Deletes the pack; refused (409) while the exhibitor has booth staff.',
      params: PackParamsSchema, response: { 204: Type.Null({ description: 'Successfully deleted the registration pack.' }) },
    }, async ({ auth, params }) => packs.delete(auth, params.id, params.exhibitorId, params.registrationPackId).then(() => null));
  });
}
