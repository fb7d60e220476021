import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';

/** Campaigns, templates, sends and their deliveries; every statement names the account. */
export class EmarketingRepository extends Repository {
  private readonly campaigns = new AccountRows('emarketing_campaigns');
  private readonly templates = new AccountRows('emarketing_templates');
  private readonly requests = new AccountRows('emarketing_requests');
  private readonly deliveries = new AccountRows('emarketing_deliveries');

  listCampaigns(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('emarketing_campaigns').selectAll('emarketing_campaigns').where('emarketing_campaigns.account_id', '=', accountId), spec);
  }

  findCampaign(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'emarketing_campaigns'> | undefined> {
    return this.campaigns.get(ex, accountId, id);
  }

  insertCampaign(row: NewRow<'emarketing_campaigns'>, ex: Executor = this.db): Promise<void> {
    return this.campaigns.insert(ex, row);
  }

  listTemplates(accountId: string, campaignId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('emarketing_templates').selectAll('emarketing_templates')
      .where('emarketing_templates.account_id', '=', accountId).where('emarketing_templates.campaign_id', '=', campaignId), spec);
  }

  findTemplate(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'emarketing_templates'> | undefined> {
    return this.templates.get(ex, accountId, id);
  }

  insertTemplate(row: NewRow<'emarketing_templates'>, ex: Executor = this.db): Promise<void> {
    return this.templates.insert(ex, row);
  }

  findRequest(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'emarketing_requests'> | undefined> {
    return this.requests.get(ex, accountId, id);
  }

  insertRequest(row: NewRow<'emarketing_requests'>, ex: Executor = this.db): Promise<void> {
    return this.requests.insert(ex, row);
  }

  async insertDeliveries(rows: ReadonlyArray<NewRow<'emarketing_deliveries'>>, ex: Executor = this.db): Promise<void> {
    if (rows.length > 0) await ex.insertInto('emarketing_deliveries').values([...rows]).execute();
  }

  findDelivery(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'emarketing_deliveries'> | undefined> {
    return this.deliveries.get(ex, accountId, id);
  }

  deliveriesOf(accountId: string, requestId: string, ex: Executor = this.db): Promise<Array<Row<'emarketing_deliveries'>>> {
    return ex.selectFrom('emarketing_deliveries').selectAll().where('account_id', '=', accountId).where('request_id', '=', requestId).orderBy('id').execute();
  }

  /** Moves a queued delivery on; false when it is no longer queued (another run got there first). */
  async settleDelivery(accountId: string, id: string, patch: RowPatch<'emarketing_deliveries'>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('emarketing_deliveries').set(patch).where('account_id', '=', accountId).where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  listHistory(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('emarketing_deliveries').selectAll('emarketing_deliveries').where('emarketing_deliveries.account_id', '=', accountId), spec);
  }

  listBounces(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('emarketing_deliveries').selectAll('emarketing_deliveries')
      .where('emarketing_deliveries.account_id', '=', accountId).where('emarketing_deliveries.status', '=', 'bounced'), spec);
  }

  /** Replaces the personal values of the contacts' own deliveries (erasure). */
  async replaceDeliveriesOf(trx: Executor, accountId: string, contactIds: readonly string[], marker: string): Promise<number> {
    if (contactIds.length === 0) return 0;
    const r = await trx.updateTable('emarketing_deliveries').set({ recipient: marker, subject: marker, smtp_response: null })
      .where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
