import type { Transaction as Trx } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/index.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { ApiError } from '../../errors.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import type { RegistrationTypesService } from '../registration-types/index.js';
import type { SessionsService } from '../sessions/index.js';
import { CommerceErrors } from './commerce.errors.js';
import {
  ADMISSION_ITEMS_LIST, agendaItemsList, ATTENDEE_CREDITS_LIST, discountsList, eventItemsList, feeItemsList, orderItemsList, ordersList, transactionItemsList,
  transactionsList,
} from './commerce.filters.js';
import { discountOf, fromMinor, scaled, toMinor, unscaled, type DiscountMethod } from './commerce.money.js';
import type { AppliedDiscount, CommerceRepository } from './commerce.repository.js';
import type {
  AdmissionItem, AgendaItemLink, AssociateDiscount, AttendeeCredit, AttendeeCreditInput, CardToken, CardTokenInput, Discount, DiscountDetail, DiscountInput,
  DonationItem, FeeItem, ItemInput, MembershipItem, Order, OrderInput, OrderItem, QuantityItem, QuantityUpdate, Transaction, TransactionInput, TransactionItem,
} from './commerce.schemas.js';
import type { ItemKind } from './commerce.table.js';
import { checkCard } from './commerce.cards.js';

/** What the commerce module uses of other modules. */
export interface CommerceUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly attendees: Pick<AttendeesService, 'findInEvent' | 'get'>;
  readonly registrationTypes: Pick<RegistrationTypesService, 'findMany'>;
  readonly sessions: Pick<SessionsService, 'find'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;
type ItemRow = Row<'commerce_items'>;
type OrderItemRow = Row<'commerce_order_items'>;

const opt = <K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } =>
  (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
const text = (v: string | undefined): string | null => (v === undefined || v.trim() === '' ? null : v);
const audit = (r: { created: string; created_by: string; last_modified: string; last_modified_by: string }) =>
  ({ created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by });
const codeFrom = (name: string, max: number) => name.toUpperCase().replace(/[^A-Z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, max).replace(/-$/, '') || 'ITEM';
const parseIds = (json: string): string[] => JSON.parse(json) as string[];
/** The items a discount may be for (the reference's agenda item types that eventline sells). */
const DISCOUNTABLE: ReadonlySet<ItemKind> = new Set(['AdmissionItem', 'MembershipItem', 'QuantityItem']);
const PRODUCT_TYPE: Readonly<Record<ItemKind, OrderItem['product']['type']>> = {
  AdmissionItem: 'AdmissionItem', DonationItem: 'DonationItem', FeeItem: 'RegistrantTypeServiceFee', MembershipItem: 'MembershipItem', QuantityItem: 'QuantityItem',
};
const DETAIL_TYPE: Readonly<Record<DiscountMethod, DiscountDetail['type']>> = { BY_AMOUNT: 'Amount', BY_PERCENTAGE: 'Percentage', FLAT_PRICE: 'FlatPrice' };
const MEMBERSHIP_DURATIONS = ['OneYear', 'ThreeMonths', 'SixMonths', 'NoExpiration'] as const;

/** An order line's amount: its units at their price, less its discounts. */
const lineOrdered = (r: Pick<OrderItemRow, 'price_minor' | 'quantity' | 'discount_minor'>): number => r.price_minor * r.quantity - r.discount_minor;

/**
 * Registration money (issue 30): what an event sells (admission, donation, fee, membership and quantity items),
 * discount codes and the agenda items they are for, orders of attendees with their items and applied discounts, and
 * offline transactions that pay or refund them. Amounts are integer minor units; an order's total is always its
 * items minus their discounts plus its fees, and what transactions paid is kept on each order item.
 */
export class CommerceService {
  constructor(
    private readonly repo: CommerceRepository,
    private readonly uses: CommerceUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private async event(accountId: string, id: string, trx?: Trx<Database>) {
    const event = await this.uses.events.find(accountId, id.toLowerCase(), trx);
    if (!event) throw CommerceErrors.eventNotFound(undefined, { target: 'id' });
    return event;
  }

  private minor(value: number, currency: string, target: string): number {
    const m = toMinor(value, currency);
    if (m === undefined) throw CommerceErrors.invalid(`The amount ${value} has more decimals than ${currency} allows`, { target });
    return m;
  }

  // ---- Items ----

  private itemToApi(r: ItemRow): AdmissionItem | QuantityItem | DonationItem | FeeItem | MembershipItem {
    const common = { id: r.id, name: r.name, ...opt('description', r.description), registrationTypes: parseIds(r.registration_types), openForRegistration: r.open_for_registration === 1 };
    const amount = fromMinor(r.amount_minor, r.currency);
    switch (r.kind) {
      case 'AdmissionItem':
        return { id: r.id, name: r.name, code: r.code, ...opt('description', r.description), allowOptionalSessions: r.allow_optional_sessions === 1, event: { id: r.event_id }, amount, currency: r.currency };
      case 'QuantityItem':
        return { ...common, code: r.code, ...opt('maximumItemsPerInvitee', r.max_per_invitee), ...opt('capacity', r.capacity), amount, currency: r.currency };
      case 'DonationItem':
        return { ...common, code: r.code, ...(r.amount_minor > 0 ? { minimumAmountAllowedPerInvitee: amount } : {}), currency: r.currency };
      case 'FeeItem':
        return {
          id: r.id, name: r.name, amount, currency: r.currency, active: r.open_for_registration === 1, display: true, default: false,
          registrationTypes: parseIds(r.registration_types), ...audit(r),
        };
      case 'MembershipItem':
        return {
          ...common, code: r.code, price: amount, currency: r.currency, renewalType: r.renewal_type ?? 'Anniversary',
          duration: MEMBERSHIP_DURATIONS.find((d) => d === r.duration) ?? 'OneYear',
        };
    }
  }

  /** Lists items of one kind: of an event, or (admission items) of the account. */
  async listItems(accountId: string, kind: ItemKind, eventId: string | undefined, query: ListQuery): Page<ReturnType<CommerceService['itemToApi']>> {
    if (kind === 'AdmissionItem') {
      return listPage(ADMISSION_ITEMS_LIST, query, (spec) => this.repo.listItems(accountId, kind, undefined, spec), (r) => this.itemToApi(r), this.href('admission-items'));
    }
    const event = await this.event(accountId, eventId ?? '');
    const path = { DonationItem: 'donation-items', FeeItem: 'fee-items', MembershipItem: 'membership-items', QuantityItem: 'quantity-items' }[kind];
    const def = kind === 'FeeItem' ? feeItemsList(event.id) : eventItemsList(path, event.id);
    return listPage(def, query, (spec) => this.repo.listItems(accountId, kind, event.id, spec), (r) => this.itemToApi(r), this.href(`events/${event.id}/${path}`));
  }

  async createItem(auth: AuthContext, eventId: string, kind: ItemKind, input: ItemInput): Promise<ReturnType<CommerceService['itemToApi']>> {
    const event = await this.event(auth.accountId, eventId);
    const amount = this.minor(input.amount, event.currency, 'amount');
    if (kind === 'DonationItem' && amount > 0 && amount < (toMinor(0.1, event.currency) ?? 0)) {
      throw CommerceErrors.invalid('A donation\'s minimum is at least 0.1', { target: 'amount' });
    }
    const types = [...new Set((input.registrationTypes ?? []).map((t) => t.toLowerCase()))];
    if (types.length > 0 && (await this.uses.registrationTypes.findMany(auth.accountId, event.id, types)).length !== types.length) {
      throw CommerceErrors.invalid('Unknown registration type of this event', { target: 'registrationTypes' });
    }
    const maxCode = kind === 'MembershipItem' ? 8 : 20;
    if (input.code !== undefined && input.code.length > maxCode) throw CommerceErrors.invalid(`The code has at most ${maxCode} characters`, { target: 'code' });
    const row: ItemRow = {
      id: newId(), account_id: auth.accountId, event_id: event.id, kind, name: input.name, code: input.code ?? codeFrom(input.name, maxCode),
      description: text(input.description), amount_minor: amount, currency: event.currency, capacity: input.capacity ?? null,
      max_per_invitee: input.maximumItemsPerInvitee ?? null, registration_types: JSON.stringify(types), open_for_registration: input.openForRegistration === false ? 0 : 1,
      allow_optional_sessions: input.allowOptionalSessions === true ? 1 : 0, renewal_type: kind === 'MembershipItem' ? input.renewalType ?? 'Anniversary' : null,
      duration: kind === 'MembershipItem' ? input.duration ?? 'OneYear' : null, ...auditStamp(auth, this.clock()).created,
    };
    await this.repo.insertItem(row);
    return this.itemToApi(row);
  }

  /** PUT /quantity-items/{id}: how many of the item the attendee has; within its per-invitee maximum and its capacity. */
  async updateQuantity(auth: AuthContext, itemId: string, input: QuantityUpdate): Promise<QuantityUpdate> {
    if (input.id.toLowerCase() !== itemId.toLowerCase()) throw CommerceErrors.invalid('The body\'s id is not the path\'s quantity item', { target: 'id' });
    return this.repo.transaction(async (trx) => {
      const item = await this.repo.findItem(auth.accountId, itemId.toLowerCase(), trx);
      if (!item || item.kind !== 'QuantityItem') throw CommerceErrors.itemNotFound('Quantity item not found', { target: 'quantityItemId' });
      const attendee = await this.uses.attendees.findInEvent(auth.accountId, item.event_id, input.attendee.id, trx);
      if (!attendee) throw CommerceErrors.invalid('Unknown attendee of the item\'s event', { target: 'attendee.id' });
      if (item.max_per_invitee !== null && input.updatedQuantity > item.max_per_invitee) {
        throw CommerceErrors.invalid(`At most ${item.max_per_invitee} of '${item.name}' per attendee`, { target: 'updatedQuantity' });
      }
      const mine = (await this.repo.findRegistration(auth.accountId, item.id, attendee.id, trx))?.quantity ?? 0;
      const total = await this.repo.registeredQuantity(auth.accountId, item.id, trx);
      if (item.capacity !== null && total - mine + input.updatedQuantity > item.capacity) {
        throw CommerceErrors.invalid(`'${item.name}' has ${Math.max(item.capacity - total + mine, 0)} left`, { target: 'updatedQuantity' });
      }
      const stamp = auditStamp(auth, this.clock()).created;
      await this.repo.saveRegistration({ id: newId(), account_id: auth.accountId, event_id: item.event_id, item_id: item.id, attendee_id: attendee.id, quantity: input.updatedQuantity, ...stamp }, trx);
      return { id: item.id, attendee: { id: attendee.id }, updatedQuantity: input.updatedQuantity, ...opt('sendEmail', input.sendEmail) };
    });
  }

  // ---- Discounts ----

  private methodValue(r: Pick<Row<'commerce_discounts'>, 'method_type' | 'method_value' | 'currency'>): number {
    return r.method_type === 'BY_PERCENTAGE' ? unscaled(r.method_value, 2) : fromMinor(r.method_value, r.currency);
  }

  private discountToApi(r: Row<'commerce_discounts'>): Discount {
    return {
      id: r.id, type: 'DISCOUNT_CODE', level: 'EVENT', name: r.name, code: r.code, active: r.active === 1, stackable: r.stackable === 1,
      method: { type: r.method_type, value: this.methodValue(r) }, ...opt('effectiveFrom', r.effective_from), ...opt('effectiveTo', r.effective_to), ...opt('note', r.note),
      audienceType: r.audience_type === 'PRIMARY' || r.audience_type === 'GUEST' ? r.audience_type : 'ALL',
      capacity: { total: r.capacity_total, used: r.capacity_used }, applyToAllAgendaItems: r.apply_to_all_items === 1, currency: r.currency, ...audit(r),
    };
  }

  async listDiscounts(accountId: string, eventId: string, query: ListQuery): Page<Discount> {
    const event = await this.event(accountId, eventId);
    return listPage(discountsList(event.id), query, (spec) => this.repo.listDiscounts(accountId, event.id, spec), (r) => this.discountToApi(r), this.href(`events/${event.id}/discounts`));
  }

  /** The discount's stored fields from a create or update body; 400 for what eventline cannot keep exactly. */
  private discountFields(input: DiscountInput, currency: string) {
    if (input.type !== 'DISCOUNT_CODE') throw CommerceErrors.invalid('Only DISCOUNT_CODE discounts are supported: volume discounts are not', { target: 'type' });
    const method = input.method.type ?? 'BY_AMOUNT';
    let value: number;
    if (method === 'BY_PERCENTAGE') {
      const v = scaled(input.method.value, 2);
      if (v === undefined || v <= 0 || v > 10000) throw CommerceErrors.invalid('A percentage is above 0 and at most 100, with at most two decimals', { target: 'method.value' });
      value = v;
    } else {
      value = this.minor(input.method.value, currency, 'method.value');
    }
    if (input.effectiveFrom !== undefined && input.effectiveTo !== undefined && input.effectiveFrom > input.effectiveTo) {
      throw CommerceErrors.invalid('effectiveFrom is after effectiveTo', { target: 'effectiveFrom' });
    }
    return {
      name: input.name, code: input.code ?? codeFrom(input.name, 30), method_type: method, method_value: value, active: input.active === false ? 0 : 1,
      stackable: input.stackable === false ? 0 : 1, effective_from: input.effectiveFrom ?? null, effective_to: input.effectiveTo ?? null, note: text(input.note),
      audience_type: input.audienceType ?? 'ALL', capacity_total: input.capacity?.total ?? -1, apply_to_all_items: input.applyToAllAgendaItems === true ? 1 : 0,
    };
  }

  async createDiscount(auth: AuthContext, eventId: string, input: DiscountInput): Promise<Discount> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const fields = this.discountFields(input, event.currency);
      if (await this.repo.findDiscountByCode(auth.accountId, event.id, fields.code, trx)) throw CommerceErrors.invalid(`The event already has a discount code '${fields.code}'`, { target: 'code' });
      const row: Row<'commerce_discounts'> = {
        id: newId(), account_id: auth.accountId, event_id: event.id, kind: 'DISCOUNT_CODE', level: 'EVENT', currency: event.currency, capacity_used: 0, ...fields,
        ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insertDiscount(row, trx);
      return this.discountToApi(row);
    });
  }

  async updateDiscount(auth: AuthContext, eventId: string, discountId: string, input: DiscountInput): Promise<Discount> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const current = await this.repo.findDiscount(auth.accountId, discountId.toLowerCase(), trx);
      if (!current || current.event_id !== event.id) throw CommerceErrors.discountNotFound(undefined, { target: 'discountId' });
      const fields = this.discountFields({ ...input, code: input.code ?? current.code }, event.currency);
      if (fields.code !== current.code && await this.repo.findDiscountByCode(auth.accountId, event.id, fields.code, trx)) {
        throw CommerceErrors.invalid(`The event already has a discount code '${fields.code}'`, { target: 'code' });
      }
      if (fields.capacity_total !== -1 && fields.capacity_total < current.capacity_used) {
        throw CommerceErrors.invalid(`The discount has been used ${current.capacity_used} times: its capacity cannot be less`, { target: 'capacity.total' });
      }
      const patch = { ...fields, ...auditStamp(auth, this.clock()).modified };
      await this.repo.updateDiscount(auth.accountId, current.id, patch, trx);
      return this.discountToApi({ ...current, ...patch });
    });
  }

  private linkToApi(r: Row<'commerce_discount_items'>): AgendaItemLink {
    const type = (['AdmissionItem', 'MembershipItem', 'QuantityItem', 'Session', 'SessionBundle'] as const).find((t) => t === r.item_type) ?? 'Session';
    return { id: r.item_id, type, discount: { id: r.discount_id } };
  }

  async listAgendaItems(accountId: string, eventId: string, query: ListQuery): Page<AgendaItemLink> {
    const event = await this.event(accountId, eventId);
    return listPage(agendaItemsList(event.id), query, (spec) => this.repo.listLinks(accountId, event.id, spec), (r) => this.linkToApi(r),
      this.href(`events/${event.id}/discounts/agenda-items`));
  }

  private async discountOfEvent(accountId: string, eventId: string, discountId: string, trx?: Trx<Database>) {
    const event = await this.event(accountId, eventId, trx);
    const discount = await this.repo.findDiscount(accountId, discountId.toLowerCase(), trx);
    if (!discount || discount.event_id !== event.id) throw CommerceErrors.discountNotFound(undefined, { target: 'discountId' });
    return { event, discount };
  }

  /** Makes the discount apply to an admission, membership or quantity item, or a session, of its event; again changes nothing. */
  async linkAgendaItem(auth: AuthContext, eventId: string, discountId: string, agendaItemId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const { event, discount } = await this.discountOfEvent(auth.accountId, eventId, discountId, trx);
      const id = agendaItemId.toLowerCase();
      const item = await this.repo.findItem(auth.accountId, id, trx);
      let type: string | undefined;
      if (item && item.event_id === event.id && DISCOUNTABLE.has(item.kind)) type = item.kind;
      else if (!item) {
        const session = await this.uses.sessions.find(auth.accountId, id, trx);
        if (session && session.event.id === event.id) type = 'Session';
      }
      if (type === undefined) throw CommerceErrors.agendaItemNotFound('No admission, membership or quantity item, or session, of this event has this id', { target: 'agendaItemId' });
      await this.repo.insertLink({ id: newId(), account_id: auth.accountId, event_id: event.id, discount_id: discount.id, item_id: id, item_type: type, ...auditStamp(auth, this.clock()).created }, trx);
    });
  }

  async unlinkAgendaItem(auth: AuthContext, eventId: string, discountId: string, agendaItemId: string): Promise<void> {
    const { discount } = await this.discountOfEvent(auth.accountId, eventId, discountId);
    if (!(await this.repo.deleteLink(auth.accountId, discount.id, agendaItemId.toLowerCase()))) {
      throw CommerceErrors.agendaItemNotFound('The item is not one of the discount\'s agenda items', { target: 'agendaItemId' });
    }
  }

  // ---- Orders ----

  private detail(a: AppliedDiscount, currency: string, amount: number): DiscountDetail {
    return {
      id: a.discount_id, name: a.name, code: a.code, type: DETAIL_TYPE[a.method_type],
      value: this.methodValue({ method_type: a.method_type, method_value: a.method_value, currency }), amount: fromMinor(amount, currency),
    };
  }

  private orderItemToApi(r: OrderItemRow, order: Pick<Row<'commerce_orders'>, 'type' | 'currency'>, applied: readonly AppliedDiscount[]): OrderItem {
    const c = order.currency;
    const ordered = lineOrdered(r);
    return {
      id: r.id, order: { id: r.order_id, type: order.type as OrderItem['order']['type'] }, event: { id: r.event_id }, attendee: { id: r.attendee_id }, guest: false,
      product: { id: r.item_id, type: PRODUCT_TYPE[r.item_kind] }, ...(r.item_kind === 'FeeItem' ? { fee: { id: r.item_id, name: r.name } } : {}),
      active: true, name: r.name, price: fromMinor(r.price_minor, c), quantity: r.quantity,
      amountOrdered: fromMinor(ordered, c), amountPaid: fromMinor(r.paid_minor, c), amountDue: fromMinor(ordered - r.paid_minor, c),
      discounts: applied.filter((a) => a.order_item_id === r.id).map((a) => this.detail(a, c, a.amount_minor)), deleted: false, currency: c, ...audit(r),
    };
  }

  /** Orders with their items and applied discounts, read in two statements for a page of orders. */
  private async ordersToApi(accountId: string, orders: ReadonlyArray<Row<'commerce_orders'>>, trx?: Trx<Database>): Promise<Order[]> {
    const items = await this.repo.itemsOfOrders(accountId, orders.map((o) => o.id), trx);
    const applied = await this.repo.appliedDiscounts(accountId, items.map((i) => i.id), trx);
    return orders.map((o) => {
      const mine = items.filter((i) => i.order_id === o.id);
      const ordered = mine.reduce((s, i) => s + lineOrdered(i), 0);
      const paid = mine.reduce((s, i) => s + i.paid_minor, 0);
      const totals = new Map<string, { a: AppliedDiscount; amount: number }>();
      for (const a of applied.filter((x) => x.order_id === o.id)) {
        const t = totals.get(a.discount_id);
        if (t) t.amount += a.amount_minor;
        else totals.set(a.discount_id, { a, amount: a.amount_minor });
      }
      return {
        id: o.id, event: { id: o.event_id }, attendee: { id: o.attendee_id }, number: o.number, cancelled: o.cancelled === 1, type: o.type as Order['type'],
        amountOrdered: fromMinor(ordered, o.currency), amountPaid: fromMinor(paid, o.currency), amountDue: fromMinor(ordered - paid, o.currency),
        discounts: [...totals.values()].map((t) => this.detail(t.a, o.currency, t.amount)), ...opt('referenceNumber', o.reference_number), deleted: false,
        currency: o.currency, items: mine.map((i) => this.orderItemToApi(i, o, applied)), ...audit(o),
      };
    });
  }

  async listOrders(accountId: string, eventId: string, query: ListQuery): Page<Order> {
    const event = await this.event(accountId, eventId);
    const page = await listPage(ordersList(event.id), query, (spec) => this.repo.listOrders(accountId, event.id, spec), (r) => r, this.href(`events/${event.id}/orders`));
    return { paging: page.paging, data: await this.ordersToApi(accountId, page.data) };
  }

  async listOrderItems(accountId: string, eventId: string, query: ListQuery): Page<OrderItem> {
    const event = await this.event(accountId, eventId);
    const page = await listPage(orderItemsList(event.id), query, (spec) => this.repo.listOrderItems(accountId, event.id, spec), (r) => r, this.href(`events/${event.id}/orders/items`));
    const applied = await this.repo.appliedDiscounts(accountId, page.data.map((i) => i.id));
    return { paging: page.paging, data: page.data.map((i) => this.orderItemToApi(i, { type: 'Offline Charge', currency: event.currency }, applied)) };
  }

  /**
   * Applies a discount code to an order item, in the order's transaction: refused (400 naming the code) when the code
   * is unknown, inactive, outside its dates, not for the item, used up, already on the item, or not combinable with
   * the item's other discounts. The use is taken by a conditional UPDATE, so N uses are never exceeded.
   */
  private async applyDiscount(trx: Trx<Database>, accountId: string, line: OrderItemRow, code: string, target: string, unknown: 'invalid' | 'notFound'): Promise<OrderItemRow> {
    const discount = await this.repo.findDiscountByCode(accountId, line.event_id, code, trx);
    const refuse = (why: string) => CommerceErrors.discountRefused(`Discount code '${code}' ${why}`, { target });
    if (!discount) {
      if (unknown === 'notFound') throw CommerceErrors.discountNotFound(`The event has no discount code '${code}'`, { target });
      throw refuse('does not exist for this event');
    }
    if (discount.active !== 1) throw refuse('is not active');
    const today = this.clock().toISOString().slice(0, 10);
    if (discount.effective_from !== null && today < discount.effective_from) throw refuse(`is not effective before ${discount.effective_from}`);
    if (discount.effective_to !== null && today > discount.effective_to) throw refuse(`expired on ${discount.effective_to}`);
    const forItem = DISCOUNTABLE.has(line.item_kind) && (discount.apply_to_all_items === 1 || (await this.repo.findLink(accountId, discount.id, line.item_id, trx)) !== undefined);
    if (!forItem) throw refuse(`is not for '${line.name}'`);
    const others = await this.repo.appliedDiscounts(accountId, [line.id], trx);
    if (others.some((a) => a.discount_id === discount.id)) throw refuse(`is already applied to '${line.name}'`);
    if (others.length > 0 && discount.stackable !== 1) throw refuse(`cannot be combined with the other discounts of '${line.name}'`);
    const amount = Math.min(discountOf(discount.method_type, discount.method_value, line.price_minor, line.quantity), lineOrdered(line));
    if (!(await this.repo.claimUse(accountId, discount.id, trx))) throw refuse(`is used up (${discount.capacity_total} uses)`);
    const now = this.clock().toISOString();
    if (!(await this.repo.insertAppliedDiscount({ id: newId(), account_id: accountId, event_id: line.event_id, order_id: line.order_id, order_item_id: line.id, discount_id: discount.id, amount_minor: amount, created: now }, trx))) {
      throw refuse(`is already applied to '${line.name}'`);
    }
    const next = { ...line, discount_minor: line.discount_minor + amount };
    await this.repo.updateOrderItem(accountId, line.id, { discount_minor: next.discount_minor }, trx);
    return next;
  }

  /** An order of an attendee of the event: its items at their prices, each with an optional discount code, in one transaction. */
  async createOrder(auth: AuthContext, eventId: string, input: OrderInput): Promise<Order> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const attendee = await this.uses.attendees.findInEvent(auth.accountId, event.id, input.attendee.id, trx);
      if (!attendee) throw CommerceErrors.invalid('Unknown attendee of this event', { target: 'attendee.id' });
      const stamp = auditStamp(auth, this.clock()).created;
      const id = newId();
      const order: Row<'commerce_orders'> = {
        id, account_id: auth.accountId, event_id: event.id, attendee_id: attendee.id, number: `O-${id.replace(/-/g, '').slice(-12).toUpperCase()}`,
        type: 'Offline Charge', currency: event.currency, cancelled: 0, reference_number: text(input.referenceNumber), ...stamp,
      };
      await this.repo.insertOrder(order, trx);
      for (const [i, line] of input.items.entries()) {
        const target = `items[${i}]`;
        const item = await this.repo.findItem(auth.accountId, line.product.id.toLowerCase(), trx);
        if (!item || item.event_id !== event.id) throw CommerceErrors.invalid('Unknown item of this event', { target: `${target}.product.id` });
        if (item.open_for_registration !== 1) throw CommerceErrors.invalid(`'${item.name}' is not open for registration`, { target: `${target}.product.id` });
        const quantity = line.quantity ?? 1;
        if (item.kind !== 'QuantityItem' && quantity !== 1) throw CommerceErrors.invalid(`Only quantity items are ordered more than once`, { target: `${target}.quantity` });
        if (item.max_per_invitee !== null && quantity > item.max_per_invitee) throw CommerceErrors.invalid(`At most ${item.max_per_invitee} of '${item.name}'`, { target: `${target}.quantity` });
        let price = item.amount_minor;
        if (item.kind === 'DonationItem') {
          if (line.amount === undefined) throw CommerceErrors.invalid('A donation needs its amount', { target: `${target}.amount` });
          price = this.minor(line.amount, event.currency, `${target}.amount`);
          if (price < item.amount_minor || price === 0) throw CommerceErrors.invalid(`The donation is less than the minimum of '${item.name}'`, { target: `${target}.amount` });
        } else if (line.amount !== undefined && this.minor(line.amount, event.currency, `${target}.amount`) !== item.amount_minor) {
          throw CommerceErrors.invalid(`'${item.name}' costs ${fromMinor(item.amount_minor, event.currency)} ${event.currency}`, { target: `${target}.amount` });
        }
        const row: OrderItemRow = {
          id: newId(), account_id: auth.accountId, event_id: event.id, order_id: order.id, attendee_id: attendee.id, item_id: item.id, item_kind: item.kind,
          product_type: PRODUCT_TYPE[item.kind], name: item.name, price_minor: price, quantity, discount_minor: 0, paid_minor: 0, ...stamp,
        };
        await this.repo.insertOrderItem(row, trx);
        if (line.discountCode !== undefined) await this.applyDiscount(trx, auth.accountId, row, line.discountCode, `${target}.discountCode`, 'invalid');
      }
      const [api] = await this.ordersToApi(auth.accountId, [order], trx);
      return api as Order;
    });
  }

  /** PUT .../orders/{orderId}/items/{orderItemId}/discounts/{discountCode}. */
  async associateDiscount(auth: AuthContext, eventId: string, orderId: string, orderItemId: string, code: string, input: AssociateDiscount): Promise<OrderItem> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const order = await this.repo.findOrder(auth.accountId, orderId.toLowerCase(), trx);
      if (!order || order.event_id !== event.id) throw CommerceErrors.orderNotFound(undefined, { target: 'orderId' });
      const line = await this.repo.findOrderItem(auth.accountId, orderItemId.toLowerCase(), trx);
      if (!line || line.order_id !== order.id) throw CommerceErrors.orderItemNotFound(undefined, { target: 'orderItemId' });
      if (input.event.id.toLowerCase() !== event.id || input.order.id.toLowerCase() !== order.id || input.item.id.toLowerCase() !== line.id) {
        throw CommerceErrors.invalid('The body\'s event, order and item are the path\'s', { target: 'item.id' });
      }
      if (this.minor(input.amountOrdered, order.currency, 'amountOrdered') !== lineOrdered(line)) {
        throw CommerceErrors.invalid(`The item's amountOrdered is ${fromMinor(lineOrdered(line), order.currency)}: read it again`, { target: 'amountOrdered' });
      }
      const next = await this.applyDiscount(trx, auth.accountId, line, code, 'discountCode', 'notFound');
      await this.repo.touchOrder(auth.accountId, order.id, auditStamp(auth, this.clock()).modified, trx);
      return this.orderItemToApi(next, order, await this.repo.appliedDiscounts(auth.accountId, [line.id], trx));
    });
  }

  // ---- Transactions ----

  private transactionToApi(r: Row<'commerce_transactions'>, items?: ReadonlyArray<Row<'commerce_transaction_items'>>): Transaction {
    return {
      id: r.id, event: { id: r.event_id }, attendee: { id: r.attendee_id }, orders: parseIds(r.order_ids).map((id) => ({ id })), journalNumber: r.journal_number,
      paymentType: r.payment_type as Transaction['paymentType'], paymentMethod: r.payment_method, success: r.success === 1, date: r.date,
      ...opt('batchNumber', r.batch_number), ...opt('referenceNumber', r.reference_number), amount: fromMinor(r.amount_minor, r.currency), currency: r.currency,
      ...opt('paymentNote', r.payment_note),
      ...(items ? { transactionItems: items.map((i) => ({ product: { id: i.item_id, type: PRODUCT_TYPE[i.item_kind] }, amount: fromMinor(i.amount_minor, i.currency) })) } : {}),
      ...audit(r),
    };
  }

  private transactionItemToApi(r: Row<'commerce_transaction_items'>): TransactionItem {
    return {
      id: r.id, uniqueId: r.unique_id, transaction: { id: r.transaction_id }, event: { id: r.event_id }, attendee: { id: r.attendee_id },
      product: { id: r.item_id, type: PRODUCT_TYPE[r.item_kind] }, orderItem: { id: r.order_item_id }, name: r.name, amount: fromMinor(r.amount_minor, r.currency),
      currency: r.currency, ...audit(r),
    };
  }

  async listTransactions(accountId: string, eventId: string, query: ListQuery): Page<Transaction> {
    const event = await this.event(accountId, eventId);
    return listPage(transactionsList(event.id), query, (spec) => this.repo.listTransactions(accountId, event.id, spec), (r) => this.transactionToApi(r),
      this.href(`events/${event.id}/transactions`));
  }

  async listTransactionItems(accountId: string, eventId: string, query: ListQuery): Page<TransactionItem> {
    const event = await this.event(accountId, eventId);
    return listPage(transactionItemsList(event.id), query, (spec) => this.repo.listTransactionItems(accountId, event.id, spec), (r) => this.transactionItemToApi(r),
      this.href(`events/${event.id}/transactions/items`));
  }

  /**
   * An offline charge or refund of an attendee's orders, in one transaction with what it changes on their items. Without
   * partialPayment it pays all that is due (refunds all that was paid); with it, the amounts of `transactionItems`, each
   * for an item the attendee ordered and at most what is due (paid) on it. What every order item was paid is the sum
   * of its transaction items: transactions balance the orders.
   */
  async createTransaction(auth: AuthContext, eventId: string, partial: boolean, input: TransactionInput): Promise<Transaction> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const attendee = await this.uses.attendees.findInEvent(auth.accountId, event.id, input.attendee.id, trx);
      if (!attendee) throw CommerceErrors.invalid('Unknown attendee of this event', { target: 'attendee.id' });
      let orders = await this.repo.ordersOfAttendee(auth.accountId, event.id, attendee.id, trx);
      if (input.orders !== undefined) {
        const wanted = new Set(input.orders.map((o) => o.id.toLowerCase()));
        orders = orders.filter((o) => wanted.has(o.id));
        if (orders.length !== wanted.size) throw CommerceErrors.invalid('An order is not one of the attendee\'s open orders in this event', { target: 'orders' });
      }
      const lines = await this.repo.itemsOfOrders(auth.accountId, orders.map((o) => o.id), trx);
      const refund = input.paymentType === 'Offline Refund';
      // What each line can take: its due amount (a charge) or what was paid on it (a refund).
      const room = new Map(lines.map((l) => [l.id, refund ? l.paid_minor : lineOrdered(l) - l.paid_minor]));
      const pays: Array<{ line: OrderItemRow; amount: number }> = [];
      if (!partial) {
        for (const l of lines) if ((room.get(l.id) ?? 0) > 0) pays.push({ line: l, amount: room.get(l.id) ?? 0 });
        if (pays.length === 0) throw CommerceErrors.invalid(refund ? 'Nothing has been paid on the attendee\'s orders' : 'Nothing is due on the attendee\'s orders', { target: 'attendee.id' });
      } else {
        if (input.transactionItems === undefined) throw CommerceErrors.invalid('A partial payment names its transactionItems', { target: 'transactionItems' });
        for (const [i, ti] of input.transactionItems.entries()) {
          const amount = this.minor(ti.amount, event.currency, `transactionItems[${i}].amount`);
          const line = lines.find((l) => l.item_id === ti.product.id.toLowerCase() && (room.get(l.id) ?? 0) >= amount);
          if (!line) {
            throw CommerceErrors.invalid(`No ordered item of this product has ${fromMinor(amount, event.currency)} ${refund ? 'paid to refund' : 'due'}`, { target: `transactionItems[${i}].product.id` });
          }
          room.set(line.id, (room.get(line.id) ?? 0) - amount);
          pays.push({ line, amount });
        }
      }
      const stamp = auditStamp(auth, this.clock()).created;
      const id = newId();
      const journal = `J-${String((await this.repo.countTransactions(auth.accountId, trx)) + 1).padStart(8, '0')}`;
      const sign = refund ? -1 : 1;
      const items = pays.map((p, n) => ({
        id: newId(), account_id: auth.accountId, event_id: event.id, transaction_id: id, attendee_id: attendee.id, order_item_id: p.line.id, item_id: p.line.item_id,
        item_kind: p.line.item_kind, processor_transaction_id: null, unique_id: `${journal}-${n + 1}`, name: p.line.name, amount_minor: sign * p.amount, currency: event.currency, ...stamp,
      }));
      const paid = new Map<string, number>();
      for (const it of items) paid.set(it.order_item_id, (paid.get(it.order_item_id) ?? 0) + it.amount_minor);
      for (const [lineId, delta] of paid) {
        const line = lines.find((l) => l.id === lineId) as OrderItemRow;
        await this.repo.updateOrderItem(auth.accountId, lineId, { paid_minor: line.paid_minor + delta, ...auditStamp(auth, this.clock()).modified }, trx);
      }
      const orderIds = [...new Set(pays.map((p) => p.line.order_id))];
      for (const o of orderIds) await this.repo.touchOrder(auth.accountId, o, auditStamp(auth, this.clock()).modified, trx);
      const row: Row<'commerce_transactions'> = {
        id, account_id: auth.accountId, event_id: event.id, attendee_id: attendee.id, order_ids: JSON.stringify(orderIds), journal_number: journal,
        processor_transaction_id: null, payment_type: input.paymentType, payment_method: input.paymentMethod, success: 1, date: new Date(input.date).toISOString(),
        batch_number: text(input.batchNumber), reference_number: text(input.referenceNumber), amount_minor: items.reduce((s, i) => s + i.amount_minor, 0),
        currency: event.currency, payment_note: text(input.paymentNote), ...stamp,
      };
      await this.repo.insertTransaction(row, items, trx);
      return this.transactionToApi(row, items);
    });
  }

  // ---- Card tokens ----

  /** Checks the card and keeps what the reference returns of it (brand, last four digits, expiry): never its number. */
  async createCardToken(auth: AuthContext, input: CardTokenInput): Promise<CardToken> {
    const card = checkCard(input.creditCard.number, input.creditCard.expMonth, input.creditCard.expYear, this.clock());
    const stamp = auditStamp(auth, this.clock()).created;
    const id = newId();
    await this.repo.insertCardToken({
      id, account_id: auth.accountId, card_type: card.brand, last4: card.last4, exp_month: input.creditCard.expMonth, exp_year: input.creditCard.expYear,
      created: stamp.created, created_by: stamp.created_by,
    });
    return {
      id,
      creditCard: {
        cardType: card.brand, last4Digits: card.last4, accountHolderName: input.creditCard.accountHolderName, expMonth: input.creditCard.expMonth, expYear: input.creditCard.expYear,
      },
    };
  }

  // ---- Attendee credits ----

  private creditToApi(r: Row<'attendee_credits'>): AttendeeCredit {
    return {
      id: r.id, type: r.type, creditType: { id: r.credit_type_id }, amount: unscaled(r.amount_hundredths, 2), attendee: { id: r.attendee_id }, event: { id: r.event_id },
      ...(r.session_id !== null ? { session: { id: r.session_id } } : {}), created: r.created, lastModified: r.last_modified,
    };
  }

  async listCredits(accountId: string, query: ListQuery): Page<AttendeeCredit> {
    return listPage(ATTENDEE_CREDITS_LIST, query, (spec) => this.repo.listCredits(accountId, spec), (r) => this.creditToApi(r), this.href('attendee-credits'));
  }

  async createCredit(auth: AuthContext, input: AttendeeCreditInput): Promise<AttendeeCredit> {
    const attendee = await this.uses.attendees.get(auth.accountId, input.attendee.id).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) throw CommerceErrors.invalid('Unknown attendee', { target: 'attendee.id' });
      throw err;
    });
    let sessionId: string | null = null;
    if (input.session !== undefined) {
      const session = await this.uses.sessions.find(auth.accountId, input.session.id.toLowerCase());
      if (!session || session.event.id !== attendee.event.id) throw CommerceErrors.invalid('Unknown session of the attendee\'s event', { target: 'session.id' });
      sessionId = session.id;
    }
    const amount = scaled(input.amount, 2);
    if (amount === undefined) throw CommerceErrors.invalid('A credit has at most two decimals', { target: 'amount' });
    const row: Row<'attendee_credits'> = {
      id: newId(), account_id: auth.accountId, event_id: attendee.event.id, attendee_id: attendee.id, session_id: sessionId, type: sessionId === null ? 'Event' : 'Session',
      credit_type_id: input.creditType.id.toLowerCase(), amount_hundredths: amount, ...auditStamp(auth, this.clock()).created,
    };
    await this.repo.insertCredit(row);
    return this.creditToApi(row);
  }
}
