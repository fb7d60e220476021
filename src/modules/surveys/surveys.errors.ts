import { defineErrors } from '../../errors.js';

export const SurveyErrors = defineErrors({
  surveyNotFound: { status: 404, message: 'Survey not found' },
  eventNotFound: { status: 404, message: 'Event not found' },
  respondentNotFound: { status: 404, message: 'Respondent not found' },
  responseNotFound: { status: 404, message: 'Response not found' },
  templateNotFound: { status: 404, message: 'Email template not found' },
  invalidSurvey: { status: 400, message: 'The survey is not valid' },
  invalidQuestion: { status: 400, message: 'The question is not valid' },
  invalidRespondent: { status: 400, message: 'The respondent is not valid' },
  invalidResponse: { status: 400, message: 'The response is not valid' },
  notOpen: { status: 400, message: 'The survey does not take responses' },
  cannotSend: { status: 400, message: 'The survey email cannot be sent' },
});
