import type { Config } from '../../config/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { actorName, type AuthContext } from '../../actor.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import { ActivityErrors } from './activities.errors.js';
import { METADATA_LIST } from './activities.filters.js';
import type { ActivitiesRepository } from './activities.repository.js';
import { FieldsSchema, type Metadata, type MetadataInput } from './activities.schemas.js';
import type { Row } from '../../db/types.js';
import { RESERVED_PREFIX } from './activities.types.js';

/** The reader of the metadata's `fields` column (our own JSON, checked rather than cast). */
export const fieldsColumn = jsonColumn('external_activity_metadata.fields', FieldsSchema);

function toMetadata(r: Row<'external_activity_metadata'>): Metadata {
  return {
    id: r.id, type: r.type, name: r.name, ...(r.description !== null ? { description: r.description } : {}), fields: fieldsColumn(r.fields),
    created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
  };
}

/** Checks what the schema cannot: the reserved prefix and field names given once. */
function checked(input: MetadataInput): { name: string; fields: NonNullable<MetadataInput['fields']> } {
  const name = input.name.trim();
  if (name.length === 0) throw ActivityErrors.invalidMetadata('name must not be blank', { target: 'name' });
  if (name.toLowerCase().startsWith(RESERVED_PREFIX)) {
    throw ActivityErrors.invalidMetadata(`Names starting with '${RESERVED_PREFIX}' are reserved for the activities eventline records itself`, { target: 'name' });
  }
  const fields = input.fields ?? [];
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.name)) throw ActivityErrors.invalidMetadata(`The field '${f.name}' is declared twice`, { target: 'fields' });
    seen.add(f.name);
  }
  return { name, fields };
}

/** External activity metadata: what an external activity must name, and the additional fields it may carry. */
export class ExternalMetadataService {
  constructor(
    private readonly repo: ActivitiesRepository,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
  ) {}

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Metadata[] }> {
    return listPage(METADATA_LIST, query, (spec) => this.repo.listMetadata(accountId, spec), toMetadata,
      `${this.config.publicUrl}/${this.config.apiVersion}/attendees/activities/external/metadata`);
  }

  /** A type and name are registered once per account (409 the second time). */
  private async unique<T>(fn: () => Promise<T>, type: string, name: string): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err)) throw ActivityErrors.metadataExists(`External activity metadata of type ${type} named '${name}' already exists`, { target: 'name' });
      throw err;
    }
  }

  async create(auth: AuthContext, input: MetadataInput): Promise<Metadata> {
    const { name, fields } = checked(input);
    const now = iso(this.clock());
    const row: Row<'external_activity_metadata'> = {
      id: newId(), account_id: auth.accountId, type: input.type, name, description: input.description ?? null, fields: JSON.stringify(fields),
      created: now, last_modified: now, created_by: actorName(auth), last_modified_by: actorName(auth),
    };
    await this.unique(() => this.repo.insertMetadata(row), input.type, name);
    return toMetadata(row);
  }

  /** PUT replaces the metadata. Activities recorded under it keep the name they were recorded with. */
  async update(auth: AuthContext, id: string, input: MetadataInput): Promise<Metadata> {
    const { name, fields } = checked(input);
    return this.repo.transaction(async (trx) => {
      const existing = await this.repo.findMetadata(auth.accountId, id.toLowerCase(), trx);
      if (!existing) throw ActivityErrors.metadataNotFound();
      const patch = {
        type: input.type, name, description: input.description ?? null, fields: JSON.stringify(fields),
        last_modified: iso(this.clock()), last_modified_by: actorName(auth),
      };
      await this.unique(() => this.repo.updateMetadata(auth.accountId, existing.id, patch, trx), input.type, name);
      return toMetadata({ ...existing, ...patch });
    });
  }

  /** New external activities can no longer name it; those recorded stay. */
  async delete(accountId: string, id: string): Promise<void> {
    if (!(await this.repo.deleteMetadata(accountId, id.toLowerCase()))) throw ActivityErrors.metadataNotFound();
  }
}
