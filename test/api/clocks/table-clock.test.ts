/**
 * The table's own clock decisions, on the test clock: a pause by consent (proposed, agreed by
 * every other human player, resumed early or ended by itself, each logged), the extension vote and
 * the hand-to-bot vote at tables of three or more, and quiet hours that hold a notice until
 * they end.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from '../support';
import { clocksOf, DAY, HOUR, logOf, noticesTo, timedTable } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

const post = (token: string, path: string, body?: unknown) => api.call('POST', path, { token, body });

describe('pause by consent', () => {
  it('pauses when every other human agrees, stands every clock still, and anyone may resume; all logged', async () => {
    api.clock.t = Date.parse('2027-07-05T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: 'fast' }, { players: 3 });
    const proposed = await post(tokens[0], `/api/games/${id}/pause`, { days: 3 });
    expect(proposed.status, proposed.text).toBe(200);
    expect(proposed.json.pauseProposal).toEqual({ by: 0, days: 3, agreed: [] });
    expect((await post(tokens[0], `/api/games/${id}/pause/agree`)).json.error.code).toBe('own_proposal');
    const half = await post(tokens[1], `/api/games/${id}/pause/agree`);
    expect(half.json).toMatchObject({ pause: null, pauseProposal: { agreed: [1] } });
    const all = await post(tokens[2], `/api/games/${id}/pause/agree`);
    expect(all.json.pause).toEqual({ until: new Date(api.clock.t + 3 * DAY).toISOString(), by: 0 });
    expect(all.json.pauseProposal).toBeNull();

    api.clock.advance(DAY);
    expect((await clocksOf(api, id, tokens[1]))[0]).toMatchObject({ running: false, pausedBy: 'table', remainingMs: 72 * HOUR });
    const resumed = await post(tokens[2], `/api/games/${id}/resume`);
    expect(resumed.json.pause).toBeNull();
    api.clock.advance(HOUR);
    expect((await clocksOf(api, id, tokens[1]))[0]).toMatchObject({ running: true, pausedBy: null, remainingMs: 71 * HOUR });
    const log = await logOf(api, id, tokens[0]);
    expect(log.filter((t) => /proposes to pause|paused until|resumed the game/.test(t))).toHaveLength(3);
    expect((await post(tokens[1], `/api/games/${id}/resume`)).json.error.code).toBe('not_paused');
  });

  it('ends by itself when its days are up, and says so', async () => {
    api.clock.t = Date.parse('2027-07-12T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: 'fast' });
    await post(tokens[0], `/api/games/${id}/pause`, { days: 2 });
    await post(tokens[1], `/api/games/${id}/pause/agree`);
    api.clock.advance(2 * DAY + HOUR);
    await api.cron();
    expect((await logOf(api, id, tokens[0])).some((t) => t === 'The pause is over: the clocks run again.')).toBe(true);
    expect((await clocksOf(api, id, tokens[0]))[0]).toMatchObject({ running: true, remainingMs: 71 * HOUR });
  });

  it('a declined proposal changes nothing; more than 14 days is refused with 400; outsiders with 403', async () => {
    api.clock.t = Date.parse('2027-07-19T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: 'fast' });
    expect((await post(tokens[0], `/api/games/${id}/pause`, { days: 15 })).status).toBe(400);
    await post(tokens[0], `/api/games/${id}/pause`, { days: 5 });
    const declined = await post(tokens[1], `/api/games/${id}/pause/decline`);
    expect(declined.json).toMatchObject({ pause: null, pauseProposal: null });
    const stranger = await api.signIn('pause-stranger@clock.test');
    expect((await post(stranger, `/api/games/${id}/pause`, { days: 1 })).status).toBe(403);
    const untimed = await timedTable(api, { timeControl: 'none' });
    expect((await post(untimed.tokens[0], `/api/games/${untimed.id}/pause`, { days: 1 })).json.error.code).toBe('no_clock');
  });
});

describe('votes on a late player (three or more humans)', () => {
  it("a poll's ETag stops matching when a vote opens with time alone, though no move was made", async () => {
    api.clock.t = Date.parse('2027-08-09T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '24h' }, { players: 3 });
    const poll = (etag?: string) =>
      api.call('GET', `/api/games/${id}/state`, { token: tokens[1], headers: etag ? { 'if-none-match': etag } : {} });
    const first = await poll();
    expect(first.json.clocks[0].votesOpen).toEqual([]);
    const etag = first.headers.get('etag')!;
    // Good until the extension vote opens: 12 h into seat 0's 24 h (seconds after the "~").
    expect(etag).toMatch(new RegExp(`~${(api.clock.t + 12 * HOUR) / 1000}"$`));
    api.clock.advance(11 * HOUR);
    expect((await poll(etag)).status).toBe(304);
    api.clock.advance(2 * HOUR);
    const later = await poll(etag);
    expect(later.status).toBe(200);
    expect(later.json.version).toBe(first.json.version);
    expect(later.json.clocks[0].votesOpen).toEqual(['extension']);
    // Its new tag is good until the bot vote opens, 24 h in.
    expect(later.headers.get('etag')).toMatch(new RegExp(`~${(api.clock.t - 13 * HOUR + 24 * HOUR) / 1000}"$`));
  });

  it('one extension of 24 h when every other player votes for it, and only one', async () => {
    api.clock.t = Date.parse('2027-08-02T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '48h' }, { players: 3 });
    api.clock.advance(40 * HOUR);
    const one = await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'extension' });
    expect(one.json.votes).toEqual([{ kind: 'extension', seat: 0, voters: [1] }]);
    const two = await post(tokens[2], `/api/games/${id}/seats/0/votes`, { kind: 'extension' });
    expect(two.json.votes).toEqual([]);
    expect(two.json.clocks[0].remainingMs).toBe(32 * HOUR);
    expect((await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'extension' })).json.error.code).toBe('already_extended');
    expect((await post(tokens[0], `/api/games/${id}/seats/0/votes`, { kind: 'extension' })).json.error.code).toBe('own_seat');
    expect((await post(tokens[0], `/api/games/${id}/seats/1/votes`, { kind: 'extension' })).json.error.code).toBe('not_waiting');
  });

  it('the votes open when a seat is late, as the clocks say: a 24 h per-move clock after 12 h, the bot after 24 h', async () => {
    api.clock.t = Date.parse('2027-08-23T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '24h' }, { players: 3 });
    const open = async () => (await clocksOf(api, id, tokens[1]))[0].votesOpen;
    expect(await open()).toEqual([]);
    expect((await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'extension' })).json.error.code).toBe('too_soon');
    api.clock.advance(11 * HOUR);
    expect(await open()).toEqual([]);
    api.clock.advance(2 * HOUR); // 13 h asked, 11 h left: past half its time
    expect(await open()).toEqual(['extension']);
    expect((await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'bot' })).json.error.code).toBe('too_soon');
    expect((await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'extension' })).status).toBe(200);
    const given = await post(tokens[2], `/api/games/${id}/seats/0/votes`, { kind: 'extension' });
    expect(given.json.clocks[0]).toMatchObject({ remainingMs: 35 * HOUR, votesOpen: [] });
    api.clock.advance(11 * HOUR); // 24 h asked: the bot vote opens; the extension was had
    expect(await open()).toEqual(['bot']);
    // The seats that needn't act have none.
    expect((await clocksOf(api, id, tokens[1]))[1].votesOpen).toEqual([]);
  });

  it('the bot plays for a player who has not acted for 24 h once every other player votes so', async () => {
    api.clock.t = Date.parse('2027-08-09T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: 'slow' }, { players: 3 });
    api.clock.advance(12 * HOUR);
    expect((await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'bot' })).json.error.code).toBe('too_soon');
    api.clock.advance(12 * HOUR);
    await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'extension' });
    await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'bot' });
    await post(tokens[2], `/api/games/${id}/seats/0/votes`, { kind: 'bot' });
    const meta = (await api.call('GET', `/api/games/${id}`, { token: tokens[1] })).json;
    expect(meta.seats[0].isBot).toBe(true);
    expect(meta.votes).toEqual([]); // the extension vote on the seat went with it
    expect((await logOf(api, id, tokens[1])).some((t) => t.startsWith('The other players voted: the bot plays for'))).toBe(true);
  });

  it('is not offered at a table of two', async () => {
    api.clock.t = Date.parse('2027-08-16T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: 'slow' });
    api.clock.advance(25 * HOUR);
    // Late by the clock, but two humans do not vote: the answers say so too.
    expect((await clocksOf(api, id, tokens[1]))[0].votesOpen).toEqual([]);
    expect((await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'extension' })).json.error.code).toBe('too_few_players');
  });

  it('opens no vote while the table is paused: time the clock stands still never counts', async () => {
    api.clock.t = Date.parse('2027-08-30T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '48h' }, { players: 3 });
    await post(tokens[1], `/api/games/${id}/pause`, { days: 3 });
    await post(tokens[0], `/api/games/${id}/pause/agree`);
    expect((await post(tokens[2], `/api/games/${id}/pause/agree`)).json.pause).toBeTruthy();
    api.clock.advance(25 * HOUR);
    expect((await clocksOf(api, id, tokens[1]))[0]).toMatchObject({ remainingMs: 48 * HOUR, votesOpen: [] });
    const refused = await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'bot' });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'too_soon', message: 'The table is paused: no seat is late while it lasts.' });
    // After the pause, the clock's own running time counts: 24 h of it opens both votes.
    await post(tokens[1], `/api/games/${id}/resume`);
    api.clock.advance(23 * HOUR);
    expect((await clocksOf(api, id, tokens[1]))[0].votesOpen).toEqual([]);
    api.clock.advance(HOUR);
    expect((await clocksOf(api, id, tokens[1]))[0].votesOpen).toEqual(['extension', 'bot']);
  });
});

// Requests that really overlap (real PostgreSQL, workerd) race in test/worker/concurrency.test.ts.
describe('several players acting together, and acting twice', () => {
  const version = async (id: string, token: string) => (await api.call('GET', `/api/games/${id}`, { token })).json.version as number;

  it('three agreements sent together all count, and the pause starts', async () => {
    api.clock.t = Date.parse('2027-09-13T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '48h' }, { players: 4 });
    await post(tokens[0], `/api/games/${id}/pause`, { days: 2 });
    const answers = await Promise.all([1, 2, 3].map((s) => post(tokens[s], `/api/games/${id}/pause/agree`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const meta = (await api.call('GET', `/api/games/${id}`, { token: tokens[0] })).json;
    expect(meta.pause).toEqual({ until: new Date(api.clock.t + 2 * DAY).toISOString(), by: 0 });
    expect(meta.pauseProposal).toBeNull();
  });

  it('votes sent together all count: the extension is given', async () => {
    api.clock.t = Date.parse('2027-09-20T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '48h' }, { players: 4 });
    api.clock.advance(40 * HOUR);
    const answers = await Promise.all([1, 2, 3].map((s) => post(tokens[s], `/api/games/${id}/seats/0/votes`, { kind: 'extension' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const meta = (await api.call('GET', `/api/games/${id}`, { token: tokens[1] })).json;
    expect(meta.votes).toEqual([]);
    expect(meta.clocks[0].remainingMs).toBe(32 * HOUR);
    expect((await logOf(api, id, tokens[1])).filter((t) => t.endsWith('24 more hours.'))).toHaveLength(3);
  });

  it('the same vote, agreement or proposal twice changes nothing the second time', async () => {
    api.clock.t = Date.parse('2027-09-27T09:00:00Z');
    const { id, tokens } = await timedTable(api, { timeControl: '48h' }, { players: 3 });
    api.clock.advance(40 * HOUR);
    await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'extension' });
    let v = await version(id, tokens[1]);
    const again = await post(tokens[1], `/api/games/${id}/seats/0/votes`, { kind: 'extension' });
    expect(again.status).toBe(200);
    expect(again.json.votes).toEqual([{ kind: 'extension', seat: 0, voters: [1] }]);
    expect(await version(id, tokens[1])).toBe(v);
    await post(tokens[2], `/api/games/${id}/pause`, { days: 3 });
    v = await version(id, tokens[1]);
    expect((await post(tokens[2], `/api/games/${id}/pause`, { days: 3 })).status).toBe(200);
    await post(tokens[0], `/api/games/${id}/pause/agree`);
    const agreedAgain = await post(tokens[0], `/api/games/${id}/pause/agree`);
    expect(agreedAgain.json.pauseProposal).toEqual({ by: 2, days: 3, agreed: [0] });
    expect(await version(id, tokens[1])).toBe(v + 1);
  });
});

describe('quiet hours', () => {
  it('a notice that falls inside them waits until they end, then goes', async () => {
    // 23:00 in Berlin (CEST): inside the player's 22:00-08:00.
    api.clock.t = Date.parse('2027-09-06T21:00:00Z');
    const { id, tokens, emails } = await timedTable(
      api,
      { timeControl: 'slow' },
      { quiet: [null, { start: '22:00', end: '08:00' }], zones: [null, 'Europe/Berlin'] },
    );
    const s = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
    for (const type of ['bank', 'end']) {
      const v = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version;
      expect((await post(tokens[0], `/api/games/${id}/moves`, { version: v, move: { type } })).status).toBe(200);
    }
    expect(s.version).toBeGreaterThan(0);
    await api.cron();
    const held = (await noticesTo(api, emails[1], 'your_turn')).filter((r) => r.channel === 'email');
    expect(held).toEqual([expect.objectContaining({ status: 'pending', last_error: 'held: quiet hours' })]);
    expect(new Date(held[0].next_attempt_at).toISOString()).toBe('2027-09-07T06:00:00.000Z'); // 08:00 in Berlin
    api.clock.t = Date.parse('2027-09-07T06:00:00Z');
    await api.cron();
    expect((await noticesTo(api, emails[1], 'your_turn')).filter((r) => r.channel === 'email')).toEqual([
      expect.objectContaining({ status: 'sent' }),
    ]);
  });
});
