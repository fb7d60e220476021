import { defineModule, type ModuleDeps } from '../module.js';
import { questionsErasers } from './event-questions.erasers.js';
import { QuestionsRepository } from './event-questions.repository.js';
import { questionsRoutes } from './event-questions.routes.js';
import { QuestionsService, type QuestionsUses } from './event-questions.service.js';

export { QuestionsService };
export type { Question as EventQuestion, Choice as EventQuestionChoice } from './event-questions.schemas.js';

/** Event questions (the reference's getEventQuestions and getChoicesForQuestion) with eventline's extensions that write them. */
export function createEventQuestionsModule(deps: ModuleDeps, uses: QuestionsUses) {
  const repo = new QuestionsRepository(deps.db.db);
  const eventQuestions = new QuestionsService(repo, uses, deps.config, deps.clock);
  return defineModule({ name: 'event-questions', services: { eventQuestions }, routes: questionsRoutes(eventQuestions), erasers: questionsErasers() });
}
