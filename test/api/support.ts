import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from '../../db/schema';
import { createMigratedPglite } from '../../scripts/pglite-template';
import type { Db } from '../../db/types';
import { createApp } from '../../worker/app';
import { enableTestHarness, readConfig, type Config } from '../../worker/env';
import { runScheduled } from '../../worker/scheduled/cron';
import { serviceDeps } from '../../worker/service-deps';
import { testRegistry } from '../fixtures/registry';

// The in-process app is the test harness: APP_ENV=test counts here (worker/env.ts).
enableTestHarness();

/** A settable clock for tests (token expiry, deadlines) - no sleeping. */
export class TestClock {
  constructor(public t = Date.parse('2026-11-29T12:00:00Z')) {}
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

/**
 * Every PGlite a test file opened, closed after the file (test/api/close-databases.ts): the
 * layer's files share their fork (`isolate: false`), and each in-memory PGlite left open kept
 * 100-300 MB, so the forks grew to 21 GB in one run of the layer and the machine began to swap.
 */
export const openDatabases = new Set<PGlite>();

/**
 * The Hono app in-process on a fresh in-memory PGlite (real Postgres), with the fixture game.
 * One per test file: PGlite takes seconds to create. `onQuery` sees every statement the app runs.
 */
export async function makeTestApp(config: Partial<Config> = {}, opts: { onQuery?: (sql: string, params: unknown[]) => void } = {}) {
  // A migrated template copy starts in under a second (a fresh PGlite + migrations takes 3-7 s).
  const client = await createMigratedPglite();
  openDatabases.add(client);
  const onQuery = opts.onQuery;
  const db = drizzle(client, { schema, logger: onQuery ? { logQuery: (q, params) => onQuery(q, params) } : false }) as unknown as Db;
  const clock = new TestClock();
  const fullConfig: Config = {
    ...readConfig({ APP_ENV: 'test' }),
    signinLimits: { perClient: 5, perEmail: 20, perIp: 1000 },
    notifyGraceSeconds: 0,
    allowLoopbackWebhooks: true,
    deliveryTimeoutMs: 1000,
    ...config,
  };
  const app = createApp({ registry: testRegistry, db: () => ({ db }), now: clock.now, config: fullConfig });
  return new TestApi(app, db, client, clock, fullConfig);
}

let ipCounter = 0;

/** Small request helpers over `app.request`, authenticated by Bearer token. */
export class TestApi {
  constructor(
    readonly app: ReturnType<typeof createApp>,
    readonly db: Db,
    readonly client: PGlite,
    readonly clock: TestClock,
    readonly config: Config,
  ) {}

  /** Runs the cron handler at the test clock's time, as the Worker's scheduled() does. */
  cron() {
    const now = this.clock.now();
    return runScheduled({
      db: this.db,
      registry: testRegistry,
      config: this.config,
      now,
      defer: () => {},
      ...serviceDeps({}, testRegistry, this.config, () => now),
    });
  }

  /** Any request; `token` adds `Authorization: Bearer`. Returns status, headers, parsed body and raw text. */
  async call(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await this.app.request(`http://localhost${path}`, { method, headers, body });
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  /**
   * Signs a new user in through the API and the dev mailbox; returns the Bearer token. The user
   * then names themselves `name` (default: the address's local part, which tests find readable,
   * numbered "ada 2" when another account of the file reads the same: names are unique; the
   * server's own default is a neutral "Player 1234"); `null` keeps the server's default.
   */
  async signIn(email: string, chosen?: string | null): Promise<string> {
    const local = email.split('@')[0].slice(0, 36);
    const name = chosen === undefined ? local : chosen;
    const r = await this.call('POST', '/api/auth/email', {
      body: { email },
      headers: { 'cf-connecting-ip': `10.0.0.${++ipCounter % 250}` },
    });
    if (r.status !== 202) throw new Error(`sign-in email failed: ${r.status} ${r.text}`);
    const mails = (await this.call('GET', '/dev/mailbox.json')).json as { to: string; token?: string }[];
    const token = mails.find((m) => m.to === email.toLowerCase())!.token!;
    const s = await this.call('POST', '/api/auth/token', { body: { token } });
    if (name !== null) {
      let named = await this.call('PATCH', '/api/me', { token: s.json.sessionToken, body: { name } });
      for (let n = 2; chosen === undefined && named.json?.error?.code === 'name_taken' && n < 50; n++)
        named = await this.call('PATCH', '/api/me', { token: s.json.sessionToken, body: { name: `${local} ${n}` } });
      if (named.status !== 200) throw new Error(`naming failed: ${named.status} ${named.text}`);
    }
    return s.json.sessionToken;
  }

  /**
   * Creates a fixture game with `n` signed-in players seated, started (by the creator's Start,
   * so its notices come from that request) unless `start: false`.
   */
  async startedGame(n = 2, opts: { start?: boolean; options?: unknown; prefix?: string } = {}) {
    const tag = `${opts.prefix ?? 'p'}${Math.floor(Math.random() * 1e9)}`;
    const tokens: string[] = [];
    for (let i = 0; i < n; i++) tokens.push(await this.signIn(`${tag}-${i}@example.com`));
    const created = await this.call('POST', '/api/games', {
      token: tokens[0],
      body: { type: 'secret-dice', players: n, options: opts.options ?? {}, startWhenFull: false },
    });
    if (created.status !== 201) throw new Error(`create failed: ${created.text}`);
    const id = created.json.id as string;
    const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
    for (let i = 1; i < n; i++) await this.call('POST', `/api/games/${id}/join`, { token: tokens[i], body: { invite } });
    if (opts.start !== false) {
      const s = await this.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
      if (s.status !== 200) throw new Error(`start failed: ${s.text}`);
    }
    return { id, tokens, invite };
  }

  /** Row counts of every table, to prove a refused request changed nothing. */
  async rowCounts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const t of ['users', 'sessions', 'login_tokens', 'games', 'seats', 'game_events', 'outbox']) {
      const r = await this.client.query<{ n: number }>(`select count(*)::int as n from ${t}`);
      out[t] = r.rows[0].n;
    }
    const v = await this.client.query<{ s: number }>('select coalesce(sum(version),0)::int as s from games');
    out.versions = v.rows[0].s;
    return out;
  }
}
