import { operations } from '../../http/operations.js';
import { REGISTRATION_TYPE_FILTER_FIELDS, type RegistrationTypesService } from './registration-types.service.js';
import {
  EventParamsSchema, RegistrationTypeCreateSchema, RegistrationTypePageSchema, RegistrationTypeParamsSchema, RegistrationTypeSchema, RegistrationTypesQuerySchema,
  RegistrationTypeUpdateSchema,
} from './registration-types.schemas.js';

export function registrationTypesRoutes(types: RegistrationTypesService) {
  return operations((op) => {
    op.list('listRegistrationTypes', {
      description: 'The registration types of the event (Member, Exhibitor, VIP...), in creation order. Attendees carry one (`registrationType.id`); '
        + 'exhibitors\' registration packs reserve capacity of them.',
      params: EventParamsSchema, query: RegistrationTypesQuerySchema, page: RegistrationTypePageSchema,
      filters: REGISTRATION_TYPE_FILTER_FIELDS, list: (auth, query, params) => types.list(auth.accountId, params.id, query),
    });

    // DESIGN rule 11: the reference has no operation that creates a registration type.
    op('createRegistrationType', {
      description: 'eventline extension (the reference reads and updates registration types but has no operation that creates one). '
        + 'Name, code, description and virtual are set here once: the reference\'s update treats them as read-only. Capacity is unlimited (-1) unless given.',
      params: EventParamsSchema, body: RegistrationTypeCreateSchema, response: { 201: RegistrationTypeSchema },
    }, async (request) => types.create(request.auth, request.params.id, request.body));

    op('updateRegistrationType', {
      description: 'Updates a registration type of the event: `openForRegistration`, `automaticOpenDate`, `automaticEndDate` (a date left out is cleared) '
        + 'and `capacity.total`. The reference marks the other fields read-only: they are accepted and ignored. `id` must be the path\'s (400). '
        + 'An unknown registration type is 404: create one with the POST extension.',
      params: RegistrationTypeParamsSchema, body: RegistrationTypeUpdateSchema, response: { 200: RegistrationTypeSchema },
    }, async (request) => types.update(request.auth, request.params.id, request.params.registrationTypeId, request.body));
  });
}
