// Every page of the planner UI and the developer portal, for the accessibility scan (a11y.test.ts) and the
// screenshots in docs/ui.md. A page is a hash route; `{event}` and `{session}` stand for the demo account's event
// ("eventline Demo Summit") and its first session, `{exhibitor}` and `{survey}` for its first exhibitor and survey. Add a page here when you add one to web/src/App.tsx.

export interface UiPage {
  /** The screenshot's name (docs/ui/<name>.png) and the test's. */
  readonly name: string;
  /** The route after the origin, e.g. `/#/events/{event}/agenda`. */
  readonly path: string;
  /** The heading that shows the page has loaded (a string is matched exactly, a RegExp as given). */
  readonly heading: string | RegExp;
  /** Scanned signed out (the welcome page, the developer portal's sign-in); signed in as the demo planner otherwise. */
  readonly signedOut?: boolean;
}

export const PAGES: readonly UiPage[] = [
  { name: 'welcome', path: '/', heading: 'Welcome to eventline', signedOut: true },
  { name: 'portal-sign-in', path: '/#/portal', heading: 'Developer portal sign-in', signedOut: true },
  { name: 'not-found', path: '/#/nowhere/at/all', heading: 'Page not found' },
  { name: 'events', path: '/#/events', heading: 'Events' },
  { name: 'event', path: '/#/events/{event}', heading: 'eventline Demo Summit' },
  { name: 'event-not-found', path: '/#/events/not-an-event', heading: 'Event not found' },
  { name: 'event-virtual', path: '/#/events/{event}/virtual', heading: 'eventline Demo Summit' },
  // Attendees, exhibitors and leads, surveys and engagement (issue 34, parts 2-4).
  { name: 'attendees', path: '/#/events/{event}/attendees', heading: 'eventline Demo Summit' },
  { name: 'exhibitors', path: '/#/events/{event}/exhibitors', heading: 'Exhibitors' },
  { name: 'surveys', path: '/#/events/{event}/surveys', heading: 'Surveys' },
  { name: 'engagement', path: '/#/events/{event}/engagement', heading: 'Engagement' },
  { name: 'exhibitor-leads', path: '/#/events/{event}/exhibitors/{exhibitor}', heading: 'Exhibitors' },
  { name: 'survey-results', path: '/#/events/{event}/surveys/{survey}', heading: 'Surveys' },
  { name: 'session-attendees', path: '/#/events/{event}/sessions/{session}', heading: /^Attendees: / },
  { name: 'agenda', path: '/#/events/{event}/agenda', heading: 'Agenda: eventline Demo Summit' },
  { name: 'speakers', path: '/#/events/{event}/speakers', heading: 'Speakers: eventline Demo Summit' },
  { name: 'event-admin', path: '/#/events/{event}/admin', heading: 'Administration: eventline Demo Summit' },
  { name: 'account', path: '/#/account', heading: 'Account' },
  { name: 'connections', path: '/#/connections', heading: 'Webcast platforms' },
];
