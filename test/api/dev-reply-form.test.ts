/**
 * "the dev mailbox gets a Reply box": bad input to its form endpoint is a 400 like every other
 * route, never a 500 (found by a fresh-eyes pass: a broken multipart body answered 500).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

describe('dev mailbox Reply box: a malformed form is a 400, not a 500', () => {
  it('answers a broken multipart body with 400 bad_request and changes nothing', async () => {
    const before = await api.rowCounts();
    const r = await api.call('POST', '/dev/mailbox/reply', {
      raw: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('bad_request');
    expect(await api.rowCounts()).toEqual(before);
  });
});
