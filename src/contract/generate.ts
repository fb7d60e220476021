// Turns the reference OpenAPI 3.0 document into the catalogue of its operations' structure
// (scripts/generate-catalogue.ts writes it; test/contract/catalogue.test.ts checks it is current).
// Only structure is kept: descriptions, examples and every other piece of prose are left out.
import YAML from 'yaml';
import type { CatalogueOperation, CatalogueParameter, HttpMethod, JsonSchema } from './types.js';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** Keywords that carry prose or examples, or that JSON Schema has no use for. */
const DROPPED = new Set(['description', 'example', 'examples', 'externalDocs', 'xml', 'title', 'deprecated', 'nullable', 'discriminator']);
const SCHEMA_REF = '#/components/schemas/';

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** OpenAPI 3.0 schema → JSON Schema: `nullable` becomes a `null` type, boolean exclusive bounds become numbers, prose goes. */
function convert(schema: unknown, refs: Set<string>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => convert(s, refs));
  if (!isRecord(schema)) return schema;
  if (typeof schema['$ref'] === 'string') {
    const ref = schema['$ref'];
    // A pointer may reach inside a schema (`#/components/schemas/bulk-job/allOf/0`): the schema is what is kept.
    if (ref.startsWith(SCHEMA_REF)) refs.add(decodeURIComponent(ref.slice(SCHEMA_REF.length).split('/')[0] ?? ''));
    return { $ref: ref };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || key.startsWith('x-')) continue;
    if (key === 'properties' || key === 'patternProperties') {
      const props: Json = {};
      for (const [name, sub] of Object.entries(isRecord(value) ? value : {})) props[name] = convert(sub, refs);
      out[key] = props;
    } else if (key === 'enum' || key === 'required' || key === 'default' || key === 'const') {
      out[key] = value;
    } else {
      out[key] = convert(value, refs);
    }
  }
  if (schema['nullable'] === true && typeof out['type'] === 'string') {
    out['type'] = [out['type'], 'null'];
    if (Array.isArray(out['enum']) && !out['enum'].includes(null)) out['enum'] = [...out['enum'], null];
  }
  for (const [exclusive, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof out[exclusive] !== 'boolean') continue;
    if (out[exclusive] === true && typeof out[bound] === 'number') {
      out[exclusive] = out[bound];
      delete out[bound];
    } else {
      delete out[exclusive];
    }
  }
  return out;
}

function resolveComponent(doc: Json, value: unknown, kind: 'parameters' | 'requestBodies' | 'responses'): Json {
  if (isRecord(value) && typeof value['$ref'] === 'string') {
    const name = value['$ref'].split('/').pop() ?? '';
    const components = isRecord(doc['components']) ? doc['components'] : {};
    const table = isRecord(components[kind]) ? components[kind] : {};
    const found = table[name];
    return isRecord(found) ? found : {};
  }
  return isRecord(value) ? value : {};
}

function securityOf(security: unknown): Array<Record<string, string[]>> {
  if (!Array.isArray(security)) return [];
  return security.filter(isRecord).map((requirement) => {
    const out: Record<string, string[]> = {};
    for (const [scheme, list] of Object.entries(requirement)) out[scheme] = (Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : []).sort();
    return out;
  });
}

function contentOf(content: unknown, refs: Set<string>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [type, media] of Object.entries(isRecord(content) ? content : {})) {
    const schema = isRecord(media) ? media['schema'] : undefined;
    out[type] = (schema === undefined ? {} : convert(schema, refs)) as JsonSchema;
  }
  return out;
}

/** The reference's operations, in the document's order, and the component schemas they use (transitively). */
export function catalogueOf(yamlText: string): { operations: CatalogueOperation[]; schemas: Record<string, JsonSchema> } {
  const doc: unknown = YAML.parse(yamlText, { maxAliasCount: -1 });
  if (!isRecord(doc) || !isRecord(doc['paths'])) throw new Error('not an OpenAPI document with paths');
  const refs = new Set<string>();
  const operations: CatalogueOperation[] = [];
  for (const [path, item] of Object.entries(doc['paths'])) {
    if (!isRecord(item)) continue;
    const shared = Array.isArray(item['parameters']) ? item['parameters'] : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isRecord(op) || typeof op['operationId'] !== 'string') continue;
      const byKey = new Map<string, CatalogueParameter>();
      for (const raw of [...shared, ...(Array.isArray(op['parameters']) ? op['parameters'] : [])]) {
        const p = resolveComponent(doc, raw, 'parameters');
        const where = p['in'];
        if (typeof p['name'] !== 'string' || (where !== 'path' && where !== 'query' && where !== 'header')) continue;
        byKey.set(`${where} ${p['name']}`, { name: p['name'], in: where, required: p['required'] === true || where === 'path', schema: convert(p['schema'] ?? {}, refs) as JsonSchema });
      }
      const responses: Record<string, Record<string, JsonSchema>> = {};
      const statuses: number[] = [];
      for (const [status, raw] of Object.entries(isRecord(op['responses']) ? op['responses'] : {})) {
        const code = Number(status);
        if (!Number.isInteger(code)) continue;
        statuses.push(code);
        const content = contentOf(resolveComponent(doc, raw, 'responses')['content'], refs);
        if (Object.keys(content).length > 0) responses[status] = content;
      }
      statuses.sort((a, b) => a - b);
      const rawBody = op['requestBody'] === undefined ? undefined : resolveComponent(doc, op['requestBody'], 'requestBodies');
      const tags = Array.isArray(op['tags']) ? op['tags'] : [];
      operations.push({
        operationId: op['operationId'],
        method: method.toUpperCase() as HttpMethod,
        path,
        tag: typeof tags[0] === 'string' ? tags[0] : 'Other',
        summary: typeof op['summary'] === 'string' ? op['summary'].replace(/\s+/g, ' ').trim() : op['operationId'],
        security: securityOf(op['security'] ?? doc['security']),
        statuses,
        parameters: [...byKey.values()],
        ...(rawBody !== undefined ? { body: { required: rawBody['required'] === true, content: contentOf(rawBody['content'], refs) } } : {}),
        responses,
      });
    }
  }
  const components = isRecord(doc['components']) && isRecord(doc['components']['schemas']) ? doc['components']['schemas'] : {};
  const schemas: Record<string, JsonSchema> = {};
  const pending = [...refs];
  while (pending.length > 0) {
    const name = pending.pop() ?? '';
    if (name in schemas) continue;
    const found = new Set<string>();
    schemas[name] = convert(components[name] ?? {}, found) as JsonSchema;
    for (const ref of found) if (!(ref in schemas)) pending.push(ref);
  }
  const sorted: Record<string, JsonSchema> = {};
  for (const name of Object.keys(schemas).sort()) sorted[name] = schemas[name] ?? {};
  return { operations, schemas: sorted };
}

/** The TypeScript source of src/contract/reference.catalogue.ts. */
export function renderCatalogue(yamlText: string, license: string | undefined): string {
  const { operations, schemas } = catalogueOf(yamlText);
  const notice = (license ?? 'MIT License (see ../shared/reference/LICENSE-cvent-rest-sdks.txt)').trim().split('\n').map((l) => ` * ${l}`.trimEnd());
  return [
    '/*',
    ' * GENERATED by scripts/generate-catalogue.ts from the reference OpenAPI document',
    ' * (../shared/reference/cvent-openapi.yaml); do not edit. `npm run catalogue` regenerates it.',
    ' * The structure of every operation of the reference (no prose), under the reference\'s licence:',
    ' *',
    ...notice,
    ' */',
    "import type { CatalogueOperation, JsonSchema } from './types.js';",
    '',
    `/** The reference's ${operations.length} operations, in its order. */`,
    'export const REFERENCE_OPERATIONS: readonly CatalogueOperation[] = [',
    ...operations.map((op) => `  ${JSON.stringify(op)},`),
    '];',
    '',
    '/** The component schemas the operations use, by name (`$ref: "#/components/schemas/<name>"`). */',
    'export const REFERENCE_SCHEMAS: Readonly<Record<string, JsonSchema>> = {',
    ...Object.entries(schemas).map(([name, schema]) => `  ${JSON.stringify(name)}: ${JSON.stringify(schema)},`),
    '};',
    '',
  ].join('\n');
}
