import type { ClockBindings } from './clock/notes';
import { z } from 'zod';

/**
 * The Worker's bindings and variables (wrangler.toml `[vars]`, secrets, `.dev.vars`).
 * Read once per request through `readConfig`, validated with zod.
 */
export interface Env {
  /** Postgres connection string (secret in production). */
  DATABASE_URL: string;
  /** `host:port/v1` of the local WebSocket-to-TCP bridge; unset in production. */
  DB_WS_PROXY?: string;
  /**
   * How statements outside a transaction reach Postgres: `http` (default; Neon's HTTP query
   * endpoint, one request per statement, or the local bridge's stand-in) or `websocket` (a
   * connection per request, for a Postgres behind a WebSocket proxy without `/sql`).
   */
  DB_TRANSPORT?: string;
  /**
   * `development` (`npm start`) opens the /dev routes (the mailbox, the clock) and loopback
   * webhooks. Anything else, or nothing, is `production`. `test` counts only inside the test
   * harness (its fixture Worker and the in-process app, `enableTestHarness`); a deployed Worker
   * given `test` answers as production.
   */
  APP_ENV?: string;
  /** Email delivery: `dev` (the dev mailbox, default) or an HTTP provider id (notifications issue). */
  EMAIL_PROVIDER?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  /** Override of the email provider's API base URL (tests point it at a local receiver). */
  EMAIL_API_URL?: string;
  /** Public origin used in links of messages sent by the cron (e.g. `https://post.example.com`). */
  PUBLIC_URL?: string;
  /** Seconds a turn notification waits, so a player watching the game is not emailed. */
  NOTIFY_GRACE_SECONDS?: string;
  /** Milliseconds one attempt may take, per channel: the email API, a webhook, a push service. */
  EMAIL_TIMEOUT_MS?: string;
  WEBHOOK_TIMEOUT_MS?: string;
  PUSH_TIMEOUT_MS?: string;
  /** Test sends (`POST .../test`) per minute: per account, and per push device. */
  TEST_SEND_LIMIT_PER_ACCOUNT?: string;
  TEST_SEND_LIMIT_PER_DEVICE?: string;
  /** `1` allows http:// and loopback webhook URLs in the test harness (development always allows them; production never). */
  ALLOW_LOOPBACK_WEBHOOKS?: string;
  /** Sign-in emails allowed per 15 minutes: per (address, client IP), per address, per client IP. */
  SIGNIN_LIMIT_PER_CLIENT?: string;
  SIGNIN_LIMIT_PER_EMAIL?: string;
  SIGNIN_LIMIT_PER_IP?: string;
  /** Hours a move's stored answer is kept for Idempotency-Key retries (the cron clears older ones). */
  IDEMPOTENCY_RETENTION_HOURS?: string;
  OUTBOX_RETENTION_DAYS?: string;
  /** Games one account may create per hour, and may have unfinished (open or active) at once. */
  GAME_LIMIT_PER_HOUR?: string;
  GAME_LIMIT_UNFINISHED?: string;
  /** Bot moves per game per request (or per cron run), and per cron run over all games. */
  BOT_MOVES_PER_GAME_RUN?: string;
  BOT_MOVES_PER_CRON?: string;
  /**
   * Web Push (VAPID, RFC 8292): the application server's P-256 key pair in base64url (public: the
   * 65-byte uncompressed point, 87 characters; private: the 32-byte scalar, 43 characters; the
   * format `npx web-push generate-vapid-keys` prints) and a contact URI (`mailto:` or `https:`).
   * All three or none; without them push is off. The private key is a secret.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /**
   * Play by email reply: the secret that signs reply addresses (`play+<token>@MAIL_DOMAIN`;
   * at least 16 characters; a secret) and the domain Email Routing delivers them to (default: the
   * domain of EMAIL_FROM). Without a secret, replies are off: turn emails carry no reply address.
   * Outside production, a secret is derived from VAPID_PRIVATE_KEY when none is set (npm start).
   */
  MAIL_REPLY_SECRET?: string;
  MAIL_DOMAIN?: string;
  /**
   * Operators: accounts whose address is in this comma-separated list get the reports queue
   * (`/admin/reports`) and may dismiss reports, mute a player's chat or suspend an account.
   */
  ADMIN_EMAILS?: string;
  /** Set by `npm start` to a random id that /api/health and /api/ready echo (is the answering server ours?). */
  MP_INSTANCE?: string;
  /** Static assets (the built client), bound by wrangler.toml `[assets]`. */
  ASSETS?: Fetcher;
  /** Durable Objects (wrangler.toml): the cron's next due instant; per game, what a 304 needs and the game's timer. */
  DUE_CLOCK?: ClockBindings['DUE_CLOCK'];
  GAME_TIMER?: ClockBindings['GAME_TIMER'];
  WORK_GATE?: DurableObjectNamespace<import('./clock/work-gate').WorkGate>;
  CLOCK_PASSES?: string;
  ALARM_SLACK_SECONDS?: string;
  /** Outbox drain lanes (wrangler.toml OUTBOX_DRAIN): each delivers a batch per invocation while a backlog lasts. */
  OUTBOX_DRAIN?: DurableObjectNamespace<import('./clock/notes').OutboxDrainStub>;
  OUTBOX_DRAIN_LANES?: string;
}

const configSchema = z.object({
  appEnv: z.enum(['development', 'test', 'production']).default('production'),
  emailProvider: z.enum(['dev', 'resend', 'postmark']).default('dev'),
  emailApiKey: z.string().optional(),
  emailApiUrl: z.string().url().optional(),
  publicUrl: z.string().url().default('http://localhost:8787'),
  notifyGraceSeconds: z.coerce.number().int().min(0).default(20),
  /** The longest any outbound delivery attempt may take, in ms (each channel's own timeout below is capped by it). */
  deliveryTimeoutMs: z.coerce.number().int().positive().default(10_000),
  /**
   * Each channel's own timeout, in ms: a slow or dead endpoint costs only its own deliveries that
   * long. Webhooks and push services are endpoints someone else runs, so they get less.
   */
  timeoutsMs: z.object({
    email: z.coerce.number().int().positive().default(10_000),
    webhook: z.coerce.number().int().positive().default(5_000),
    push: z.coerce.number().int().positive().default(5_000),
  }),
  /** Test sends per rolling minute: per account (every channel's test) and per push device (429 beyond). */
  testSendLimits: z.object({
    perAccount: z.coerce.number().int().positive().default(3),
    perDevice: z.coerce.number().int().positive().default(3),
  }),
  allowLoopbackWebhooks: z.boolean().default(false),
  emailFrom: z.string().default('Mountain Post <post@localhost>'),
  /** See `SigninLimits` (worker/services/auth.ts) for what each limit counts. */
  signinLimits: z.object({
    perClient: z.coerce.number().int().positive().default(5),
    perEmail: z.coerce.number().int().positive().default(20),
    perIp: z.coerce.number().int().positive().default(30),
  }),
  /** After this many hours a retry with the same Idempotency-Key gets 409 `idempotency_key_expired`. */
  idempotencyRetentionHours: z.coerce.number().int().positive().default(24),
  /** Days a delivered, skipped or failed notification is kept in the outbox (the settings page lists failures) before the cron deletes it. */
  outboxRetentionDays: z.coerce.number().int().positive().default(30),
  /** Per creator: games created in the last hour, and unfinished games (429 / 409 beyond). */
  gameLimits: z.object({
    perHour: z.coerce.number().int().positive().default(20),
    unfinished: z.coerce.number().int().positive().default(30),
  }),
  /**
   * Bot moves: at most `perGameRun` for one game after a request or in one cron run (the longest
   * run of bot moves between a player's turns in the record corpus is 31), at most `perCron` in
   * one cron run over all games. A longer bot-only stretch goes on at the next cron run.
   */
  botMoves: z.object({
    perGameRun: z.coerce.number().int().positive().default(40),
    perCron: z.coerce.number().int().positive().default(400),
  }),
  /** Operators' addresses (`ADMIN_EMAILS`), lower case; empty: nobody. */
  adminEmails: z.array(z.string().email('ADMIN_EMAILS must be a comma-separated list of email addresses')).default([]),
  /** How statements outside a transaction reach Postgres (`Env.DB_TRANSPORT`). */
  dbTransport: z.enum(['http', 'websocket']).default('http'),
  /** Games' clock passes (their alarms) that may run at once; the others wait a moment (WorkGate). */
  clockPasses: z.coerce.number().int().positive().default(16),
  /**
   * How late a game's alarm may be before the cron makes sure of it (s): the cron's safety net
   * for alarms that were lost, not the way clocks are met (their alarms are).
   */
  alarmSlackSeconds: z.coerce.number().int().min(1).default(60),
  /** Outbox drain lanes the cron may start when its own batch leaves a backlog (each a batch per invocation). */
  drainLanes: z.coerce.number().int().positive().default(8),
  /** Web Push keys (see `Env.VAPID_*`); null when none is set: push is off (404 `push_not_configured`). */
  vapid: z
    .object({
      publicKey: z
        .string()
        .regex(/^B[A-Za-z0-9_-]{86}$/, 'VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 point (87 characters, starting with B)'),
      privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)'),
      subject: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https: URI'),
    })
    .nullable()
    .default(null),
  /** Play by email reply (see `Env.MAIL_REPLY_SECRET`); null: off. */
  mailReplies: z
    .object({
      secret: z.string().min(16, 'MAIL_REPLY_SECRET must be at least 16 characters'),
      domain: z.string().regex(/^[a-z0-9.-]+$/i, 'MAIL_DOMAIN must be a domain name'),
    })
    .nullable()
    .default(null),
});

/** Validated configuration. */
export type Config = z.infer<typeof configSchema>;

/** The timeout of one attempt on `channel`, in ms: its own, capped by `deliveryTimeoutMs`. */
export function attemptTimeoutMs(config: Pick<Config, 'deliveryTimeoutMs' | 'timeoutsMs'>, channel: 'email' | 'webhook' | 'push'): number {
  return Math.min(config.deliveryTimeoutMs, config.timeoutsMs[channel]);
}

/** The settings read straight from one variable each: `Config` path (nested by ".") -> variable. */
const PLAIN_SETTINGS: Record<string, keyof Env> = {
  appEnv: 'APP_ENV',
  emailProvider: 'EMAIL_PROVIDER',
  emailFrom: 'EMAIL_FROM',
  emailApiKey: 'EMAIL_API_KEY',
  emailApiUrl: 'EMAIL_API_URL',
  publicUrl: 'PUBLIC_URL',
  notifyGraceSeconds: 'NOTIFY_GRACE_SECONDS',
  'signinLimits.perClient': 'SIGNIN_LIMIT_PER_CLIENT',
  'signinLimits.perEmail': 'SIGNIN_LIMIT_PER_EMAIL',
  'signinLimits.perIp': 'SIGNIN_LIMIT_PER_IP',
  idempotencyRetentionHours: 'IDEMPOTENCY_RETENTION_HOURS',
  outboxRetentionDays: 'OUTBOX_RETENTION_DAYS',
  'gameLimits.perHour': 'GAME_LIMIT_PER_HOUR',
  'gameLimits.unfinished': 'GAME_LIMIT_UNFINISHED',
  'botMoves.perGameRun': 'BOT_MOVES_PER_GAME_RUN',
  'botMoves.perCron': 'BOT_MOVES_PER_CRON',
  clockPasses: 'CLOCK_PASSES',
  alarmSlackSeconds: 'ALARM_SLACK_SECONDS',
  dbTransport: 'DB_TRANSPORT',
  drainLanes: 'OUTBOX_DRAIN_LANES',
  'timeoutsMs.email': 'EMAIL_TIMEOUT_MS',
  'timeoutsMs.webhook': 'WEBHOOK_TIMEOUT_MS',
  'timeoutsMs.push': 'PUSH_TIMEOUT_MS',
  'testSendLimits.perAccount': 'TEST_SEND_LIMIT_PER_ACCOUNT',
  'testSendLimits.perDevice': 'TEST_SEND_LIMIT_PER_DEVICE',
};

/** The variables behind the settings `readConfig` builds by rules of their own, for naming them in errors. */
const RULED_SETTINGS: Record<string, keyof Env> = {
  'vapid.publicKey': 'VAPID_PUBLIC_KEY',
  'vapid.privateKey': 'VAPID_PRIVATE_KEY',
  'vapid.subject': 'VAPID_SUBJECT',
  'mailReplies.secret': 'MAIL_REPLY_SECRET',
  'mailReplies.domain': 'MAIL_DOMAIN',
  adminEmails: 'ADMIN_EMAILS',
};

/** Every variable `readConfig` reads a setting from (for `npm start`, which passes those set in its own environment). */
export const SETTING_VARIABLES: readonly (keyof Env)[] = [...Object.values(PLAIN_SETTINGS), ...Object.values(RULED_SETTINGS)];

/** `PLAIN_SETTINGS` read from `env` into `Config`'s shape (an empty variable counts as unset). */
function plainSettings(env: Partial<Env>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [path, name] of Object.entries(PLAIN_SETTINGS)) {
    const value = env[name] || undefined;
    const [group, key] = path.split('.');
    if (key === undefined) input[group] = value;
    else ((input[group] ??= {}) as Record<string, unknown>)[key] = value;
  }
  return input;
}

/**
 * A setting the Worker cannot run with. Its message names each bad variable with zod's reason
 * (never the value: a secret may be among them); requests answer 503 `misconfigured` with it.
 */
export class ConfigError extends Error {
  constructor(
    readonly variables: string[],
    reasons: string[],
  ) {
    super(`Invalid configuration: ${reasons.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Every variable `readConfig` reads, in a fixed order: two environments alike in these give the same `Config`. */
const READ_VARIABLES: readonly (keyof Env)[] = [...new Set<keyof Env>([...SETTING_VARIABLES, 'ALLOW_LOOPBACK_WEBHOOKS'])];

/** Set by the test harness's own modules (never by the deployed Worker's): APP_ENV=test then counts. */
let testHarness = false;

/**
 * Called once by the test harness (test/fixtures/worker.ts, the in-process app of test/api):
 * from then on APP_ENV=test is the harness's environment (the /dev routes, loopback webhooks
 * with ALLOW_LOOPBACK_WEBHOOKS=1). A deployed Worker never calls it, so there `test` is production.
 */
export function enableTestHarness(): void {
  testHarness = true;
  parsedConfigs.clear();
}

/**
 * The environment APP_ENV names: `development` as written, `test` inside the test harness only,
 * and production for anything else (missing, unknown, or `test` in a deployed Worker).
 */
export function appEnvOf(value: string | undefined, harness = testHarness): Config['appEnv'] {
  if (value === 'development') return 'development';
  if (value === 'test' && harness) return 'test';
  return 'production';
}

/** Parsed configurations by the values of `READ_VARIABLES` (an isolate sees one environment, tests a few). */
const parsedConfigs = new Map<string, Config>();
const MAX_PARSED_CONFIGS = 16;

/**
 * Parses the environment into `Config`. Throws `ConfigError` naming each bad variable. Every
 * request reads it, and the variables do not change within an isolate, so a result is kept by
 * the variables' values and shared (frozen: a caller that changed it would change everyone's):
 * validating with zod each time was a tenth of a small request's CPU.
 */
export function readConfig(env: Partial<Env>): Config {
  const key = READ_VARIABLES.map((name) => env[name] ?? '').join('\u0000');
  const known = parsedConfigs.get(key);
  if (known) return known;
  const config = deepFreeze(parseConfig(env));
  if (parsedConfigs.size >= MAX_PARSED_CONFIGS) parsedConfigs.delete(parsedConfigs.keys().next().value!);
  parsedConfigs.set(key, config);
  return config;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') for (const v of Object.values(Object.freeze(value))) deepFreeze(v);
  return value;
}

function parseConfig(env: Partial<Env>): Config {
  const appEnv = appEnvOf(env.APP_ENV);
  const parsed = configSchema.safeParse({
    ...plainSettings(env),
    appEnv,
    allowLoopbackWebhooks: appEnv === 'development' || (appEnv === 'test' && env.ALLOW_LOOPBACK_WEBHOOKS === '1'),
    // One of the three set means push was meant to be on: a missing one fails loudly, naming it.
    vapid:
      env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY || env.VAPID_SUBJECT
        ? { publicKey: env.VAPID_PUBLIC_KEY ?? '', privateKey: env.VAPID_PRIVATE_KEY ?? '', subject: env.VAPID_SUBJECT ?? '' }
        : null,
    mailReplies: mailRepliesOf(env, appEnv),
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((a) => a.trim().toLowerCase())
      .filter((a) => a.length > 0),
  });
  if (parsed.success) return parsed.data;
  const variables = parsed.error.issues.map((i) => {
    // A list's issue names the element ("adminEmails.1"): the variable is the list's.
    const path = i.path.filter((p) => typeof p !== 'number').join('.');
    return PLAIN_SETTINGS[path] ?? RULED_SETTINGS[path] ?? path;
  });
  throw new ConfigError(
    variables,
    parsed.error.issues.map((i, k) => `${variables[k]}: ${i.message}`),
  );
}

/** The reply secret and domain from the environment, or null (replies off). */
function mailRepliesOf(env: Partial<Env>, appEnv: Config['appEnv']): { secret: string; domain: string } | null {
  const secret =
    env.MAIL_REPLY_SECRET || (appEnv !== 'production' && env.VAPID_PRIVATE_KEY ? `dev-mail-reply:${env.VAPID_PRIVATE_KEY}` : '');
  if (!secret) return null;
  const from = env.EMAIL_FROM || 'post@localhost';
  const domain = env.MAIL_DOMAIN || (/@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost');
  return { secret, domain };
}
