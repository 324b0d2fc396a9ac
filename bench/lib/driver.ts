/**
 * The load generator shared by the Worker (HTTP to workerd) and in-process (app.request)
 * benchmarks: sign-in through the dev mailbox, game set-up, and blocks of moves / polls run by
 * `c` concurrent lanes (one game each), bounded in count and time.
 */
import { randomUUID } from 'node:crypto';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export type Requester = (
  method: string,
  path: string,
  opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<Reply>;

/**
 * A Requester over fetch to a base URL (keep-alive by undici). `acceptEncoding` replaces
 * undici's default (`gzip, deflate`); `identity` asks for answers as they leave the Worker.
 */
export function httpRequester(base: string, opts: { acceptEncoding?: string } = {}): Requester {
  const encoding: Record<string, string> = opts.acceptEncoding ? { 'accept-encoding': opts.acceptEncoding } : {};
  return async (method, path, opts = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...encoding, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(base + path, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    let parsed: unknown;
    if (text && (res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  };
}

/** Runs `fn` over `items` with at most `limit` at once. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** Where a sign-in link can be read back: the Worker's dev mailbox, or what an email API stand-in received. */
export type SignInLinks = (req: Requester, email: string) => Promise<string | undefined>;

/** The dev mailbox (`EMAIL_PROVIDER=dev`), as test/support/http-client.ts reads it. */
export const devMailboxLinks: SignInLinks = async (req, email) => {
  const box = await req('GET', '/dev/mailbox.json');
  return box.status === 200 && Array.isArray(box.body)
    ? (box.body as { to: string; token?: string }[]).find((m) => m.to === email && m.token)?.token
    : undefined;
};

/** Signs `email` in through the API, reading the emailed token back through `links`. */
export async function signIn(req: Requester, email: string, links: SignInLinks = devMailboxLinks): Promise<string> {
  const asked = await req('POST', '/api/auth/email', { body: { email } });
  if (asked.status !== 202) throw new Error(`POST /api/auth/email -> ${asked.status} ${asked.text.slice(0, 200)}`);
  const until = Date.now() + 15_000;
  let token: string | undefined;
  while (!token) {
    token = await links(req, email);
    if (token) break;
    if (Date.now() > until) throw new Error(`no sign-in email for ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const exchanged = await req('POST', '/api/auth/token', { body: { token } });
  if (exchanged.status !== 200) throw new Error(`POST /api/auth/token -> ${exchanged.status} ${exchanged.text.slice(0, 200)}`);
  return exchanged.body.sessionToken as string;
}

/** A started secret-dice game as the load generator tracks it. */
export interface BenchGame {
  id: string;
  tokens: string[];
  version: number;
  /** The seat to move and its step in the turn: 0 = bank next, 1 = end next. */
  seat: number;
  step: 0 | 1;
  done: boolean;
  /** ETag of the last full GET /state per token index (polling). */
  etag?: string;
}

/** Creates a secret-dice game for `tokens` (seat i = tokens[i]), starts it, reads its version. */
export async function startSecretDice(req: Requester, tokens: string[], rounds = 10): Promise<BenchGame> {
  return startGame(req, tokens, 'secret-dice', { rounds });
}

/** Creates a game of `type` through the API, seats every token's player and starts it. */
export async function startGame(req: Requester, tokens: string[], type: string, options: unknown = {}): Promise<BenchGame> {
  const created = await req('POST', '/api/games', { token: tokens[0], body: { type, players: tokens.length, options } });
  if (created.status !== 201) throw new Error(`POST /api/games -> ${created.status} ${created.text.slice(0, 200)}`);
  const id = created.body.id as string;
  const invite = new URL(created.body.inviteUrl as string, 'http://x').searchParams.get('invite');
  for (const token of tokens.slice(1)) {
    const j = await req('POST', `/api/games/${id}/join`, { token, body: { invite } });
    if (j.status !== 200) throw new Error(`join -> ${j.status} ${j.text.slice(0, 200)}`);
  }
  const started = await req('POST', `/api/games/${id}/start`, { token: tokens[0], body: {} });
  if (started.status !== 200) throw new Error(`start -> ${started.status} ${started.text.slice(0, 200)}`);
  return { id, tokens, version: started.body.version as number, seat: 0, step: 0, done: false };
}

/** One lane: a queue of games played one after another by one sequential client. */
export class Lane {
  private i = 0;
  constructor(readonly games: BenchGame[]) {}
  current(): BenchGame | null {
    while (this.i < this.games.length && this.games[this.i].done) this.i++;
    return this.games[this.i] ?? null;
  }
}

export interface Sample {
  ms: number;
  kind: string;
}

export interface BlockResult {
  samples: Sample[];
  wallMs: number;
  errors: number;
  errorStatuses: Record<string, number>;
}

/** Reads the game's state as the seat to move and resynchronizes the lane's idea of it. */
async function resync(req: Requester, g: BenchGame): Promise<void> {
  for (const token of g.tokens) {
    const s = await req('GET', `/api/games/${g.id}/state`, { token });
    if (s.status !== 200) continue;
    g.version = s.body.version;
    if (s.body.status !== 'active') {
      g.done = true;
      return;
    }
    const active = s.body.activeSeats[0] as number;
    if (s.body.yourSeat === active) {
      g.seat = active;
      g.step = (s.body.legalMoves as { move: { type: string } }[]).some((m) => m.move.type === 'end') ? 1 : 0;
      return;
    }
  }
}

/** `perLane` moves on each lane, lanes concurrently; stops early at `deadline` (performance.now()). */
export async function moveBlock(req: Requester, lanes: Lane[], perLane: number, deadline: number): Promise<BlockResult> {
  const samples: Sample[] = [];
  const errorStatuses: Record<string, number> = {};
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    lanes.map(async (lane) => {
      for (let k = 0; k < perLane && performance.now() < deadline; k++) {
        const g = lane.current();
        if (!g) return;
        const kind = g.step === 0 ? 'bank' : 'end';
        const s = performance.now();
        const r = await req('POST', `/api/games/${g.id}/moves`, {
          token: g.tokens[g.seat],
          body: { version: g.version, move: { type: kind } },
          headers: { 'idempotency-key': randomUUID() },
        });
        const ms = performance.now() - s;
        if (r.status === 200) {
          samples.push({ ms, kind });
          g.version = r.body.version;
          if (r.body.status !== 'active') g.done = true;
          else if (g.step === 0) g.step = 1;
          else {
            g.step = 0;
            g.seat = (g.seat + 1) % g.tokens.length;
          }
        } else {
          errors++;
          errorStatuses[`${r.status} ${r.body?.error?.code ?? ''}`.trim()] =
            (errorStatuses[`${r.status} ${r.body?.error?.code ?? ''}`.trim()] ?? 0) + 1;
          await resync(req, g);
        }
      }
    }),
  );
  return { samples, wallMs: performance.now() - t0, errors, errorStatuses };
}

/**
 * `perLane` GET /state on each lane's current game as its seat 0, with `X-Page-Visible: 1` (what a
 * visible tab sends). `conditional`: with If-None-Match of the last full answer (expects 304).
 */
export async function pollBlock(
  req: Requester,
  games: BenchGame[],
  perLane: number,
  conditional: boolean,
  deadline: number,
): Promise<BlockResult> {
  const samples: Sample[] = [];
  const errorStatuses: Record<string, number> = {};
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    games.map(async (g) => {
      for (let k = 0; k < perLane && performance.now() < deadline; k++) {
        const headers: Record<string, string> = { 'x-page-visible': '1' };
        if (conditional && g.etag) headers['if-none-match'] = g.etag;
        const s = performance.now();
        const r = await req('GET', `/api/games/${g.id}/state`, { token: g.tokens[0], headers });
        const ms = performance.now() - s;
        const want = conditional ? 304 : 200;
        if (r.status === want) samples.push({ ms, kind: conditional ? '304' : '200' });
        else {
          errors++;
          errorStatuses[String(r.status)] = (errorStatuses[String(r.status)] ?? 0) + 1;
        }
        if (r.status === 200) g.etag = r.headers.get('etag') ?? undefined;
      }
    }),
  );
  return { samples, wallMs: performance.now() - t0, errors, errorStatuses };
}
