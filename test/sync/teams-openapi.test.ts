import { describe, expect, it } from 'vitest';
import { checkGraphAnswer, checkGraphRequest, checkTokenAnswer, checkTokenRequest, graphDescriptionAvailable, graphDescriptionPath } from './fakes/teams-openapi.js';

// The checker the Microsoft Graph fake runs on every request and answer: a right one passes,
// and a deliberately wrong field, parameter, path or status fails it (the fixtures below).
const q = (s = '') => new URLSearchParams(s);
const user = '/users/b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e/onlineMeetings';
const meetingPath = `${user}/MSpiMWMyZDNlNC1mNWE2KjAqKjE5Om1lZXRpbmdfYWJjQHRocmVhZC52Mg`;
const create = { externalId: 'c0ffee00-0000-4000-8000-000000000001', subject: 'Keynote', startDateTime: '2027-03-01T10:00:00.000Z', endDateTime: '2027-03-01T11:00:00.000Z' };
const meeting = {
  '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users(\'b1c2\')/onlineMeetings/$entity',
  id: 'MSpiMWMy', creationDateTime: '2026-11-28T00:30:00.1234567Z', startDateTime: '2027-03-01T10:00:00Z', endDateTime: '2027-03-01T11:00:00Z',
  joinWebUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0', subject: 'Keynote', externalId: create.externalId,
  allowedPresenters: 'organizer', lobbyBypassSettings: { scope: 'everyone', isDialInBypassEnabled: true },
  joinMeetingIdSettings: { isPasscodeRequired: true, joinMeetingId: '123456789012', passcode: 'aB3dE6' }, audioConferencing: null,
};
const records = {
  value: [{
    id: 'r1', emailAddress: 'guest@example.test', totalAttendanceInSeconds: 1800, role: 'Attendee', identity: { id: 'u1', displayName: 'Guest' },
    attendanceIntervals: [{ joinDateTime: '2027-03-01T10:00:00Z', leaveDateTime: '2027-03-01T10:30:00Z', durationInSeconds: 1800 }],
  }],
  '@odata.nextLink': 'https://graph.microsoft.com/v1.0/users/x/onlineMeetings/y/attendanceReports/z/attendanceRecords?$skiptoken=abc',
};

describe('the Microsoft Graph request/answer checker (onlineMeetings, published description)', () => {
  it('reads the description from the shared reference', () => {
    expect(graphDescriptionAvailable, graphDescriptionPath).toBe(true);
  });

  it('accepts the connector\'s requests and right answers (without @odata.type, as Graph answers)', () => {
    expect(checkGraphRequest('POST', `${user}/microsoft.graph.createOrGet`, q(), create)).toEqual([]);
    expect(checkGraphRequest('PATCH', meetingPath, q(), { allowedPresenters: 'organizer', lobbyBypassSettings: { scope: 'everyone', isDialInBypassEnabled: true } })).toEqual([]);
    expect(checkGraphRequest('PATCH', meetingPath, q(), { subject: 'New title', startDateTime: create.startDateTime, endDateTime: create.endDateTime })).toEqual([]);
    expect(checkGraphRequest('GET', `${meetingPath}/attendanceReports`, q(), undefined)).toEqual([]);
    expect(checkGraphRequest('GET', `${meetingPath}/attendanceReports/z/attendanceRecords`, q('$skiptoken=abc'), undefined)).toEqual([]);
    expect(checkGraphRequest('GET', meetingPath, q('$select=id,subject,joinWebUrl'), undefined)).toEqual([]);
    expect(checkGraphRequest('DELETE', meetingPath, q(), undefined)).toEqual([]);
    expect(checkGraphAnswer('POST', `${user}/microsoft.graph.createOrGet`, 201, meeting)).toEqual([]);
    expect(checkGraphAnswer('GET', meetingPath, 200, meeting)).toEqual([]);
    expect(checkGraphAnswer('GET', `${meetingPath}/attendanceReports/z/attendanceRecords`, 200, records)).toEqual([]);
    expect(checkGraphAnswer('DELETE', meetingPath, 204, undefined)).toEqual([]);
    expect(checkGraphAnswer('GET', meetingPath, 404, { error: { code: 'NotFound', message: 'gone' } })).toEqual([]);
  });

  it('fails a body field of the wrong type: startDateTime as a number, or not a date-time', () => {
    expect(checkGraphRequest('POST', `${user}/microsoft.graph.createOrGet`, q(), { ...create, startDateTime: Date.parse(create.startDateTime) }))
      .toEqual([expect.stringMatching(/createOrGet: body \/startDateTime must be string,null/)]);
    expect(checkGraphRequest('POST', `${user}/microsoft.graph.createOrGet`, q(), { ...create, startDateTime: '1 March 2027' })).not.toEqual([]);
  });

  it('fails a body field the description does not have, at the top and nested: lobbyBypassSettings on createOrGet, lobbyBypassSettings.bypass', () => {
    expect(checkGraphRequest('POST', `${user}/microsoft.graph.createOrGet`, q(), { ...create, lobbyBypassSettings: { scope: 'everyone' } }))
      .toEqual([expect.stringMatching(/body \(root\) must NOT have additional properties 'lobbyBypassSettings'/)]);
    const nested = checkGraphRequest('PATCH', meetingPath, q(), { lobbyBypassSettings: { scope: 'everyone', bypass: true } });
    expect(nested).toContainEqual(expect.stringMatching(/body \/lobbyBypassSettings must NOT have additional properties 'bypass'/));
    // "X or null": an object that is not X does not pass as "some object".
    expect(checkGraphRequest('PATCH', meetingPath, q(), { allowedPresenters: 'attendees' })).toContainEqual(expect.stringMatching(/allowedPresenters must be equal to one of the allowed values/));
  });

  it('fails an unknown query parameter, a path Graph does not have, a body where none is taken, and a missing body', () => {
    expect(checkGraphRequest('GET', `${meetingPath}/attendanceReports`, q('cursor=abc'), undefined))
      .toEqual([expect.stringMatching(/query parameter cursor is not a parameter of GET \/users\/\{user-id\}\/onlineMeetings\/\{onlineMeeting-id\}\/attendanceReports/)]);
    // $skiptoken only where the operation is pageable.
    expect(checkGraphRequest('GET', meetingPath, q('$skiptoken=abc'), undefined)).toEqual([expect.stringMatching(/query parameter \$skiptoken is not a parameter/)]);
    expect(checkGraphRequest('GET', `${meetingPath}/recordings`, q(), undefined)).toEqual([expect.stringMatching(/has no such operation/)]);
    expect(checkGraphRequest('POST', `${user}/createOrGet`, q(), create)).toEqual([expect.stringMatching(/has no such operation/)]);
    expect(checkGraphRequest('GET', meetingPath, q(), { subject: 'x' })).toEqual([expect.stringMatching(/takes no JSON body/)]);
    expect(checkGraphRequest('PATCH', meetingPath, q(), undefined)).toEqual([expect.stringMatching(/needs a body/)]);
  });

  it('fails an answer of the wrong shape or an undocumented status', () => {
    expect(checkGraphAnswer('GET', meetingPath, 200, { ...meeting, id: 42 })).toEqual([expect.stringMatching(/answer \/id must be string/)]);
    expect(checkGraphAnswer('GET', meetingPath, 200, { ...meeting, startDateTime: 'tomorrow' })).toContainEqual(expect.stringMatching(/answer \/startDateTime must match format "date-time"/));
    expect(checkGraphAnswer('GET', `${meetingPath}/attendanceReports/z/attendanceRecords`, 200, { value: [{ ...records.value[0], totalAttendanceInSeconds: '1800' }] }))
      .toEqual([expect.stringMatching(/answer \/value\/0\/totalAttendanceInSeconds must be integer,null/)]);
    expect(checkGraphAnswer('GET', meetingPath, 404, { message: 'gone' })).toEqual([expect.stringMatching(/must have required property 'error'/)]);
    expect(checkGraphAnswer('GET', meetingPath, 301, undefined)).toEqual([expect.stringMatching(/status 301 is not documented/)]);
    expect(checkGraphAnswer('GET', meetingPath, 200, undefined)).toEqual([expect.stringMatching(/has a body in the description, and the answer none/)]);
  });

  it('checks the identity platform\'s client credentials token request and answer', () => {
    const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
    const good = { client_id: 'id', client_secret: 'secret', scope: 'https://graph.microsoft.com/.default', grant_type: 'client_credentials' };
    const path = '/3f1c2a9e-7b44-4c1e-9d2a-5e8f0b6c1d20/oauth2/v2.0/token';
    const type = 'application/x-www-form-urlencoded';
    expect(checkTokenRequest('POST', path, q(), type, form(good))).toEqual([]);
    expect(checkTokenRequest('POST', path, q(), type, form({ ...good, grant_type: 'password' }))).toEqual([`POST ${path}: grant_type must be client_credentials`]);
    expect(checkTokenRequest('POST', path, q(), type, form({ ...good, scope: 'OnlineMeetings.ReadWrite.All' }))).toEqual([expect.stringMatching(/scope must be the resource's \/\.default/)]);
    expect(checkTokenRequest('POST', path, q('client_id=id'), 'application/json', JSON.stringify(good))).toEqual(expect.arrayContaining([
      `POST ${path}: the token request takes its parameters in the form body, not the query`, `POST ${path}: the body is application/x-www-form-urlencoded`,
      `POST ${path}: grant_type must be client_credentials`, `POST ${path}: client_secret is required (a secret credential)`,
    ]));
    expect(checkTokenRequest('POST', '/oauth2/token', q(), type, form(good))).toEqual([expect.stringMatching(/the token endpoint is \/\{tenant\}\/oauth2\/v2\.0\/token/)]);
    expect(checkTokenAnswer(200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: 'eyJ0' })).toEqual([]);
    expect(checkTokenAnswer(200, { token_type: 'bearer', expires_in: '3599', access_token: 'eyJ0' })).toHaveLength(1);
    expect(checkTokenAnswer(401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.', error_codes: [7000215] })).toEqual([]);
    expect(checkTokenAnswer(401, { error: 'invalid_client' })).toHaveLength(1);
  });
});
