import type { ActivityReporter } from '../activities/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { ContactsService } from '../contacts/index.js';
import type { EventsService } from '../events/index.js';
import type { SessionsService } from '../sessions/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { ResponsesService } from './responses.service.js';
import { SurveyLookups, type SurveyMailer } from './surveys.common.js';
import { surveysErasers } from './surveys.erasers.js';
import { SurveysRepository } from './surveys.repository.js';
import { surveysRoutes } from './surveys.routes.js';
import { SurveysService } from './surveys.service.js';

export { SurveysService, ResponsesService, type SurveyMailer };
export { checkAnswers, questionName, type QuestionDefinition } from './surveys.answers.js';
export type { EventSurvey, StandardSurvey, Question, EmailTemplate } from './surveys.schemas.js';

/**
 * Surveys (the reference's Surveys tag): event and standalone surveys, their
 * questions, respondents and responses, and standalone invitations by email.
 * Mail goes through the communications module's one mail path (`mailer`), so
 * the compliance archive captures it; responses are reported to the activities journal.
 */
export function createSurveysModule(deps: ModuleDeps, uses: {
  events: EventsService; attendees: AttendeesService; contacts: ContactsService; sessions: SessionsService; activities: ActivityReporter; mailer: SurveyMailer;
}) {
  const repo = new SurveysRepository(deps.db.db);
  const find = new SurveyLookups(repo, uses, deps.config);
  const surveys = new SurveysService(repo, find, uses, deps.clock);
  const surveyResponses = new ResponsesService(repo, find, uses, deps.clock, deps.notifier);
  return defineModule({
    name: 'surveys',
    services: { surveys, surveyResponses },
    routes: surveysRoutes(surveys, surveyResponses),
    erasers: surveysErasers(repo, uses.attendees),
  });
}
