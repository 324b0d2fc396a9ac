/**
 * play by email reply, in workerd: messages go in through wrangler's email handler endpoint
 * (`POST /cdn-cgi/handler/email?from=&to=`, the Worker's `email()` export, as Email Routing calls
 * it) and the answers come out of the outbox into the dev mailbox. The tests sign reply tokens
 * with the test Worker's MAIL_REPLY_SECRET (test/support/mail.ts), as a turn email would carry.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signReplyToken } from '../../worker/mail-in/token';
import { ApiClient, uniqueEmail } from '../support/http-client';
import { MAIL_REPLY_TEST_SECRET, MAIL_TEST_DOMAIN } from '../support/mail';
import { SET_SEED_SQL, setSeedParams } from '../support/fixed-seed';
import { sqlRows } from '../support/neon-node';
import { pause } from '../support/wait';

const url = inject('workerUrl');
const api = new ApiClient(url);

/**
 * Starts a game from a seed the test chose (test/support/fixed-seed.ts): which Fate card or
 * Mission a turn meets is then no longer luck, and a failure here reproduces.
 */
async function startSeeded(type: string, players: Player[], options: Record<string, unknown>, seed: string): Promise<string> {
  return api.startGame(
    type,
    players.map((p) => p.token),
    options,
    async (gameId) => {
      await sqlRows(inject('databaseUrl'), inject('dbWsProxy'), SET_SEED_SQL, setSeedParams(seed, gameId));
    },
  );
}

interface Player {
  email: string;
  token: string;
}
interface Labelled {
  label: string;
  move: { type: string; [k: string]: unknown };
}
interface State {
  version: number;
  status: string;
  yourSeat: number;
  activeSeats: number[];
  legalMoves: Labelled[];
  result: unknown;
}

async function player(prefix: string): Promise<Player> {
  return api.signIn(uniqueEmail(prefix));
}

async function stateOf(gameId: string, p: Player): Promise<State> {
  const res = await api.get<State>(`/api/games/${gameId}/state`, { token: p.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function replyTo(gameId: string, seat: number, version: number, secret = MAIL_REPLY_TEST_SECRET): Promise<string> {
  return `play+${await signReplyToken(secret, { gameId, seat, version })}@${MAIL_TEST_DOMAIN}`;
}

interface Mail {
  from: string;
  to: string;
  text: string;
  /** Envelope sender when it differs from the From header (`<>` for a bounce). */
  envelopeFrom?: string;
  headers?: string[];
  messageId?: string;
}

/** A reply as Gmail would send it (text/plain, the answered email quoted), as raw RFC 5322. */
function rawReply(m: Mail): { raw: string; messageId: string } {
  const messageId = m.messageId ?? `<${randomUUID()}@mail.example.test>`;
  const raw = [
    `From: Player <${m.from}>`,
    `To: ${m.to}`,
    'Subject: Re: Your turn',
    `Message-ID: ${messageId}`,
    'Date: Tue, 01 Dec 2026 09:14:00 +0000',
    ...(m.headers ?? []),
    'Content-Type: text/plain; charset="UTF-8"',
    '',
    m.text,
    '',
    'On Tue, Dec 1, 2026 at 9:00 AM Mountain Post <',
    `${m.to}> wrote:`,
    '',
    '> Your turn',
    '> 1. Something',
    '',
  ].join('\r\n');
  return { raw, messageId };
}

/**
 * Delivers a message to the Worker's email() handler; 200 accepted, 400 refused in SMTP. When the
 * local runtime answers 503 "Your worker restarted mid-request" (wrangler's dev proxy, which
 * retries only GET and HEAD), the same message goes again, as a mail server retries a temporary
 * failure: its Message-ID makes a second delivery play nothing twice (the last test here).
 */
async function deliver(m: Mail): Promise<{ status: number; text: string; messageId: string }> {
  const { raw, messageId } = rawReply(m);
  const send = async () => {
    const res = await fetch(`${url}/cdn-cgi/handler/email?${new URLSearchParams({ from: m.envelopeFrom ?? m.from, to: m.to })}`, {
      method: 'POST',
      body: raw,
    });
    return { status: res.status, text: await res.text(), messageId };
  };
  const first = await send();
  return first.status === 503 && first.text.includes('restarted mid-request') ? send() : first;
}

interface BoxMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | null;
  raw?: string;
}

/** Answers in the dev mailbox to the message `messageId` (threaded by In-Reply-To). */
async function answersTo(messageId: string): Promise<BoxMail[]> {
  const box = await api.get<BoxMail[]>('/dev/mailbox.json');
  return box.body.filter((m) => (m.raw ?? '').includes(`In-Reply-To: ${messageId}`));
}

/**
 * Settles simultaneous choices through the API: a Big Thunder turn may open with a Claim Jumper (a
 * Fate card), where every player discards at once, so the next reply meets one player to move.
 * Returns the state as `players[0]` then sees it.
 */
async function settleSimultaneous(gameId: string, players: Player[]) {
  let now = await stateOf(gameId, players[0]);
  for (let i = 0; i < 4 && now.activeSeats.length > 1; i++) {
    for (const s of now.activeSeats) {
      const st = await stateOf(gameId, players[s]);
      if (st.activeSeats.includes(s))
        await api.post(`/api/games/${gameId}/moves`, { version: st.version, move: st.legalMoves[0].move }, { token: players[s].token });
    }
    now = await stateOf(gameId, players[0]);
  }
  return now;
}

/** The one answer to `messageId`, waiting for the outbox drain that runs after the handler. */
async function answerTo(messageId: string, timeoutMs = 15_000): Promise<BoxMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await answersTo(messageId);
    if (found.length) return found[0];
    if (Date.now() > until) throw new Error(`no answer to ${messageId} in the dev mailbox`);
    await pause(100);
  }
}

/** A line that picks `m` among `legal`: its label when no other label is the same, else its number. */
function lineFor(legal: Labelled[], m: Labelled, n: number): string {
  const same = legal.filter((x) => x.label.toLowerCase() === m.label.toLowerCase()).length;
  return same === 1 && n % 2 === 0 ? m.label : String(legal.indexOf(m) + 1);
}

describe('a whole 2-player Space Mountain game played only by email replies', () => {
  it('Go/Refuel, turns and Mission marker placements until the game is over', { timeout: 900_000 }, async () => {
    const a = await player('sm-a');
    const b = await player('sm-b');
    // A deal this policy finishes in 83 emails with every kind of move (the seed ...01 took 311).
    const gameId = await startSeeded('space-mountain', [a, b], { missionsOnly: true, missions: 3 }, '5ace0000000000000000000000000031');
    const players = [a, b];
    const kinds = new Set<string>();
    let emails = 0;
    let rand = 7;
    for (let guard = 0; guard < 3000; guard++) {
      const st = await stateOf(gameId, a);
      if (st.status !== 'active') break;
      const seat = st.activeSeats[0];
      const mine = seat === 0 ? st : await stateOf(gameId, players[seat]);
      const legal = mine.legalMoves;
      // Mostly All Systems Go! (the game moves on), otherwise a pseudo-random legal move.
      rand = (rand * 1103515245 + 12345) % 2147483648;
      const go = legal.find((m) => m.move.type === 'go');
      const pick = go && rand % 4 !== 0 ? go : legal[rand % legal.length];
      const sent = await deliver({
        from: players[seat].email,
        to: await replyTo(gameId, seat, mine.version),
        text: lineFor(legal, pick, emails),
      });
      expect(sent.status, sent.text).toBe(200);
      emails++;
      kinds.add(pick.move.type);
      const after = await stateOf(gameId, a);
      expect(after.version, `${pick.label} was played`).toBeGreaterThan(st.version);
    }
    const end = await stateOf(gameId, a);
    expect(end.status).toBe('finished');
    expect(end.result).toMatchObject({ scores: expect.any(Array), ranking: expect.any(Array) });
    expect([...kinds]).toEqual(expect.arrayContaining(['go', 'refuel', 'turn', 'place']));
    console.log(`[mail replies] a Space Mountain game took ${emails} emailed moves`);
  });

  it('two simultaneous Go/Refuel replies at the same version both apply (they commute)', async () => {
    const a = await player('sim-a');
    const b = await player('sim-b');
    const gameId = await startSeeded('space-mountain', [a, b], { missionsOnly: true, missions: 3 }, '5ace0000000000000000000000000002');
    let st = await stateOf(gameId, a);
    // Start positions first, if the round begins with them.
    for (let i = 0; i < 10 && !(st.activeSeats.length === 2 && st.legalMoves.some((m) => m.move.type === 'go')); i++) {
      const seat = st.activeSeats[0];
      const mine = await stateOf(gameId, [a, b][seat]);
      await deliver({ from: [a, b][seat].email, to: await replyTo(gameId, seat, mine.version), text: '1' });
      st = await stateOf(gameId, a);
    }
    expect(st.activeSeats).toEqual([0, 1]);
    const v = st.version;
    const first = await deliver({ from: a.email, to: await replyTo(gameId, 0, v), text: 'go' });
    const second = await deliver({ from: b.email, to: await replyTo(gameId, 1, v), text: 'refuel' });
    expect([first.status, second.status]).toEqual([200, 200]);
    const answered = (await answerTo(second.messageId)).text;
    expect(answered, answered).toContain('Done: Refuel.');
    expect((await stateOf(gameId, a)).version).toBe(v + 2);
  });
});

describe('Big Thunder turns from multi-line replies', () => {
  it('each reply plays a card, its action and End turn, in order', async () => {
    const a = await player('bt-a');
    const b = await player('bt-b');
    const gameId = await startSeeded('big-thunder', [a, b], {}, 'b1670000000000000000000000000001');
    const players = [a, b];
    for (let turn = 0; turn < 4; turn++) {
      const st = await stateOf(gameId, a);
      expect(st.activeSeats).toHaveLength(1);
      const seat = st.activeSeats[0];
      const mine = await stateOf(gameId, players[seat]);
      const unique = (l: Labelled) => mine.legalMoves.filter((x) => x.label === l.label).length === 1;
      const play =
        mine.legalMoves.find((m) => m.label === 'Play Move 2' && unique(m)) ??
        mine.legalMoves.find((m) => m.move.type === 'play' && unique(m))!;
      const lines = [play.label, ...(play.label === 'Play Move 2' ? ['move 2 spaces'] : []), 'end turn'];
      const sent = await deliver({ from: players[seat].email, to: await replyTo(gameId, seat, mine.version), text: lines.join('\n') });
      expect(sent.status, sent.text).toBe(200);
      const answer = await answerTo(sent.messageId);
      expect(answer.to).toBe(players[seat].email);
      expect(answer.text).toContain(`Done: ${play.label}, then `);
      expect(answer.text).toContain('End turn and draw.');
      // Log lines name players by their display names, never by the engine's {{p:N}} markers.
      expect(answer.text).toContain('Since you last looked:');
      expect(answer.text).not.toContain('{{p:');
      let after = await stateOf(gameId, a);
      expect(after.version).toBeGreaterThanOrEqual(mine.version + lines.length);
      after = await settleSimultaneous(gameId, players);
      expect(after.activeSeats).not.toContain(seat);
    }
  });
});

describe('refusals', () => {
  let a: Player;
  let b: Player;
  let gameId: string;
  beforeAll(async () => {
    a = await player('ref-a');
    b = await player('ref-b');
    gameId = await startSeeded('big-thunder', [a, b], {}, 'b1670000000000000000000000000002');
  });
  const turn = async () => {
    // A turn may open with a Claim Jumper (both players discard at once): settle it first.
    const st = await settleSimultaneous(gameId, [a, b]);
    const seat = st.activeSeats[0];
    const p = seat === 0 ? a : b;
    return { seat, p, other: seat === 0 ? b : a, st: await stateOf(gameId, p) };
  };

  it("a sender who is not the seat's player is refused in SMTP and nothing is played", async () => {
    const { seat, other, st } = await turn();
    const eve = uniqueEmail('eve');
    const to = await replyTo(gameId, seat, st.version);
    const sent = await deliver({ from: eve, to, text: 'end turn' });
    expect(sent.status).toBe(400);
    expect(sent.text).toContain('Only the player this turn email was sent to may answer it with a move.');
    // The other player of the same game is not the seat's player either.
    const seated = await deliver({ from: other.email, to, text: 'end turn' });
    expect(seated.status).toBe(400);
    // A forwarded message: the header From is the player, the envelope sender someone else.
    const { p } = await turn();
    const forwarded = await deliver({ from: p.email, envelopeFrom: eve, to, text: 'end turn' });
    expect(forwarded.status).toBe(400);
    expect((await stateOf(gameId, a)).version).toBe(st.version);
    expect(await answersTo(sent.messageId)).toEqual([]);
  });

  it('a forged or tampered token is refused and nothing is played', async () => {
    const { seat, p, st } = await turn();
    const forged = await deliver({
      from: p.email,
      to: await replyTo(gameId, seat, st.version, 'not-the-server-secret-000'),
      text: 'end turn',
    });
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('No such address');
    const good = await replyTo(gameId, seat, st.version);
    const tampered = good.replace(`-${seat}-${st.version}-`, `-${seat}-${st.version + 1}-`);
    expect(tampered).not.toBe(good);
    expect((await deliver({ from: p.email, to: tampered, text: 'end turn' })).status).toBe(400);
    expect((await stateOf(gameId, a)).version).toBe(st.version);
  });

  it("plus-addressing on the player's side is accepted", async () => {
    const { seat, p, st } = await turn();
    const [local, domain] = p.email.split('@');
    const sent = await deliver({
      from: `${local}+games@${domain.toUpperCase()}`,
      to: await replyTo(gameId, seat, st.version),
      text: 'end turn',
    });
    expect(sent.status, sent.text).toBe(200);
    expect((await answerTo(sent.messageId)).text).toContain('Done: End turn and draw.');
  });

  it('illegal move text gets an answer with the reason and the choices again', async () => {
    const { seat, p, st } = await turn();
    const sent = await deliver({ from: p.email, to: await replyTo(gameId, seat, st.version), text: 'launch the rocket' });
    expect(sent.status).toBe(200);
    const answer = await answerTo(sent.messageId);
    expect(answer.text).toContain('Not done: "launch the rocket": "launch the rocket" matches none of the choices.');
    // The choices again: "1. ..." when few, grouped ("[1] Play" then "  1 (1a) ...") when the hand gives many.
    expect(answer.text).toMatch(/(^|\n)\s*1(\.| \(1a\)) \S/);
    expect(answer.replyTo).toBe(await replyTo(gameId, seat, st.version));
    expect((await stateOf(gameId, a)).version).toBe(st.version);
  });

  it('a stale version that does not commute is refused with what happened since and the current choices', async () => {
    const first = await turn();
    const oldAddress = await replyTo(gameId, first.seat, first.st.version);
    const played = await deliver({ from: first.p.email, to: oldAddress, text: 'end turn' });
    expect(played.status).toBe(200);
    await answerTo(played.messageId);
    // Then the player answers the old email again (another message): its version is no longer current.
    const v = (await stateOf(gameId, a)).version;
    const stale = await deliver({ from: first.p.email, to: oldAddress, text: 'end turn' });
    expect(stale.status).toBe(200);
    const answer = await answerTo(stale.messageId);
    // The seat itself moved since that email, so the answer says so (not "the game moved on").
    expect(answer.text).toMatch(
      /Not done: "end turn" (was not played: you have already made your move since that email|\(End turn and draw\) was refused: It is not your turn)/,
    );
    expect(answer.text).toContain('Since you last looked:');
    // The play may have opened a Claim Jumper, where this seat chooses again at once.
    expect(answer.text).toMatch(/Now waiting for |It is your turn again/);
    expect((await stateOf(gameId, a)).version).toBe(v);
  });

  it('an auto-reply, a bounce and list mail get no answer and play nothing', async () => {
    const { seat, p, st } = await turn();
    const to = await replyTo(gameId, seat, st.version);
    const sent = [
      await deliver({ from: p.email, to, text: 'end turn', headers: ['Auto-Submitted: auto-replied'] }),
      await deliver({ from: p.email, envelopeFrom: '<>', to, text: 'end turn' }),
      await deliver({ from: p.email, to, text: 'end turn', headers: ['Precedence: bulk'] }),
    ];
    expect(sent.map((s) => s.status)).toEqual([200, 200, 200]);
    // A person's reply after them is answered: by then the ignored ones would have been too.
    const person = await deliver({ from: p.email, to, text: 'nothing that matches' });
    await answerTo(person.messageId);
    for (const s of sent) expect(await answersTo(s.messageId)).toEqual([]);
    expect((await stateOf(gameId, a)).version).toBe(st.version);
  });

  it('the same message delivered twice is applied once and answered once', async () => {
    const { seat, p, st } = await turn();
    const mail = {
      from: p.email,
      to: await replyTo(gameId, seat, st.version),
      text: 'end turn',
      messageId: `<${randomUUID()}@mail.example.test>`,
    };
    expect((await deliver(mail)).status).toBe(200);
    await answerTo(mail.messageId);
    expect((await deliver(mail)).status).toBe(200);
    const after = await stateOf(gameId, a);
    expect(after.version).toBe(st.version + 1);
    // An answer is queued in the outbox before the handler returns (and only then drained), so
    // once the second delivery has its 200, every answer it could cause is already a row.
    const rows = await sqlRows<{ status: string }>(
      inject('databaseUrl'),
      inject('dbWsProxy'),
      "select status from outbox where kind = 'mail_answer' and game_id = $1 and payload->'message'->'headers'->>'In-Reply-To' = $2",
      [gameId, mail.messageId],
    );
    expect(rows).toHaveLength(1);
    expect(await answersTo(mail.messageId)).toHaveLength(1);
  });
});
