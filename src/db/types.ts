import type { Insertable, Selectable, Updateable } from 'kysely';
import type { JobsTable } from '../jobs/jobs.table.js';
import type { AuditLogTable } from '../modules/audit/audit.table.js';
import type { IdempotencyKeysTable } from '../modules/idempotency/idempotency.table.js';
import type { RequestLogsTable, SandboxControlsTable } from '../modules/sandbox/sandbox.table.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable, WebhookEventsTable, WebhookListenersTable } from '../modules/webhooks/webhooks.table.js';
import type { ListCountsTable } from '../lists/list-counts.table.js';
import type {
  AccountsTable, ApplicationsTable, UsersTable, WorkspaceInvitationsTable, WorkspaceMembersTable, WorkspacesTable,
} from '../modules/accounts/accounts.table.js';
import type { AttendeesTable } from '../modules/attendees/attendees.table.js';
import type { ContactsTable } from '../modules/contacts/contacts.table.js';
import type { EventCopiesTable, EventCreationsTable, EventsTable } from '../modules/events/events.table.js';
import type { EventFeaturesTable } from '../modules/event-features/event-features.table.js';
import type { SessionAttendanceTable, SessionEnrollmentsTable, SessionsTable } from '../modules/sessions/sessions.table.js';
import type { AttendeeLinksTable, WebcastsTable } from '../modules/webcasts/webcasts.table.js';
import type { AuthorizationCodesTable, RefreshTokensTable, SigningKeysTable } from '../modules/oauth/oauth.table.js';
import type { ApiUsageTable } from '../modules/usage/usage.table.js';
import type {
  CommunicationMessagesTable, CommunicationSecretsTable, EventCommunicationSettingsTable, CommunicationSettingsTable, EmailDeliveriesTable, EmailRequestsTable,
  MailOutboxTable, SessionChatMessagesTable, SessionQuestionsTable,
} from '../modules/communications/communications.table.js';
import type { ContactObfuscationsTable } from '../modules/obfuscation/obfuscation.table.js';
import type { BulkJobRecordsTable, BulkJobsTable } from '../modules/bulk-jobs/bulk-jobs.table.js';
import type { PortalSessionsTable } from '../modules/portal/portal.table.js';
import type { PlatformConnectionsTable, WebcastSyncLogTable, WebcastSyncStatesTable } from '../modules/sync/sync.table.js';
import type { ScimTokensTable, UserGroupMembersTable, UserGroupsTable, UserProfilesTable } from '../modules/identity/identity.table.js';
import type {
  ContactHookAttemptsTable, ContactHookKeysTable, ContactHooksTable, ContactHookTransactionsTable,
} from '../modules/contact-hooks/contact-hooks.table.js';
import type { AttendeeActivitiesTable, ExternalActivityMetadataTable } from '../modules/activities/activities.table.js';
import type { AttendeeInsightsTable, AttendeeScoreEntriesTable, AttendeeScoresTable } from '../modules/insights/insights.table.js';
import type {
  SurveyEmailTemplatesTable, SurveyLargeChoicesTable, SurveyQuestionsTable, SurveyRespondentsTable, SurveyResponsesTable, SurveysTable,
} from '../modules/surveys/surveys.table.js';
import type { FilesTable } from '../modules/files/files.table.js';
import type { ExhibitorBoothStaffTable, ExhibitorsTable } from '../modules/exhibitors/exhibitors.table.js';
import type { ExhibitorCategoriesTable, ExhibitorCategoryMembersTable } from '../modules/exhibitors/categories.table.js';
import type { SponsorshipLevelsTable } from '../modules/exhibitors/sponsorship-levels.table.js';
import type { RegistrationPacksTable } from '../modules/exhibitors/registration-packs.table.js';
import type { RegistrationTypesTable } from '../modules/registration-types/registration-types.table.js';
import type {
  VideoAudioTracksTable, VideoRenditionsTable, VideosTable, VideoTextTracksTable, VideoViewsTable,
} from '../modules/videos/videos.table.js';
import type { ExhibitorAdminsTable } from '../modules/exhibitors/team.table.js';
import type { ExhibitorFilesTable, ExhibitorWeblinksTable } from '../modules/exhibitors/content.table.js';
import type { ExhibitorAnswersTable, ExhibitorQuestionsTable } from '../modules/exhibitors/exhibitor-questions.table.js';
import type {
  EliteratureRequestsTable, LeadQualificationAnswersTable, LeadQualificationQuestionsTable, LeadsTable,
} from '../modules/exhibitors/leads.table.js';
import type { SessionSpeakersTable, SpeakerCategoriesTable, SpeakerDocumentsTable, SpeakersTable } from '../modules/speakers/speakers.table.js';
import type { ProgramItemSpeakersTable } from '../modules/speakers/speakers.table.js';
import type {
  ProgramItemDocumentsTable, ProgramItemsTable, SessionCategoriesTable, SessionDocumentsTable, SessionLocationsTable, SessionSegmentsTable,
} from '../modules/program/program.table.js';
import type { EventUserGroupsTable } from '../modules/identity/event-user-groups.table.js';
import type { EventEmailsTable, InvitationListsTable, PlanningDocumentsTable, RegistrationPathsTable } from '../modules/event-setup/event-setup.table.js';
import type {
  BudgetAllocationsTable, BudgetCardsTable, BudgetCardTransactionsTable, BudgetConversionRatesTable, BudgetItemLinesTable, BudgetItemsTable, BudgetPaymentsTable,
} from '../modules/budget/budget.table.js';
import type { SeatingAssignmentsTable, SeatingSeatsTable, SeatingsTable, SeatingTablesTable } from '../modules/seating/seating.table.js';
import type {
  HousingAttendeeTypesTable, HousingEventsTable, HousingHotelsTable, HousingInventoryTable, HousingNumbersTable, HousingReservationRequestsTable, HousingReservationsTable,
  HousingRoomTypesTable,
} from '../modules/housing/housing.table.js';
import type {
  MeetingRequestAnswersTable, MeetingRequestDocumentsTable, MeetingRequestsTable, MrFormQuestionsTable, MrFormsTable,
} from '../modules/meeting-requests/meeting-requests.table.js';
import type {
  ProposalDraftsTable, TravelBidsTable, TravelProgramQuestionsTable, TravelProgramsTable, TravelProposalAnswersTable, TravelProposalsTable,
} from '../modules/travel-rfps/travel-rfps.table.js';
import type {
  AppointmentAttendeesTable, AppointmentAvailabilityTable, AppointmentEventsTable, AppointmentLocationsTable, AppointmentMeetingInterestsTable,
  AppointmentParticipantsTable, AppointmentsTable, AppointmentTypesTable,
} from '../modules/appointments/appointments.table.js';
import type {
  TravelAccountsTable, TravelAirActualsTable, TravelAirRequestsTable, TravelAlternateAnswersTable, TravelBrandsTable, TravelChainsTable, TravelHotelRequestsTable,
  TravelPropertiesTable, TravelPropertyRoomsTable, TravelSupplierAccountsTable,
} from '../modules/travel/travel.table.js';
import type { CustomFieldAnswersTable, CustomFieldChoicesTable, CustomFieldsTable, CustomFieldTranslationsTable } from '../modules/custom-fields/custom-fields.table.js';
import type { EventQuestionChoicesTable, EventQuestionsTable } from '../modules/event-questions/event-questions.table.js';
import type { AudienceSegmentMembersTable, AudienceSegmentsTable } from '../modules/audience-segments/audience-segments.table.js';
import type { ContactGroupMembersTable, ContactGroupsTable, ContactTypesTable } from '../modules/contact-groups/contact-groups.table.js';
import type { AttendeeEmailSubscriptionsTable, AttendeeInternalAnswersTable } from '../modules/attendee-extras/attendee-extras.table.js';
import type { EventRoleAssignmentsTable, EventRolesTable } from '../modules/event-roles/event-roles.table.js';
import type { AttendeeSignaturesTable } from '../modules/signatures/signatures.table.js';
import type { HubMembersTable, HubsTable } from '../modules/hubs/hubs.table.js';
import type { ProcessFormsTable, ProcessFormSubmissionsTable } from '../modules/process-forms/process-forms.table.js';
import type { ContactHistoryTable, ContactProfileImagesTable, ContactRelationshipsTable } from '../modules/contact-history/contact-history.table.js';
import type { BadgePrinterPoolsTable, BadgePrintJobsTable, BadgesTable } from '../modules/badges/badges.table.js';
import type { EmarketingCampaignsTable, EmarketingDeliveriesTable, EmarketingRequestsTable, EmarketingTemplatesTable } from '../modules/emarketing/emarketing.table.js';
import type { MessageChannelMembersTable } from '../modules/attendee-messages/attendee-messages.table.js';
import type {
  AttendeeCreditsTable, CardTokensTable, CommerceDiscountItemsTable, CommerceDiscountsTable, CommerceItemsTable, CommerceOrderItemDiscountsTable, CommerceOrderItemsTable,
  CommerceOrdersTable, CommerceQuantityRegistrationsTable, CommerceTransactionItemsTable, CommerceTransactionsTable,
} from '../modules/commerce/commerce.table.js';

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
  applications: ApplicationsTable;
  audit_log: AuditLogTable;
  signing_keys: SigningKeysTable;
  authorization_codes: AuthorizationCodesTable;
  refresh_tokens: RefreshTokensTable;
  jobs: JobsTable;
  list_counts: ListCountsTable;
  events: EventsTable;
  event_creations: EventCreationsTable;
  event_features: EventFeaturesTable;
  contacts: ContactsTable;
  attendees: AttendeesTable;
  sessions: SessionsTable;
  session_enrollments: SessionEnrollmentsTable;
  session_attendance: SessionAttendanceTable;
  webcasts: WebcastsTable;
  attendee_links: AttendeeLinksTable;
  api_usage: ApiUsageTable;
  communication_settings: CommunicationSettingsTable;
  communication_messages: CommunicationMessagesTable;
  mail_outbox: MailOutboxTable;
  communication_secrets: CommunicationSecretsTable;
  email_requests: EmailRequestsTable;
  email_deliveries: EmailDeliveriesTable;
  session_chat_messages: SessionChatMessagesTable;
  session_questions: SessionQuestionsTable;
  event_communication_settings: EventCommunicationSettingsTable;
  portal_sessions: PortalSessionsTable;
  contact_obfuscations: ContactObfuscationsTable;
  bulk_jobs: BulkJobsTable;
  bulk_job_records: BulkJobRecordsTable;
  webcast_sync_states: WebcastSyncStatesTable;
  webcast_sync_log: WebcastSyncLogTable;
  platform_connections: PlatformConnectionsTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  user_profiles: UserProfilesTable;
  scim_tokens: ScimTokensTable;
  contact_hooks: ContactHooksTable;
  contact_hook_transactions: ContactHookTransactionsTable;
  contact_hook_attempts: ContactHookAttemptsTable;
  contact_hook_keys: ContactHookKeysTable;
  attendee_activities: AttendeeActivitiesTable;
  external_activity_metadata: ExternalActivityMetadataTable;
  attendee_insights: AttendeeInsightsTable;
  attendee_scores: AttendeeScoresTable;
  attendee_score_entries: AttendeeScoreEntriesTable;
  files: FilesTable;
  exhibitors: ExhibitorsTable;
  exhibitor_booth_staff: ExhibitorBoothStaffTable;
  exhibitor_categories: ExhibitorCategoriesTable;
  exhibitor_category_members: ExhibitorCategoryMembersTable;
  sponsorship_levels: SponsorshipLevelsTable;
  registration_packs: RegistrationPacksTable;
  registration_types: RegistrationTypesTable;
  videos: VideosTable;
  video_renditions: VideoRenditionsTable;
  video_audio_tracks: VideoAudioTracksTable;
  video_text_tracks: VideoTextTracksTable;
  video_views: VideoViewsTable;
  exhibitor_admins: ExhibitorAdminsTable;
  exhibitor_files: ExhibitorFilesTable;
  exhibitor_weblinks: ExhibitorWeblinksTable;
  exhibitor_questions: ExhibitorQuestionsTable;
  exhibitor_answers: ExhibitorAnswersTable;
  lead_qualification_questions: LeadQualificationQuestionsTable;
  leads: LeadsTable;
  lead_qualification_answers: LeadQualificationAnswersTable;
  eliterature_requests: EliteratureRequestsTable;
  surveys: SurveysTable;
  survey_questions: SurveyQuestionsTable;
  survey_large_choices: SurveyLargeChoicesTable;
  survey_respondents: SurveyRespondentsTable;
  survey_responses: SurveyResponsesTable;
  survey_email_templates: SurveyEmailTemplatesTable;
  speaker_categories: SpeakerCategoriesTable;
  speakers: SpeakersTable;
  speaker_documents: SpeakerDocumentsTable;
  session_speakers: SessionSpeakersTable;
  session_locations: SessionLocationsTable;
  session_categories: SessionCategoriesTable;
  session_segments: SessionSegmentsTable;
  program_items: ProgramItemsTable;
  session_documents: SessionDocumentsTable;
  program_item_documents: ProgramItemDocumentsTable;
  program_item_speakers: ProgramItemSpeakersTable;
  // 0027_event_extras (issue 29: the rest of Events)
  event_copies: EventCopiesTable;
  event_user_groups: EventUserGroupsTable;
  planning_documents: PlanningDocumentsTable;
  registration_paths: RegistrationPathsTable;
  invitation_lists: InvitationListsTable;
  event_emails: EventEmailsTable;
  custom_fields: CustomFieldsTable;
  custom_field_choices: CustomFieldChoicesTable;
  custom_field_translations: CustomFieldTranslationsTable;
  custom_field_answers: CustomFieldAnswersTable;
  event_questions: EventQuestionsTable;
  event_question_choices: EventQuestionChoicesTable;
  audience_segments: AudienceSegmentsTable;
  audience_segment_members: AudienceSegmentMembersTable;
  // 0030_people (issue 30: contact groups, types, history, relationships, profile pictures)
  contact_groups: ContactGroupsTable;
  contact_group_members: ContactGroupMembersTable;
  contact_types: ContactTypesTable;
  contact_history: ContactHistoryTable;
  contact_relationships: ContactRelationshipsTable;
  contact_profile_images: ContactProfileImagesTable;
  attendee_email_subscriptions: AttendeeEmailSubscriptionsTable;
  attendee_internal_answers: AttendeeInternalAnswersTable;
  event_roles: EventRolesTable;
  event_role_assignments: EventRoleAssignmentsTable;
  attendee_signatures: AttendeeSignaturesTable;
  hubs: HubsTable;
  hub_members: HubMembersTable;
  process_forms: ProcessFormsTable;
  process_form_submissions: ProcessFormSubmissionsTable;
  budget_conversion_rates: BudgetConversionRatesTable;
  budget_items: BudgetItemsTable;
  budget_item_lines: BudgetItemLinesTable;
  budget_allocations: BudgetAllocationsTable;
  budget_payments: BudgetPaymentsTable;
  budget_cards: BudgetCardsTable;
  budget_card_transactions: BudgetCardTransactionsTable;
  // 0033_housing (issue 31: Housing)
  housing_numbers: HousingNumbersTable;
  housing_events: HousingEventsTable;
  housing_attendee_types: HousingAttendeeTypesTable;
  housing_hotels: HousingHotelsTable;
  housing_room_types: HousingRoomTypesTable;
  housing_inventory: HousingInventoryTable;
  housing_reservation_requests: HousingReservationRequestsTable;
  housing_reservations: HousingReservationsTable;
  seatings: SeatingsTable;
  seating_tables: SeatingTablesTable;
  seating_seats: SeatingSeatsTable;
  seating_assignments: SeatingAssignmentsTable;
  // 0036_meeting_requests_travel (issue 32: meeting requests, travel RFPs, proposal drafts)
  mr_forms: MrFormsTable;
  mr_form_questions: MrFormQuestionsTable;
  meeting_requests: MeetingRequestsTable;
  meeting_request_answers: MeetingRequestAnswersTable;
  meeting_request_documents: MeetingRequestDocumentsTable;
  travel_programs: TravelProgramsTable;
  travel_program_questions: TravelProgramQuestionsTable;
  travel_proposals: TravelProposalsTable;
  travel_proposal_answers: TravelProposalAnswersTable;
  travel_bids: TravelBidsTable;
  proposal_drafts: ProposalDraftsTable;
  appointment_events: AppointmentEventsTable;
  appointment_types: AppointmentTypesTable;
  appointment_locations: AppointmentLocationsTable;
  appointment_attendees: AppointmentAttendeesTable;
  appointment_availability: AppointmentAvailabilityTable;
  appointment_meeting_interests: AppointmentMeetingInterestsTable;
  appointments: AppointmentsTable;
  appointment_participants: AppointmentParticipantsTable;
  // 0037_travel (issue 32: travel suppliers, travel accounts, event travel)
  travel_brands: TravelBrandsTable;
  travel_chains: TravelChainsTable;
  travel_properties: TravelPropertiesTable;
  travel_property_rooms: TravelPropertyRoomsTable;
  travel_accounts: TravelAccountsTable;
  travel_supplier_accounts: TravelSupplierAccountsTable;
  travel_air_requests: TravelAirRequestsTable;
  travel_air_actuals: TravelAirActualsTable;
  travel_hotel_requests: TravelHotelRequestsTable;
  travel_alternate_answers: TravelAlternateAnswersTable;
  // 0031_badges_emarketing (issue 30: badges and e-mail)
  badges: BadgesTable;
  badge_printer_pools: BadgePrinterPoolsTable;
  badge_print_jobs: BadgePrintJobsTable;
  emarketing_campaigns: EmarketingCampaignsTable;
  emarketing_templates: EmarketingTemplatesTable;
  emarketing_requests: EmarketingRequestsTable;
  emarketing_deliveries: EmarketingDeliveriesTable;
  message_channel_members: MessageChannelMembersTable;
  commerce_items: CommerceItemsTable;
  commerce_discounts: CommerceDiscountsTable;
  commerce_discount_items: CommerceDiscountItemsTable;
  commerce_orders: CommerceOrdersTable;
  commerce_order_items: CommerceOrderItemsTable;
  commerce_order_item_discounts: CommerceOrderItemDiscountsTable;
  commerce_transactions: CommerceTransactionsTable;
  commerce_transaction_items: CommerceTransactionItemsTable;
  commerce_quantity_registrations: CommerceQuantityRegistrationsTable;
  card_tokens: CardTokensTable;
  attendee_credits: AttendeeCreditsTable;
  idempotency_keys: IdempotencyKeysTable;
  request_logs: RequestLogsTable;
  sandbox_controls: SandboxControlsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_listeners: WebhookListenersTable;
}

// The rows the repositories read and write, named by table, in Kysely's three forms: as read (Selectable), as
// inserted (Insertable: columns with a database default may be left out) and as patched (Updateable).

/** A row of a table as it is read. */
export type Row<T extends keyof Database> = Selectable<Database[T]>;
/** A row to insert into a table. */
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
/** The columns an update of a table's row may set. */
export type RowPatch<T extends keyof Database> = Updateable<Database[T]>;
