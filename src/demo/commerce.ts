import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

/**
 * The demo event's money (issue 30): a pass, a workshop seat, a donation, a membership and a service fee; an early-bird
 * discount code for the pass; orders of the first three attendees (one paid in full, one paid in part, one unpaid);
 * and a continuing-education credit.
 */
export async function seedDemoCommerce(services: Services, input: { accountId: string; plannerId: string; eventId: string }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const commerce = services.commerce;
  const { eventId } = input;
  const pass = await commerce.createItem(auth, eventId, 'AdmissionItem', { name: 'Full conference pass', code: 'FULL', amount: 499, description: 'All sessions, both days' });
  const workshop = await commerce.createItem(auth, eventId, 'QuantityItem', { name: 'Hands-on workshop seat', amount: 75, capacity: 40, maximumItemsPerInvitee: 2 });
  const donation = await commerce.createItem(auth, eventId, 'DonationItem', { name: 'Student scholarship fund', amount: 5 });
  await commerce.createItem(auth, eventId, 'MembershipItem', { name: 'Community membership', code: 'MEMBER', amount: 60, duration: 'OneYear' });
  const fee = await commerce.createItem(auth, eventId, 'FeeItem', { name: 'Processing fee', amount: 4.99 });
  const early = await commerce.createDiscount(auth, eventId, {
    type: 'DISCOUNT_CODE', name: 'Early bird', code: 'EARLYBIRD', method: { type: 'BY_PERCENTAGE', value: 15 }, capacity: { total: 50 }, note: 'First fifty registrations',
  });
  await commerce.linkAgendaItem(auth, eventId, early.id, pass.id);
  const people = (await services.attendees.list(input.accountId, { filter: `event.id eq '${eventId}'`, limit: 3 })).data;
  const [first, second, third] = people;
  if (first) {
    await commerce.createOrder(auth, eventId, {
      attendee: { id: first.id },
      items: [{ product: { id: pass.id }, discountCode: 'EARLYBIRD' }, { product: { id: workshop.id }, quantity: 2 }, { product: { id: fee.id } }],
    });
    await commerce.createTransaction(auth, eventId, false, { attendee: { id: first.id }, paymentType: 'Offline Charge', paymentMethod: 'Check', date: new Date().toISOString(), referenceNumber: 'CHK-2041' });
    await commerce.createCredit(auth, { attendee: { id: first.id }, creditType: { id: '0190a1b2-0000-7000-8000-0000000000ce' }, amount: 6.5 });
  }
  if (second) {
    await commerce.createOrder(auth, eventId, { attendee: { id: second.id }, items: [{ product: { id: pass.id } }, { product: { id: donation.id }, amount: 25 }, { product: { id: fee.id } }] });
    await commerce.createTransaction(auth, eventId, true, {
      attendee: { id: second.id }, paymentType: 'Offline Charge', paymentMethod: 'Bank Transfer', date: new Date().toISOString(), transactionItems: [{ product: { id: pass.id }, amount: 250 }],
    });
  }
  if (third) await commerce.createOrder(auth, eventId, { attendee: { id: third.id }, items: [{ product: { id: pass.id }, discountCode: 'EARLYBIRD' }] });
}
