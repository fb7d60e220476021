import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';
import { ACTIVITY_TYPES } from '../activities/index.js';

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const EXTENSION = 'eventline extension:';

export const MAX_ACTIONS = 50;

export const ActionSchema = Type.Object(
  {
    type: Type.Enum(ACTIVITY_TYPES, { title: 'ActivityType', type: 'string', description: 'The activity type that earns the points.' }),
    name: Type.Optional(Type.String({
      minLength: 1, maxLength: 100,
      description: 'Only activities with this name (an external activity\'s metadata name, or a built-in `eventline.*` name) earn the points. '
        + 'An activity earns the points of the action naming it, else of the action of its type without a name.',
    })),
    points: Type.Integer({ minimum: 1, maximum: 1000, description: 'Points each matching activity earns.' }),
  },
  { title: 'EngagementScoreAction', additionalProperties: false },
);
export type Action = Static<typeof ActionSchema>;
export const ActionsSchema = Type.Array(ActionSchema, { minItems: 1, maxItems: MAX_ACTIONS });

const Audit = {
  created: DateTime('When the record was created.'),
  createdBy: Type.String({ description: 'Who created the record.' }),
  lastModified: DateTime('When the record was last updated.'),
  lastModifiedBy: Type.String({ description: 'Who last updated the record.' }),
};

export const InsightSchema = Type.Object(
  {
    id: Uuid('The identifier of the engagement score.'),
    name: Type.String({ description: 'Name of the engagement score.' }),
    description: Type.Optional(Type.String()),
    event: Type.Object({ id: Uuid('The event where the engagement score applies.') }),
    default: Type.Boolean({ description: 'True indicates this is the default engagement score in the event.' }),
    actions: Type.Array(ActionSchema, { description: `${EXTENSION} the actions that earn points, and how many.` }),
    ...Audit,
  },
  { title: 'AttendeeInsights' },
);
export type Insight = Static<typeof InsightSchema>;
export const InsightPageSchema = paginated(InsightSchema, 'AttendeeInsightsPaginatedResponse');

const Name = Type.String({ minLength: 1, maxLength: 200, description: 'Name of the engagement score.' });
const Description = Type.Optional(Type.String({ maxLength: 2000, description: 'Description of the engagement score.' }));
const Default = Type.Optional(Type.Boolean({ description: 'Make it the event\'s default engagement score (the event\'s first one is).' }));

export const InsightCreateSchema = Type.Object(
  { name: Name, description: Description, event: Type.Object({ id: Uuid('The event.') }), default: Default, actions: ActionsSchema },
  { title: 'AttendeeInsightsInput', additionalProperties: false },
);
export type InsightCreate = Static<typeof InsightCreateSchema>;

export const InsightUpdateSchema = Type.Object(
  {
    name: Name, description: Description, default: Default, actions: ActionsSchema,
    event: Type.Optional(Type.Object({ id: Uuid('The event; it cannot change.') })),
  },
  { title: 'AttendeeInsightsUpdate', additionalProperties: false },
);
export type InsightUpdate = Static<typeof InsightUpdateSchema>;

export const ScoreSchema = Type.Object(
  {
    attendee: Type.Object({ id: Uuid('Attendee ID') }, { description: 'The attendee with points in this engagement score.' }),
    event: Type.Object({ id: Uuid('The event.') }),
    points: Type.Integer({ description: 'The points earned by the attendee in this engagement score.' }),
    rank: Type.Integer({ description: 'The attendee\'s rank among the attendees of the score (ties share a rank: 1, 2, 2, 4).' }),
    activityCount: Type.Integer({ description: `${EXTENSION} how many activities earned the points.` }),
    created: DateTime('When the attendee earned their first points.'),
    lastModified: DateTime('When the attendee last earned points.'),
  },
  { title: 'Scores' },
);
export type Score = Static<typeof ScoreSchema>;
export const ScorePageSchema = paginated(ScoreSchema, 'ScoresPaginatedResponse');

export const StatsSchema = Type.Object(
  {
    averageAttendeeScore: Type.Integer({ description: 'Average points per attendee with points (rounded).' }),
    attendeeCount: Type.Integer({ description: 'Attendees with points in the engagement score.' }),
    activityCount: Type.Integer({ description: 'Activities that earned points in the engagement score.' }),
    totalPoints: Type.Integer({ description: `${EXTENSION} the points of all attendees.` }),
    highestScore: Type.Integer({ description: `${EXTENSION} the most points of an attendee (0 without attendees).` }),
    lowestScore: Type.Integer({ description: `${EXTENSION} the fewest points of an attendee with points (0 without attendees).` }),
    distribution: Type.Array(
      Type.Object({ minPoints: Type.Integer(), maxPoints: Type.Integer(), attendeeCount: Type.Integer() }, { title: 'ScoreBucket' }),
      { description: `${EXTENSION} how many attendees have points in each of up to 5 equal ranges from the lowest to the highest score.` },
    ),
    topActions: Type.Array(
      Type.Object({ type: Type.String(), name: Type.Optional(Type.String()), activityCount: Type.Integer(), points: Type.Integer() }, { title: 'ActionTotal' }),
      { description: `${EXTENSION} the actions that earned the most points (up to 5), with their activities and points.` },
    ),
  },
  { title: 'AttendeeInsightsStats' },
);
export type Stats = Static<typeof StatsSchema>;

export const EntrySchema = Type.Object(
  {
    activity: Type.Object({ id: Uuid('The activity.'), type: Type.String(), name: Type.String(), time: DateTime('When the activity happened.') }),
    action: Type.Object({ type: Type.String(), name: Type.Optional(Type.String()) }, { description: 'The action of the score that the activity matched.' }),
    points: Type.Integer({ description: 'The points the activity earned.' }),
    created: DateTime('When the points were counted.'),
  },
  { title: 'ScoreExplanationEntry' },
);
export type Entry = Static<typeof EntrySchema>;
export const EntryPageSchema = paginated(EntrySchema, 'ScoreExplanationPaginatedResponse');

export const InsightParamsSchema = Type.Object({ id: Uuid('Identifier of an engagement score (attendee insight).') });
export const ScoreParamsSchema = Type.Object({ id: Uuid('Identifier of an engagement score (attendee insight).'), attendeeId: Uuid('The attendee.') });

const { limit, token, after, before, filter } = listQuerySchema().properties;
export const InsightsQuerySchema = Type.Object({ limit, token, after, before, filter }, { additionalProperties: false });
export const ScoresQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });
export const EntriesQuerySchema = Type.Object({ limit, token }, { additionalProperties: false });
