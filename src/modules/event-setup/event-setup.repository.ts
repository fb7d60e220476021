import { Repository, type Executor } from '../../db/repository.js';
import type { NewRow, Row } from '../../db/types.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';

/** Planning documents, registration paths, invitation lists and event emails; every statement names the account and the event. */
export class EventSetupRepository extends Repository {
  listDocuments(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('planning_documents').selectAll('planning_documents')
      .where('planning_documents.account_id', '=', accountId).where('planning_documents.event_id', '=', eventId), spec);
  }

  findDocument(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'planning_documents'> | undefined> {
    return ex.selectFrom('planning_documents').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
  }

  async insertDocument(row: NewRow<'planning_documents'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('planning_documents').values(row).execute();
  }

  async deleteDocument(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('planning_documents').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  listPaths(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('registration_paths').selectAll('registration_paths')
      .where('registration_paths.account_id', '=', accountId).where('registration_paths.event_id', '=', eventId), spec);
  }

  async insertPath(row: NewRow<'registration_paths'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('registration_paths').values(row).execute();
  }

  listInvitationLists(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('invitation_lists').selectAll('invitation_lists')
      .where('invitation_lists.account_id', '=', accountId).where('invitation_lists.event_id', '=', eventId), spec);
  }

  findInvitationList(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'invitation_lists'> | undefined> {
    return ex.selectFrom('invitation_lists').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
  }

  /** A new default list: the event's other lists stop being its default, in the same transaction. */
  async insertInvitationList(row: NewRow<'invitation_lists'>, ex: Executor = this.db): Promise<void> {
    if (row.is_default === 1) {
      await ex.updateTable('invitation_lists').set({ is_default: 0 }).where('account_id', '=', row.account_id).where('event_id', '=', row.event_id).execute();
    }
    await ex.insertInto('invitation_lists').values(row).execute();
  }

  // ---- Event copy: the event's rows in id (creation) order ----

  pathsOfEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'registration_paths'>>> {
    return ex.selectFrom('registration_paths').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  invitationListsOfEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'invitation_lists'>>> {
    return ex.selectFrom('invitation_lists').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  emailsOfEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'event_emails'>>> {
    return ex.selectFrom('event_emails').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  listEmails(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('event_emails').selectAll('event_emails')
      .where('event_emails.account_id', '=', accountId).where('event_emails.event_id', '=', eventId), spec);
  }

  async insertEmail(row: NewRow<'event_emails'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('event_emails').values(row).execute();
  }
}
