import type { Config } from '../../config/index.js';
import { ScimErrors } from './identity.errors.js';
import { LIST_URN, RESOURCE_TYPES, RESOURCE_TYPE_URN, SCHEMAS, SCHEMA_URN, SPC_URN, type ScimSchemaDefinition } from './scim.definitions.js';

/** RFC 7644 §3.4.2: index paging; eventline returns at most this many resources a page. */
export const MAX_COUNT = 200;

/** Every discovery resource in one page (RFC 7644 §4: no paging, no filter). */
function listOf<T>(resources: T[]) {
  return { schemas: [LIST_URN], totalResults: resources.length, startIndex: 1, itemsPerPage: resources.length, Resources: resources };
}

/** What the service provider supports, as RFC 7644 §4 has it described: ServiceProviderConfig, Schemas, ResourceTypes. */
export class ScimDiscovery {
  constructor(private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>) {}

  /** The SCIM base URL an identity provider is given. */
  get base(): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/scim/v2`;
  }

  serviceProviderConfig() {
    const docs = `${this.config.publicUrl}/docs`;
    return {
      schemas: [SPC_URN],
      documentationUri: docs,
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: MAX_COUNT },
      changePassword: { supported: true },
      sort: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [{
        type: 'oauthbearertoken', name: 'OAuth Bearer Token',
        description: 'A client-credentials access token with the account/users scopes, or an account SCIM token issued with `eventline scim-tokens create`.',
        specUri: 'https://www.rfc-editor.org/info/rfc6750', documentationUri: docs, primary: true,
      }],
      meta: { resourceType: 'ServiceProviderConfig', location: `${this.base}/ServiceProviderConfig` },
    };
  }

  private schemaResource(s: ScimSchemaDefinition) {
    return { schemas: [SCHEMA_URN], id: s.id, name: s.name, description: s.description, attributes: s.attributes, meta: { resourceType: 'Schema', location: `${this.base}/Schemas/${s.id}` } };
  }

  listSchemas() {
    return listOf(SCHEMAS.map((s) => this.schemaResource(s)));
  }

  getSchema(id: string) {
    const s = SCHEMAS.find((x) => x.id.toLowerCase() === id.toLowerCase());
    if (!s) throw ScimErrors.notFound(`No schema ${id.slice(0, 200)}`);
    return this.schemaResource(s);
  }

  private resourceType(r: (typeof RESOURCE_TYPES)[number]) {
    return {
      schemas: [RESOURCE_TYPE_URN], id: r.id, name: r.name, description: r.description,
      // Absolute: the reference types `endpoint` as a URI, and resolving it against the base gives the same.
      endpoint: `${this.base}${r.endpoint}`, schema: r.schema,
      schemaExtensions: r.extensions.map((schema) => ({ schema, required: false })),
      meta: { resourceType: 'ResourceType', location: `${this.base}/ResourceTypes/${r.id}` },
    };
  }

  listResourceTypes() {
    return listOf(RESOURCE_TYPES.map((r) => this.resourceType(r)));
  }

  getResourceType(id: string) {
    const r = RESOURCE_TYPES.find((x) => x.id.toLowerCase() === id.toLowerCase());
    if (!r) throw ScimErrors.notFound(`No resource type ${id.slice(0, 200)}`);
    return this.resourceType(r);
  }
}
