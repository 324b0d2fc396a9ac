/**
 * Inbound mail that tries to cost us, or to start a loop, in workerd (the Worker's `email()`
 * handler through wrangler's `/cdn-cgi/handler/email`, as Email Routing calls it): the envelope is
 * checked before the body is read, a body beyond the limits is refused in SMTP with the reason,
 * the dearest message within them leaves `/api/health` answering at once, and automatic replies
 * get no answer or, when nothing marks them, at most three.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_INBOUND_BYTES, MAX_LINES, MAX_MIME_DEPTH, MAX_MIME_PARTS } from '../../worker/mail-in/limits';
import { signReplyToken } from '../../worker/mail-in/token';
import { emptyPartsMail, heaviestMail, manyLinesMail, nestedMail } from '../support/hostile-mail';
import { ApiClient, inviteCode, uniqueEmail } from '../support/http-client';
import { MAIL_REPLY_TEST_SECRET, MAIL_TEST_DOMAIN } from '../support/mail';
import { sqlRows } from '../support/neon-node';
import { until } from '../support/wait';

const url = inject('workerUrl');
const api = new ApiClient(url);

interface Player {
  email: string;
  token: string;
}

/** A started 2-player secret-dice game (`rounds` rounds) and its players. */
async function game(rounds = 3): Promise<{ id: string; a: Player; b: Player }> {
  const a = await api.signIn(uniqueEmail('mh-a'));
  const b = await api.signIn(uniqueEmail('mh-b'));
  const created = await api.post('/api/games', { type: 'secret-dice', players: 2, options: { rounds } }, { token: a.token });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  expect((await api.post(`/api/games/${id}/join`, { invite: inviteCode(created.body.inviteUrl) }, { token: b.token })).status).toBe(200);
  const started = await api.post(`/api/games/${id}/start`, {}, { token: a.token });
  expect(started.status, started.text).toBe(200);
  return { id, a, b };
}

async function stateOf(id: string, p: Player) {
  const r = await api.get(`/api/games/${id}/state`, { token: p.token });
  expect(r.status).toBe(200);
  return r.body as { version: number; status: string; activeSeats: number[]; yourSeat: number };
}

async function replyAddress(gameId: string, seat: number, version: number): Promise<string> {
  return `play+${await signReplyToken(MAIL_REPLY_TEST_SECRET, { gameId, seat, version })}@${MAIL_TEST_DOMAIN}`;
}

/** Delivers raw mail to the email() handler: 200 accepted, 400 refused in SMTP (the reason in the text); and how long it took. */
async function deliverRaw(from: string, to: string, raw: string): Promise<{ status: number; text: string; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${url}/cdn-cgi/handler/email?${new URLSearchParams({ from, to })}`, { method: 'POST', body: raw });
  return { status: res.status, text: await res.text(), ms: performance.now() - t0 };
}

/** A plain reply (text/plain), with extra header lines; returns its Message-ID too. */
function reply(from: string, to: string, text: string, extra: string[] = [], messageId = `<${randomUUID()}@mail.example.test>`) {
  const raw = [
    `From: Player <${from}>`,
    `To: ${to}`,
    'Subject: Re: Your turn',
    `Message-ID: ${messageId}`,
    ...extra,
    'Content-Type: text/plain; charset="UTF-8"',
    '',
    text,
    '',
  ].join('\r\n');
  return { raw, messageId };
}

/** Answers to emailed moves queued for game `gameId` (the handler queues them before it answers the sending server). */
async function answerRows(gameId: string): Promise<number> {
  const [{ n }] = await sqlRows<{ n: number }>(
    inject('databaseUrl'),
    inject('dbWsProxy'),
    "select count(*)::int as n from outbox where kind = 'mail_answer' and game_id = $1",
    [gameId],
  );
  return n;
}

/** Answers in the dev mailbox threaded to `messageId`. */
async function answersTo(messageId: string): Promise<{ to: string; text: string; replyTo?: string | null }[]> {
  const box = await api.get<{ to: string; text: string; raw?: string; replyTo?: string | null }[]>('/dev/mailbox.json');
  return box.body.filter((m) => (m.raw ?? '').includes(`In-Reply-To: ${messageId}`));
}

async function answerTo(messageId: string) {
  return until(`an answer to ${messageId}`, async () => (await answersTo(messageId))[0], { intervalMs: 100 });
}

describe('inbound mail is checked in order of cost', () => {
  let g: Awaited<ReturnType<typeof game>>;
  let to: string;
  beforeAll(async () => {
    g = await game();
    to = await replyAddress(g.id, 0, (await stateOf(g.id, g.a)).version);
  });

  it(`a message of 16,000 empty MIME parts is refused in SMTP, naming the limit of ${MAX_MIME_PARTS} parts`, async () => {
    const sent = await deliverRaw(g.a.email, to, emptyPartsMail(g.a.email, to, 16_000));
    expect(sent.status).toBe(400);
    expect(sent.text).toContain(`Messages to this address may have at most ${MAX_MIME_PARTS} MIME parts.`);
  });

  it(`MIME parts nested deeper than ${MAX_MIME_DEPTH} levels are refused in SMTP; as deep as allowed is read`, async () => {
    const deep = await deliverRaw(g.a.email, to, nestedMail(g.a.email, to, MAX_MIME_DEPTH + 1));
    expect(deep.status).toBe(400);
    expect(deep.text).toContain(`may nest MIME parts at most ${MAX_MIME_DEPTH} levels deep`);
    const allowed = nestedMail(g.a.email, to, MAX_MIME_DEPTH, 'nothing that matches');
    expect((await deliverRaw(g.a.email, to, allowed)).status).toBe(200);
  });

  it(`a message of more than ${MAX_LINES} lines is refused in SMTP, naming the limit`, async () => {
    const sent = await deliverRaw(g.a.email, to, manyLinesMail(g.a.email, to, 50_000));
    expect(sent.status).toBe(400);
    expect(sent.text).toContain(`Messages to this address may have at most ${MAX_LINES} lines.`);
  });

  it('the envelope is judged before the body: a forged token or a stranger is refused as such, whatever the body holds', async () => {
    // Beyond the part limit (and cheaper for the local email endpoint, which parses every message itself first).
    const hostile = emptyPartsMail(g.a.email, to, 4 * MAX_MIME_PARTS);
    const forged = await deliverRaw(g.a.email, to.replace(/-[0-9a-f]{20}@/, `-${'0'.repeat(20)}@`), hostile);
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('No such address: reply to a turn email to play.');
    const stranger = await deliverRaw(uniqueEmail('eve'), to, hostile);
    expect(stranger.status).toBe(400);
    expect(stranger.text).toContain('Only the player this turn email was sent to may answer it with a move.');
    expect((await stateOf(g.id, g.a)).version).toBeGreaterThan(0);
  });

  it('while 10 of the dearest messages within the limits are judged, /api/health is answered between them', {
    timeout: 120_000,
  }, async () => {
    const heavy = heaviestMail(g.a.email, to, MAX_MIME_PARTS - 1, MAX_INBOUND_BYTES - 4096, MAX_LINES, '<p>x</p>');
    expect(heavy.length).toBeLessThan(MAX_INBOUND_BYTES);
    const single = await deliverRaw(g.a.email, to, heavy);
    expect(single.status, single.text).toBe(200);
    // The order of answers: each health answer notes how many of the 10 messages were answered by then.
    let answered = 0;
    const healthAfter: number[] = [];
    const arriving = Promise.all(
      Array.from({ length: 10 }, () =>
        deliverRaw(g.a.email, to, heavy).then((r) => {
          answered++;
          return r;
        }),
      ),
    );
    while (answered < 10) {
      const r = await fetch(`${url}/api/health`);
      expect(r.status).toBe(200);
      await r.arrayBuffer();
      healthAfter.push(answered);
    }
    const results = await arriving;
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const between = healthAfter.filter((n) => n < 10).length;
    console.log(
      `[mail-in] the dearest message within the limits (${heavy.length} bytes, ${MAX_MIME_PARTS - 1} HTML parts of short paragraphs): ${single.ms.toFixed(0)} ms in the handler alone; ` +
        `10 at once: all handled in ${Math.max(...results.map((r) => r.ms)).toFixed(0)} ms; /api/health answered ${between} times before the last of them`,
    );
    // Judging a message never holds the Worker for the whole burst: health answers came while
    // messages were still being judged (how fast is the bench's concern).
    expect(between).toBeGreaterThan(0);
  });
});

describe('mail loops cannot start', () => {
  it('an automatic reply marked only by a vendor header (X-Autoreply: yes) gets no answer', async () => {
    const g = await game();
    const to = await replyAddress(g.id, 0, (await stateOf(g.id, g.a)).version);
    const marked = reply(g.a.email, to, 'I am away until Monday.', ['X-Autoreply: yes']);
    expect((await deliverRaw(g.a.email, to, marked.raw)).status).toBe(200);
    const subject = reply(g.a.email, to, 'I am away until Monday.').raw.replace(
      'Subject: Re: Your turn',
      'Subject: Automatic reply: Re: Your turn',
    );
    expect((await deliverRaw(g.a.email, to, subject)).status).toBe(200);
    expect(await answerRows(g.id)).toBe(0);
    // A person's reply is answered.
    const person = reply(g.a.email, to, 'nothing that matches');
    await deliverRaw(g.a.email, to, person.raw);
    await answerTo(person.messageId);
    expect(await answersTo(marked.messageId)).toEqual([]);
  });

  it('an out-of-office reply without any marker is answered three times, then no more until the game moves on', async () => {
    const g = await game();
    const v = (await stateOf(g.id, g.a)).version;
    let address = await replyAddress(g.id, 0, v);
    const answered: string[] = [];
    expect(await answerRows(g.id)).toBe(0);
    for (let i = 0; i < 6; i++) {
      // Each answer's fresh reply address gets the same out-of-office text back, as a responder would send it.
      const ooo = reply(g.a.email, address, 'Thank you for your message. I am out until Monday with no access to email.');
      expect((await deliverRaw(g.a.email, address, ooo.raw)).status).toBe(200);
      if (i < 3) {
        const answer = await answerTo(ooo.messageId);
        answered.push(answer.text);
        address = answer.replyTo ?? address;
      }
    }
    expect(answered).toHaveLength(3);
    // The handler decides before it answers the sending server: no answer was queued for the other three.
    expect(await answerRows(g.id)).toBe(3);
    for (const text of answered) expect(text).toContain('Not done:');
    // A move on the page (a new version) and the seat may be answered again.
    await api.post(
      `/api/games/${g.id}/moves`,
      { version: (await stateOf(g.id, g.a)).version, move: { type: 'bank' } },
      { token: g.a.token },
    );
    const after = reply(g.a.email, await replyAddress(g.id, 0, (await stateOf(g.id, g.a)).version), 'nothing that matches');
    await deliverRaw(g.a.email, await replyAddress(g.id, 0, (await stateOf(g.id, g.a)).version), after.raw);
    expect((await answerTo(after.messageId)).text).toContain('Not done:');
  });

  it('a reply to a game that is over is answered once; later ones get no answer', async () => {
    const g = await game(1);
    for (const p of [g.a, g.b]) {
      const st = await stateOf(g.id, p);
      await api.post(`/api/games/${g.id}/moves`, { version: st.version, move: { type: 'bank' } }, { token: p.token });
      await api.post(`/api/games/${g.id}/moves`, { version: st.version + 1, move: { type: 'end' } }, { token: p.token });
    }
    const end = await stateOf(g.id, g.a);
    expect(end.status).toBe('finished');
    const to = await replyAddress(g.id, 0, end.version);
    const first = reply(g.a.email, to, 'roll');
    expect((await deliverRaw(g.a.email, to, first.raw)).status).toBe(200);
    expect((await answerTo(first.messageId)).text).toContain('The game is over');
    for (let i = 0; i < 3; i++) expect((await deliverRaw(g.a.email, to, reply(g.a.email, to, 'roll').raw)).status).toBe(200);
    expect(await answerRows(g.id)).toBe(1);
    // The other seat's own first reply is answered.
    const other = reply(g.b.email, await replyAddress(g.id, 1, end.version), 'roll');
    await deliverRaw(g.b.email, await replyAddress(g.id, 1, end.version), other.raw);
    expect((await answerTo(other.messageId)).text).toContain('The game is over');
    expect(await answerRows(g.id)).toBe(2);
  });

  it('a Message-ID used again in another game is another reply there: its move is played and answered', async () => {
    const one = await game();
    const two = await game();
    const messageId = `<${randomUUID()}@mail.example.test>`;
    for (const g of [one, two]) {
      const st = await stateOf(g.id, g.a);
      const to = await replyAddress(g.id, 0, st.version);
      expect((await deliverRaw(g.a.email, to, reply(g.a.email, to, '2', [], messageId).raw)).status).toBe(200);
      expect((await stateOf(g.id, g.a)).version).toBe(st.version + 1);
    }
    const answers = await until('both answers', async () => {
      const found = await answersTo(messageId);
      return found.length >= 2 ? found : undefined;
    });
    expect(answers.map((a) => a.text.includes('Done: '))).toEqual([true, true]);
  });
});
