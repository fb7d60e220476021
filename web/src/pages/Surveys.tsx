// An event's surveys and their results: a chart per question with choices (how many answers chose
// each), the numbers of a number question, and the text answers of the others.
import type { ItemOf } from '../../../src/client/types.js';
import { api, listAll } from '../api.js';
import { Chart, type ChartDatum } from '../chart.js';
import type { EventT } from '../types.js';
import { Alert, Loading, useLoad } from '../ui.js';

type SurveyT = ItemOf<'/events/{id}/surveys'>;
type QuestionT = ItemOf<'/events/{id}/surveys/{surveyId}/questions'>;
type ResponseT = ItemOf<'/events/{id}/surveys/{surveyId}/responses'>;

export interface QuestionResult {
  question: QuestionT;
  respondents: number;
  /** Per choice (in the question's order): how many responses chose it. */
  choices?: ChartDatum[];
  /** Free-text and number answers. */
  texts: string[];
}

/** Counts each question's answers from the survey's responses. */
export function tally(questions: readonly QuestionT[], responses: readonly ResponseT[]): QuestionResult[] {
  return questions.map((question) => {
    const mine = responses.filter((r) => r.question.id === question.id);
    const counts = new Map<string, number>();
    const texts: string[] = [];
    for (const r of mine) {
      for (const a of r.answers) {
        if (a.choice) counts.set(a.choice.id, (counts.get(a.choice.id) ?? 0) + 1);
        else if (a.value !== undefined && a.value !== '') texts.push(a.value);
      }
    }
    const respondents = new Set(mine.map((r) => r.respondent.id)).size;
    const choices = question.choices && question.choices.length > 0
      ? question.choices.map((c) => ({ label: c.text, value: counts.get(c.id) ?? 0 }))
      : undefined;
    return { question, respondents, ...(choices ? { choices } : {}), texts };
  });
}

function SurveyResults({ event, survey }: { event: EventT; survey: SurveyT }) {
  const data = useLoad(async () => {
    const [questions, responses] = await Promise.all([
      listAll<QuestionT>(`/events/${event.id}/surveys/${survey.id}/questions`),
      listAll<ResponseT>(`/events/${event.id}/surveys/${survey.id}/responses`),
    ]);
    return { results: tally(questions, responses), respondents: new Set(responses.map((r) => r.respondent.id)).size };
  }, [event.id, survey.id]);
  return (
    <section aria-labelledby={`survey-${survey.id}`} className="panel">
      <h2 id={`survey-${survey.id}`}>{survey.title}</h2>
      {survey.description && <p>{survey.description}</p>}
      {data.loading && !data.data && <Loading what="results" />}
      {data.error && <Alert>{data.error}</Alert>}
      {data.data && (
        <>
          <p className="muted">{data.data.respondents} {data.data.respondents === 1 ? 'respondent' : 'respondents'} · {data.data.results.length} questions</p>
          {data.data.results.length === 0 && <p>This survey has no questions yet.</p>}
          {data.data.results.map((r) => (
            <div key={r.question.id} className="question-result">
              {r.choices ? (
                <Chart
                  title={r.question.text}
                  description={`${r.question.type} question: how many of the ${r.respondents} ${r.respondents === 1 ? 'respondent' : 'respondents'} who answered it chose each answer.`}
                  data={r.choices} labelHeader="Answer" valueHeader="Responses"
                />
              ) : (
                <>
                  <h3>{r.question.text}</h3>
                  <p className="hint">{r.question.type} question · {r.texts.length} {r.texts.length === 1 ? 'answer' : 'answers'}</p>
                  {r.texts.length > 0 && <ul className="answers">{r.texts.slice(0, 50).map((t, i) => <li key={i}>{t}</li>)}</ul>}
                  {r.texts.length > 50 && <p className="hint">The first 50 answers are shown.</p>}
                </>
              )}
            </div>
          ))}
        </>
      )}
    </section>
  );
}

export function SurveysPage({ eventId, surveyId }: { eventId: string; surveyId?: string | undefined }) {
  const data = useLoad(async () => {
    const [event, surveys] = await Promise.all([api<EventT>('GET', `/events/${eventId}`), listAll<SurveyT>(`/events/${eventId}/surveys`)]);
    return { event, surveys: surveys.sort((a, b) => a.title.localeCompare(b.title)) };
  }, [eventId]);
  if (data.error) return <Alert>{data.error}</Alert>;
  if (!data.data) return <Loading what="surveys" />;
  const { event, surveys } = data.data;
  const chosen = surveys.find((s) => s.id === surveyId) ?? surveys[0];
  return (
    <div>
      <p><a href={`#/events/${eventId}`}>← {event.title}</a></p>
      <h1>Surveys</h1>
      {surveys.length === 0 ? <p>This event has no surveys yet.</p> : (
        <nav aria-label="Surveys of the event">
          <ul className="inline-list">
            {surveys.map((s) => (
              <li key={s.id}><a href={`#/events/${eventId}/surveys/${s.id}`} aria-current={s.id === chosen?.id ? 'page' : undefined}>{s.title}</a></li>
            ))}
          </ul>
        </nav>
      )}
      {chosen && <SurveyResults key={chosen.id} event={event} survey={chosen} />}
    </div>
  );
}
