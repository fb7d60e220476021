// The planner pages the accessibility scan visits (test/browser/a11y.test.ts): each a hash route of the UI,
// with `{eventId}` standing for the demo account's event (eventline Demo Summit), and what to wait for
// before scanning (a heading's name).
export interface PlannerPage {
  name: string;
  path: string;
  heading: string;
}

export const PAGES: PlannerPage[] = [
  // Attendees, exhibitors and leads, surveys and engagement (issue 34, parts 2-4).
  { name: 'attendees', path: '#/events/{eventId}/attendees', heading: 'eventline Demo Summit' },
  { name: 'exhibitors', path: '#/events/{eventId}/exhibitors', heading: 'Exhibitors' },
  { name: 'surveys', path: '#/events/{eventId}/surveys', heading: 'Surveys' },
  { name: 'engagement', path: '#/events/{eventId}/engagement', heading: 'Engagement' },
];
