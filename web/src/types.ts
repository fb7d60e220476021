export interface EventT {
  id: string; title: string; code: string; format: 'In-person' | 'Virtual' | 'Hybrid'; type: string; timezone: string;
  start: string; end: string; status: string; eventStatus: string; virtual: boolean; [key: string]: unknown;
}
export interface SessionT {
  id: string; title: string; start: string; end: string; status: string; virtual: boolean; includedSession: boolean;
  event: { id: string }; location?: { name?: string }; [key: string]: unknown;
}
export interface Link { href?: string; code?: string; key?: string }
export interface WebcastT {
  id: string; event: { id: string }; session?: { id: string }; title?: string; provider?: string; status: string; type?: string;
  meetingId?: string; sourceId?: string; recordLiveStream?: boolean;
  _links: { join?: Link; host?: Link; speaker?: Link; recording?: Link };
  lastModified: string; [key: string]: unknown;
}
export interface AttendeeT {
  id: string; status?: string; contact: { id: string; firstName?: string; lastName?: string; email?: string }; checkIn?: string; [key: string]: unknown;
}
export interface EnrollmentT { id: string; attendee: { id: string }; status: string; deleted: boolean }
export interface AttendanceT { id: string; attendee: { id: string }; checkIn?: string; checkOut?: string; duration?: number; deleted: boolean }
export interface AttendeeLinkT { id: string; attendee: { id: string }; join: { href?: string; code?: string } }

export const WEBCAST_PROVIDERS = [
  'None', 'Zoom', 'ON24', 'Intrado', 'Adobe Connect', 'GoToMeeting', 'GoToWebinar', 'GlobalMeet', 'Amazon Chime', 'Cisco Webex',
  'BlueJeans', 'Microsoft Teams', 'Vimeo', 'YouTube Live', 'Facebook Live', 'Brightcove', 'Other',
] as const;
