import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

// The reference's feature-type.json, in its order.
export const FEATURE_TYPES = [
  'Website', 'Registration', 'OnArrival', 'AttendeeHub', 'Appointments', 'Planning', 'Agenda', 'Travel', 'Marketing', 'Surveys', 'Speakers',
  'Exhibitors', 'Vendors', 'EventAds', 'EventCredits',
] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

// The reference's launch-feature-type.json (Website, Registration), plus AttendeeHub: the reference
// describes it as "launchable independently of registration", and eventline gates chat and Q&A on it.
export const LAUNCH_TYPES = ['Website', 'Registration', 'AttendeeHub'] as const satisfies readonly FeatureType[];
export type LaunchType = (typeof LAUNCH_TYPES)[number];

// The reference's tier.json.
export const TIERS = ['PRO', 'PREMIER', 'ESSENTIALS', 'BASIC', 'PREMIUM'] as const;

export interface EventFeaturesTable extends OwnedColumns, AuditColumns {
  event_id: string;
  type: FeatureType;
  enabled: number;
  enabled_tier: (typeof TIERS)[number] | null;
  config: string | null; // JSON: the feature's configuration as the client sent it (RegistrationFeatureConfig)
  launched: string | null; // when it was made available to the audience; NULL: not launched
}

// No personal data: ids, enum values, a pricing configuration and timestamps.
export const EVENT_FEATURES_TABLES = declareTables('event-features', {
  event_features: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'type', 'enabled_tier', 'config', 'launched'] },
});
