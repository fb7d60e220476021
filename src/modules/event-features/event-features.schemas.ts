import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';
import { FEATURE_TYPES, LAUNCH_TYPES, TIERS } from './event-features.table.js';

const literalUnion = <T extends string[]>(values: readonly [...T], title: string, description: string) =>
  Type.Enum(values, { title, type: 'string', description });

export const FeatureTypeSchema = literalUnion(FEATURE_TYPES, 'FeatureType', 'The type of feature available for an event.');
const TierSchema = literalUnion(TIERS, 'tier', 'The type of license of the feature.');
const EventIdSchema = Type.String({ format: 'uuid', description: 'Unique Id of an event' });

export const EventParamsSchema = Type.Object({ id: EventIdSchema });
export const FeatureParamsSchema = Type.Object({ id: EventIdSchema, type: FeatureTypeSchema });
export const LaunchParamsSchema = Type.Object({
  id: EventIdSchema,
  type: literalUnion(LAUNCH_TYPES, 'LaunchFeatureType',
    'Event feature to be launched: the reference\'s Website and Registration, and AttendeeHub (an eventline extension: launching it opens chat and Q&A to attendees).'),
});

const LocaleSchema = Type.String({ minLength: 1, maxLength: 200, description: 'Locale code in IETF Language tag format. Indicates desired locale of return values.' });
const { limit, token, filter } = listQuerySchema().properties;
export const FeaturesQuerySchema = Type.Object({ limit, token, filter, locale: Type.Optional(LocaleSchema) }, { additionalProperties: false });
export const WeblinksQuerySchema = Type.Object(
  { limit: listQuerySchema({ maxLimit: 100 }).properties.limit, token, locale: Type.Optional(LocaleSchema) },
  { additionalProperties: false },
);

const PricingConfigSchema = Type.Object(
  {
    enabled: Type.Boolean({ description: 'True enables pricing for the event.' }),
    invoicePrefix: Type.Optional(Type.String({ maxLength: 6 })),
    revenueGoal: Type.Optional(Type.Number()),
    merchantAccount: Type.Optional(Type.String({ maxLength: 200 })),
    currency: Type.Optional(Type.String({ maxLength: 3 })),
  },
  { title: 'PricingConfig', additionalProperties: false },
);
export const ConfigSchema = Type.Object(
  { pricing: Type.Optional(PricingConfigSchema) },
  { title: 'RegistrationFeatureConfig', additionalProperties: false, description: 'Feature configuration (Registration only): stored and returned as given.' },
);
export type FeatureConfig = Static<typeof ConfigSchema>;

export const FeatureUpdateSchema = Type.Object(
  {
    type: FeatureTypeSchema,
    enabled: Type.Boolean({ description: 'If the feature is enabled for the event' }),
    enabledTier: Type.Optional(TierSchema),
    config: Type.Optional(ConfigSchema),
  },
  { title: 'FeatureUpdate', additionalProperties: false },
);
export type FeatureUpdate = Static<typeof FeatureUpdateSchema>;

export const LaunchRequestSchema = Type.Object(
  { deleteTestData: Type.Optional(Type.Boolean({ default: false, description: 'Accepted for the reference\'s clients; eventline keeps no separate test-mode data.' })) },
  { title: 'EventFeaturesLaunchRequest', additionalProperties: false },
);

export const EventFeatureSchema = Type.Object(
  {
    type: FeatureTypeSchema,
    enabled: Type.Boolean(),
    locked: Type.Boolean({ description: 'A launched Registration or AttendeeHub is locked: it cannot be disabled.' }),
    lockedReason: Type.Optional(Type.String()),
    enabledTier: Type.Optional(TierSchema),
    config: Type.Optional(ConfigSchema),
    weblink: Type.Optional(Type.String({ format: 'uri', description: 'URL of the feature\'s webpage, once launched.' })),
  },
  { title: 'EventFeature' },
);
export type EventFeature = Static<typeof EventFeatureSchema>;
export const EventFeaturePageSchema = paginated(EventFeatureSchema, 'EventFeaturesPaginatedResponse');

export const WeblinkSchema = Type.Object(
  {
    name: Type.String({ maxLength: 50 }),
    url: Type.String({ format: 'uri' }),
    landingPage: Type.String(),
    locale: Type.String(),
  },
  { title: 'EventWeblink' },
);
export type Weblink = Static<typeof WeblinkSchema>;
export const WeblinkPageSchema = paginated(WeblinkSchema, 'EventWeblinksPaginatedResponse');
