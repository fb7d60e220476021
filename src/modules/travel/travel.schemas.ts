import { Type, type Static, type TSchema } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's schemas of the Travel Suppliers, Travel Accounts and Event Travel tags (brand, chain, property,
// property-room, travel-account, travel-account-supplier-account, air-request, air-actual, hotel-request,
// alternate-travel-detail): field names, lengths and enums as it gives them. Inputs are eventline's extensions.

const opt = <T extends TSchema>(s: T) => Type.Optional(s);
const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description !== undefined ? { description } : {}) });
const literals = <T extends string[]>(values: readonly [...T], title: string) => Type.Enum(values, { title, type: 'string' });
const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description !== undefined ? { description } : {}) });

const Audit = {
  created: DateTime('When the record was created.'),
  createdBy: Type.String({ description: 'Who created the record.' }),
  lastModified: DateTime('When the record was last changed.'),
  lastModifiedBy: Type.String({ description: 'Who last changed the record.' }),
};
const ReadOnly = (description = 'Read-only: ignored.') => opt(Type.String({ description }));
const ReadOnlyAudit = { created: ReadOnly(), createdBy: ReadOnly(), lastModified: ReadOnly(), lastModifiedBy: ReadOnly() };

const { limit, token, after, before, filter } = listQuerySchema().properties;
export const ListQuerySchema = Type.Object({ limit, token, after, before, filter }, { additionalProperties: false });

// ---- Shared shapes ----

export const AddressSchema = Type.Object(
  {
    address1: opt(text(45)), address2: opt(text(45)), city: opt(text(50)), region: opt(text(50)), regionCode: opt(text(3)),
    postalCode: opt(text(16)), country: opt(text(50)), countryCode: opt(Type.String({ minLength: 2, maxLength: 2 })),
  },
  { title: 'Address', additionalProperties: false },
);
export type Address = Static<typeof AddressSchema>;
export const EXTERNAL_CODE_TYPES = ['amadeus_gds', 'worldspan_gds', 'galileo_gds', 'sabre_gds', 'crs'] as const;
const ExternalCodeType = literals(EXTERNAL_CODE_TYPES, 'External Code Type');

// ---- Brands ----

export const BRAND_ID = Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9_-]+$', description: 'The brand\'s id: a code of letters, digits, - and _ (at most 16).' });
export const BrandParamsSchema = Type.Object({ brandId: BRAND_ID });
const BrandFields = { name: Type.String({ minLength: 1, maxLength: 50 }), address: opt(AddressSchema) };
export const BrandInputSchema = Type.Object(
  { id: opt(BRAND_ID), ...BrandFields, deleted: opt(Type.Boolean({ description: 'Marks the brand deleted (it stays listed, with deleted true).' })), ...ReadOnlyAudit },
  { title: 'Brand', additionalProperties: false },
);
export type BrandInput = Static<typeof BrandInputSchema>;
export const BrandSchema = Type.Object({ id: BRAND_ID, ...BrandFields, deleted: Type.Boolean(), ...Audit }, { title: 'Brand' });
export type Brand = Static<typeof BrandSchema>;
export const BrandPageSchema = paginated(BrandSchema, 'Brand paginated response');

// ---- Chains ----

const BrandRef = Type.Object({ id: BRAND_ID }, { title: 'Brand' });
export const ChainParamsSchema = Type.Object({ chainId: Uuid('ID of a chain.') });
const ChainFields = { name: Type.String({ minLength: 1, maxLength: 50 }), code: Type.String({ minLength: 1, maxLength: 6 }), brand: opt(BrandRef), address: opt(AddressSchema) };
export const ChainInputSchema = Type.Object(
  { id: opt(Uuid('Read-only: ignored.')), ...ChainFields, deleted: opt(Type.Boolean({ description: 'Marks the chain deleted.' })), ...ReadOnlyAudit },
  { title: 'Chain', additionalProperties: false },
);
export type ChainInput = Static<typeof ChainInputSchema>;
export const ChainSchema = Type.Object({ id: Uuid('Chain ID'), ...ChainFields, deleted: Type.Boolean(), ...Audit }, { title: 'Chain' });
export type Chain = Static<typeof ChainSchema>;
export const ChainPageSchema = paginated(ChainSchema, 'Chain paginated response');

// ---- Properties ----

export const PropertyParamsSchema = Type.Object({ propertyId: Uuid('ID of a property.') });
const PropertyExternalCode = Type.Object(
  { type: ExternalCodeType, chainCode: opt(text(6)), propertyCode: opt(text(15)) },
  { title: 'Property External Codes', additionalProperties: false },
);
const PropertyFields = {
  name: Type.String({ minLength: 1, maxLength: 50 }),
  chain: opt(Type.Object({ id: Uuid('A chain of the account (400 when unknown).') })),
  brand: opt(BrandRef),
  code: Type.String({ minLength: 1, maxLength: 15 }),
  currencyCode: opt(Type.String({ minLength: 3, maxLength: 3, pattern: '^[A-Z]{3}$', default: 'USD' })),
  address: opt(AddressSchema),
  externalCodes: opt(Type.Array(PropertyExternalCode, { maxItems: 5 })),
};
export const PropertyInputSchema = Type.Object(
  { id: opt(Uuid('Read-only: ignored.')), ...PropertyFields, deleted: opt(Type.Boolean({ description: 'Marks the property deleted.' })), ...ReadOnlyAudit },
  { title: 'property', additionalProperties: false },
);
export type PropertyInput = Static<typeof PropertyInputSchema>;
export const PropertySchema = Type.Object({ id: Uuid('Property ID'), ...PropertyFields, deleted: Type.Boolean(), ...Audit }, { title: 'property' });
export type Property = Static<typeof PropertySchema>;
export const PropertyPageSchema = paginated(PropertySchema, 'Property paginated response');

// ---- Property rooms ----

export const ROOM_BED_TYPES = ['sofa_bed', 'double', 'full', 'king', 'murphy', 'queen', 'run_of_house', 'single', 'twin'] as const;
export const RoomParamsSchema = Type.Object({ roomId: Uuid('ID of a property room.') });
const RoomExternalCode = Type.Object({ type: ExternalCodeType, roomCode: opt(text(10)) }, { title: 'Property Room External Code', additionalProperties: false });
const RoomFields = {
  name: Type.String({ minLength: 1, maxLength: 30 }),
  code: Type.String({ minLength: 1, maxLength: 6 }),
  property: Type.Object({ id: Uuid('A property of the account (400 when unknown).') }),
  bedTypeCode: opt(literals(ROOM_BED_TYPES, 'Room bed type')),
  numberOfBeds: opt(Type.Integer({ minimum: 0, maximum: 1000 })),
  capacity: opt(Type.Integer({ minimum: 0, maximum: 100_000 })),
  externalCodes: opt(Type.Array(RoomExternalCode, { maxItems: 5 })),
};
export const RoomInputSchema = Type.Object(
  { id: opt(Uuid('Read-only: ignored.')), ...RoomFields, deleted: opt(Type.Boolean({ description: 'Marks the room deleted.' })), ...ReadOnlyAudit },
  { title: 'Property Room', additionalProperties: false },
);
export type RoomInput = Static<typeof RoomInputSchema>;
export const RoomSchema = Type.Object({ id: Uuid('Property Room ID'), ...RoomFields, deleted: Type.Boolean(), ...Audit }, { title: 'Property Room' });
export type Room = Static<typeof RoomSchema>;
export const RoomPageSchema = paginated(RoomSchema, 'Property room paginated response');

// ---- Travel accounts ----

export const TRAVEL_ACCOUNT_TYPES = ['corporate', 'leisure', 'consortia'] as const;
export const TravelAccountParamsSchema = Type.Object({ travelAccountId: Uuid('ID of a travel account.') });
const TravelAccountFields = {
  name: Type.String({ minLength: 1, maxLength: 50, title: 'Account Name' }),
  type: literals(TRAVEL_ACCOUNT_TYPES, 'Travel Account Type'),
  certified: opt(Type.Boolean({ default: false })),
  addresses: opt(Type.Array(AddressSchema, { maxItems: 20 })),
};
export const TravelAccountInputSchema = Type.Object({ id: opt(Uuid('Read-only: ignored.')), ...TravelAccountFields, ...ReadOnlyAudit }, { title: 'Travel Account', additionalProperties: false });
export type TravelAccountInput = Static<typeof TravelAccountInputSchema>;
export const TravelAccountSchema = Type.Object({ id: Uuid('Account ID'), ...TravelAccountFields, certified: Type.Boolean(), ...Audit }, { title: 'Travel Account' });
export type TravelAccount = Static<typeof TravelAccountSchema>;
export const TravelAccountPageSchema = paginated(TravelAccountSchema, 'Travel account paginated response');

export const MANAGEMENT_LEVELS = ['global', 'national', 'regional', 'local'] as const;
const SupplierAccountFields = {
  name: Type.String({ minLength: 1, maxLength: 50, title: 'Account Name' }),
  managementLevel: opt(literals(MANAGEMENT_LEVELS, 'Management Level Type')),
  active: opt(Type.Boolean({ default: true })),
  crmId: opt(text(100)),
  chainDefinedId: opt(text(50)),
  chainDefinedType: opt(text(50)),
};
export const SupplierAccountInputSchema = Type.Object(
  { travelAccount: opt(Type.Object({ id: opt(Uuid('Read-only: the path\'s travel account (400 when another).')) })), ...SupplierAccountFields },
  { title: 'Supplier Travel Account', additionalProperties: false },
);
export type SupplierAccountInput = Static<typeof SupplierAccountInputSchema>;
export const SupplierAccountSchema = Type.Object(
  { travelAccount: Type.Object({ id: Uuid('The travel account.') }), ...SupplierAccountFields, active: Type.Boolean() },
  { title: 'Supplier Travel Account' },
);
export type SupplierAccount = Static<typeof SupplierAccountSchema>;
export const SupplierAccountPageSchema = paginated(SupplierAccountSchema, 'Supplier travel account paginated response');
