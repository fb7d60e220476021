import { describe, expect, it } from 'vitest';
import {
  checkGoToAnswer, checkGoToRequest, checkGoToTokenAnswer, checkGoToTokenRequest, gotoDescriptionAvailable, gotoDescriptionPath,
} from './fakes/gotowebinar-openapi.js';
import { parseJson } from '../../src/modules/sync/providers/gotowebinar.js';

// The checker the GoToWebinar fake runs on every request and answer: a right one passes, and a
// deliberately wrong field, parameter, header, path or status fails it (the fixtures below).
const q = (s = '') => new URLSearchParams(s);
const auth = { authorization: 'Bearer eyJraWQiOiJvYXV0aHYyLmxt666' };
const organizer = '/organizers/8439885694023999999';
const webinar = `${organizer}/webinars/8264919063298406913`;
// A 64-bit key as the checker sees it: JSON.parse's double (the checker validates types; the connector keeps the digits).
const int64 = (digits: string): number => Number(digits);
const create = {
  subject: 'Keynote', description: 'eventline session abc', times: [{ startTime: '2027-03-01T10:00:00Z', endTime: '2027-03-01T11:00:00Z' }],
  type: 'single_session', isPasswordProtected: false,
};
const byKey = {
  webinarKey: int64('8264919063298406913'), webinarID: '123456789', subject: 'Keynote', description: 'eventline session abc', organizerKey: int64('8439885694023999999'),
  times: [{ startTime: '2027-03-01T10:00:00Z', endTime: '2027-03-01T11:00:00Z' }], timeZone: 'Europe/Berlin', inSession: false,
  numberOfRegistrants: 0, numberOfOpenedInvitations: 0, numberOfRegistrationLinkClicks: 0, registrationUrl: 'https://attendee.gotowebinar.com/register/8264919063298406913',
};
const attendee = {
  registrantKey: int64('2785734432098765312'), sessionKey: int64('5409637224011776001'), firstName: 'A', lastName: 'B', email: 'a@example.test', attendanceTimeInSeconds: 1800,
  attendance: [{ joinTime: '2027-03-01T10:00:00Z', leaveTime: '2027-03-01T10:20:00Z' }, { joinTime: '2027-03-01T10:40:00Z', leaveTime: '2027-03-01T10:50:00Z' }],
};

describe('the GoToWebinar request/answer checker (GoToWebinar v1, published description)', () => {
  it('reads the description from the shared reference', () => {
    expect(gotoDescriptionAvailable, gotoDescriptionPath).toBe(true);
  });

  it('accepts the connector\'s requests and right answers', () => {
    expect(checkGoToRequest('POST', `${organizer}/webinars`, q(), create, auth)).toEqual([]);
    expect(checkGoToRequest('PUT', webinar, q('notifyParticipants=false'), { subject: 'Keynote 2' }, auth)).toEqual([]);
    expect(checkGoToRequest('DELETE', webinar, q('sendCancellationEmails=false'), undefined, auth)).toEqual([]);
    expect(checkGoToRequest('POST', `${webinar}/registrants`, q('resendConfirmation=false'), { firstName: 'A', lastName: 'B', email: 'a@example.test' }, auth)).toEqual([]);
    expect(checkGoToRequest('GET', `${webinar}/sessions/5409637224011776001/attendees`, q(), undefined, auth)).toEqual([]);
    expect(checkGoToAnswer('POST', `${organizer}/webinars`, 201, { webinarKey: '8264919063298406913' })).toEqual([]);
    expect(checkGoToAnswer('GET', webinar, 200, byKey)).toEqual([]);
    expect(checkGoToAnswer('PUT', webinar, 202, undefined)).toEqual([]);
    expect(checkGoToAnswer('GET', `${webinar}/sessions/5409637224011776001/attendees`, 200, [attendee])).toEqual([]);
    expect(checkGoToAnswer('POST', `${webinar}/registrants`, 409, { errorCode: 'DuplicateRegistrant', description: 'The user is already registered.' })).toEqual([]);
  });

  it('fails a body field of the wrong type: times as one object instead of a list', () => {
    const errors = checkGoToRequest('POST', `${organizer}/webinars`, q(), { ...create, times: create.times[0] }, auth);
    expect(errors).toEqual([expect.stringMatching(/POST \/organizers\/8439885694023999999\/webinars: body \/times must be array/)]);
  });

  it('fails a body field the description does not have (GoTo would ignore it silently): a Zoom-style start_time', () => {
    const errors = checkGoToRequest('PUT', webinar, q(), { subject: 'x', start_time: '2027-03-01T10:00:00Z' }, auth);
    expect(errors).toEqual([expect.stringMatching(/body \(root\) must NOT have additional properties 'start_time'/)]);
    expect(checkGoToRequest('POST', `${webinar}/registrants`, q(), { firstName: 'A', lastName: 'B', email: 'a@example.test', attendeeId: 'x' }, auth))
      .toEqual([expect.stringMatching(/must NOT have additional properties 'attendeeId'/)]);
  });

  it('fails a missing required field, an unknown or mistyped query parameter, a non-integer key and a missing Authorization', () => {
    expect(checkGoToRequest('POST', `${webinar}/registrants`, q(), { firstName: 'A', email: 'a@example.test' }, auth)).toEqual([expect.stringMatching(/must have required property 'lastName'/)]);
    expect(checkGoToRequest('PUT', webinar, q('notify=false'), { subject: 'x' }, auth)).toEqual([expect.stringMatching(/query parameter notify is not a parameter of PUT .*\(updateWebinar\)/)]);
    expect(checkGoToRequest('PUT', webinar, q('notifyParticipants=no'), { subject: 'x' }, auth)).toEqual([expect.stringMatching(/notifyParticipants="no".*must be boolean/)]);
    expect(checkGoToRequest('GET', `${organizer}/webinars/abc`, q(), undefined, auth)).toEqual([expect.stringMatching(/path parameter webinarKey="abc".*must be integer/)]);
    expect(checkGoToRequest('GET', webinar, q(), undefined, {})).toEqual([expect.stringMatching(/header Authorization is required/)]);
    expect(checkGoToRequest('GET', webinar, q(), undefined, { authorization: 'OAuth oauth_token=abc' })).toEqual([expect.stringMatching(/Authorization must be "Bearer <access token>"/)]);
  });

  it('fails a path GoTo does not have and a body where none is taken', () => {
    expect(checkGoToRequest('GET', `${webinar}/recordings`, q(), undefined, auth)).toEqual([expect.stringMatching(/GoToWebinar's API has no such operation/)]);
    expect(checkGoToRequest('GET', webinar, q(), { subject: 'x' }, auth)).toEqual([expect.stringMatching(/takes no JSON body/)]);
  });

  it('fails an answer of the wrong shape or an undocumented status', () => {
    const { description: _d, ...noDescription } = byKey;
    expect(checkGoToAnswer('GET', webinar, 200, noDescription)).toEqual([expect.stringMatching(/answer \(root\) must have required property 'description'/)]);
    expect(checkGoToAnswer('GET', webinar, 200, { ...byKey, webinarKey: '8264919063298406913' })).toEqual([expect.stringMatching(/answer \/webinarKey must be integer/)]);
    expect(checkGoToAnswer('GET', `${webinar}/sessions/1/attendees`, 200, [{ ...attendee, attendance: [{ joinTime: 'ten o\'clock', leaveTime: '2027-03-01T10:20:00Z' }] }]))
      .toEqual([expect.stringMatching(/answer \/0\/attendance\/0\/joinTime must match format "date-time"/)]);
    expect(checkGoToAnswer('PUT', webinar, 200, {})).toEqual([expect.stringMatching(/status 200 is not documented/)]);
    expect(checkGoToAnswer('GET', webinar, 404, { message: 'gone' })).toEqual([expect.stringMatching(/\{errorCode: string, description: string\}/)]);
    expect(checkGoToAnswer('GET', webinar, 403, { int_err_code: 'InvalidToken', msg: 'Invalid token passed' })).toEqual([]);
    expect(checkGoToAnswer('GET', webinar, 429, { int_err_code: 'TooManyRequests', msg: 'Too many requests' })).toEqual([]);
  });

  it('checks the refresh-token grant and its answer (GoTo\'s token guide)', () => {
    const headers = { authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' };
    expect(checkGoToTokenRequest('POST', q(), headers, 'grant_type=refresh_token&refresh_token=abc')).toEqual([]);
    expect(checkGoToTokenRequest('POST', q(), headers, 'grant_type=client_credentials')).toEqual(['POST /oauth/token: grant_type must be refresh_token', 'POST /oauth/token: refresh_token is required']);
    expect(checkGoToTokenRequest('POST', q('grant_type=refresh_token'), { ...headers, authorization: 'Bearer x' }, 'grant_type=refresh_token&refresh_token=abc'))
      .toEqual(['POST /oauth/token: the token request carries its parameters in the body, not the query', 'POST /oauth/token: the client id and secret go in HTTP Basic authorization']);
    const good = { access_token: 't', token_type: 'Bearer', expires_in: 3600, refresh_token: 'r', organizer_key: '8439885694023999999', account_key: '9999982253621659654' };
    expect(checkGoToTokenAnswer(200, good)).toEqual([]);
    expect(checkGoToTokenAnswer(200, { ...good, organizer_key: int64('8439885694023999999') })).toHaveLength(1);
    expect(checkGoToTokenAnswer(400, { error: 'invalid_grant' })).toEqual([]);
  });
});

describe('reading GoTo\'s 64-bit keys', () => {
  it('keeps a key longer than a double\'s precision as its digits, and leaves everything else as JSON.parse reads it', () => {
    const text = '[{"webinarKey":8264919063298406913,"n":42,"neg":-9007199254740993,"f":1.5e3,"s":"8264919063298406913 \\" 12345678901234567890","sessionKey":5409637224011776001}]';
    expect(parseJson(text)).toEqual([{ webinarKey: '8264919063298406913', n: 42, neg: '-9007199254740993', f: 1500, s: '8264919063298406913 " 12345678901234567890', sessionKey: '5409637224011776001' }]);
    // What JSON.parse alone would do: another webinar.
    expect(String((JSON.parse(text) as Array<{ webinarKey: number }>)[0]?.webinarKey)).not.toBe('8264919063298406913');
  });
});
