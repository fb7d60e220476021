import { describe, expect, it } from 'vitest';
import { checkTokenAnswer, checkTokenRequest, checkZoomAnswer, checkZoomRequest, zoomDescriptionAvailable, zoomDescriptionPath } from './fakes/zoom-openapi.js';

// The checker the Zoom fake runs on every request and answer: a right one passes, and a
// deliberately wrong field, parameter, path or status fails it (the fixtures below).
const q = (s = '') => new URLSearchParams(s);
const create = {
  topic: 'Keynote', type: 2, start_time: '2027-03-01T10:00:00Z', duration: 60, timezone: 'UTC', password: 'a1b2c3d4', agenda: 'eventline session abc',
  settings: { approval_type: 0, registration_type: 1, registrants_email_notification: false },
};
const meeting = {
  uuid: 'aDYlohsHRtCd4ii1uC2+hA==', id: 81234500000, host_id: 'KDcuGIm1QgePTO8WbOqwIQ', topic: 'Keynote', type: 2, status: 'waiting',
  start_time: '2027-03-01T10:00:00Z', duration: 60, timezone: 'UTC', created_at: '2026-11-27T17:00:00Z', join_url: 'https://zoom.us/j/81234500000', password: 'a1b2c3d4',
};

describe('the Zoom request/answer checker (Zoom API v2, published description)', () => {
  it('reads the description from the shared reference', () => {
    expect(zoomDescriptionAvailable, zoomDescriptionPath).toBe(true);
  });

  it('accepts the connector\'s requests and a right answer', () => {
    expect(checkZoomRequest('POST', '/users/me/meetings', q(), create)).toEqual([]);
    expect(checkZoomRequest('GET', '/users/me/meetings', q('type=scheduled&page_size=300&next_page_token=abc'), undefined)).toEqual([]);
    expect(checkZoomRequest('GET', '/report/meetings/81234500000/participants', q('page_size=300&include_fields=registrant_id'), undefined)).toEqual([]);
    expect(checkZoomRequest('POST', '/webinars/81234500001/batch_registrants', q(), { auto_approve: true, registrants: [{ email: 'a@example.test', first_name: 'A', last_name: 'B' }] })).toEqual([]);
    expect(checkZoomAnswer('GET', '/meetings/81234500000', 200, meeting)).toEqual([]);
    expect(checkZoomAnswer('PATCH', '/meetings/81234500000', 204, undefined)).toEqual([]);
  });

  it('fails a body field of the wrong type: start_time as a number', () => {
    const errors = checkZoomRequest('POST', '/users/me/meetings', q(), { ...create, start_time: Date.parse(create.start_time) });
    expect(errors).toEqual([expect.stringMatching(/POST \/users\/me\/meetings: body \/start_time must be string/)]);
  });

  it('fails a body field the description does not have (Zoom would ignore it silently): settings.host_key', () => {
    const errors = checkZoomRequest('POST', '/users/me/meetings', q(), { ...create, settings: { ...create.settings, host_key: '123456' } });
    expect(errors).toEqual([expect.stringMatching(/body \/settings must NOT have additional properties 'host_key'/)]);
  });

  it('fails an unknown query parameter and a parameter of the wrong type', () => {
    expect(checkZoomRequest('GET', '/users/me/meetings', q('page_size=300&cursor=abc'), undefined))
      .toEqual([expect.stringMatching(/query parameter cursor is not a parameter of GET \/users\/\{userId\}\/meetings/)]);
    expect(checkZoomRequest('GET', '/users/me/meetings', q('page_size=3000'), undefined)).toEqual([expect.stringMatching(/page_size=.*must be <= 300/)]);
    expect(checkZoomRequest('GET', '/meetings/not-a-number', q(), undefined)).toEqual([expect.stringMatching(/path parameter meetingId=.*must be integer/)]);
  });

  it('fails a path Zoom does not have, a body where none is taken, and a missing required field', () => {
    expect(checkZoomRequest('POST', '/meetings/81234500000/batch_registrants', q(), { registrants: [] })).toEqual([expect.stringMatching(/Zoom's API has no such operation/)]);
    expect(checkZoomRequest('GET', '/meetings/81234500000', q(), { topic: 'x' })).toEqual([expect.stringMatching(/takes no JSON body/)]);
    expect(checkZoomRequest('POST', '/meetings/81234500000/registrants', q(), { first_name: 'A' })).toEqual([expect.stringMatching(/must have required property 'email'/)]);
  });

  it('fails an answer of the wrong shape or an undocumented status', () => {
    expect(checkZoomAnswer('GET', '/meetings/81234500000', 200, { ...meeting, id: 'abc' })).toEqual([expect.stringMatching(/answer \/id must be integer/)]);
    expect(checkZoomAnswer('GET', '/meetings/81234500000', 200, { ...meeting, status: 'finished' })).toEqual([expect.stringMatching(/answer \/status must be equal to one of the allowed values/)]);
    expect(checkZoomAnswer('GET', '/meetings/81234500000', 200, { ...meeting, start_time: 'tomorrow' })).toEqual([expect.stringMatching(/answer \/start_time must match format "date-time"/)]);
    expect(checkZoomAnswer('PATCH', '/meetings/81234500000', 200, {})).toEqual([expect.stringMatching(/status 200 is not documented/)]);
    expect(checkZoomAnswer('GET', '/meetings/81234500000', 404, { message: 'gone' })).toEqual([expect.stringMatching(/\{code: number, message: string\}/)]);
    expect(checkZoomAnswer('GET', '/meetings/81234500000', 429, { code: 429, message: 'slow down' })).toEqual([]);
  });

  it('checks the Server-to-Server OAuth token request and answer', () => {
    const basic = `Basic ${Buffer.from('id:secret').toString('base64')}`;
    expect(checkTokenRequest('POST', q('grant_type=account_credentials&account_id=acc'), basic, '')).toEqual([]);
    expect(checkTokenRequest('POST', q('grant_type=client_credentials&account_id=acc'), basic, '')).toEqual(['POST /oauth/token: grant_type must be account_credentials']);
    expect(checkTokenRequest('POST', q('grant_type=account_credentials&account_id=acc'), 'Bearer x', '')).toEqual(['POST /oauth/token: the client id and secret go in HTTP Basic authorization']);
    expect(checkTokenAnswer(200, { access_token: 't', token_type: 'bearer', expires_in: 3599, scope: 'meeting:read:admin' })).toEqual([]);
    expect(checkTokenAnswer(200, { access_token: 't', expires_in: '3599' })).toHaveLength(1);
  });
});
