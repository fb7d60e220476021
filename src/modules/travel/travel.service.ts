import { randomBytes } from 'node:crypto';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import { TravelErrors } from './travel.errors.js';
import { BRANDS_LIST, CHAINS_LIST, PROPERTIES_LIST, ROOMS_LIST, SUPPLIER_ACCOUNTS_LIST, TRAVEL_ACCOUNTS_LIST } from './travel.filters.js';
import type { TravelRepository } from './travel.repository.js';
import type {
  Address, Brand, BrandInput, Chain, ChainInput, Property, PropertyInput, Room, RoomInput, SupplierAccount, SupplierAccountInput, TravelAccount, TravelAccountInput,
} from './travel.schemas.js';

type Page<T> = Promise<{ paging: Paging; data: T[] }>;
const bad = (message: string, target: string) => TravelErrors.invalid(message, { target });

/** The audit fields of a row, as the reference names them. */
export function auditOf(r: { created: string; created_by: string; last_modified: string; last_modified_by: string }) {
  return { created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by };
}

/** A JSON column's value (written by this module only). */
export function parsed<T>(json: string): T {
  return JSON.parse(json) as T;
}

/** An address without its empty parts; undefined when nothing is left. */
function address(json: string): Address | undefined {
  const a = parsed<Address>(json);
  return Object.keys(a).length > 0 ? a : undefined;
}

const addressText = (a: Address | undefined): string => JSON.stringify(a ?? {});

/**
 * The account's supplier catalogue (brands, chains, properties and their rooms) and its travel accounts with their
 * supplier accounts (issue 32). The reference only reads them: creating and replacing are eventline's extensions
 * (DESIGN rule 11). Nothing here is about a person.
 */
export class TravelService {
  constructor(
    private readonly repo: TravelRepository,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private stamp(auth: AuthContext) {
    return auditStamp(auth, this.clock());
  }

  // ---- Brands ----

  private brandToApi(r: Row<'travel_brands'>): Brand {
    const a = address(r.address);
    return { id: r.code, name: r.name, ...(a ? { address: a } : {}), deleted: r.deleted === 1, ...auditOf(r) };
  }

  listBrands(accountId: string, query: ListQuery): Page<Brand> {
    return listPage(BRANDS_LIST, query, (spec) => this.repo.listBrands(accountId, spec), (r) => this.brandToApi(r), this.href('travel-suppliers/brands'));
  }

  private async brand(accountId: string, code: string): Promise<Row<'travel_brands'>> {
    const row = await this.repo.brandByCode(accountId, code);
    if (!row) throw TravelErrors.brandNotFound(undefined, { target: 'brandId' });
    return row;
  }

  async getBrand(accountId: string, code: string): Promise<Brand> {
    return this.brandToApi(await this.brand(accountId, code));
  }

  /** A brand named by a chain or a property must be the account's (400 naming the field). */
  private async checkBrand(accountId: string, ref: { id: string } | undefined, target: string): Promise<string | null> {
    if (ref === undefined) return null;
    if (!(await this.repo.brandByCode(accountId, ref.id))) throw bad(`No brand '${ref.id}': create it with POST /travel-suppliers/brands`, target);
    return ref.id;
  }

  /** Creates a brand; its id is the `id` sent (a code), or one eventline makes. 409 when the account has that id. */
  async createBrand(auth: AuthContext, input: BrandInput): Promise<Brand> {
    const code = input.id ?? randomBytes(6).toString('hex').toUpperCase();
    const row: Row<'travel_brands'> = {
      id: newId(), account_id: auth.accountId, code, name: input.name, address: addressText(input.address), deleted: input.deleted === true ? 1 : 0, ...this.stamp(auth).created,
    };
    try {
      await this.repo.brands.insert(this.repo.executor, row);
    } catch (err) {
      // The unique index (account_id, code), not a prior read, decides between two writers.
      if (isUniqueViolation(err)) throw TravelErrors.brandExists(`The account has a brand '${code}'`, { target: 'id' });
      throw err;
    }
    return this.brandToApi(row);
  }

  async updateBrand(auth: AuthContext, code: string, input: BrandInput): Promise<Brand> {
    const row = await this.brand(auth.accountId, code);
    if (input.id !== undefined && input.id !== row.code) throw bad('The body\'s id is not the path\'s brand (a brand\'s id does not change)', 'id');
    const patch = { name: input.name, address: addressText(input.address), deleted: input.deleted === true ? 1 : 0, ...this.stamp(auth).modified };
    await this.repo.brands.update(this.repo.executor, auth.accountId, row.id, patch);
    return this.brandToApi({ ...row, ...patch });
  }

  // ---- Chains ----

  private chainToApi(r: Row<'travel_chains'>): Chain {
    const a = address(r.address);
    return {
      id: r.id, name: r.name, code: r.code, ...(r.brand_code !== null ? { brand: { id: r.brand_code } } : {}), ...(a ? { address: a } : {}),
      deleted: r.deleted === 1, ...auditOf(r),
    };
  }

  listChains(accountId: string, query: ListQuery): Page<Chain> {
    return listPage(CHAINS_LIST, query, (spec) => this.repo.listChains(accountId, spec), (r) => this.chainToApi(r), this.href('travel-suppliers/chains'));
  }

  private async chain(accountId: string, id: string): Promise<Row<'travel_chains'>> {
    const row = await this.repo.chains.get(this.repo.executor, accountId, id.toLowerCase());
    if (!row) throw TravelErrors.chainNotFound(undefined, { target: 'chainId' });
    return row;
  }

  async getChain(accountId: string, id: string): Promise<Chain> {
    return this.chainToApi(await this.chain(accountId, id));
  }

  private async chainFields(accountId: string, input: ChainInput) {
    return {
      name: input.name, code: input.code, brand_code: await this.checkBrand(accountId, input.brand, 'brand.id'), address: addressText(input.address),
      deleted: input.deleted === true ? 1 : 0,
    };
  }

  async createChain(auth: AuthContext, input: ChainInput): Promise<Chain> {
    const row: Row<'travel_chains'> = { id: newId(), account_id: auth.accountId, ...(await this.chainFields(auth.accountId, input)), ...this.stamp(auth).created };
    await this.repo.chains.insert(this.repo.executor, row);
    return this.chainToApi(row);
  }

  async updateChain(auth: AuthContext, id: string, input: ChainInput): Promise<Chain> {
    const row = await this.chain(auth.accountId, id);
    const patch = { ...(await this.chainFields(auth.accountId, input)), ...this.stamp(auth).modified };
    await this.repo.chains.update(this.repo.executor, auth.accountId, row.id, patch);
    return this.chainToApi({ ...row, ...patch });
  }

  // ---- Properties ----

  private propertyToApi(r: Row<'travel_properties'>): Property {
    const a = address(r.address);
    const codes = parsed<NonNullable<Property['externalCodes']>>(r.external_codes);
    return {
      id: r.id, name: r.name, code: r.code, ...(r.chain_id !== null ? { chain: { id: r.chain_id } } : {}), ...(r.brand_code !== null ? { brand: { id: r.brand_code } } : {}),
      currencyCode: r.currency_code, ...(a ? { address: a } : {}), ...(codes.length > 0 ? { externalCodes: codes } : {}), deleted: r.deleted === 1, ...auditOf(r),
    };
  }

  listProperties(accountId: string, query: ListQuery): Page<Property> {
    return listPage(PROPERTIES_LIST, query, (spec) => this.repo.listProperties(accountId, spec), (r) => this.propertyToApi(r), this.href('travel-suppliers/properties'));
  }

  private async property(accountId: string, id: string, target = 'propertyId'): Promise<Row<'travel_properties'>> {
    const row = await this.repo.properties.get(this.repo.executor, accountId, id.toLowerCase());
    if (!row) throw TravelErrors.propertyNotFound(undefined, { target });
    return row;
  }

  async getProperty(accountId: string, id: string): Promise<Property> {
    return this.propertyToApi(await this.property(accountId, id));
  }

  private async propertyFields(accountId: string, input: PropertyInput) {
    let chainId: string | null = null;
    if (input.chain !== undefined) {
      const chain = await this.repo.chains.get(this.repo.executor, accountId, input.chain.id.toLowerCase());
      if (!chain) throw bad(`No chain ${input.chain.id}: create it with POST /travel-suppliers/chains`, 'chain.id');
      chainId = chain.id;
    }
    return {
      name: input.name, code: input.code, chain_id: chainId, brand_code: await this.checkBrand(accountId, input.brand, 'brand.id'),
      currency_code: input.currencyCode ?? 'USD', external_codes: JSON.stringify(input.externalCodes ?? []), address: addressText(input.address),
      deleted: input.deleted === true ? 1 : 0,
    };
  }

  async createProperty(auth: AuthContext, input: PropertyInput): Promise<Property> {
    const row: Row<'travel_properties'> = { id: newId(), account_id: auth.accountId, ...(await this.propertyFields(auth.accountId, input)), ...this.stamp(auth).created };
    await this.repo.properties.insert(this.repo.executor, row);
    return this.propertyToApi(row);
  }

  async updateProperty(auth: AuthContext, id: string, input: PropertyInput): Promise<Property> {
    const row = await this.property(auth.accountId, id);
    const patch = { ...(await this.propertyFields(auth.accountId, input)), ...this.stamp(auth).modified };
    await this.repo.properties.update(this.repo.executor, auth.accountId, row.id, patch);
    return this.propertyToApi({ ...row, ...patch });
  }

  // ---- Property rooms ----

  private roomToApi(r: Row<'travel_property_rooms'>): Room {
    const codes = parsed<NonNullable<Room['externalCodes']>>(r.external_codes);
    return {
      id: r.id, name: r.name, code: r.code, property: { id: r.property_id },
      ...(r.bed_type_code !== null ? { bedTypeCode: r.bed_type_code as NonNullable<Room['bedTypeCode']> } : {}),
      ...(r.number_of_beds !== null ? { numberOfBeds: r.number_of_beds } : {}), ...(r.capacity !== null ? { capacity: r.capacity } : {}),
      ...(codes.length > 0 ? { externalCodes: codes } : {}), deleted: r.deleted === 1, ...auditOf(r),
    };
  }

  listRooms(accountId: string, query: ListQuery): Page<Room> {
    return listPage(ROOMS_LIST, query, (spec) => this.repo.listRooms(accountId, spec), (r) => this.roomToApi(r), this.href('travel-suppliers/property-rooms'));
  }

  private async room(accountId: string, id: string): Promise<Row<'travel_property_rooms'>> {
    const row = await this.repo.rooms.get(this.repo.executor, accountId, id.toLowerCase());
    if (!row) throw TravelErrors.roomNotFound(undefined, { target: 'roomId' });
    return row;
  }

  async getRoom(accountId: string, id: string): Promise<Room> {
    return this.roomToApi(await this.room(accountId, id));
  }

  private async roomFields(accountId: string, input: RoomInput) {
    const property = await this.repo.properties.get(this.repo.executor, accountId, input.property.id.toLowerCase());
    if (!property) throw bad(`No property ${input.property.id}: create it with POST /travel-suppliers/properties`, 'property.id');
    return {
      property_id: property.id, name: input.name, code: input.code, bed_type_code: input.bedTypeCode ?? null, number_of_beds: input.numberOfBeds ?? null,
      capacity: input.capacity ?? null, external_codes: JSON.stringify(input.externalCodes ?? []), deleted: input.deleted === true ? 1 : 0,
    };
  }

  async createRoom(auth: AuthContext, input: RoomInput): Promise<Room> {
    const row: Row<'travel_property_rooms'> = { id: newId(), account_id: auth.accountId, ...(await this.roomFields(auth.accountId, input)), ...this.stamp(auth).created };
    await this.repo.rooms.insert(this.repo.executor, row);
    return this.roomToApi(row);
  }

  async updateRoom(auth: AuthContext, id: string, input: RoomInput): Promise<Room> {
    const row = await this.room(auth.accountId, id);
    const patch = { ...(await this.roomFields(auth.accountId, input)), ...this.stamp(auth).modified };
    await this.repo.rooms.update(this.repo.executor, auth.accountId, row.id, patch);
    return this.roomToApi({ ...row, ...patch });
  }

  // ---- Travel accounts ----

  private accountToApi(r: Row<'travel_accounts'>): TravelAccount {
    const addresses = parsed<Address[]>(r.addresses);
    return {
      id: r.id, name: r.name, type: r.type as TravelAccount['type'], certified: r.certified === 1, ...(addresses.length > 0 ? { addresses } : {}), ...auditOf(r),
    };
  }

  listAccounts(accountId: string, query: ListQuery): Page<TravelAccount> {
    return listPage(TRAVEL_ACCOUNTS_LIST, query, (spec) => this.repo.listAccounts(accountId, spec), (r) => this.accountToApi(r), this.href('travel-accounts'));
  }

  private async account(accountId: string, id: string): Promise<Row<'travel_accounts'>> {
    const row = await this.repo.accounts.get(this.repo.executor, accountId, id.toLowerCase());
    if (!row) throw TravelErrors.travelAccountNotFound(undefined, { target: 'travelAccountId' });
    return row;
  }

  async getAccount(accountId: string, id: string): Promise<TravelAccount> {
    return this.accountToApi(await this.account(accountId, id));
  }

  private accountFields(input: TravelAccountInput) {
    return { name: input.name, type: input.type, certified: input.certified === true ? 1 : 0, addresses: JSON.stringify(input.addresses ?? []) };
  }

  async createAccount(auth: AuthContext, input: TravelAccountInput): Promise<TravelAccount> {
    const row: Row<'travel_accounts'> = { id: newId(), account_id: auth.accountId, ...this.accountFields(input), ...this.stamp(auth).created };
    await this.repo.accounts.insert(this.repo.executor, row);
    return this.accountToApi(row);
  }

  async updateAccount(auth: AuthContext, id: string, input: TravelAccountInput): Promise<TravelAccount> {
    const row = await this.account(auth.accountId, id);
    const patch = { ...this.accountFields(input), ...this.stamp(auth).modified };
    await this.repo.accounts.update(this.repo.executor, auth.accountId, row.id, patch);
    return this.accountToApi({ ...row, ...patch });
  }

  // ---- Supplier accounts ----

  private supplierToApi(r: Row<'travel_supplier_accounts'>): SupplierAccount {
    return {
      travelAccount: { id: r.id }, name: r.name, ...(r.management_level !== null ? { managementLevel: r.management_level as NonNullable<SupplierAccount['managementLevel']> } : {}),
      active: r.active === 1, ...(r.crm_id !== null ? { crmId: r.crm_id } : {}), ...(r.chain_defined_id !== null ? { chainDefinedId: r.chain_defined_id } : {}),
      ...(r.chain_defined_type !== null ? { chainDefinedType: r.chain_defined_type } : {}),
    };
  }

  listSuppliers(accountId: string, query: ListQuery): Page<SupplierAccount> {
    return listPage(SUPPLIER_ACCOUNTS_LIST, query, (spec) => this.repo.listSuppliers(accountId, spec), (r) => this.supplierToApi(r), this.href('travel-accounts/supplier-accounts'));
  }

  /** The travel account's supplier account: 404 when the travel account is not the account's, or has none yet. */
  async getSupplier(accountId: string, travelAccountId: string): Promise<SupplierAccount> {
    const account = await this.account(accountId, travelAccountId);
    const row = await this.repo.suppliers.get(this.repo.executor, accountId, account.id);
    if (!row) throw TravelErrors.supplierAccountNotFound('The travel account has no supplier account: set one with PUT', { target: 'travelAccountId' });
    return this.supplierToApi(row);
  }

  /** Sets (creates or replaces) the travel account's supplier account, in one transaction. */
  async setSupplier(auth: AuthContext, travelAccountId: string, input: SupplierAccountInput): Promise<SupplierAccount> {
    return this.repo.transaction(async (trx) => {
      const account = await this.repo.accounts.get(trx, auth.accountId, travelAccountId.toLowerCase());
      if (!account) throw TravelErrors.travelAccountNotFound(undefined, { target: 'travelAccountId' });
      const given = input.travelAccount?.id;
      if (given !== undefined && given.toLowerCase() !== account.id) throw bad('travelAccount.id is not the path\'s travel account', 'travelAccount.id');
      const existing = await this.repo.suppliers.get(trx, auth.accountId, account.id);
      const stamp = this.stamp(auth);
      const row: Row<'travel_supplier_accounts'> = {
        id: account.id, account_id: auth.accountId, name: input.name, management_level: input.managementLevel ?? null, active: input.active === false ? 0 : 1,
        crm_id: input.crmId ?? null, chain_defined_id: input.chainDefinedId ?? null, chain_defined_type: input.chainDefinedType ?? null,
        ...(existing ? { created: existing.created, created_by: existing.created_by, ...stamp.modified } : stamp.created),
      };
      await this.repo.saveSupplier(row, trx);
      return this.supplierToApi(row);
    });
  }
}
