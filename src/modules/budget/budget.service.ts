import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { NewRow, Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { CustomFieldAnswer, CustomFieldAnswerInput, CustomFieldsService } from '../custom-fields/index.js';
import type { EventsService } from '../events/index.js';
import type { FilesService, FileStore } from '../files/index.js';
import { BudgetErrors } from './budget.errors.js';
import {
  ACCOUNT_ITEMS_LIST, allocationsList, CARDS_LIST, eventItemsList, paymentsList, ratesList, TRANSACTIONS_LIST, versionsList,
} from './budget.filters.js';
import { convert, formatScaled, isCurrency, minorDigits, percentOf, rateText, scaled, sumOf, unscaled } from './budget.money.js';
import type { BudgetRepository } from './budget.repository.js';
import type {
  AccountBudgetItem, Allocation, Allocations, AllocationsInput, BudgetItem, BudgetItemInput, BudgetTotals, Card, CardInput, ConversionRate,
  ConversionRateInput, Invoice, ItemStatus, Payment, PaymentInput, Transaction as CardTransaction, TransactionInput, TransactionWrite,
} from './budget.schemas.js';

/** What the budget module calls in other modules. */
export interface BudgetUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly files: FileStore & Pick<FilesService, 'signedUrl'>;
  readonly customFields: Pick<CustomFieldsService, 'answer' | 'answersOf'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;

/**
 * The account's base currency: every conversion rate converts into it and every total is in it. eventline keeps one
 * base currency for every account (a documented choice: the reference does not say how an account picks its own).
 */
export const BASE_CURRENCY = 'USD';
const BASE_DIGITS = minorDigits(BASE_CURRENCY);
const COMMITTED: ReadonlySet<string> = new Set<ItemStatus>(['CONFIRMED', 'INVOICED', 'PAID']);
const ACTUAL: ReadonlySet<string> = new Set<ItemStatus>(['INVOICED', 'PAID']);
/** Allocation values are kept x 1000: exact for percentages with 2 decimals and amounts of currencies with up to 3. */
const VALUE_DIGITS = 3;
/** The largest total an item, in its currency or in USD, may reach (minor units; exact in a bigint and a double). */
const MAX_MINOR = BigInt(Number.MAX_SAFE_INTEGER) / 1000n;

/** What a file attached as a payment's invoice is attached to in the files module. */
export const invoiceSlot = (paymentId: string): string => `budget-invoice:${paymentId}`;

/** The id of an event's default budget version: derived from the event's id, the same in every process. */
export function budgetVersionId(eventId: string): string {
  const h = createHash('sha256').update(`budget-version:${eventId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/** A rate and where it came from: a rate of the table, the item's own (locked), or 1 in the base currency. */
interface Rate { readonly rate: string; readonly id: string | null }

/** An item priced: its row's money columns and its lines. */
interface Priced {
  readonly total: bigint;
  readonly base: bigint;
  readonly lines: Array<Omit<NewRow<'budget_item_lines'>, 'id' | 'account_id' | 'budget_item_id' | 'event_id'>>;
}

const day = (dateTime: string): string => new Date(dateTime).toISOString().slice(0, 10);
const bad = (message: string, target: string) => BudgetErrors.invalid(message, { target });

/**
 * Budgets (issue 31): an event's budget items with their cost lines, allocations and payments, and the totals made
 * of them; conversion rates of currencies into the base currency; cards and their transactions.
 *
 * Money is exact: amounts are integers of their currency's minor unit. An item in another currency converts with the
 * rate in force on its date (or its own rate, when locked), a payment with the rate in force on its date; the rate is
 * stored beside the converted amount and named in the answer, and a missing rate is a 400 naming the currency. The
 * totals are sums of those stored integers, read in one snapshot: a pure function of the items, allocations and
 * payments, whatever was written concurrently.
 */
export class BudgetService {
  constructor(
    private readonly repo: BudgetRepository,
    private readonly uses: BudgetUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private stamp(auth: AuthContext) {
    return auditStamp(auth, this.clock());
  }

  private async event(accountId: string, id: string, trx?: Transaction<Database>) {
    const event = await this.uses.events.find(accountId, id.toLowerCase(), trx);
    if (!event) throw BudgetErrors.eventNotFound(undefined, { target: 'id' });
    return event;
  }

  private async item(accountId: string, eventId: string, id: string, trx?: Transaction<Database>): Promise<Row<'budget_items'>> {
    const row = await this.repo.findItem(accountId, eventId, id.toLowerCase(), trx);
    if (!row) throw BudgetErrors.itemNotFound(undefined, { target: 'budgetItemId' });
    return row;
  }

  private currency(code: string, target: string): number {
    if (!isCurrency(code)) throw bad(`'${code}' is not an ISO 4217 currency code`, target);
    return minorDigits(code);
  }

  private amount(n: number, digits: number, currency: string, target: string): bigint {
    const v = scaled(n, digits);
    if (v === undefined) throw bad(`${n} is not an amount of ${currency}: at most ${digits} decimal(s), and less than 10^12`, target);
    return v;
  }

  /** The rate that converts `currency` on `on` (YYYY-MM-DD); 400 naming the currency when none is in force. */
  private async rateOn(accountId: string, currency: string, on: string, target: string, trx?: Transaction<Database>): Promise<Rate> {
    if (currency === BASE_CURRENCY) return { rate: '1', id: null };
    const row = await this.repo.rateOn(accountId, currency, on, trx);
    if (!row) {
      throw BudgetErrors.missingRate(`No conversion rate from ${currency} to ${BASE_CURRENCY} is in force on ${on}: add one with POST /currencies/${currency}/conversion-rates`, { target });
    }
    return { rate: row.rate, id: row.id };
  }

  // ---- Conversion rates ----

  private rateToApi(r: Row<'budget_conversion_rates'>): ConversionRate {
    const today = this.clock().toISOString().slice(0, 10);
    return {
      id: r.id, conversionRate: Number(r.rate), startDate: r.start_date, ...(r.end_date !== null ? { endDate: r.end_date } : {}),
      baseCurrency: r.base_currency, currency: r.currency, lastModified: r.last_modified,
      currentConversionRate: r.start_date <= today && (r.end_date === null || today <= r.end_date),
    };
  }

  private pathCurrency(currency: string): string {
    const code = currency.toUpperCase();
    this.currency(code, 'currency');
    if (code === BASE_CURRENCY) throw bad(`${code} is the base currency: it converts at 1`, 'currency');
    return code;
  }

  async listRates(accountId: string, currency: string, query: ListQuery): Page<ConversionRate> {
    const code = this.pathCurrency(currency);
    return listPage(ratesList(code), query, (spec) => this.repo.listRates(accountId, code, spec), (r) => this.rateToApi(r), this.href(`currencies/${code}/conversion-rates`));
  }

  private checkRate(input: ConversionRateInput): { rate: string; start: string; end: string | null } {
    const rate = rateText(input.conversionRate);
    if (rate === undefined) throw bad('conversionRate must be a positive number with at most 10 decimals', 'conversionRate');
    const end = input.endDate ?? null;
    if (end !== null && end < input.startDate) throw bad(`endDate ${end} is before startDate ${input.startDate}`, 'endDate');
    return { rate, start: input.startDate, end };
  }

  private async assertNoOverlap(accountId: string, currency: string, start: string, end: string | null, exceptId: string | null, trx: Transaction<Database>) {
    await this.repo.lockCurrency(accountId, currency, trx);
    const other = await this.repo.overlapping(accountId, currency, start, end, exceptId, trx);
    if (other) {
      throw bad(`The dates overlap the ${currency} rate ${other.id} (${other.start_date} to ${other.end_date ?? 'open-ended'}): one rate is in force on a day`, 'startDate');
    }
  }

  /** Adds a rate of the currency; its dates may not overlap another rate of the currency (400). Items and payments already priced keep their rate. */
  async createRate(auth: AuthContext, currency: string, input: ConversionRateInput): Promise<ConversionRate> {
    const code = this.pathCurrency(currency);
    const { rate, start, end } = this.checkRate(input);
    return this.repo.transaction(async (trx) => {
      await this.assertNoOverlap(auth.accountId, code, start, end, null, trx);
      const row: Row<'budget_conversion_rates'> = {
        id: newId(), account_id: auth.accountId, currency: code, base_currency: BASE_CURRENCY, rate, start_date: start, end_date: end, ...this.stamp(auth).created,
      };
      await this.repo.insertRate(row, trx);
      return this.rateToApi(row);
    });
  }

  async updateRate(auth: AuthContext, currency: string, id: string, input: ConversionRateInput): Promise<ConversionRate> {
    const code = this.pathCurrency(currency);
    const { rate, start, end } = this.checkRate(input);
    return this.repo.transaction(async (trx) => {
      const row = await this.repo.findRate(auth.accountId, code, id.toLowerCase(), trx);
      if (!row) throw BudgetErrors.rateNotFound(undefined, { target: 'conversionRateId' });
      if (input.id !== undefined && input.id.toLowerCase() !== row.id) throw bad('The body\'s id is not the path\'s conversion rate', 'id');
      await this.assertNoOverlap(auth.accountId, code, start, end, row.id, trx);
      const patch = { rate, start_date: start, end_date: end, ...this.stamp(auth).modified };
      await this.repo.updateRate(auth.accountId, row.id, patch, trx);
      return this.rateToApi({ ...row, ...patch });
    });
  }

  async deleteRate(auth: AuthContext, currency: string, id: string): Promise<void> {
    const code = this.pathCurrency(currency);
    await this.repo.transaction(async (trx) => {
      const row = await this.repo.findRate(auth.accountId, code, id.toLowerCase(), trx);
      if (!row) throw BudgetErrors.rateNotFound(undefined, { target: 'conversionRateId' });
      await this.repo.deleteRate(auth.accountId, row.id, trx);
    });
  }

  // ---- Budget items ----

  /**
   * Prices an item's cost lines exactly, in the item's currency and in the base currency: a line costs units x cost,
   * plus its gratuity (an amount, or a percentage of the cost) and taxes (amounts, or percentages of the cost, and of
   * the gratuity when calculateTaxOnGratuity), unless the cost already includes them. Each line's total, tax and
   * gratuity convert separately, each rounded once; the item's totals are the sums of its lines'.
   */
  static price(input: Pick<BudgetItemInput, 'costDetail' | 'gratuityType' | 'calculateTaxOnGratuity' | 'costIncludesTaxGratuity' | 'currency'>, rate: string): Priced {
    const digits = minorDigits(input.currency);
    const amount = (n: number, target: string) => {
      const v = scaled(n, digits);
      if (v === undefined) throw bad(`${n} is not an amount of ${input.currency}: at most ${digits} decimal(s), and less than 10^12`, target);
      return v;
    };
    const percent = (n: number, target: string) => {
      const v = scaled(n, 2);
      if (v === undefined) throw bad(`${n} is not a percentage with at most 2 decimals`, target);
      return v;
    };
    let total = 0n;
    let base = 0n;
    const lines = (input.costDetail ?? []).map((line, i) => {
      const at = `costDetail[${i}]`;
      if (!Number.isInteger(line.units) || line.units > 1e9) throw bad(`units must be a whole number (at most 10^9), not ${line.units}`, `${at}.units`);
      const units = BigInt(line.units);
      const cost = units * amount(line.cost, `${at}.cost`);
      let gratuity = 0n;
      let gratuityGiven: string | null = null;
      if (line.gratuityDetail !== undefined) {
        if (input.gratuityType === 'PERCENTAGE') {
          const p = percent(line.gratuityDetail.gratuity, `${at}.gratuityDetail.gratuity`);
          gratuity = percentOf(cost, p);
          gratuityGiven = formatScaled(p, 2);
        } else {
          gratuity = amount(line.gratuityDetail.gratuity, `${at}.gratuityDetail.gratuity`);
          gratuityGiven = formatScaled(gratuity, digits);
        }
      }
      const taxBase = input.calculateTaxOnGratuity ? cost + gratuity : cost;
      const taxes = (line.taxDetail ?? []).map((t, j) => {
        const target = `${at}.taxDetail[${j}].tax`;
        if (t.taxType === 'PERCENTAGE') {
          const p = percent(t.tax, target);
          return { id: t.id.toLowerCase(), taxType: t.taxType, tax: formatScaled(p, 2), applied: percentOf(taxBase, p) };
        }
        const v = amount(t.tax, target);
        return { id: t.id.toLowerCase(), taxType: t.taxType, tax: formatScaled(v, digits), applied: v };
      });
      const tax = taxes.reduce((s, t) => s + t.applied, 0n);
      const lineTotal = input.costIncludesTaxGratuity ? cost : cost + gratuity + tax;
      const lineBase = convert(lineTotal, digits, rate, BASE_DIGITS);
      // Totals are kept as exact integers of the database and of JSON numbers: refuse what would leave that range.
      if (total + lineTotal > MAX_MINOR || base + lineBase > MAX_MINOR) throw bad('The item\'s total is too large to keep exactly', `${at}.units`);
      total += lineTotal;
      base += lineBase;
      return {
        position: i, cost_detail_id: line.id.toLowerCase(), units: Number(units), cost_minor: Number(amount(line.cost, `${at}.cost`)), gratuity: gratuityGiven,
        taxes: JSON.stringify(taxes.map((t) => ({ ...t, applied: t.applied.toString() }))),
        total_minor: Number(lineTotal), tax_minor: Number(tax), gratuity_minor: Number(gratuity),
        base_total_minor: Number(lineBase), base_tax_minor: Number(convert(tax, digits, rate, BASE_DIGITS)), base_gratuity_minor: Number(convert(gratuity, digits, rate, BASE_DIGITS)),
      };
    });
    return { total, base, lines };
  }

  private async itemRate(accountId: string, input: BudgetItemInput, trx?: Transaction<Database>): Promise<Rate> {
    if (input.currency === BASE_CURRENCY) return { rate: '1', id: null };
    if (input.conversionRateLocked === true) {
      const rate = rateText(input.conversionRate);
      if (rate === undefined) throw bad('conversionRate must be a positive number with at most 10 decimals', 'conversionRate');
      return { rate, id: null };
    }
    return this.rateOn(accountId, input.currency, day(input.date), 'currency', trx);
  }

  /** The item's row and lines from the input: checked, priced and converted (400 naming the field otherwise). */
  private async build(auth: AuthContext, eventId: string, input: BudgetItemInput, existing: Row<'budget_items'> | undefined, trx?: Transaction<Database>) {
    if (input.event?.id !== undefined && input.event.id.toLowerCase() !== eventId) throw bad('event.id is not the path\'s event', 'event.id');
    const digits = this.currency(input.currency, 'currency');
    const rate = await this.itemRate(auth.accountId, input, trx);
    const priced = BudgetService.price(input, rate.rate);
    const avoidance = input.costAvoidance?.amount !== undefined ? this.amount(input.costAvoidance.amount, digits, input.currency, 'costAvoidance.amount') : null;
    const stamp = this.stamp(auth);
    const id = existing?.id ?? newId();
    const row: Row<'budget_items'> = {
      id, account_id: auth.accountId, event_id: eventId, budget_version_id: budgetVersionId(eventId), name: input.name, code: input.code ?? null,
      cost_type: input.costType, category_id: input.category.id, category_name: null, sub_category_id: input.subCategory?.id?.toLowerCase() ?? null,
      sub_category_name: null, status: input.status, vendor_id: input.vendor?.id?.toLowerCase() ?? null, vendor_name: null, rfp_id: input.rfp?.id?.toLowerCase() ?? null,
      date: new Date(input.date).toISOString(), general_ledger_id: input.generalLedger?.id?.toLowerCase() ?? null,
      cost_avoidance_minor: avoidance === null ? null : Number(avoidance), cost_avoidance_description: input.costAvoidance?.description ?? null,
      cost_includes_tax_gratuity: input.costIncludesTaxGratuity ? 1 : 0, calculate_tax_on_gratuity: input.calculateTaxOnGratuity ? 1 : 0,
      gratuity_type: input.gratuityType, internal_note: input.internalNote ?? null, currency: input.currency,
      conversion_rate_locked: input.conversionRateLocked === true && input.currency !== BASE_CURRENCY ? 1 : 0, conversion_rate: rate.rate, conversion_rate_id: rate.id,
      associated_session: input.associatedSession?.toLowerCase() ?? null, total_minor: Number(priced.total), base_total_minor: Number(priced.base),
      deleted: existing?.deleted ?? 0,
      ...(existing ? { created: existing.created, created_by: existing.created_by, ...stamp.modified } : stamp.created),
    };
    const lines: Array<NewRow<'budget_item_lines'>> = priced.lines.map((l) => ({ ...l, id: newId(), account_id: auth.accountId, budget_item_id: id, event_id: eventId }));
    return { row, lines };
  }

  private itemToApi(r: Row<'budget_items'>, lines: ReadonlyArray<Row<'budget_item_lines'>>, answers: CustomFieldAnswer[]): BudgetItem {
    const digits = minorDigits(r.currency);
    const costDetail = lines.map((l) => {
      const taxes = JSON.parse(l.taxes) as Array<{ id: string; taxType: 'AMOUNT' | 'PERCENTAGE'; tax: string; applied: string }>;
      return {
        id: l.cost_detail_id, units: l.units, cost: unscaled(l.cost_minor, digits),
        ...(l.gratuity !== null ? { gratuityDetail: { gratuity: Number(l.gratuity), appliedGratuityValue: unscaled(l.gratuity_minor, digits) } } : {}),
        ...(taxes.length > 0 ? { taxDetail: taxes.map((t) => ({ id: t.id, taxType: t.taxType, tax: Number(t.tax), appliedTaxValue: unscaled(BigInt(t.applied), digits) })) } : {}),
        totalCost: unscaled(l.total_minor, digits),
      };
    });
    return {
      id: r.id, event: { id: r.event_id }, costType: r.cost_type as BudgetItem['costType'], name: r.name, ...(r.code !== null ? { code: r.code } : {}),
      category: { id: r.category_id }, ...(r.sub_category_id !== null ? { subCategory: { id: r.sub_category_id } } : {}),
      status: r.status as ItemStatus, ...(r.vendor_id !== null ? { vendor: { id: r.vendor_id } } : {}), ...(r.rfp_id !== null ? { rfp: { id: r.rfp_id } } : {}),
      date: r.date, lastModifiedDate: r.last_modified, ...(r.general_ledger_id !== null ? { generalLedger: { id: r.general_ledger_id } } : {}),
      ...(r.cost_avoidance_minor !== null || r.cost_avoidance_description !== null ? {
        costAvoidance: {
          ...(r.cost_avoidance_minor !== null ? { amount: unscaled(r.cost_avoidance_minor, digits) } : {}),
          ...(r.cost_avoidance_description !== null ? { description: r.cost_avoidance_description } : {}),
        },
      } : {}),
      costIncludesTaxGratuity: r.cost_includes_tax_gratuity === 1, calculateTaxOnGratuity: r.calculate_tax_on_gratuity === 1,
      gratuityType: r.gratuity_type as BudgetItem['gratuityType'], ...(r.internal_note !== null ? { internalNote: r.internal_note } : {}),
      currency: r.currency, conversionRateLocked: r.conversion_rate_locked === 1, conversionRate: Number(r.conversion_rate),
      ...(r.conversion_rate_id !== null ? { conversionRateId: r.conversion_rate_id } : {}),
      ...(costDetail.length > 0 ? { costDetail } : {}), ...(answers.length > 0 ? { customFields: answers } : {}),
      ...(r.associated_session !== null ? { associatedSession: r.associated_session } : {}),
      deleted: r.deleted === 1, totalCost: unscaled(r.total_minor, digits), baseCurrency: BASE_CURRENCY, baseTotalCost: unscaled(r.base_total_minor, BASE_DIGITS),
    };
  }

  private async itemsToApi(accountId: string, rows: ReadonlyArray<Row<'budget_items'>>, trx?: Transaction<Database>): Promise<BudgetItem[]> {
    const lines = await this.repo.linesOf(accountId, rows.map((r) => r.id), trx);
    const out: BudgetItem[] = [];
    for (const r of rows) out.push(this.itemToApi(r, lines.filter((l) => l.budget_item_id === r.id), await this.uses.customFields.answersOf(accountId, r.id, trx)));
    return out;
  }

  async listItems(accountId: string, eventId: string, query: ListQuery): Page<BudgetItem> {
    const event = await this.event(accountId, eventId);
    const page = await listPage(eventItemsList(event.id), query, (spec) => this.repo.listEventItems(accountId, event.id, spec), (r) => r, this.href(`events/${event.id}/budget-items`));
    return { paging: page.paging, data: await this.itemsToApi(accountId, page.data) };
  }

  async listAccountItems(accountId: string, query: ListQuery): Page<AccountBudgetItem> {
    return listPage(ACCOUNT_ITEMS_LIST, query, (spec) => this.repo.listAccountItems(accountId, spec), (r) => ({
      id: r.id, event: { id: r.event_id }, ...(r.rfp_id !== null ? { rfp: { id: r.rfp_id } } : {}), budgetVersion: { id: r.budget_version_id },
      // The account-wide list's schema is narrower than the item's (100 and 30 characters).
      name: r.name.slice(0, 100), ...(r.code !== null ? { code: r.code.slice(0, 30) } : {}), category: { id: r.category_id },
      ...(r.sub_category_id !== null ? { subCategory: { id: r.sub_category_id } } : {}), deleted: r.deleted === 1,
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    }), this.href('budget-items'));
  }

  async createItem(auth: AuthContext, eventId: string, input: BudgetItemInput): Promise<BudgetItem> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const { row, lines } = await this.build(auth, event.id, input, undefined, trx);
      await this.repo.saveItem(row, lines, true, trx);
      return (await this.itemsToApi(auth.accountId, [row], trx))[0] as BudgetItem;
    });
  }

  /**
   * Many items of one event in one transaction, for bulk loads (the demo, the property test): each is checked and
   * priced as POST prices it, and none is written unless all are good.
   */
  async createItems(auth: AuthContext, eventId: string, inputs: readonly BudgetItemInput[]): Promise<string[]> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const rows: Array<Row<'budget_items'>> = [];
      const lines: Array<NewRow<'budget_item_lines'>> = [];
      for (const input of inputs) {
        const built = await this.build(auth, event.id, input, undefined, trx);
        rows.push(built.row);
        lines.push(...built.lines);
      }
      await this.repo.insertItems(rows, lines, trx);
      return rows.map((r) => r.id);
    });
  }

  /**
   * Replaces the item (priced again at the rate in force on its date, unless locked); its allocations' amounts are
   * recomputed in the same transaction. 400 when its allocations by amount would add up to more than the new total.
   */
  async updateItem(auth: AuthContext, eventId: string, id: string, input: BudgetItemInput): Promise<BudgetItem> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      await this.repo.lockItem(auth.accountId, id.toLowerCase(), trx);
      const existing = await this.item(auth.accountId, event.id, id, trx);
      const { row, lines } = await this.build(auth, event.id, input, existing, trx);
      const allocations = await this.repo.allocationsOf(auth.accountId, row.id, trx);
      const recomputed = this.allocate(row, allocations.map((a) => ({ method: a.method, valueScaled: BigInt(a.value_scaled) })), 'costDetail');
      await this.repo.saveItem(row, lines, false, trx);
      for (const [i, a] of allocations.entries()) await this.repo.setAllocationBase(auth.accountId, a.id, Number(recomputed[i]), trx);
      return (await this.itemsToApi(auth.accountId, [row], trx))[0] as BudgetItem;
    });
  }

  /** For the custom-fields module: the id of a budget item of the account, or undefined. */
  async findItemId(accountId: string, id: string, trx?: Transaction<Database>): Promise<string | undefined> {
    return (await this.repo.findAnyItem(accountId, id.toLowerCase(), trx))?.id;
  }

  /** PUT .../budget-items/{budgetItemId}/custom-fields/{customFieldId}/answers: 404 unless the item is the event's. */
  async answer(auth: AuthContext, eventId: string, itemId: string, fieldId: string, input: CustomFieldAnswerInput): Promise<CustomFieldAnswer> {
    const event = await this.event(auth.accountId, eventId);
    const item = await this.item(auth.accountId, event.id, itemId);
    return this.uses.customFields.answer(auth, 'Budget Item', item.id, fieldId, input);
  }

  // ---- Allocations ----

  /**
   * The base-currency amounts of an item's allocations: a percentage of the item's base total, or an amount of its
   * currency converted with its rate; each rounded once. 400 when percentages add up to more than 100 or amounts to
   * more than the item's total.
   */
  private allocate(item: Row<'budget_items'>, values: ReadonlyArray<{ method: string; valueScaled: bigint }>, target: string): bigint[] {
    const digits = minorDigits(item.currency);
    const toMinor = 10n ** BigInt(VALUE_DIGITS - digits);
    let percent = 0n;
    let amount = 0n;
    const out = values.map((v) => {
      if (v.method === 'PERCENTAGE') {
        percent += v.valueScaled;
        return percentOf(BigInt(item.base_total_minor), v.valueScaled / 10n);
      }
      const minor = v.valueScaled / toMinor;
      amount += minor;
      return convert(minor, digits, item.conversion_rate, BASE_DIGITS);
    });
    if (percent > 100_000n) throw bad(`The allocations add up to ${formatScaled(percent, VALUE_DIGITS)}%: at most 100%`, target);
    if (amount > BigInt(item.total_minor)) {
      throw bad(`The allocations add up to ${formatScaled(amount, digits)} ${item.currency}, more than the item's total of ${formatScaled(BigInt(item.total_minor), digits)}`, target);
    }
    return out;
  }

  private allocationToApi(a: Row<'budget_allocations'>): Allocation {
    return {
      budgetVersion: { id: a.budget_version_id }, budgetItem: { id: a.budget_item_id },
      ...(a.category_id !== null ? { category: { id: a.category_id } } : {}), ...(a.subcategory_id !== null ? { subcategory: { id: a.subcategory_id } } : {}),
      ...(a.general_ledger_id !== null ? { generalLedger: { id: a.general_ledger_id } } : {}),
      method: a.method as Allocation['method'], value: a.value, ...(a.note !== null ? { note: a.note } : {}), baseAmount: unscaled(a.base_minor, BASE_DIGITS),
    };
  }

  async listAllocations(accountId: string, eventId: string, query: ListQuery): Page<Allocation> {
    const event = await this.event(accountId, eventId);
    return listPage(allocationsList(event.id), query, (spec) => this.repo.listAllocations(accountId, event.id, spec), (a) => this.allocationToApi(a),
      this.href(`events/${event.id}/budget-items/allocations`));
  }

  /** Replaces the item's allocations (an empty list removes them). */
  async setAllocations(auth: AuthContext, eventId: string, itemId: string, input: AllocationsInput): Promise<Allocations> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      await this.repo.lockItem(auth.accountId, itemId.toLowerCase(), trx);
      const item = await this.item(auth.accountId, event.id, itemId, trx);
      const digits = input.allocateBy === 'PERCENTAGE' ? 2 : minorDigits(item.currency);
      const values = input.allocations.map((a, i) => {
        const v = scaled(a.value, digits);
        if (v === undefined) {
          throw bad(input.allocateBy === 'PERCENTAGE' ? `${a.value} is not a percentage with at most 2 decimals` : `${a.value} is not an amount of ${item.currency}: at most ${digits} decimal(s)`,
            `allocations[${i}].value`);
        }
        return { method: input.allocateBy, valueScaled: v * 10n ** BigInt(VALUE_DIGITS - digits) };
      });
      const bases = this.allocate(item, values, 'allocations');
      const stamp = this.stamp(auth).created;
      const rows: Array<Row<'budget_allocations'>> = input.allocations.map((a, i) => ({
        id: newId(), account_id: auth.accountId, event_id: event.id, budget_item_id: item.id, budget_version_id: item.budget_version_id, position: i,
        method: input.allocateBy, category_id: a.category?.id?.toLowerCase() ?? null, subcategory_id: a.subcategory?.id?.toLowerCase() ?? null,
        general_ledger_id: a.generalLedger?.id?.toLowerCase() ?? null, value: a.value, value_scaled: Number(values[i]?.valueScaled ?? 0n), note: a.note ?? null,
        base_minor: Number(bases[i] ?? 0n), ...stamp,
      }));
      await this.repo.replaceAllocations(auth.accountId, item.id, rows, trx);
      return {
        allocateBy: input.allocateBy,
        allocations: rows.map((r) => {
          const { budgetVersion: _v, budgetItem: _i, method: _m, ...rest } = this.allocationToApi(r);
          return rest;
        }),
      };
    });
  }

  async deleteAllocations(auth: AuthContext, eventId: string, itemId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const item = await this.item(auth.accountId, event.id, itemId, trx);
      await this.repo.replaceAllocations(auth.accountId, item.id, [], trx);
    });
  }

  // ---- Payments ----

  private paymentToApi(p: Row<'budget_payments'>): Payment {
    const digits = minorDigits(p.currency);
    return {
      id: p.id, name: p.name, ...(p.reference_number !== null ? { referenceNumber: p.reference_number } : {}), currency: p.currency,
      amount: unscaled(p.amount_minor, digits), date: p.date, ...(p.note !== null ? { note: p.note } : {}), ...(p.type !== null ? { type: p.type as NonNullable<Payment['type']> } : {}),
      lastModified: p.last_modified, budgetVersion: { id: p.budget_version_id }, budgetItem: { id: p.budget_item_id },
      conversionRate: Number(p.conversion_rate), ...(p.conversion_rate_id !== null ? { conversionRateId: p.conversion_rate_id } : {}),
      baseAmount: unscaled(p.base_minor, BASE_DIGITS), ...(p.invoice_file_id !== null ? { invoice: { id: p.invoice_file_id } } : {}),
    };
  }

  private async paymentFields(accountId: string, input: PaymentInput, trx?: Transaction<Database>) {
    const digits = this.currency(input.currency, 'currency');
    const minor = this.amount(input.amount, digits, input.currency, 'amount');
    const rate = await this.rateOn(accountId, input.currency, input.date, 'currency', trx);
    const base = convert(minor, digits, rate.rate, BASE_DIGITS);
    if (base > MAX_MINOR || -base > MAX_MINOR) throw bad('The amount is too large to keep exactly', 'amount');
    return {
      name: input.name, reference_number: input.referenceNumber ?? null, currency: input.currency, amount_minor: Number(minor), date: input.date,
      note: input.note ?? null, type: input.type ?? null, conversion_rate: rate.rate, conversion_rate_id: rate.id,
      base_minor: Number(base),
    };
  }

  async listPayments(accountId: string, eventId: string, query: ListQuery): Page<Payment> {
    const event = await this.event(accountId, eventId);
    return listPage(paymentsList(event.id), query, (spec) => this.repo.listPayments(accountId, event.id, spec), (p) => this.paymentToApi(p), this.href(`events/${event.id}/budget-payments`));
  }

  /** Records a payment of the item, converted at the rate in force on the payment's date (400 naming the currency when there is none). */
  async createPayment(auth: AuthContext, eventId: string, itemId: string, input: PaymentInput): Promise<Payment> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const item = await this.item(auth.accountId, event.id, itemId, trx);
      const row: Row<'budget_payments'> = {
        id: newId(), account_id: auth.accountId, event_id: event.id, budget_item_id: item.id, budget_version_id: item.budget_version_id,
        ...(await this.paymentFields(auth.accountId, input, trx)), invoice_file_id: null, ...this.stamp(auth).created,
      };
      await this.repo.insertPayments([row], trx);
      return this.paymentToApi(row);
    });
  }

  /** Many payments of one event in one transaction (bulk loads): each as POST records it; none unless all are good. */
  async createPayments(auth: AuthContext, eventId: string, inputs: ReadonlyArray<{ budgetItemId: string; payment: PaymentInput }>): Promise<number> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const rows: Array<Row<'budget_payments'>> = [];
      const versionId = budgetVersionId(event.id);
      for (const { budgetItemId, payment } of inputs) {
        rows.push({
          id: newId(), account_id: auth.accountId, event_id: event.id, budget_item_id: budgetItemId, budget_version_id: versionId,
          ...(await this.paymentFields(auth.accountId, payment, trx)), invoice_file_id: null, ...this.stamp(auth).created,
        });
      }
      const known = new Set((await Promise.all([...new Set(rows.map((r) => r.budget_item_id))].map((id) => this.repo.findItem(auth.accountId, event.id, id, trx))))
        .flatMap((r) => (r ? [r.id] : [])));
      const unknown = rows.find((r) => !known.has(r.budget_item_id));
      if (unknown) throw BudgetErrors.itemNotFound(`Budget item ${unknown.budget_item_id} is not the event's`, { target: 'budgetItemId' });
      await this.repo.insertPayments(rows, trx);
      return rows.length;
    });
  }

  private async payment(accountId: string, eventId: string, itemId: string | null, id: string, trx?: Transaction<Database>): Promise<Row<'budget_payments'>> {
    const row = await this.repo.findPayment(accountId, eventId, id.toLowerCase(), trx);
    if (!row || (itemId !== null && row.budget_item_id !== itemId)) throw BudgetErrors.paymentNotFound(undefined, { target: 'paymentId' });
    return row;
  }

  async updatePayment(auth: AuthContext, eventId: string, itemId: string, id: string, input: PaymentInput): Promise<Payment> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const item = await this.item(auth.accountId, event.id, itemId, trx);
      const row = await this.payment(auth.accountId, event.id, item.id, id, trx);
      if (input.id !== undefined && input.id.toLowerCase() !== row.id) throw bad('The body\'s id is not the path\'s payment', 'id');
      const patch = { ...(await this.paymentFields(auth.accountId, input, trx)), ...this.stamp(auth).modified };
      await this.repo.updatePayment(auth.accountId, row.id, patch, trx);
      return this.paymentToApi({ ...row, ...patch });
    });
  }

  /** Deletes the payment; its invoice file, if any, expires as an unattached file. */
  async deletePayment(auth: AuthContext, eventId: string, itemId: string, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const item = await this.item(auth.accountId, event.id, itemId, trx);
      const row = await this.payment(auth.accountId, event.id, item.id, id, trx);
      await this.repo.deletePayment(auth.accountId, row.id, trx);
      if (row.invoice_file_id !== null) await this.uses.files.attach(auth, row.invoice_file_id, { attachedTo: null }, trx).catch(() => undefined);
    });
  }

  /**
   * Makes an uploaded file (POST /files) the payment's invoice; a previous invoice is released (it expires unattached).
   * Again with the same file answers the same. A file attached to something else is not found for this payment (404).
   */
  async attachInvoice(auth: AuthContext, eventId: string, paymentId: string, fileId: string): Promise<Invoice> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const row = await this.payment(auth.accountId, event.id, null, paymentId, trx);
      const file = await this.uses.files.info(auth.accountId, fileId.toLowerCase(), trx).catch(() => undefined);
      if (!file || (file.attachedTo !== null && file.attachedTo !== invoiceSlot(row.id))) {
        throw BudgetErrors.fileNotFound('No unattached file with this id: upload the invoice with POST /files', { target: 'invoiceId' });
      }
      if (row.invoice_file_id !== null && row.invoice_file_id !== file.id) {
        await this.uses.files.attach(auth, row.invoice_file_id, { attachedTo: null }, trx).catch(() => undefined);
      }
      await this.uses.files.attach(auth, file.id, { attachedTo: invoiceSlot(row.id) }, trx);
      await this.repo.updatePayment(auth.accountId, row.id, { invoice_file_id: file.id, ...this.stamp(auth).modified }, trx);
      return { file: { id: file.id }, href: this.uses.files.signedUrl(auth.accountId, file.id).href };
    });
  }

  // ---- Totals ----

  /**
   * GET /events/{id}/budget-totals: one row per budget version (eventline keeps one, the event's default). Every
   * total is in the base currency and read from one snapshot: planned (items not deleted), committed (CONFIRMED,
   * INVOICED, PAID), actual (INVOICED, PAID), paid (their payments), allocated (their allocations), and per cost
   * detail the lines' cost, tax and gratuity.
   */
  async totals(accountId: string, eventId: string, query: ListQuery): Page<BudgetTotals> {
    const event = await this.event(accountId, eventId);
    const version = { id: budgetVersionId(event.id), name: 'Default', is_default: 1 };
    const page = await listPage(versionsList(event.id), query, (spec) => this.repo.listVersions(version, spec), (v) => v, this.href(`events/${event.id}/budget-totals`));
    if (page.data.length === 0) return { paging: page.paging, data: [] };
    const sums = await this.repo.snapshot((trx) => this.repo.totals(accountId, event.id, trx));
    let planned = 0n;
    let committed = 0n;
    let actual = 0n;
    for (const s of sums.byStatus) {
      const v = sumOf(s.base);
      planned += v;
      if (COMMITTED.has(s.status)) committed += v;
      if (ACTUAL.has(s.status)) actual += v;
    }
    const paid = sumOf(sums.paid);
    const allocated = sumOf(sums.allocated);
    const money = (v: bigint) => unscaled(v, BASE_DIGITS);
    return {
      paging: page.paging,
      data: [{
        event: { id: event.id }, version: { id: version.id, name: version.name, default: true }, ...(sums.lastModified !== null ? { lastModifiedDate: sums.lastModified } : {}),
        currency: BASE_CURRENCY, totalHighLevelEstimate: { amount: money(planned) },
        costDetail: sums.lines.map((l) => ({
          id: l.cost_detail_id, totalCostValue: money(sumOf(l.total)), totalAppliedTax: money(sumOf(l.tax)), totalAppliedGratuity: money(sumOf(l.gratuity)),
        })),
        planned: money(planned), committed: money(committed), actual: money(actual), paid: money(paid), allocated: money(allocated),
        minorUnits: { planned: planned.toString(), committed: committed.toString(), actual: actual.toString(), paid: paid.toString(), allocated: allocated.toString() },
      }],
    };
  }

  // ---- Cards ----

  private async cardsToApi(accountId: string, rows: ReadonlyArray<Row<'budget_cards'>>): Promise<Card[]> {
    const sums = await this.repo.cardSums(accountId, rows.map((r) => r.id));
    return rows.map((r) => {
      const digits = minorDigits(r.currency);
      // Declined and refunded transactions do not spend: refunds give back, declines never took.
      const spent = sums.filter((s) => s.card_id === r.id && s.currency === r.currency)
        .reduce((t, s) => (s.type === 'Declined' ? t : s.type === 'Refunds' ? t - sumOf(s.n) : t + sumOf(s.n)), 0n);
      return {
        id: r.id, ...(r.event_id !== null ? { event: { id: r.event_id } } : {}), ...(r.first6 !== null ? { first6: r.first6 } : {}), ...(r.last4 !== null ? { last4: r.last4 } : {}),
        ...(r.last7 !== null ? { last7: r.last7 } : {}), type: r.type as NonNullable<Card['type']>, status: r.status as NonNullable<Card['status']>,
        ...(r.issuer !== null ? { issuer: r.issuer } : {}), ...(r.spend_limit_minor !== null ? { spendLimit: unscaled(r.spend_limit_minor, digits) } : {}),
        totalTransactionAmount: unscaled(spent, digits),
        ...(r.spend_limit_minor !== null ? { availableBalance: unscaled(BigInt(r.spend_limit_minor) - spent, digits) } : {}),
        ...(r.description !== null ? { description: r.description } : {}), ...(r.company !== null ? { company: r.company } : {}),
        ...(r.purchase_template !== null ? { purchaseTemplate: r.purchase_template } : {}), ...(r.start !== null ? { start: r.start } : {}), ...(r.end !== null ? { end: r.end } : {}),
        ...(r.billing_account_id !== null ? { billingAccountId: r.billing_account_id } : {}), ...(r.full_name !== null ? { fullName: r.full_name } : {}),
        ...(r.card_holder_name !== null ? { cardHolderName: r.card_holder_name } : {}), reportingFields: [], currency: r.currency,
      };
    });
  }

  async listCards(accountId: string, query: ListQuery): Page<Card> {
    const page = await listPage(CARDS_LIST, query, (spec) => this.repo.listCards(accountId, spec), (r) => r, this.href('cards'));
    return { paging: page.paging, data: await this.cardsToApi(accountId, page.data) };
  }

  /** POST /cards (an eventline extension): registers a purchase card, optionally for an event. */
  async createCard(auth: AuthContext, input: CardInput): Promise<Card> {
    const currency = input.currency ?? BASE_CURRENCY;
    const digits = this.currency(currency, 'currency');
    if (input.event?.id !== undefined) await this.event(auth.accountId, input.event.id).catch(() => { throw bad('event.id is not an event of the account', 'event.id'); });
    const row: Row<'budget_cards'> = {
      id: newId(), account_id: auth.accountId, event_id: input.event?.id?.toLowerCase() ?? null, first6: input.first6 ?? null, last4: input.last4 ?? null,
      last7: input.last7 ?? null, type: input.type ?? 'Virtual', status: input.status ?? 'Active', issuer: input.issuer ?? null, currency,
      spend_limit_minor: input.spendLimit !== undefined ? Number(this.amount(input.spendLimit, digits, currency, 'spendLimit')) : null,
      description: input.description ?? null, company: input.company ?? null, purchase_template: input.purchaseTemplate ?? null, start: input.start ?? null,
      end: input.end ?? null, billing_account_id: input.billingAccountId ?? null, full_name: input.fullName ?? null, card_holder_name: input.cardHolderName ?? null,
      ...this.stamp(auth).created,
    };
    await this.repo.insertCard(row);
    return (await this.cardsToApi(auth.accountId, [row]))[0] as Card;
  }

  // ---- Card transactions ----

  private transactionToApi(r: Row<'budget_card_transactions'>): CardTransaction {
    const reconciliation = {
      status: r.reconciliation_status as 'Reconciled' | 'Not Reconciled', ...(r.reconciled_date !== null ? { reconciledDate: r.reconciled_date } : {}),
    };
    return {
      id: r.id, ...(r.event_id !== null ? { event: { id: r.event_id } } : {}), ...(r.card_id !== null ? { card: { id: r.card_id } } : {}),
      transactionDate: r.transaction_date, type: r.type as CardTransaction['type'], amount: unscaled(r.amount_minor, minorDigits(r.currency)), currency: r.currency,
      ...(r.merchant !== null ? { merchant: r.merchant } : {}), reconciliation, reconciliations: [reconciliation],
      descriptions: r.card_description !== null ? [r.card_description] : [],
    };
  }

  private transactionWrite(r: Row<'budget_card_transactions'>): TransactionWrite {
    return {
      id: r.id, ...(r.event_id !== null ? { eventId: r.event_id } : {}), ...(r.card_description !== null ? { cardDescription: r.card_description } : {}),
      transactionAmount: unscaled(r.amount_minor, minorDigits(r.currency)), transactionDate: r.transaction_date, transactionCurrency: r.currency,
      ...(r.merchant !== null ? { transactionMerchant: r.merchant } : {}), ...(r.card_id !== null ? { card: { id: r.card_id } } : {}), type: r.type as TransactionWrite['type'],
    };
  }

  async listTransactions(accountId: string, query: ListQuery): Page<CardTransaction> {
    return listPage(TRANSACTIONS_LIST, query, (spec) => this.repo.listTransactions(accountId, spec), (r) => this.transactionToApi(r), this.href('cards/transactions'));
  }

  private async transactionFields(accountId: string, input: TransactionInput, trx: Transaction<Database>) {
    const digits = this.currency(input.transactionCurrency, 'transactionCurrency');
    const minor = this.amount(input.transactionAmount, digits, input.transactionCurrency, 'transactionAmount');
    if (input.eventId !== undefined && !(await this.uses.events.find(accountId, input.eventId.toLowerCase(), trx))) throw bad('eventId is not an event of the account', 'eventId');
    if (input.card !== undefined && !(await this.repo.findCard(accountId, input.card.id.toLowerCase(), trx))) throw bad('card.id is not a card of the account', 'card.id');
    return {
      event_id: input.eventId?.toLowerCase() ?? null, card_id: input.card?.id.toLowerCase() ?? null, card_description: input.cardDescription ?? null,
      type: input.type ?? 'Authorized', transaction_date: new Date(input.transactionDate).toISOString(), currency: input.transactionCurrency,
      amount_minor: Number(minor), merchant: input.transactionMerchant ?? null,
    };
  }

  async createTransaction(auth: AuthContext, input: TransactionInput): Promise<TransactionWrite> {
    return this.repo.transaction(async (trx) => {
      const row: Row<'budget_card_transactions'> = {
        id: newId(), account_id: auth.accountId, ...(await this.transactionFields(auth.accountId, input, trx)),
        reconciliation_status: 'Not Reconciled', reconciled_date: null, ...this.stamp(auth).created,
      };
      await this.repo.insertTransaction(row, trx);
      return this.transactionWrite(row);
    });
  }

  private async transaction(accountId: string, id: string, trx: Transaction<Database>): Promise<Row<'budget_card_transactions'>> {
    const row = await this.repo.findTransaction(accountId, id.toLowerCase(), trx);
    if (!row) throw BudgetErrors.transactionNotFound(undefined, { target: 'transactionId' });
    return row;
  }

  async updateTransaction(auth: AuthContext, id: string, input: TransactionInput): Promise<TransactionWrite> {
    return this.repo.transaction(async (trx) => {
      const row = await this.transaction(auth.accountId, id, trx);
      if (input.id !== undefined && input.id.toLowerCase() !== row.id) throw bad('The body\'s id is not the path\'s transaction', 'id');
      const patch = { ...(await this.transactionFields(auth.accountId, input, trx)), ...this.stamp(auth).modified };
      await this.repo.updateTransaction(auth.accountId, row.id, patch, trx);
      return this.transactionWrite({ ...row, ...patch });
    });
  }

  async deleteTransaction(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.transaction(auth.accountId, id, trx);
      await this.repo.deleteTransaction(auth.accountId, row.id, trx);
    });
  }
}
