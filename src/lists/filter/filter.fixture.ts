// Shared by the filter tests only: field definitions, a row set, and DDL that runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import type { FilterFields, FilterOp } from './index.js';

export interface Row {
  id: string;
  title: string | null;
  status: string | null;
  capacity: number | null;
  price: number | null;
  virtual: number;
  starts_at: string | null;
  venue_id: string | null;
}

export interface TestDb {
  t: Row;
}

export const ALL_OPS: readonly FilterOp[] = [
  'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'sw', 'ew', 'co', 'contains', 'match', 'in',
  'isEmpty', 'isNotEmpty', 'isNull', 'isNotNull',
];

export const FIELDS = {
  id: { column: 't.id', type: 'string', ops: ['eq', 'ne', 'in'] },
  title: { column: 't.title', type: 'string', ops: ALL_OPS },
  status: { column: 't.status', type: 'string', ops: ['eq', 'ne', 'in', 'isNull'], caseInsensitive: true },
  capacity: {
    column: 't.capacity',
    type: 'number',
    ops: ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in', 'sw', 'isNull', 'isNotNull'],
  },
  price: { column: 't.price', type: 'number', ops: ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in'] },
  virtual: { column: 't.virtual', type: 'boolean', ops: ['eq', 'ne', 'in'] },
  'event.startsAt': {
    column: 't.starts_at',
    type: 'datetime',
    ops: ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in', 'sw', 'isNull', 'isNotNull', 'isEmpty'],
  },
  'venue.id': {
    column: 't.venue_id',
    type: 'uuid',
    ops: ['eq', 'ne', 'in', 'isNull', 'isNotNull', 'isEmpty', 'isNotEmpty'],
  },
} as const satisfies FilterFields;

export const U1 = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
export const U2 = '00000000-0000-4000-8000-000000000002';
export const U3 = 'abcdefab-cdef-4abc-9def-abcdefabcdef';

export const ROWS: readonly Row[] = [
  { id: 'a1', title: 'Annual Gala', status: 'Accepted', capacity: 100, price: 12.5, virtual: 0, starts_at: '2024-05-01T18:00:00.000Z', venue_id: U1 },
  { id: 'a2', title: '50% off_sale', status: 'pending', capacity: 20, price: -3.5, virtual: 1, starts_at: '2024-06-15T09:30:00.000Z', venue_id: U2 },
  { id: 'a3', title: 'O\'Brien says "hi" at C:\\temp', status: 'Cancelled', capacity: null, price: 0, virtual: 1, starts_at: null, venue_id: null },
  { id: 'a4', title: '', status: 'ACCEPTED', capacity: 5, price: 99.99, virtual: 0, starts_at: '2023-12-31T23:59:59.999Z', venue_id: U1 },
  { id: 'a5', title: null, status: null, capacity: 250, price: null, virtual: 0, starts_at: '2025-01-01T00:00:00.000Z', venue_id: U3 },
  { id: 'a6', title: 'Board meeting 50 percent', status: 'Pending', capacity: 20, price: 12.5, virtual: 1, starts_at: '2024-05-01T18:00:00.001Z', venue_id: U2 },
];

export async function createTable(db: Kysely<TestDb>): Promise<void> {
  await db.schema
    .createTable('t')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text')
    .addColumn('status', 'text')
    .addColumn('capacity', 'integer')
    .addColumn('price', 'double precision')
    .addColumn('virtual', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('venue_id', 'text')
    .execute();
  await db.insertInto('t').values([...ROWS]).execute();
}
