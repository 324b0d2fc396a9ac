import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../support/receiver';
import { makeTestApp, type TestApi } from './support';

/**
 * names: engines write `{{p:N}}` where a log line names a player; every notification surface
 * renders the seated player's display name with the game's role beside it ("Ada (U.R.
 * Courageous)"), never the role alone and never the raw marker.
 */
describe('names in notifications: the turn email and the webhook say "Ada (U.R. Courageous)"', () => {
  let api: TestApi;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    api = await makeTestApp();
    rx = await startReceiver();
  });
  afterAll(() => rx.close());

  it('a Big Thunder turn email and JSON webhook name the player who moved', async () => {
    const ada = await api.signIn('ada-names@example.com', 'Ada');
    const bo = await api.signIn('bo-names@example.com', 'Bo');
    for (const [token, path] of [
      [ada, 'ada'],
      [bo, 'bo'],
    ]) {
      const put = await api.call('PUT', '/api/me/notifications', {
        token,
        body: {
          email: true,
          digest: false,
          kinds: { yourTurn: true, gameStarted: false, gameOver: true, chatMention: true, reminder: true },
          webhook: { url: `${rx.url}/${path}`, format: 'json', secret: 's'.repeat(32) },
        },
      });
      expect(put.status, put.text).toBe(200);
    }
    const created = await api.call('POST', '/api/games', {
      token: ada,
      body: { type: 'big-thunder', players: 2, options: {}, startWhenFull: false },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
    expect((await api.call('POST', `/api/games/${id}/join`, { token: bo, body: { invite } })).status).toBe(200);
    expect((await api.call('POST', `/api/games/${id}/start`, { token: ada })).status).toBe(200);
    api.clock.advance(61_000);
    await api.cron();
    // A Fate marble run at the start can leave a Claim Jumper waiting on both seats: each answers
    // it first, so the turn below is one seat's alone and the other is newly asked to act after it.
    const tokens = [ada, bo];
    for (let i = 0; i < 4; i++) {
      const st = (await api.call('GET', `/api/games/${id}/state`, { token: ada })).json;
      if (st.view.pending?.kind !== 'claimJumper') break;
      const seat = st.activeSeats[0] as number;
      const mine = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[seat] })).json;
      const r = await api.call('POST', `/api/games/${id}/moves`, {
        token: tokens[seat],
        body: { version: mine.version, move: mine.legalMoves[0].move },
      });
      expect(r.status, r.text).toBe(200);
    }
    api.clock.advance(61_000);
    await api.cron();
    const before = new Set(rx.delivered);

    // Whoever goes first plays a quick turn: stop playing cards (a discard), then end the turn.
    const first = (await api.call('GET', `/api/games/${id}/state`, { token: ada })).json.activeSeats[0] as number;
    const players = [
      { token: ada, email: 'ada-names@example.com', path: '/ada', named: 'Ada (U.R. Courageous)' },
      { token: bo, email: 'bo-names@example.com', path: '/bo', named: 'Bo (U.B. Bold)' },
    ];
    const mover = players[first];
    const other = players[1 - first];
    let s = (await api.call('GET', `/api/games/${id}/state`, { token: mover.token })).json;
    expect(s.yourSeat).toBe(first);
    for (let i = 0; i < 20 && s.activeSeats.includes(first); i++) {
      const moves = s.legalMoves as { move: { type: string } }[];
      const pick = (i === 0 ? moves.find((m) => m.move.type === 'discard') : moves.find((m) => m.move.type === 'endTurn')) ?? moves[0];
      const r = await api.call('POST', `/api/games/${id}/moves`, { token: mover.token, body: { version: s.version, move: pick.move } });
      expect(r.status, r.text).toBe(200);
      s = r.json;
    }
    expect(s.activeSeats).toEqual([1 - first]);
    api.clock.advance(61_000);
    await api.cron();

    const mails = (await api.call('GET', '/dev/mailbox.json')).json as { to: string; subject: string; text: string; html: string }[];
    // The turn email after the mover's turn (the one that lists their discard).
    const turn = mails.find(
      (m) => m.to === other.email && m.subject.startsWith('Your turn in Big Thunder') && m.text.includes(' discards '),
    );
    expect(turn, JSON.stringify(mails.map((m) => m.text))).toBeDefined();
    const lines = turn!.text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines.length).toBeGreaterThan(1);
    expect(turn!.text).toContain(`- ${mover.named} discards `);
    expect(turn!.text, turn!.text).toContain(`- ${other.named} begins a turn.`);
    expect(turn!.html).toMatch(new RegExp(`<li>${mover.named.replace(/[.()]/g, '\\$&')} discards [^<]+</li>`));
    for (const l of lines) {
      expect(l).not.toContain('{{p:');
      expect(l).not.toMatch(/\bSeat \d/);
      // The role only ever stands beside a name.
      expect(l.replaceAll('Ada (U.R. Courageous)', '').replaceAll('Bo (U.B. Bold)', '')).not.toMatch(/U\.R\. Courageous|U\.B\. Bold/);
    }

    const hook = rx.delivered.find((d) => !before.has(d) && d.path === other.path && JSON.parse(d.body).kind === 'your_turn');
    expect(hook).toBeDefined();
    const body = JSON.parse(hook!.body) as { lines: string[] };
    expect(body.lines).toContain(`${other.named} begins a turn.`);
    expect(body.lines.some((l) => l.startsWith(`${mover.named} discards `))).toBe(true);
    expect(body.lines.join('\n')).not.toContain('{{p:');
  });
});

describe('names in the game-over subject: the summary names players, the role beside', () => {
  it('replaces whole role names once, longest first, and leaves games without roles alone', async () => {
    const { summaryWithNames } = await import('../../worker/notices/log-text');
    const { gameRegistry } = await import('../../engine/games');
    const seats = [
      { seat: 0, name: 'Ada', isBot: false },
      { seat: 1, name: null, isBot: true },
      { seat: 2, name: 'Redmond', isBot: false },
    ];
    const sm = gameRegistry.get('space-mountain');
    expect(summaryWithNames('Red visited all 5 Starports and completed all 5 Missions first.', seats, sm)).toBe(
      'Ada (Red) visited all 5 Starports and completed all 5 Missions first.',
    );
    // A name holding a role's letters is not a role; a bot is "Bot" with its role.
    expect(summaryWithNames('Blue completed all 3 Missions first.', seats, sm)).toBe('Bot (Blue) completed all 3 Missions first.');
    const sn = gameRegistry.get('snowdonia');
    expect(summaryWithNames('Player 1 and Player 3 share the win with 0 VP.', seats, sn)).toBe(
      'Ada (Player 1) and Redmond (Player 3) share the win with 0 VP.',
    );
    expect(summaryWithNames('U.B. Bold wins with 20 points.', seats, gameRegistry.get('big-thunder'))).toBe(
      'Bot (U.B. Bold) wins with 20 points.',
    );
    expect(summaryWithNames('Seat 2 wins with 3.', seats, undefined)).toBe('Seat 2 wins with 3.');
  });
});
