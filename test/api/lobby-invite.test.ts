import { beforeAll, describe, expect, it } from 'vitest';
import { INVITE_LIMITS } from '../../worker/services/invitations';
import { LOBBY_LIST_LIMIT } from '../../worker/services/lobby-lists';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
let ada: string;
let bob: string;
let cy: string;
beforeAll(async () => {
  api = await makeTestApp();
  [ada, bob, cy] = await Promise.all(['ada@invite.test', 'bob@invite.test', 'cy@invite.test'].map((e) => api.signIn(e)));
});

type Mail = { to: string; subject: string; text: string; html: string; kind?: string };
const mailbox = async () => (await api.call('GET', '/dev/mailbox.json')).json as Mail[];
const codeOf = (url: string) => new URL(url).searchParams.get('invite')!;
const outboxOf = async (gameId: string) =>
  (
    await api.client.query<{ kind: string; channel: string; target: string; payload: any; status: string }>(
      'select kind, channel, target, payload, status from outbox where game_id = $1 order by id',
      [gameId],
    )
  ).rows;

async function create(token: string, body: Record<string, unknown>) {
  const r = await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', ...body } });
  expect(r.status, r.text).toBe(201);
  return { id: r.json.id as string, invite: codeOf(r.json.inviteUrl), inviteUrl: r.json.inviteUrl as string };
}

describe('startWhenFull: the join that takes the last seat starts the game', () => {
  it('by default: the first join tells the creator; the last one starts the game and every player hears of it', async () => {
    const g = await create(ada, { players: 3 });
    const first = await api.call('POST', `/api/games/${g.id}/join`, { token: bob, body: { invite: g.invite } });
    expect([first.status, first.json]).toEqual([200, { seat: 1, started: false }]);
    const joinedMail = (await mailbox()).find(
      (m) => m.to === 'ada@invite.test' && m.subject === 'bob joined your Secret Dice (test fixture) game',
    );
    expect(joinedMail?.text).toContain('bob took seat 2.');
    const last = await api.call('POST', `/api/games/${g.id}/join`, { token: cy, body: { invite: g.invite } });
    expect([last.status, last.json]).toEqual([200, { seat: 2, started: true }]);
    const meta = (await api.call('GET', `/api/games/${g.id}`, { token: cy })).json;
    expect(meta).toMatchObject({ status: 'active', version: 4, activeSeats: [0], startWhenFull: true });
    const events = (
      await api.client.query<{ seq: number; kind: string }>('select seq, kind from game_events where game_id = $1 order by seq', [g.id])
    ).rows;
    expect(events).toEqual([
      { seq: 1, kind: 'create' },
      { seq: 2, kind: 'join' },
      { seq: 3, kind: 'join' },
      { seq: 4, kind: 'start' },
    ]);
    // Every seat hears that the game started: seat 0 as its first turn, the others as "started".
    const notices = (await outboxOf(g.id)).filter((r) => r.payload.version === 4).map((r) => `${r.kind}:${r.payload.seat}:${r.status}`);
    expect(notices.sort()).toEqual(['game_started:1:sent', 'game_started:2:sent', 'your_turn:0:sent']);
    // The last join's player_joined is not sent: the start says it all.
    expect((await outboxOf(g.id)).filter((r) => r.kind === 'player_joined').map((r) => r.payload.detail)).toEqual(['bob']);
    // Start after the fact is harmless: 200 with the running state, nothing appended.
    const start = await api.call('POST', `/api/games/${g.id}/start`, { token: ada });
    expect([start.status, start.json.version, start.json.yourSeat]).toEqual([200, 4, 0]);
    const late = await api.call('POST', `/api/games/${g.id}/join`, {
      token: await api.signIn('late@invite.test'),
      body: { invite: g.invite },
    });
    expect([late.status, late.json.error.code]).toEqual([409, 'game_full']);
  });

  it('startWhenFull: false waits for the creator; the creator is told the table filled', async () => {
    const g = await create(ada, { players: 2, startWhenFull: false });
    const j = await api.call('POST', `/api/games/${g.id}/join`, { token: bob, body: { invite: g.invite } });
    expect([j.status, j.json]).toEqual([200, { seat: 1, started: false }]);
    const meta = (await api.call('GET', `/api/games/${g.id}`, { token: ada })).json;
    expect(meta).toMatchObject({ status: 'open', startWhenFull: false });
    expect((await outboxOf(g.id)).map((r) => `${r.kind}:${r.target}:${r.status}`)).toEqual(['player_joined:ada@invite.test:sent']);
    expect((await api.call('POST', `/api/games/${g.id}/start`, { token: ada })).json.status).toBe('active');
  });

  it('refuses a bad startWhenFull with 400, writing nothing', async () => {
    const before = await api.rowCounts();
    const r = await api.call('POST', '/api/games', { token: ada, body: { type: 'secret-dice', players: 2, startWhenFull: 'yes' } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBeTruthy();
    expect(await api.rowCounts()).toEqual(before);
  });
});

describe('the waiting room and the invite page: who joined, the options, who invited you', () => {
  it('before joining (invite link) and after: names, options as lines, and the creator as inviter', async () => {
    const g = await create(ada, { players: 3, options: { rounds: 2 } });
    const dan = await api.signIn('dan@invite.test');
    const preview = (await api.call('GET', `/api/games/${g.id}?invite=${g.invite}`, { token: dan })).json;
    expect(preview).toMatchObject({ status: 'open', invitedBy: 'ada', optionsText: ['Rounds: 2'], yourSeat: null });
    expect(preview.seats.map((s: { name: string }) => s.name)).toEqual(['ada']);
    await api.call('POST', `/api/games/${g.id}/join`, { token: dan, body: { invite: g.invite } });
    const room = (await api.call('GET', `/api/games/${g.id}`, { token: dan })).json;
    expect(room).toMatchObject({ yourSeat: 1, invitedBy: 'ada' });
    expect(room.seats.map((s: { name: string }) => s.name)).toEqual(['ada', 'dan']);
    // The creator invited nobody's way in; an outsider without the code is told nothing.
    expect((await api.call('GET', `/api/games/${g.id}`, { token: ada })).json.invitedBy).toBeNull();
    expect((await api.call('GET', `/api/games/${g.id}`, { token: cy })).json.invitedBy).toBeNull();
  });
});

describe('POST /api/games/:id/invite', () => {
  it('emails the invitee the inviter, the game, its options and the join link; the waiting room then names the inviter', async () => {
    const g = await create(ada, { players: 3, options: { rounds: 2 } });
    await api.call('POST', `/api/games/${g.id}/join`, { token: bob, body: { invite: g.invite } });
    const r = await api.call('POST', `/api/games/${g.id}/invite`, { token: bob, body: { email: '  Eve@Invite.TEST ' } });
    expect([r.status, r.json]).toEqual([202, { sentTo: 'eve@invite.test' }]);
    const mail = (await mailbox()).find((m) => m.to === 'eve@invite.test')!;
    expect(mail.subject).toBe('bob invites you to play Secret Dice (test fixture)');
    expect(mail.text).toContain('bob invites you to a game of Secret Dice (test fixture) for 3 players (2 seated so far).');
    expect(mail.text).toContain('Options: Rounds: 2.');
    expect(mail.text).toContain(`Open the game: ${g.inviteUrl}`);
    expect(mail.html).toContain(`href="${g.inviteUrl}"`);
    // Eve signs in with that address and follows the link: bob, not the creator, invited her.
    const eve = await api.signIn('eve@invite.test');
    expect((await api.call('GET', `/api/games/${g.id}?invite=${g.invite}`, { token: eve })).json.invitedBy).toBe('bob');
    const j = await api.call('POST', `/api/games/${g.id}/join`, { token: eve, body: { invite: codeOf(g.inviteUrl) } });
    expect(j.json).toEqual({ seat: 2, started: true });
  });

  it('refuses bad input and the wrong caller or moment with clear 4xx, writing nothing', async () => {
    const g = await create(ada, { players: 3 });
    const before = await api.rowCounts();
    const cases: [string | undefined, unknown, number, string | null][] = [
      [ada, { email: 'not-an-address' }, 400, null],
      [ada, { email: `${'x'.repeat(250)}@a.test` }, 400, null],
      [ada, {}, 400, null],
      [undefined, { email: 'x@invite.test' }, 401, null],
      [cy, { email: 'x@invite.test' }, 403, 'not_seated'],
      [ada, { email: 'ADA@invite.test' }, 409, 'already_seated'],
    ];
    for (const [token, body, status, code] of cases) {
      const r = await api.call('POST', `/api/games/${g.id}/invite`, { token, body });
      expect([r.status, code ? r.json.error.code : typeof r.json.error.message]).toEqual([status, code ?? 'string']);
    }
    expect((await api.call('POST', `/api/games/g_nothere/invite`, { token: ada, body: { email: 'x@invite.test' } })).status).toBe(404);
    expect(await api.rowCounts()).toEqual(before);
    const started = await create(ada, { players: 2, bots: 1 });
    const r = await api.call('POST', `/api/games/${started.id}/invite`, { token: ada, body: { email: 'x@invite.test' } });
    expect([r.status, r.json.error.code]).toEqual([409, 'not_open']);
  });

  it(`at most ${INVITE_LIMITS.perGame} per game, then 429 rate_limited (nothing queued)`, async () => {
    const g = await create(ada, { players: 2 });
    for (let i = 0; i < INVITE_LIMITS.perGame; i++) {
      expect((await api.call('POST', `/api/games/${g.id}/invite`, { token: ada, body: { email: `g${i}@invite.test` } })).status).toBe(202);
    }
    const queued = (await outboxOf(g.id)).length;
    const r = await api.call('POST', `/api/games/${g.id}/invite`, { token: ada, body: { email: 'one-more@invite.test' } });
    expect([r.status, r.json.error.code]).toEqual([429, 'rate_limited']);
    expect(r.json.error.message).toContain('invite link');
    expect((await outboxOf(g.id)).length).toBe(queued);
  });

  it(`at most ${INVITE_LIMITS.perAccountPerDay} per account in 24 hours, with Retry-After; concurrent requests cannot pass the limit`, async () => {
    const fay = await api.signIn('fay@invite.test');
    const games: string[] = [];
    for (let i = 0; i < 4; i++) games.push((await create(fay, { players: 2 })).id);
    const send = (n: number) =>
      api.call('POST', `/api/games/${games[Math.floor(n / 9)]}/invite`, { token: fay, body: { email: `d${n}@invite.test` } });
    const firsts: number[] = [];
    for (let n = 0; n < INVITE_LIMITS.perAccountPerDay - 2; n++) firsts.push((await send(n)).status);
    expect(new Set(firsts)).toEqual(new Set([202]));
    // Four at once for the last two places: exactly two get through.
    const racing = await Promise.all([28, 29, 30, 31].map((n) => send(n)));
    expect(racing.map((r) => r.status).sort()).toEqual([202, 202, 429, 429]);
    const refused = racing.find((r) => r.status === 429)!;
    expect(refused.json.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const count = (
      await api.client.query<{ n: number }>(
        "select count(*)::int as n from invitations i join users u on u.id = i.invited_by where u.email = 'fay@invite.test'",
      )
    ).rows[0].n;
    expect(count).toBe(INVITE_LIMITS.perAccountPerDay);
    // A day later the window has moved on.
    api.clock.advance(24 * 3600 * 1000 + 1000);
    expect((await send(32)).status).toBe(202);
  });
});

describe('GET /api/lobby', () => {
  it('lists public games waiting for players (with the link that seats you) and public games in progress; never private ones', async () => {
    const open = await create(ada, { players: 3 });
    const priv = await create(ada, { players: 3, public: false });
    const live = await create(bob, { players: 2, bots: 1 });
    const privLive = await create(bob, { players: 2, bots: 1, public: false });
    const full = await create(cy, { players: 2, startWhenFull: false });
    await api.call('POST', `/api/games/${full.id}/join`, { token: bob, body: { invite: full.invite } });
    const r = await api.call('GET', '/api/lobby');
    expect(r.status).toBe(200);
    const openIds = r.json.open.map((g: { id: string }) => g.id);
    const liveIds = r.json.live.map((g: { id: string }) => g.id);
    expect(openIds).toContain(open.id);
    expect(liveIds).toContain(live.id);
    for (const id of [priv.id, privLive.id, full.id]) expect([...openIds, ...liveIds]).not.toContain(id);
    const entry = r.json.open.find((g: { id: string }) => g.id === open.id);
    expect(entry).toMatchObject({
      title: 'Secret Dice (test fixture)',
      players: 3,
      inviteUrl: open.inviteUrl,
      youAreSeated: false,
      seats: [{ seat: 0, name: 'ada', isBot: false, playerId: expect.stringMatching(/^u_/), reliability: null, rating: null }],
    });
    // Names link to profiles by player id; an address never appears.
    expect(JSON.stringify(r.json)).not.toMatch(/userId|@invite\.test/);
    expect(r.json.live.find((g: { id: string }) => g.id === live.id)).toMatchObject({ inviteUrl: null, activeSeats: [0] });
    // Join in one click from the lobby entry; signed in, your own tables say so.
    const gus = await api.signIn('gus@invite.test');
    expect(
      (await api.call('POST', `/api/games/${open.id}/join`, { token: gus, body: { invite: codeOf(entry.inviteUrl) } })).json.seat,
    ).toBe(1);
    const mine = (await api.call('GET', '/api/lobby', { token: gus })).json.open.find((g: { id: string }) => g.id === open.id);
    expect(mine.youAreSeated).toBe(true);
  });

  it(`each list holds at most ${LOBBY_LIST_LIMIT} games`, async () => {
    const base = (await create(ada, { players: 4 })).id;
    await api.client.query(
      `insert into games (id, type, rules_version, options, players, status, seed, seed_hash, invite_code, created_by, version, is_public)
       select 'g_bulk' || s || i, type, rules_version, options, players, s, seed, seed_hash, invite_code, created_by, 1, true
       from games, generate_series(1, ${LOBBY_LIST_LIMIT + 5}) as i, unnest(array['open', 'active']) as s where id = $1`,
      [base],
    );
    const r = (await api.call('GET', '/api/lobby')).json;
    expect([r.open.length, r.live.length]).toEqual([LOBBY_LIST_LIMIT, LOBBY_LIST_LIMIT]);
    await api.client.query("delete from games where id like 'g_bulk%'");
  });
});

describe('My games: waiting for you, then the others, then finished ones with the winner and scores', () => {
  it('orders the groups and carries opponents, last played and the result', async () => {
    const hal = await api.signIn('hal@invite.test');
    const ivy = await api.signIn('ivy@invite.test');
    // Finished: a 1-round game played out by hal and ivy.
    const done = await create(hal, { players: 2, options: { rounds: 1 } });
    await api.call('POST', `/api/games/${done.id}/join`, { token: ivy, body: { invite: done.invite } });
    let s = (await api.call('GET', `/api/games/${done.id}/state`, { token: hal })).json;
    for (const [tok, type] of [
      [hal, 'bank'],
      [hal, 'bank'],
      [hal, 'end'],
      [ivy, 'bank'],
      [ivy, 'end'],
    ] as const) {
      s = (await api.call('POST', `/api/games/${done.id}/moves`, { token: tok, body: { version: s.version, move: { type } } })).json;
    }
    expect(s.status).toBe('finished');
    api.clock.advance(1000);
    const waiting = await create(hal, { players: 3 }); // open: "others"
    api.clock.advance(1000);
    const myTurn = await create(ivy, { players: 2 }); // hal's join starts it: ivy (seat 0) to move
    await api.call('POST', `/api/games/${myTurn.id}/join`, { token: hal, body: { invite: myTurn.invite } });
    const list = (await api.call('GET', '/api/games', { token: ivy })).json.games as any[];
    const ids = list.map((g) => g.id);
    expect(ids.indexOf(myTurn.id)).toBe(0);
    expect(ids).not.toContain(waiting.id);
    expect(ids[ids.length - 1]).toBe(done.id);
    const halList = (await api.call('GET', '/api/games', { token: hal })).json.games as any[];
    expect(halList.map((g) => g.id)).toEqual([myTurn.id, waiting.id, done.id]);
    const finished = halList[2];
    expect(finished.result).toMatchObject({ scores: [2, 1], ranking: [0, 1] });
    expect(finished.seats.map((x: { name: string }) => x.name)).toEqual(['hal', 'ivy']);
    // A bot opponent is named and marked as one.
    const vsBot = await create(hal, { players: 2, bots: 1 });
    const botRow = ((await api.call('GET', '/api/games', { token: hal })).json.games as any[]).find((g) => g.id === vsBot.id);
    expect(botRow.seats).toEqual([
      expect.objectContaining({ seat: 0, name: 'hal', isBot: false }),
      { seat: 1, name: 'Bot', userId: null, isBot: true },
    ]);
    expect(Date.parse(finished.updatedAt)).toBeLessThan(Date.parse(halList[0].updatedAt));
    expect(halList[0].result).toBeNull();
  });
});

describe('a notification link says which seat it is for', () => {
  it('the game-started email links to /games/:id?seat=N (N as in the subject), which reveals nothing else', async () => {
    const g = await create(ada, { players: 2 });
    await api.call('POST', `/api/games/${g.id}/join`, { token: cy, body: { invite: g.invite } });
    const mail = (await mailbox()).find((m) => m.to === 'cy@invite.test' && m.subject.includes('has started - you are seat 2'))!;
    expect(mail.text).toContain(`/games/${g.id}?seat=2`);
  });
});

describe('options as lines for people', () => {
  it('camelCase keys become words; yes/no for booleans; a one-letter word keeps its capital', async () => {
    const { optionsText } = await import('../../worker/services/option-text');
    expect(optionsText({ thinnerFog: true, buildPrerequisite: 'none', overlayBuildAfterE: false, rounds: 2 })).toEqual([
      'Thinner fog: yes',
      'Build prerequisite: none',
      'Overlay build after E: no',
      'Rounds: 2',
    ]);
    expect(optionsText(null)).toEqual([]);
  });

  it("with the game: the option's and the value's titles from its options schema (the rulebook's words)", async () => {
    const { optionsText } = await import('../../worker/services/option-text');
    const { snowdonia } = await import('../../engine/games/snowdonia');
    const { spaceMountain } = await import('../../engine/games/space-mountain');
    expect(optionsText({ buildPrerequisite: 'station-cleared', thinnerFog: true, unknown: 1 }, [], snowdonia)).toEqual([
      'Station building spaces may be built: once its Station card has no Rubble left',
      'Thinner Fog Variant: yes',
      'Unknown: 1',
    ]);
    expect(optionsText({ missions: 3, firstPlayer: 'creator', rockets: ['red', 'blue'] }, ['rockets'], spaceMountain)).toEqual([
      'Mission cards: 3 (A to C)',
      "First Active Player: the game's creator",
    ]);
  });
});
