import { Type, type Static, type TSchema } from 'typebox';
import { DEFAULT_LIMIT, MAX_LIMIT, type Paging } from '../lists/index.js';

// The TypeBox schemas of the paging parameters and the list envelope; what
// they mean (tokens, keysets, totals) lives in src/lists/.

export function listQuerySchema(opts: { maxLimit?: number; sortable?: readonly string[] } = {}) {
  const max = opts.maxLimit ?? MAX_LIMIT;
  return Type.Object(
    {
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: max, default: Math.min(DEFAULT_LIMIT, max), description: `The maximum number of records to return per page (1-${max}).` })),
      token: Type.Optional(Type.String({ minLength: 1, maxLength: 8192, description: 'The continuation token returned by a previous call. It overrides every other paging parameter.' })),
      after: Type.Optional(Type.String({ format: 'date-time', description: 'Only records added or updated after this time.' })),
      before: Type.Optional(Type.String({ format: 'date-time', description: 'Only records added or updated before this time.' })),
      filter: Type.Optional(Type.String({ maxLength: 4000, description: "A filter expression, e.g. title contains 'conf' and format eq 'Hybrid'." })),
      sort: Type.Optional(Type.String({ maxLength: 100, description: opts.sortable && opts.sortable.length > 0 ? `Sort order, e.g. ${opts.sortable[0]}:DESC. Sortable: ${opts.sortable.join(', ')}.` : 'Not sortable: results are in creation order.' })),
    },
    { additionalProperties: false },
  );
}

export const FilterBodySchema = Type.Object(
  { filter: Type.Optional(Type.String({ maxLength: 4000 })) },
  { additionalProperties: false, title: 'A filter sent in the body of a request' },
);

const LinkSchema = Type.Object({ href: Type.String() });
export const PagingSchema = Type.Object(
  {
    previousToken: Type.Optional(Type.String()),
    nextToken: Type.Optional(Type.String()),
    currentToken: Type.Optional(Type.String()),
    limit: Type.Integer(),
    totalCount: Type.Optional(Type.Integer({ description: 'The total number of records the list holds for this query, counted on its first page. Absent when more than 10,000 records match a filter the server keeps no count for: check nextToken.' })),
    _links: Type.Object({ self: LinkSchema, next: Type.Optional(LinkSchema), prev: Type.Optional(LinkSchema) }),
  },
  { $id: 'Paging', title: 'Paging' },
);

export function paginated<T extends TSchema>(item: T, title: string) {
  return Type.Object({ paging: PagingSchema, data: Type.Array(item) }, { title });
}


// The schema and the service-side type describe the same envelope: this fails to compile if they part.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const pagingTypesAgree: Same<Static<typeof PagingSchema>, Paging> = true;
void pagingTypesAgree;
