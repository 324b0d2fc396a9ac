import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { dueClockOf } from '../clock/notes';
import type { WorkerClock } from '../clock/worker-clock';
import { errorBody } from '../http/errors';
import { serviceCtx } from '../http/context';
import { runDuePass } from '../scheduled/next-due';
import { receiveMail, type ReceiveOutcome } from '../mail-in/receive';
import { replyRaw } from '../mail-in/reply-raw';
import { devMailbox, devOutbox } from '../notices/outbox';
import { dueGames } from '../services/clock-pass';
import { fixSeed } from '../services/dev-seed';
import type { AppEnv } from '../types';

/**
 * Development routes: the mailbox (every email the outbox holds, and replies to them), the
 * clock, and a game's seed before it starts. They answer only when APP_ENV is `development` or `test`; in production these paths do
 * not exist (404).
 */
export function devRoutes() {
  const app = new Hono<AppEnv>();
  app.use('/dev/*', async (c, next) => {
    if (c.var.config.appEnv === 'production') return c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    await next();
  });
  app.get('/dev/mailbox.json', async (c) => c.json(await devMailbox(c.var.db)));
  app.get('/dev/outbox.json', async (c) => c.json(await devOutbox(c.var.db)));
  // The development clock: move the Worker's time forward and run what came due at once, so a
  // deadline, a reminder or any timed rule can be tried without waiting for it.
  app.get('/dev/clock', (c) => c.json(clockAnswer(c.var.clock)));
  app.post('/dev/clock', async (c) => {
    const sent = await c.req.json().catch(() => NOT_JSON);
    const body = DevClockBody.safeParse(sent);
    if (sent === NOT_JSON || !body.success) return c.json(badBody(body.error, 'Send {"advanceMs": <milliseconds>}.', sent), 400);
    c.var.clock.advance(body.data.advanceMs);
    const ran = body.data.run ? await runDuePass(serviceCtx(c), dueClockOf(c.env)) : null;
    // Left to the games' own alarms: set them again, now that their instants are nearer in real time.
    if (!body.data.run) {
      const due = await dueGames(c.var.db, 100_000);
      for (let i = 0; i < due.length; i += 50) await Promise.all(due.slice(i, i + 50).map((g) => c.var.clocks.gameDue(g.id, g.dueAt)));
    }
    return c.json({ ...clockAnswer(c.var.clock), ran: ran?.report ?? null });
  });
  // A fixed deal: the seed of a game not yet started, so a browser test sees the same board on
  // every run (a layout fault that shows on one deal only then shows every time).
  app.post('/dev/games/:id/seed', async (c) => {
    const sent = await c.req.json().catch(() => NOT_JSON);
    const body = DevSeedBody.safeParse(sent);
    if (sent === NOT_JSON || !body.success) return c.json(badBody(body.error, 'Send {"seed": "<32 to 128 hex digits>"}.', sent), 400);
    return c.json(await fixSeed(c.var.db, { gameId: c.req.param('id'), seed: body.data.seed }));
  });
  // Play by email reply locally: the Reply box builds the message a mail client would send
  // and hands it to the same function as the Worker's email() handler.
  app.post('/dev/mailbox/reply', async (c) => {
    // A malformed form (a broken multipart body) is the sender's mistake: 400, not a 500.
    const form = await c.req.parseBody().catch(() => null);
    if (!form)
      return c.json(
        { error: { code: 'bad_request', message: 'Send the Reply form: from, to, text (and subject, quote, messageId).' } },
        400,
      );
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const raw = replyRaw({
      from: field('from'),
      to: field('to'),
      subject: field('subject') || 'Your move',
      text: field('text'),
      quote: { text: field('quote'), messageId: field('messageId') || undefined },
    });
    const outcome = await receiveMail(serviceCtx(c), { from: field('from'), to: field('to'), raw });
    return c.redirect(`/dev/mailbox?reply=${encodeURIComponent(describeOutcome(outcome))}`, 303);
  });
  app.post('/dev/mail-in', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { from?: unknown; to?: unknown; raw?: unknown } | null;
    if (!body || typeof body.from !== 'string' || typeof body.to !== 'string' || typeof body.raw !== 'string') {
      return c.json(
        { error: { code: 'bad_request', message: 'Send {from, to, raw}: the envelope addresses and the RFC 5322 message.' } },
        400,
      );
    }
    return c.json(await receiveMail(serviceCtx(c), { from: body.from, to: body.to, raw: body.raw }));
  });
  app.get('/dev/mailbox', async (c) => {
    const mails = await devMailbox(c.var.db);
    const note = c.req.query('reply');
    return c.html(html`<!doctype html>
      <meta name="viewport" content="width=device-width" />
      <title>Dev mailbox</title>
      <style>body{font:15px system-ui;margin:1rem;max-width:48rem}article{border:1px solid #ccc;border-radius:6px;padding:.5rem 1rem;margin:.5rem 0}</style>
      <h1>Dev mailbox</h1>
      ${note ? html`<p role="status"><b>Reply:</b> ${note}</p>` : ''}
      <p>${mails.length} message(s), newest first. Production sends these through the email provider instead.</p>
      ${mails.map(
        (m) =>
          html`<article><p><b>To:</b> ${m.to} &middot; <small>${m.at}</small></p><p><b>${m.subject}</b></p><pre style="white-space:pre-wrap">${m.text}</pre>${
            m.token ? html`<p><a href="/auth/callback?token=${m.token}">Open sign-in link</a></p>` : ''
          }${m.replyTo ? replyBox(m) : ''}</article>`,
      )}`);
  });
  return app;
}

/** `POST /dev/clock`: how far to move the clock (ms, forward only, at most ten years) and whether to run what came due. */
const DevClockBody = z
  .object({
    advanceMs: z
      .number()
      .int()
      .min(0)
      .max(10 * 365 * 24 * 3600 * 1000),
    run: z.boolean().default(true),
  })
  .strict();

/** `POST /dev/games/:id/seed`: the seed `setup` will deal from, in the form the engines read (engine/core/rng.ts). */
const DevSeedBody = z
  .object({
    seed: z.string().regex(/^[0-9a-f]{32,128}$/, 'a seed is 32 to 128 lowercase hex digits'),
  })
  .strict();

/** What a body that is not JSON at all reads as. */
const NOT_JSON = Symbol('not JSON');

/** The 400 body for a dev route's JSON that does not parse (`sent` NOT_JSON: not JSON at all, `fallback` says what to send), else the first issue, where it is. */
function badBody(error: z.ZodError | undefined, fallback: string, sent: unknown) {
  if (sent === NOT_JSON || !error) return errorBody('bad_request', `The body is not JSON. ${fallback}`);
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return errorBody('bad_request', `${where}${issue?.message ?? fallback}`);
}

/** What the clock routes answer: the offset and the Worker's time now. */
function clockAnswer(clock: WorkerClock) {
  return { offsetMs: clock.offsetMs(), now: clock.now().toISOString() };
}

/** One line about what a reply did, for the dev mailbox. */
function describeOutcome(o: ReceiveOutcome): string {
  if (o.kind === 'answered')
    return `${o.applied.length ? `played ${o.applied.join(', then ')}` : 'nothing played'}${o.refusal ? ` (${o.refusal})` : ''}; the answer is in the mailbox.`;
  return `${o.kind === 'ignored' ? 'ignored' : 'refused'}: ${o.reason}`;
}

/** The Reply box under an email that carries a reply address: sends a reply as the addressee. */
function replyBox(m: { to: string; replyTo?: string | null; subject: string; text: string; raw?: string }) {
  const messageId = /^Message-ID:\s*(\S+)/im.exec(m.raw ?? '')?.[1] ?? '';
  return html`<form method="post" action="/dev/mailbox/reply">
    <input type="hidden" name="from" value="${m.to}" /><input type="hidden" name="to" value="${m.replyTo}" />
    <input type="hidden" name="subject" value="${m.subject}" /><input type="hidden" name="messageId" value="${messageId}" />
    <input type="hidden" name="quote" value="${m.text}" />
    <label>Reply as ${m.to} to ${m.replyTo}<br /><textarea name="text" rows="3" cols="40" placeholder="1"></textarea></label><br />
    <button type="submit">Reply</button>
  </form>`;
}
