/**
 * A small HTTP client for tests that talk to a running Worker (Worker-runtime tests, browser-test
 * setup): JSON requests with Bearer auth, sign-in through the dev mailbox, and game set-up.
 */
import { randomUUID } from 'node:crypto';
import { pause } from './wait';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export class ApiClient {
  constructor(readonly base: string) {}

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(this.base + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown;
    if (text && (res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>('GET', path, opts);
  }
  post<T = any>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...opts, body: body ?? {} });
  }

  /**
   * Signs `email` in the way a bot would: POST /api/auth/email, read the token from the dev
   * mailbox (GET /dev/mailbox.json, newest first), exchange it at POST /api/auth/token.
   */
  async signIn(email: string = uniqueEmail()): Promise<{ email: string; token: string }> {
    const asked = await this.post('/api/auth/email', { email });
    if (asked.status !== 202) throw new Error(`POST /api/auth/email -> ${asked.status} ${asked.text}`);
    const loginToken = await this.mailboxToken(email);
    const exchanged = await this.post<{ sessionToken: string }>('/api/auth/token', { token: loginToken });
    if (exchanged.status !== 200 || !exchanged.body?.sessionToken) {
      throw new Error(`POST /api/auth/token -> ${exchanged.status} ${exchanged.text}`);
    }
    return { email, token: exchanged.body.sessionToken };
  }

  /** The newest sign-in token mailed to `email` (polls briefly: delivery may trail the 202). */
  async mailboxToken(email: string, timeoutMs = 5000): Promise<string> {
    const until = Date.now() + timeoutMs;
    let last = '';
    for (;;) {
      const box = await this.get<Array<{ to: string; token?: string }>>('/dev/mailbox.json');
      last = `${box.status} ${box.text.slice(0, 300)}`;
      if (box.status === 200 && Array.isArray(box.body)) {
        const mail = box.body.find((m) => m.to === email && m.token);
        if (mail?.token) return mail.token;
      }
      if (Date.now() > until) throw new Error(`no sign-in email for ${email} in the dev mailbox (last: ${last})`);
      await pause(100);
    }
  }

  /**
   * Creates a game as `players[0]` (seat 0), has the others join by the invite code, and starts
   * it. Returns the game id. `afterCreate` runs on the open game before anyone joins (a test may
   * fix its seed there: the last join may start the game at once).
   */
  async startGame(
    type: string,
    players: string[],
    options: Record<string, unknown> = {},
    afterCreate?: (gameId: string) => Promise<void>,
  ): Promise<string> {
    const created = await this.post<{ id: string; inviteUrl: string }>(
      '/api/games',
      { type, players: players.length, options },
      { token: players[0] },
    );
    if (created.status !== 201) throw new Error(`POST /api/games -> ${created.status} ${created.text}`);
    const { id, inviteUrl } = created.body;
    const invite = inviteCode(inviteUrl);
    await afterCreate?.(id);
    for (const token of players.slice(1)) {
      const joined = await this.post(`/api/games/${id}/join`, { invite }, { token });
      if (joined.status !== 200) throw new Error(`POST /api/games/${id}/join -> ${joined.status} ${joined.text}`);
    }
    const started = await this.post(`/api/games/${id}/start`, {}, { token: players[0] });
    if (started.status !== 200) throw new Error(`POST /api/games/${id}/start -> ${started.status} ${started.text}`);
    return id;
  }
}

/** The `invite` query parameter of an invite URL (absolute or relative). */
export function inviteCode(inviteUrl: string): string {
  const code = new URL(inviteUrl, 'http://x').searchParams.get('invite');
  if (!code) throw new Error(`no ?invite= in ${inviteUrl}`);
  return code;
}

export function uniqueEmail(prefix = 'player'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}
