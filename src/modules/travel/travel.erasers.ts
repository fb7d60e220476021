import { ERASED_BY, redactMentions, storedForms, type Eraser } from '../privacy/index.js';
import type { EventTravelService } from './event-travel.service.js';
import type { TravelRepository } from './travel.repository.js';

// What stays of an erased traveller's request: what was booked and what it cost (the event's travel budget), never
// who travelled, their documents, flights, dates of birth, requests, memos or answers.
const KEPT_OF_AIR_ACTUAL = ['totalAmount', 'currencyCode', 'journeyType'];
const KEPT_OF_HOTEL_REQUEST = ['hotelName', 'hotelCode', 'roomName', 'roomCode', 'quantity', 'totalAmount', 'currencyCode', 'hotelAddress', 'cancelled'];

function keep(details: string, keys: readonly string[]): string {
  const d = JSON.parse(details) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(keys.filter((k) => d[k] !== undefined).map((k) => [k, d[k]])));
}

const MENTIONS = {
  travel_air_requests: ['requester_first_name', 'requester_last_name', 'details', 'answers'],
  travel_air_actuals: ['name', 'details', 'answers'],
  travel_hotel_requests: ['requester_first_name', 'requester_last_name', 'details', 'answers'],
  travel_alternate_answers: ['answer'],
} as const;

/**
 * An event's travel is its travellers': the requests, actuals and answers of an erased contact's attendees lose the
 * traveller's names, details and answers (an actual or hotel request keeps what was booked and its price); any other
 * traveller's request that quotes the contact (a roommate, a memo) has the contact's values redacted.
 */
export function travelErasers(repo: TravelRepository, travel: EventTravelService): Eraser[] {
  const erased = (now: string) => ({ last_modified: now, last_modified_by: ERASED_BY });
  return [
    {
      place: 'event travel of the contacts\' attendees',
      columns: [
        'travel_air_requests.requester_first_name', 'travel_air_requests.requester_last_name', 'travel_air_requests.details', 'travel_air_requests.answers',
        'travel_air_actuals.name', 'travel_air_actuals.details', 'travel_air_actuals.answers',
        'travel_hotel_requests.requester_first_name', 'travel_hotel_requests.requester_last_name', 'travel_hotel_requests.details', 'travel_hotel_requests.answers',
        'travel_alternate_answers.answer',
      ],
      async erase(trx, s, now) {
        const attendees = await travel.attendeesOf(s.accountId, s.contactIds, trx);
        if (attendees.length === 0) return 0;
        let n = 0;
        for (const r of await repo.airRequestsOf(s.accountId, attendees, trx)) {
          await repo.eraseAirRequest(s.accountId, r.id, { requester_first_name: '', requester_last_name: '', details: '{}', answers: '[]', ...erased(now) }, trx);
          n += 1;
        }
        for (const r of await repo.airActualsOf(s.accountId, attendees, trx)) {
          await repo.eraseAirActual(s.accountId, r.id, { name: '', details: keep(r.details, KEPT_OF_AIR_ACTUAL), answers: '[]', ...erased(now) }, trx);
          n += 1;
        }
        for (const r of await repo.hotelRequestsOf(s.accountId, attendees, trx)) {
          await repo.eraseHotelRequest(s.accountId, r.id, {
            requester_first_name: '', requester_last_name: '', details: keep(r.details, KEPT_OF_HOTEL_REQUEST), answers: '[]', ...erased(now),
          }, trx);
          n += 1;
        }
        return n + await repo.clearAlternatesOf(s.accountId, attendees, { answer: '[]', ...erased(now) }, trx);
      },
    },
    ...Object.entries(MENTIONS).map(([table, columns]): Eraser => ({
      place: `${table} mentioning the contacts`,
      columns: [],
      mentions: columns.map((c) => `${table}.${c}`),
      erase: (trx, s, now) => redactMentions(trx, { table, columns, audited: true }, s.accountId, storedForms(s.identifying), now),
    })),
  ];
}
