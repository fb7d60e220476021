import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';

/**
 * The demo's surveys: an event feedback survey of the summit, which two
 * attendees (not the six with join links, whose activities the engagement demo
 * walks through) have answered, a poll of the summit with a text, a single-choice
 * and a rating question to try responses on, and a standalone follow-up survey
 * with an invitation template and one respondent, ready for POST .../email.
 */
export async function seedDemoSurveys(services: Services, auth: AuthContext, eventId: string, attendeeIds: readonly string[]): Promise<void> {
  const { surveys, surveyResponses } = services;
  const feedback = await surveys.createEventSurvey(auth, eventId, {
    title: 'Summit feedback', code: 'SUMMIT-FB', type: 'Event Feedback', audienceType: 'Attendee', availableTo: 'Event Participants',
    description: 'Tell us how the eventline Demo Summit went.',
  });
  const nps = await surveys.createEventQuestion(auth, eventId, feedback.id, {
    text: 'How likely are you to recommend the summit to a colleague?', code: 'NPS', type: 'NetPromoter', required: true,
    choices: Array.from({ length: 11 }, (_, i) => ({ text: String(i) })),
  });
  const best = await surveys.createEventQuestion(auth, eventId, feedback.id, {
    text: 'Which parts did you enjoy?', code: 'BEST', type: 'MultiChoice', choices: [{ text: 'Keynote' }, { text: 'Workshop' }, { text: 'Networking' }],
  });
  await surveys.createEventQuestion(auth, eventId, feedback.id, { text: 'Anything we should change?', code: 'COMMENTS', type: 'CommentBox' });
  for (const [i, attendeeId] of attendeeIds.entries()) {
    const respondent = await surveyResponses.createEventRespondent(auth, eventId, feedback.id, { attendee: { id: attendeeId } });
    const score = nps.choices?.[i === 0 ? 10 : 8];
    const liked = best.choices?.[i];
    if (score) await surveyResponses.createEventResponse(auth, eventId, feedback.id, respondent.id, { question: { id: nps.id }, answers: [{ type: 'Choice', choice: { id: score.id } }] });
    if (liked) await surveyResponses.createEventResponse(auth, eventId, feedback.id, respondent.id, { question: { id: best.id }, answers: [{ type: 'Choice', choice: { id: liked.id } }] });
  }

  // A poll with one question of each kind most surveys use (free text, a single choice, a rating), left unanswered
  // so that responses can be tried on it (docs/surveys.md).
  const poll = await surveys.createEventSurvey(auth, eventId, {
    title: 'Summit quick poll', code: 'SUMMIT-POLL', type: 'Event Feedback', audienceType: 'Attendee', availableTo: 'Event Participants',
    description: 'Three questions to try survey responses on: text, a single choice and a rating.',
  });
  await surveys.createEventQuestion(auth, eventId, poll.id, { text: 'What is your role?', code: 'ROLE', type: 'Text' });
  await surveys.createEventQuestion(auth, eventId, poll.id, {
    text: 'Which track will you follow next time?', code: 'TRACK', type: 'SingleChoice', required: true,
    choices: [{ text: 'Product' }, { text: 'Engineering' }, { text: 'Marketing' }],
  });
  await surveys.createEventQuestion(auth, eventId, poll.id, {
    text: 'How would you rate the venue?', code: 'VENUE', type: 'Rating',
    choices: [{ text: 'Poor' }, { text: 'Fair' }, { text: 'Good' }, { text: 'Very good' }, { text: 'Excellent' }],
  });

  const followUp = await surveys.createStandardSurvey(auth, { title: 'Demo Co customer follow-up', code: 'FOLLOW-UP', description: 'A standalone survey sent by email.' });
  await surveys.createStandardQuestion(auth, followUp.id, {
    text: 'How satisfied are you with Demo Co?', code: 'CSAT', type: 'Rating', required: true,
    choices: [{ text: 'Very unsatisfied' }, { text: 'Unsatisfied' }, { text: 'Neutral' }, { text: 'Satisfied' }, { text: 'Very satisfied' }],
  });
  await surveys.createStandardQuestion(auth, followUp.id, { text: 'How many people in your team use it?', code: 'TEAM', type: 'Number' });
  await surveys.createTemplate(auth, followUp.id, {
    name: 'Invitation', subject: 'A quick question about {{surveyTitle}}',
    plaintextBody: 'Hello {{firstName}},\n\nWould you answer two questions for us? Your response code: {{responseCode}}.\n\nThank you!',
  });
  const first = attendeeIds[0];
  if (first) {
    const attendee = await services.attendees.get(auth.accountId, first);
    if (attendee.contact.id) await surveyResponses.createStandardRespondent(auth, followUp.id, { contact: { id: attendee.contact.id } });
  }
}
