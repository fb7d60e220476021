import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';

/** Travel programs and their questions, proposals with their answers, bids, and proposal drafts; every statement names the account. */
export class TravelRfpsRepository extends Repository {
  private readonly programs = new AccountRows('travel_programs');
  private readonly proposals = new AccountRows('travel_proposals');
  private readonly drafts = new AccountRows('proposal_drafts');

  // ---- Programs and questions ----

  listPrograms(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_programs').selectAll('travel_programs').where('travel_programs.account_id', '=', accountId), spec);
  }

  findProgram(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'travel_programs'> | undefined> {
    return this.programs.get(ex, accountId, id);
  }

  async insertProgram(row: NewRow<'travel_programs'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('travel_programs').values(row).execute();
  }

  questionsOf(accountId: string, programIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'travel_program_questions'>>> {
    if (programIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('travel_program_questions').selectAll().where('account_id', '=', accountId).where('program_id', 'in', [...programIds])
      .orderBy('program_id').orderBy('sequence').orderBy('id').execute();
  }

  listQuestions(accountId: string, programId: string | null, spec: ListSpec) {
    let q = this.db.selectFrom('travel_program_questions').selectAll('travel_program_questions').where('travel_program_questions.account_id', '=', accountId);
    if (programId !== null) q = q.where('travel_program_questions.program_id', '=', programId);
    return fetchPage(q, spec);
  }

  findQuestion(accountId: string, programId: string, id: string, ex: Executor = this.db): Promise<Row<'travel_program_questions'> | undefined> {
    return ex.selectFrom('travel_program_questions').selectAll().where('account_id', '=', accountId).where('program_id', '=', programId).where('id', '=', id).executeTakeFirst();
  }

  async insertQuestion(row: NewRow<'travel_program_questions'>, ex: Executor): Promise<void> {
    await ex.insertInto('travel_program_questions').values(row).execute();
  }

  /** Locks the program's row until the transaction ends (PostgreSQL): two questions added at once get distinct sequences. */
  async lockProgram(accountId: string, id: string, ex: Executor, dialect: string): Promise<void> {
    if (dialect !== 'postgres') return;
    await ex.selectFrom('travel_programs').select('id').where('account_id', '=', accountId).where('id', '=', id).forUpdate().execute();
  }

  // ---- Proposals ----

  listProposals(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('travel_proposals').selectAll('travel_proposals').where('travel_proposals.account_id', '=', accountId), spec);
  }

  findProposal(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'travel_proposals'> | undefined> {
    return this.proposals.get(ex, accountId, id);
  }

  async insertProposal(row: NewRow<'travel_proposals'>, answers: ReadonlyArray<NewRow<'travel_proposal_answers'>>, ex: Executor): Promise<void> {
    await ex.insertInto('travel_proposals').values(row).execute();
    if (answers.length > 0) await ex.insertInto('travel_proposal_answers').values([...answers]).execute();
  }

  answersOf(accountId: string, proposalIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'travel_proposal_answers'>>> {
    if (proposalIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('travel_proposal_answers').selectAll().where('account_id', '=', accountId).where('proposal_id', 'in', [...proposalIds]).orderBy('id').execute();
  }

  bidIdsOf(accountId: string, proposalIds: readonly string[], ex: Executor = this.db): Promise<Array<{ id: string; proposal_id: string }>> {
    if (proposalIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('travel_bids').select(['id', 'proposal_id']).where('account_id', '=', accountId).where('proposal_id', 'in', [...proposalIds]).orderBy('id').execute();
  }

  // ---- Bids ----

  private bids() {
    return this.db.selectFrom('travel_bids').innerJoin('travel_proposals', (j) => j.onRef('travel_proposals.id', '=', 'travel_bids.proposal_id').onRef('travel_proposals.account_id', '=', 'travel_bids.account_id'))
      .selectAll('travel_bids').select(['travel_proposals.created as proposal_created', 'travel_proposals.last_modified as proposal_last_modified']);
  }

  listBids(accountId: string, spec: ListSpec) {
    return fetchPage(this.bids().where('travel_bids.account_id', '=', accountId), spec);
  }

  findBid(accountId: string, id: string): Promise<Row<'travel_bids'> | undefined> {
    return this.db.selectFrom('travel_bids').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async insertBid(row: NewRow<'travel_bids'>, ex: Executor): Promise<void> {
    await ex.insertInto('travel_bids').values(row).execute();
  }

  // ---- Drafts ----

  findDraft(accountId: string, id: string): Promise<Row<'proposal_drafts'> | undefined> {
    return this.drafts.get(this.db, accountId, id);
  }

  async insertDraft(row: NewRow<'proposal_drafts'>): Promise<void> {
    await this.db.insertInto('proposal_drafts').values(row).execute();
  }
}
