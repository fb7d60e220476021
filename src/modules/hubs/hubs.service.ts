import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { newId } from '../../db/ids.js';
import type { Executor } from '../../db/repository.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { defineErrors } from '../../errors.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { ContactsService } from '../contacts/index.js';
import { HUBS_LIST, hubMembersList } from './hubs.filters.js';
import type { HubsRepository } from './hubs.repository.js';
import type { Hub, HubInput, HubSettings, Member, MemberInput } from './hubs.schemas.js';

export const HubErrors = defineErrors({
  hubNotFound: { status: 404, message: 'Events+ hub not found' },
  duplicateMember: { status: 409, message: 'The hub already has a member with this email address' },
});

/** What the hubs module calls in other modules. */
export interface HubsUses {
  readonly contacts: Pick<ContactsService, 'findActiveByEmail'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;
const SETTINGS = ['customDomain', 'url', 'colors', 'themeSafeMode', 'locale', 'helpEmailAddress', 'autoDetectBrowserLocale', 'faviconUrl', 'utmOverride'] as const;
const PROFILE = ['prefix', 'headline', 'pronouns', 'socialMediaLinks', 'mobileNumber', 'locale', 'visible'] as const;

function pick<T extends object>(from: T, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(from).filter(([k, v]) => keys.includes(k) && v !== undefined));
}

/** The account's Events+ hubs and their members. */
export class HubsService {
  constructor(
    private readonly repo: HubsRepository,
    private readonly uses: HubsUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private hubToApi(r: Row<'hubs'>): Hub {
    const owner = { ...(r.owner_first_name ? { firstName: r.owner_first_name } : {}), ...(r.owner_last_name ? { lastName: r.owner_last_name } : {}), ...(r.owner_email ? { email: r.owner_email } : {}) };
    return {
      id: r.id, status: r.status as Hub['status'], title: r.title, owner, ...(JSON.parse(r.settings) as HubSettings),
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  listHubs(accountId: string, query: ListQuery): Page<Hub> {
    return listPage(HUBS_LIST, query, (spec) => this.repo.listHubs(accountId, spec), (r) => this.hubToApi(r), `${this.config.publicUrl}/${this.config.apiVersion}/hubs`);
  }

  async createHub(auth: AuthContext, input: HubInput): Promise<Hub> {
    const row: Row<'hubs'> = {
      id: newId(), account_id: auth.accountId, title: input.title, owner_first_name: input.owner.firstName, owner_last_name: input.owner.lastName, owner_email: input.owner.email,
      status: input.status ?? 'Active', settings: JSON.stringify(pick(input, SETTINGS)), ...auditStamp(auth, this.clock()).created,
    };
    await this.repo.insertHub(row);
    return this.hubToApi(row);
  }

  private async hub(accountId: string, id: string, ex?: Executor): Promise<Row<'hubs'>> {
    const hub = await this.repo.findHub(accountId, id.toLowerCase(), ex);
    if (!hub) throw HubErrors.hubNotFound(undefined, { target: 'hubId' });
    return hub;
  }

  private memberToApi(r: Row<'hub_members'>): Member {
    const work = { ...(r.work_city ? { city: r.work_city } : {}), ...(r.work_state ? { state: r.work_state } : {}), ...(r.work_country ? { country: r.work_country } : {}) };
    return {
      id: r.id, firstName: r.first_name, lastName: r.last_name, emailAddress: r.email, ...(r.job_title ? { jobTitle: r.job_title } : {}),
      ...(r.company_name ? { companyName: r.company_name } : {}), ...(r.designation ? { designation: r.designation } : {}), ...(Object.keys(work).length > 0 ? { workAddress: work } : {}),
      ...(JSON.parse(r.profile) as Partial<Member>), registrationDate: r.registration_date, ...(r.last_login_date !== null ? { lastLoginDate: r.last_login_date } : {}),
    };
  }

  async listMembers(accountId: string, hubId: string, query: ListQuery): Page<Member> {
    const hub = await this.hub(accountId, hubId);
    return listPage(hubMembersList(hub.id), query, (spec) => this.repo.listMembers(accountId, hub.id, spec), (r) => this.memberToApi(r),
      `${this.config.publicUrl}/${this.config.apiVersion}/hubs/${hub.id}/members`);
  }

  /** Adds a member to the hub (one per email address: 409 otherwise), linked to the account's contact of the same email. */
  async addMember(auth: AuthContext, hubId: string, input: MemberInput): Promise<Member> {
    return this.repo.transaction(async (trx) => {
      const hub = await this.hub(auth.accountId, hubId, trx);
      const email = input.emailAddress.toLowerCase();
      if (await this.repo.findMemberByEmail(auth.accountId, hub.id, email, trx)) throw HubErrors.duplicateMember(undefined, { target: 'emailAddress' });
      const contact = await this.uses.contacts.findActiveByEmail(auth.accountId, email, trx);
      const stamp = auditStamp(auth, this.clock()).created;
      const row: Row<'hub_members'> = {
        id: newId(), account_id: auth.accountId, hub_id: hub.id, contact_id: contact?.id ?? null, first_name: input.firstName, last_name: input.lastName, email,
        job_title: input.jobTitle ?? '', company_name: input.companyName ?? '', designation: input.designation ?? '', work_city: input.workAddress?.city ?? '',
        work_state: input.workAddress?.state ?? '', work_country: input.workAddress?.country ?? '', profile: JSON.stringify(pick(input, PROFILE)),
        registration_date: stamp.created, last_login_date: null, ...stamp,
      };
      try {
        await this.repo.insertMember(row, trx);
      } catch (err) {
        if (isUniqueViolation(err)) throw HubErrors.duplicateMember(undefined, { target: 'emailAddress' });
        throw err;
      }
      return this.memberToApi(row);
    });
  }

  /** A contact merge: the merged contact's hub memberships become the survivor's. */
  moveContact(accountId: string, fromId: string, toId: string, trx: Executor): Promise<void> {
    return this.repo.moveContact(accountId, fromId, toId, trx);
  }
}
