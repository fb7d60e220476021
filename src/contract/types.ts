/** A JSON Schema (draft 2020-12 dialect, as OpenAPI 3.1 and Fastify's Ajv read it). */
export type JsonSchema = { readonly [keyword: string]: unknown };

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

export interface CatalogueParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly schema: JsonSchema;
}

/**
 * Who may call an operation, as OpenAPI says it: any one of the requirements, each a security scheme and the
 * scopes it needs (all of them). Empty: anyone.
 */
export type SecurityRequirements = readonly Readonly<Record<string, readonly string[]>>[];

/** One operation of a catalogue: its structure, no prose but its short summary. */
export interface CatalogueOperation {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The path under the versioned prefix (`/events/{id}`), or from the root for an operation outside it (`root`). */
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  readonly security: SecurityRequirements;
  /** Every status the operation documents, successes first. */
  readonly statuses: readonly number[];
  readonly parameters: readonly CatalogueParameter[];
  /** The request body by media type. */
  readonly body?: { readonly required: boolean; readonly content: Readonly<Record<string, JsonSchema>> };
  /** The documented bodies of each status by media type (statuses without a body are absent). */
  readonly responses: Readonly<Record<string, Readonly<Record<string, JsonSchema>>>>;
  /** An operation of eventline's own (DESIGN rule 11), not of the reference. */
  readonly extension?: true;
  /** Served outside the versioned prefix (metadata, health, the developer portal). */
  readonly root?: true;
}
