/**
 * The end of quiet hours, on the test clock: every notice held back for a player over the night
 * comes out as one message per channel, listing them all, and the rows held are all marked sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from '../support';
import { noticesTo, passTurn, setZone } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

/** Three started games of the same two players, seat 0 to move in each. */
async function threeGames(tokens: string[]) {
  const ids: string[] = [];
  for (let g = 0; g < 3; g++) {
    const created = await api.call('POST', '/api/games', {
      token: tokens[0],
      body: { type: 'secret-dice', players: 2, options: { rounds: 10 }, startWhenFull: true, timeControl: 'slow' },
    });
    expect(created.status, created.text).toBe(201);
    const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
    const joined = await api.call('POST', `/api/games/${created.json.id}/join`, { token: tokens[1], body: { invite } });
    expect(joined.status, joined.text).toBe(200);
    ids.push(created.json.id);
  }
  return ids;
}

describe('quiet hours ending', () => {
  it('releases three notices held over the night as one email that lists all three', async () => {
    // The games start at 21:00 in Berlin (CEST), before the second player's 22:00-08:00 ...
    api.clock.t = Date.parse('2027-09-13T19:00:00Z');
    const tokens = [await api.signIn('night-0@clock.test', 'Night Owl'), await api.signIn('night-1@clock.test', 'Early Bird')];
    await setZone(api, tokens[1], 'Europe/Berlin', { start: '22:00', end: '08:00' });
    const ids = await threeGames(tokens);
    await api.cron();
    // ... and three turns come to them after 23:00.
    api.clock.t = Date.parse('2027-09-13T21:00:00Z');
    for (const [i, id] of ids.entries()) {
      api.clock.advance(10 * 60 * 1000 * (i + 1));
      await passTurn(api, id, tokens[0]);
    }
    await api.cron();
    const held = (await noticesTo(api, 'night-1@clock.test', 'your_turn')).filter((r) => r.channel === 'email');
    expect(held.map((r) => [r.status, r.last_error])).toEqual([
      ['pending', 'held: quiet hours'],
      ['pending', 'held: quiet hours'],
      ['pending', 'held: quiet hours'],
    ]);
    const before = (await api.call('GET', '/dev/mailbox.json')).json.filter((m: { to: string }) => m.to === 'night-1@clock.test').length;

    api.clock.t = Date.parse('2027-09-14T06:00:00Z'); // 08:00 in Berlin
    await api.cron();
    const mails = (await api.call('GET', '/dev/mailbox.json')).json.filter((m: { to: string }) => m.to === 'night-1@clock.test');
    expect(mails).toHaveLength(before + 1);
    const mail = mails[0] as { subject: string; text: string };
    expect(mail.subject).toBe('3 notices from your quiet hours');
    expect(mail.text).toContain('While your quiet hours lasted:');
    for (const id of ids) expect(mail.text).toContain(`/games/${id}`);
    expect(mail.text.match(/^- Your turn/gm)).toHaveLength(3);
    const after = (await noticesTo(api, 'night-1@clock.test', 'your_turn')).filter((r) => r.channel === 'email');
    expect(after.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });
});
