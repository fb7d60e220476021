// The scope catalogue: the reference's scope names for every domain eventline
// serves. Workspaces are granted a subset; applications choose from their
// workspace's grant; a token carries what it asked for.
export const SCOPES = {
  'event/events:read': 'Allows the reading of events',
  'event/events:write': 'Allows the creation/updating of events',
  'event/event-features:read': 'Allows the reading of event features',
  'event/event-features:write': 'Allows the enabling, disabling and launching of event features',
  'event/weblinks:read': 'Allows the reading of event weblinks',
  'event/sessions:read': 'Allows the reading of sessions',
  'event/sessions:write': 'Allows the creation of a session in an event',
  'event/sessions:delete': 'Allows the deletion of a session in an event',
  'event/speakers:read': 'Allows the reading of speakers',
  'event/speakers:write': 'Allows the creation of a speaker in an event',
  'event/speakers:delete': 'Allows the deletion of a speaker in an event',
  'event/speaker-categories:read': 'Allows reading of speaker categories',
  'event/speaker-categories:write': 'Allows writing of speaker categories',
  'event/custom-fields:read': 'Allows the reading of custom fields',
  'event/custom-fields:write': 'Allows the writing of custom fields',
  'event/audience-segments:read': 'Allows the reading of audience segments.',
  'event/audience-segments:write': 'Allows the creation/updating/deletion of audience segments.',
  'event/webcasts:read': 'Allows the reading of webcasts',
  'event/webcasts:write': 'Allows the creation of webcast',
  'event/webcasts:delete': 'Allows the deletion of webcast',
  'event/attendees:read': 'Allows the reading of attendees.',
  'event/attendees:write': 'Allows the creation of an attendee in an event.',
  'event/session-enrollment:read': 'Allows the reading of sessions registrations',
  'event/session-enrollment:write': 'Allows the writing of sessions registrations',
  'event/session-enrollment:delete': 'Allows the deletion of session registrations',
  'event/session-attendance:read': 'Allows the reading of sessions attendance',
  'event/session-attendance:write': 'Allows the creation/updating of sessions attendance',
  // The program (issue 29): session categories and segments, program items.
  'event/session-categories:read': 'Allows reading of session categories',
  'event/session-categories:write': 'Allows writing of session categories',
  'event/session-segments:read': 'Allows reading of session segments',
  'event/session-segments:write': 'Allows writing of session segments (an eventline extension)',
  'event/program-items:read': 'Allows reading of session program items',
  'event/program-items:write': 'Allows writing of session program items',
  'event/program-items:delete': 'Allows deletion of session program items',
  'event/attendee-links:read': 'Allows the reading of attendee links',
  'event/attendee-links:write': 'Allows the creation of attendee links',
  'event/attendee-links:delete': 'Allows the deletion of attendee links',
  'event/contacts:read': 'Allows the reading of contacts.',
  'event/contacts:write': 'Allows the creation/updating of contacts.',
  'event/contacts:delete': 'Allows the deletion of contacts.',
  'event/event-emails:read': 'Allows the reading of event emails',
  'event/event-emails:write': 'Allows to send event emails.',
  'event/event-email-status:read': 'Allows the reading of event email statuses.',
  'compliance/communications:read': 'Allows the reading of communication compliance',
  'compliance/communications:write': 'Allows the writing of communication compliance',
  'bulk/bulk-jobs:read': 'Allows the reading of bulk job related entities',
  'bulk/bulk-jobs:write': 'Allows the creation, update and deletion of bulk job related entities',
  'account/users:read': 'Allows the reading of User, User Group',
  'account/users:write': 'Allows the creation/updating of User',
  'account/users:delete': 'Allows the deletion of User',
  'account/user-groups:read': 'Allows the reading of user groups',
  'account/user-groups:write': 'Allows the writing of user groups',
  'account/user-groups:delete': 'Allows deletion for user groups',
  'account/hooks:read': 'Allows the reading of hooks.',
  'account/hooks:write': 'Allows the creation/updation of hooks.',
  'account/hooks:delete': 'Allows the deletion of hooks.',
  'event/attendee-activities:read': 'Allows the reading of attendee activities',
  'event/attendee-activities:write': 'Allows the creation of external attendee activities',
  'event/attendee-activities-metadata:read': 'Allows the reading of external attendee activity metadata',
  'event/attendee-activities-metadata:write': 'Allows the creation/updating of external attendee activity metadata',
  'event/attendee-activities-metadata:delete': 'Allows the deletion of external attendee activity metadata',
  'attendee-insights/attendee-insights:read': 'Allows the reading of engagement scores (attendee insights)',
  'attendee-insights/attendee-insights:write': 'Allows the creation/updating/deletion of engagement scores (an eventline extension)',
  'attendee-insights/scores:read': 'Allows the reading of engagement score points and ranks',
  'attendee-insights/stats:read': 'Allows the reading of engagement score statistics',
  'file/file:read': 'Allows the reading of file',
  'file/file:write': 'Allows the uploading of file',
  'event/registration-types:read': 'Allows the reading of registration types',
  'event/registration-types:write': 'Allows the writing of registration types',
  'exhibitor/exhibitors:read': 'Allows reading exhibitors',
  'exhibitor/exhibitors:write': 'Allows creating/updating exhibitors',
  'exhibitor/exhibitors:delete': 'Allows deleting exhibitors',
  'exhibitor/exhibitor-categories:read': 'Allows reading exhibitor categories',
  'exhibitor/exhibitor-categories:write': 'Allows creating/updating exhibitor categories',
  'exhibitor/exhibitor-categories:delete': 'Allows deleting exhibitor categories',
  'exhibitor/sponsorship-levels:read': 'Allows reading sponsorship level',
  'exhibitor/sponsorship-levels:write': 'Allows creating/updating/deleting sponsorship levels (an eventline extension)',
  'exhibitor/registration-packs:read': 'Allows reading registration pack',
  'exhibitor/registration-packs:write': 'Allows creating/updating registration pack',
  'exhibitor/registration-packs:delete': 'Allows deleting registration pack',
  'exhibitor/exhibitor-questions:read': 'Allows reading exhibitor questions',
  'exhibitor/exhibitor-answers:read': 'Allows reading exhibitor answers',
  'exhibitor/exhibitor-answers:write': 'Allows updating exhibitor answers',
  'exhibitor/exhibitor-admins:read': 'Allows reading exhibitor admins',
  'exhibitor/exhibitor-admins:write': 'Allows creating/updating exhibitor admins',
  'exhibitor/booth-staff:read': 'Allows reading booth staff',
  'exhibitor/booth-staff:write': 'Allows creating booth staff',
  'exhibitor/booth-staff:delete': 'Allows deleting booth staff',
  'exhibitor/exhibitor-contents:read': 'Allows reading exhibitor content',
  'exhibitor/exhibitor-contents:write': 'Allows creating/updating exhibitor content',
  'exhibitor/exhibitor-contents:delete': 'Allows deleting exhibitor content',
  'exhibitor/lead-qualification-questions:read': 'Allows reading Lead Qualification Questions.',
  'exhibitor/lead-qualification-answers:read': 'Allows reading Lead Qualification Answers',
  'exhibitor/leads:read': 'Allows reading leads.',
  'exhibitor/eliterature-requests:read': 'Allows reading eliterature document request data',
  'event/videos:read': 'Allows the reading of video data.',
  'event/videos:write': 'Allows the creation/updating of video data.',
  'event/video-views:read': 'Allows reading of video views.',
  'event/video-views:write': 'Allows recording video views (an eventline extension: players and the provider sync report them)',
  'exhibitor/exhibitor-questions:write': 'Allows creating/updating/deleting exhibitor questions (an eventline extension)',
  'exhibitor/leads:write': 'Allows scanning and deleting leads (an eventline extension)',
  'exhibitor/lead-qualification-answers:write': 'Allows answering lead qualification questions (an eventline extension)',
  'exhibitor/lead-qualification-questions:write': 'Allows creating/updating/deleting lead qualification questions (an eventline extension)',
  'survey/surveys:read': 'Allows the reading of event surveys',
  'survey/surveys:write': 'Allows the creation of event surveys (an eventline extension)',
  'survey/questions:read': 'Allows the reading of survey questions',
  'survey/respondents:read': 'Allows reading the survey respondents',
  'survey/responses:read': 'Allows reading the survey responses',
  'survey/survey-questions:read': 'Allows the reading of event survey questions',
  'survey/survey-questions:write': 'Allows the creation of event survey questions (an eventline extension)',
  'survey/survey-respondents:read': 'Allows reading the event survey respondents',
  'survey/survey-respondents:write': 'Allows write operations on the event survey respondents',
  'survey/survey-responses:read': 'Allows reading the event survey responses',
  'survey/survey-responses:write': "Allows write operations on the event surveys respondent's responses",
  'survey/standard-surveys:read': 'Allows the reading of standalone surveys',
  'survey/standard-surveys:write': 'Allows the creation of standalone surveys (an eventline extension)',
  'survey/standard-survey-questions:read': 'Allows the reading of standalone surveys questions',
  'survey/standard-survey-questions:write': 'Allows the creation of standalone survey questions (an eventline extension)',
  'survey/standard-survey-respondents:read': 'Allows reading the standalone survey respondents',
  'survey/standard-survey-respondents:write': 'Allows write operations on standalone survey respondents',
  'survey/standard-survey-responses:read': 'Allows reading the standalone survey responses',
  'survey/standard-survey-responses:write': "Allows write operations on standalone surveys respondent's responses",
  'survey/standard-survey-email-templates:read': 'Allows reading the standalone survey email templates',
  'survey/standard-survey-email-templates:write': 'Allows the creation of standalone survey email templates (an eventline extension)',
  'survey/standard-survey-email:write': 'Allows writing operations on standalone survey emails',
  // Issue 29, the rest of Events (the :write ones of read-only lists are eventline extensions, DESIGN rule 11).
  'event/event-user-groups:read': 'Allows the reading of user groups',
  'event/event-user-groups:write': 'Allows associating/disassociating user groups to event',
  'event/planning-documents:read': 'Allows the reading of event planning documents',
  'event/planning-documents:write': 'Allows adding and removing event planning documents (an eventline extension)',
  'event/registration-paths:read': 'Allows the reading of registration paths',
  'event/registration-paths:write': 'Allows the creation of registration paths (an eventline extension)',
  'event/invitation-lists:read': 'Allows the reading of the invitation lists for an event',
  'event/invitation-lists:write': 'Allows the creation of invitation lists (an eventline extension)',
  // Issue 30, registration money (the :write ones of read-only lists are eventline extensions, DESIGN rule 11).
  'event/admission-items:read': 'Allows the reading of admission items',
  'event/admission-items:write': 'Allows the creation of admission items (an eventline extension)',
  'event/donation-items:read': 'Allows the reading of donation items',
  'event/donation-items:write': 'Allows the creation of donation items (an eventline extension)',
  'event/fee-items:read': 'Allows the reading of fee items',
  'event/fee-items:write': 'Allows the creation of fee items (an eventline extension)',
  'event/membership-items:read': 'Allows the reading of membership items',
  'event/membership-items:write': 'Allows the creation of membership items (an eventline extension)',
  'event/quantity-items:read': 'Allows the reading of quantity items',
  'event/quantity-items:write': 'Allows updating quantity item registrations, and creating quantity items (an eventline extension)',
  'event/orders:read': 'Allows the reading of orders and order items',
  'event/orders:write': 'Allows the creation of orders (an eventline extension)',
  'event/discounts:write': 'Allows associating a discount code with an order item',
  'event/event-discounts:read': 'Allows the reading of event discounts',
  'event/event-discounts:write': 'Allows the creation and updating of event discounts',
  'event/transactions:read': 'Allows the reading of transactions',
  'event/transactions:write': 'Allows the creation of offline transactions',
  'event/attendee-credits:read': 'Allows the reading of attendee credits',
  'event/attendee-credits:write': 'Allows awarding attendee credits (an eventline extension)',
  'secure-ecommerce/card-tokens:write': 'Allows the tokenization of payment cards',
} as const satisfies Record<string, string>;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES: Scope[] = Object.keys(SCOPES).filter(isScope);

// The seed names the compliance scopes without their domain prefix; accept
// those spellings wherever a scope is requested or granted.
const ALIASES: Readonly<Record<string, Scope>> = {
  'communications:read': 'compliance/communications:read',
  'communications:write': 'compliance/communications:write',
};

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}

export function canonicalScope(value: string): Scope | undefined {
  if (isScope(value)) return value;
  return ALIASES[value];
}

/** Parses a space- or comma-separated list; returns the canonical scopes and the unknown names. */
export function parseScopes(input: string | readonly string[]): { scopes: Scope[]; unknown: string[] } {
  const items = typeof input === 'string' ? input.split(/[\s,]+/) : input;
  const scopes = new Set<Scope>();
  const unknown: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    if (!item) continue;
    const scope = canonicalScope(item);
    if (scope) scopes.add(scope);
    else unknown.push(item);
  }
  return { scopes: [...scopes], unknown };
}

export function intersect(...sets: ReadonlyArray<readonly string[]>): Scope[] {
  const [first, ...rest] = sets;
  if (!first) return [];
  return first.filter((s): s is Scope => isScope(s) && rest.every((other) => other.includes(s)));
}
