import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GameClocks } from '../worker/time-control/seat-clocks';

/**
 * Storage schema (docs/design.md "Storage"): event-sourced games. Invariants live here as keys and
 * checks, so no code path (or concurrent Worker) can break them. The PL/pgSQL functions that read
 * and write these tables in one statement live in db/functions/ (one file each, applied after the
 * migrations), called through db/sql-functions.ts.
 */

/** A person (or bot owner) who signed in by email. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Vacation days left (ms) as of `vacationBalanceAt`; monthly accruals are added when read (worker/time-control/vacation-days.ts). */
    vacationBalanceMs: bigint('vacation_balance_ms', { mode: 'number' })
      .notNull()
      .default(7 * 24 * 3600 * 1000),
    vacationBalanceAt: timestamp('vacation_balance_at', { withTimezone: true }).notNull().defaultNow(),
    /** A clock about to run out spends vacation days by itself (on by default). */
    autoVacation: boolean('auto_vacation').notNull().default(true),
    /** An operator suspended the account (worker/services/moderation.ts): it cannot sign in, and its sessions are gone. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** An operator muted the player's chat in every game until then. */
    chatMutedUntil: timestamp('chat_muted_until', { withTimezone: true }),
    /**
     * What the name is unique by (db/name-key.ts: NFKC, case folded, invisible characters out, the
     * Unicode confusables skeleton): a name another account's key equals is refused. Null only until
     * `npm run db:migrate` has filled in the accounts made before it.
     */
    nameKey: text('name_key'),
    /**
     * Shown after the name (" #3f9a", the profile id's first letters) wherever names are shown, when
     * another account had the same key as this one's name before keys were kept (or a given
     * "Player NNNN" name met one): such names stay, told apart. Null for every name chosen since.
     */
    nameMark: text('name_mark'),
  },
  (t) => [index('users_name_key_idx').on(t.nameKey)],
);

/**
 * Every display name an account has had (its given "Player NNNN" name too), so deleting it can
 * take each one out of what others keep: log lines, reports, notices. Goes with the account.
 */
export const userNames = pgTable(
  'user_names',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/**
 * A vacation: while it lasts (`startsAt` to `endedAt ?? endsAt`) the player's clocks stand still
 * in every game that allows vacation. `chargedMs` is what its planned length took from the
 * balance; an early end gives the rest back. `applied`: its start has been written to the games.
 */
export const vacations = pgTable(
  'vacations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['manual', 'auto'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    chargedMs: bigint('charged_ms', { mode: 'number' }).notNull(),
    applied: boolean('applied').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vacations_user_idx').on(t.userId, t.startsAt),
    // What the cron must still do: start a vacation whose day came, end one whose days are spent.
    index('vacations_open_idx').on(t.endsAt).where(sql`${t.endedAt} is null`),
  ],
);

/** Sessions; only the SHA-256 of the bearer/cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use sign-in tokens (hashed), valid 15 minutes; also the rate-limit ledger. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_tokens_email_idx').on(t.email, t.createdAt), index('login_tokens_ip_idx').on(t.ip, t.createdAt)],
);

/** One game: metadata plus the snapshot of the full state at `version` (= last event seq). */
export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    rulesVersion: text('rules_version').notNull(),
    options: jsonb('options').notNull(),
    players: integer('players').notNull(),
    status: text('status', { enum: ['open', 'active', 'finished', 'abandoned'] }).notNull(),
    /** Secret until the game is over (then published in the record). */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    inviteCode: text('invite_code').notNull(),
    /** Null once the creator deleted their account. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    snapshot: jsonb('snapshot'),
    /** Seats that must act now, denormalised from the snapshot for "my games" and notifications. */
    activeSeats: jsonb('active_seats').$type<number[]>().notNull().default([]),
    /** Seats the built-in bot plays, so a move checks for bot turns without another query. */
    botSeats: jsonb('bot_seats').$type<number[]>().notNull().default([]),
    result: jsonb('result'),
    /**
     * The time control's name: a preset (`none`, `24h` ... `168h`, `fast`, `slow`) or `custom`.
     * The rules themselves, and each seat's clock, are in `clocks`.
     */
    timeControl: text('time_control').notNull().default('none'),
    /** The seats' clocks and their rules (worker/time-control/seat-clocks.ts); null without a clock. */
    clocks: jsonb('clocks').$type<GameClocks | null>(),
    /** The next instant the game's clocks need the cron: a reminder, a clock running out, a pause ending. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** What happens at a deadline: the built-in bot plays the turn, or the game ends. */
    onTimeout: text('on_timeout', { enum: ['bot', 'end'] })
      .notNull()
      .default('bot'),
    /** The first instant a running clock runs out (null when none runs). */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    /** When a player resigns: a bot takes the seat, or the game ends. */
    onResign: text('on_resign', { enum: ['bot', 'end'] })
      .notNull()
      .default('bot'),
    /** Public games can be watched (view, log, chat) by anyone with the link. */
    isPublic: boolean('is_public').notNull().default(true),
    /** The game this one is a rematch of, and the rematch created from this one. */
    rematchOf: text('rematch_of'),
    rematchId: text('rematch_id').unique(),
    /** The join that takes the last seat starts the game (no Start press needed). */
    startWhenFull: boolean('start_when_full').notNull().default(true),
    /** Reminders sent for the current deadline: 0 none, 1 half-time, 2 last call. */
    reminderStage: integer('reminder_stage').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The game counts for ratings when it ends with two human players or more (worker/services/rating-math.ts). */
    rated: boolean('rated').notNull().default(true),
    /** Who may join (worker/services/requirements.ts): `{ minReliability?, minFinishedGames? }`. */
    requirements: jsonb('requirements').$type<TableRequirements>().notNull().default({}),
  },
  (t) => [
    check('games_version_nonneg', sql`${t.version} >= 0`),
    check('games_players_pos', sql`${t.players} > 0`),
    index('games_deadline_idx').on(t.status, t.deadlineAt),
    index('games_due_idx').on(t.dueAt).where(sql`${t.status} = 'active' and ${t.dueAt} is not null`),
    /** The creation limits count a creator's games of the last hour and its unfinished ones. */
    index('games_created_by_idx').on(t.createdBy, t.createdAt),
    // The lobby's lists (worker/services/lobby-lists.ts): public tables waiting, newest first, and
    // public games running, most recently played first. Each reads its first rows in this order
    // instead of sorting every public game of that status, a cost that grew with the games stored.
    index('games_lobby_open_idx').on(t.createdAt).where(sql`${t.isPublic} and ${t.status} = 'open'`),
    index('games_lobby_live_idx').on(t.updatedAt).where(sql`${t.isPublic} and ${t.status} = 'active'`),
    // The cron's bot pass (worker/services/bots.ts, gamesWaitingForBots): running games with a bot
    // seat, least recently changed first. Without it the pass read every running game.
    index('games_bot_waiting_idx').on(t.updatedAt).where(sql`${t.status} = 'active' and ${t.botSeats} <> '[]'::jsonb`),
  ],
);

/** What a table asks of a joining player: a share of timed games ended without timing out or resigning (0-1), a number of games finished. */
export interface TableRequirements {
  minReliability?: number;
  minFinishedGames?: number;
}

/** Who sits where. `lastSeenSeq` is the newest version this seat has looked at. */
export const seats = pgTable(
  'seats',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    /** Null for a bot, and once the seat's player deleted their account (`accountDeleted`). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    isBot: boolean('is_bot').notNull().default(false),
    /** The seat's player deleted their account: the seat is named "Deleted player" (worker/services/deletion.ts). */
    accountDeleted: boolean('account_deleted').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenSeq: integer('last_seen_seq').notNull().default(0),
    /** This player's switch for playing this game by email reply; the account's switch also applies. */
    emailReplies: boolean('email_replies').notNull().default(true),
    /** The seat's setup choices while the game waits for players (`Game.seatChoices`): `{ rocket: 'blue' }`. */
    choices: jsonb('choices').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat] }),
    index('seats_user_idx').on(t.userId),
    uniqueIndex('seats_one_per_user').on(t.gameId, t.userId),
  ],
);

/** The append-only event log. `(game_id, seq)` is the concurrency guard. */
export const gameEvents = pgTable(
  'game_events',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    seat: integer('seat'),
    payload: jsonb('payload').notNull(),
    /** Log entries the event wrote, each with its `only` seats (redacted per viewer on read). */
    log: jsonb('log').notNull().default([]),
    reveals: boolean('reveals').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    /**
     * The answer given to the request that appended this event, as the exact JSON text sent
     * (text, not jsonb, which would reorder keys), so an idempotent retry gets the same bytes.
     * Cleared (NULL) by the cron after `IDEMPOTENCY_RETENTION_HOURS` (`clearExpiredAnswers`).
     */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seq] }),
    uniqueIndex('game_events_idempotency').on(t.gameId, t.idempotencyKey),
    /** The answers still kept, oldest first: the cron's retention sweep reads only this. */
    index('game_events_response_age_idx').on(t.createdAt).where(sql`${t.response} is not null`),
    check('game_events_seq_pos', sql`${t.seq} > 0`),
  ],
);

/** Messages to deliver, written in the same transaction as their cause (transactional outbox). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    payload: jsonb('payload').notNull(),
    /** `skipped`: no longer worth sending (the seat already saw that version). */
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    /** What caused it (`signin`, `your_turn`, `reminder`, `game_over` ...). */
    kind: text('kind').notNull().default('signin'),
    userId: text('user_id'),
    gameId: text('game_id'),
    /** A drain that claimed the row owns it until then (no double delivery by concurrent crons). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Deduplicates notifications: one row per (cause) key. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Only pending rows, in the claim's order: the claim walks it in order and stops at its
    // limit, and sent rows, nearly all of the table, are not in it.
    index('outbox_pending_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    // The settings page lists a player's failed deliveries; only those rows need indexing by player.
    index('outbox_failed_idx').on(t.userId).where(sql`${t.status} = 'failed'`),
    // Rows done with (sent, skipped, failed), oldest first: the cron's retention sweep reads only this.
    index('outbox_finished_age_idx').on(t.createdAt).where(sql`${t.status} <> 'pending'`),
    // Answers to emailed moves per game: the mail-loop caps count them (worker/mail-in/answer-caps.ts).
    // A player's test sends of the last minute: the test-send limits count them (worker/services/test-limits.ts).
    index('outbox_test_idx').on(t.userId, t.createdAt).where(sql`${t.kind} = 'test'`),
    index('outbox_mail_answer_idx').on(t.gameId, t.createdAt).where(sql`${t.kind} = 'mail_answer'`),
    // A game's turn notices not yet sent: a commit that queues a newer one skips them (mp_append_event).
    index('outbox_pending_turn_idx').on(t.gameId).where(sql`${t.status} = 'pending' and ${t.kind} = 'your_turn'`),
  ],
);

/**
 * Outbound endpoints (a webhook URL, a push service endpoint) that keep failing: the circuit
 * breaker of delivery (worker/notices/breaker.ts). A row exists only while the endpoint's last
 * attempts failed; a success deletes it. While `open_until` is ahead, nothing is sent there.
 */
export const deliveryEndpoints = pgTable('delivery_endpoints', {
  /** The URL as the outbox row targets it. */
  endpoint: text('endpoint').primaryKey(),
  /** Failed attempts in a row (timeouts, network errors, 429, 5xx). */
  failures: integer('failures').notNull(),
  failingSince: timestamp('failing_since', { withTimezone: true }).notNull(),
  /** Deliveries to the endpoint wait until then; null while it has failed fewer times than the breaker allows. */
  openUntil: timestamp('open_until', { withTimezone: true }),
  lastError: text('last_error').notNull(),
});

/** Table talk: per game, never undone, not part of the event log. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The author; their lines go with their account. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The author's seat, or null for a spectator. */
    seat: integer('seat'),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_game_idx').on(t.gameId, t.id), check('chat_text_len', sql`char_length(${t.text}) between 1 and 1000`)],
);

/** Webhook formats: generic signed JSON, Discord, Slack. */
export const webhookFormats = ['json', 'discord', 'slack'] as const;

/** A webhook target (user-level or per game). `secret` signs generic JSON deliveries. */
export interface WebhookConfig {
  url: string;
  format: (typeof webhookFormats)[number];
  secret: string;
  /** Discord user id to mention (only that mention is allowed). */
  mention?: string;
}

/** Notification kinds a user can switch on or off. */
export interface NotificationKinds {
  yourTurn: boolean;
  gameStarted: boolean;
  gameOver: boolean;
  chatMention: boolean;
  reminder: boolean;
}

/** Per-user notification choices; a missing row means the defaults (email on, everything on). */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  digest: boolean('digest').notNull().default(false),
  kinds: jsonb('kinds').$type<NotificationKinds>().notNull(),
  webhook: jsonb('webhook').$type<WebhookConfig | null>(),
  /** Web Push to the user's subscribed devices (on by default; nothing is sent without a device). */
  push: boolean('push').notNull().default(true),
  /** Turn emails carry a reply address: a reply with a move plays it. */
  emailReplies: boolean('email_replies').notNull().default(true),
  /** IANA time zone for dates in emails and for weekends and quiet hours (from the browser), e.g. `Europe/London`. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** Quiet hours in `timeZone`, minutes after midnight (22:00-08:00 is 1320-480); null: none. */
  quietStart: integer('quiet_start'),
  quietEnd: integer('quiet_end'),
  /** Capability for the no-sign-in unsubscribe link. */
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
});

/** A per-game webhook set by a seated player (e.g. the group's Discord channel). */
export const gameWebhooks = pgTable(
  'game_webhooks',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    config: jsonb('config').$type<WebhookConfig>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);

/**
 * A browser's Web Push subscription (RFC 8030 push resource + RFC 8291 keys, from
 * `PushSubscription.toJSON()`). One row per endpoint: a browser that subscribes again (or for
 * another account) updates its row. `p256dh` (65-byte P-256 point) and `auth` (16 bytes) are base64url.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The device as its owner recognises it, from the User-Agent: "Chrome on Android". */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last push the push service accepted for this device. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Invitations sent by email (`POST /api/games/:id/invite`): the ledger of the per-game and
 * per-account limits, and how the waiting room names who invited a player (by their address).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The invitee's address, normalised (lower case, trimmed). */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitations_game_idx').on(t.gameId, t.email), index('invitations_by_idx').on(t.invitedBy, t.createdAt)],
);

/**
 * A player's block of another (worker/services/blocks.ts): private to the blocker. Neither sees
 * the other's open tables nor joins them, the blocked player cannot invite or mention the
 * blocker, and the blocked player's chat lines are never sent to the blocker.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A player who muted one game's chat for themselves: its lines and mentions are not sent to them. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);

/** Why a player reports another (`POST /api/players/:id/reports`). */
export const reportReasons = ['harassment', 'cheating', 'clock_or_undo_abuse', 'other'] as const;

/** One chat line as a report keeps it: a copy, so it outlives an edit of the name or a deleted account. */
export interface ExcerptLine {
  id: number;
  seat: number | null;
  name: string;
  text: string;
  at: string;
  /** Written by the reported player. */
  byReported: boolean;
}

/**
 * A player's report of another, for the operators' queue (`/admin/reports`). `excerpt` is that
 * game's chat as it stood when the report was made. At most one open report per reporter and
 * player. The people may go (account deletion): the names at the time stay.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reporterName: text('reporter_name').notNull(),
    playerId: text('player_id').references(() => users.id, { onDelete: 'set null' }),
    playerName: text('player_name').notNull(),
    gameId: text('game_id').references(() => games.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: reportReasons }).notNull(),
    text: text('text').notNull(),
    /** The chat line the report was made from, if any. */
    chatId: bigint('chat_id', { mode: 'number' }),
    excerpt: jsonb('excerpt').$type<ExcerptLine[]>().notNull().default([]),
    /** `open` until an operator dismisses it or acts on it (`actioned`). */
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_one_open').on(t.reporterId, t.playerId).where(sql`${t.status} = 'open'`),
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_player_idx').on(t.playerId),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    check('reports_text_len', sql`char_length(${t.text}) <= 2000`),
  ],
);

/** What an operator did about a report, and who: the log each report shows. */
export const reportActions = pgTable(
  'report_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    operatorId: text('operator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The operator's address when they acted (operators are named by address in ADMIN_EMAILS). */
    operatorEmail: text('operator_email').notNull(),
    action: text('action', { enum: ['dismiss', 'mute', 'suspend', 'reinstate'] }).notNull(),
    /** Days of a chat mute. */
    days: integer('days'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_actions_report_idx').on(t.reportId, t.id)],
);

/** A pending account deletion: the emailed confirmation link's token (hashed), valid one hour, single use. */
export const deletionTokens = pgTable(
  'deletion_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('deletion_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The order games ended in: one row per game that ended after it started (finished or
 * abandoned), numbered as the endings were applied (one at a time per game type, under an
 * advisory lock), so ratings can be folded again from the records in the same order
 * (`npm run ratings:rebuild`).
 */
export const gameEndings = pgTable(
  'game_endings',
  {
    seq: bigint('seq', { mode: 'number' }).notNull().unique().generatedAlwaysAsIdentity(),
    gameId: text('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('game_endings_type_idx').on(t.type, t.seq)],
);

/**
 * Each seat of an ended game as profiles read it: its place (0 best; tied seats share one),
 * whether it won, resigned or ran out of time. Derived from the record at the end (rebuilt by
 * `npm run ratings:rebuild`); a deleted account's rows keep the game for the others, unnamed.
 */
export const seatResults = pgTable(
  'seat_results',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    endSeq: bigint('end_seq', { mode: 'number' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    /** The game had clocks (reliability counts only timed games). */
    timed: boolean('timed').notNull(),
    /** The game counted for ratings. */
    rated: boolean('rated').notNull(),
    /**
     * Every human seat took part (worker/services/rating-math.ts `TAKING_PART_MOVES`): only then does
     * the game count as finished, or for reliability (except against a seat that left early).
     */
    played: boolean('played').notNull().default(true),
    place: integer('place').notNull(),
    won: boolean('won').notNull(),
    resigned: boolean('resigned').notNull(),
    timedOut: boolean('timed_out').notNull(),
    /** A rated seat's rating before (null: a newcomer) and after the game, as its record publishes it (`SeatRating`). */
    rating: jsonb('rating').$type<{ before: RatingValue | null; after: RatingValue } | null>(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] }), index('seat_results_user_idx').on(t.userId, t.endSeq)],
);

/** An OpenSkill rating and the rated games that made it. */
export interface RatingValue {
  mu: number;
  sigma: number;
  games: number;
}

/**
 * A player's OpenSkill rating (Weng-Lin) per game type, after `games` rated games. Shown as its
 * ordinal (`mu - 3 sigma`) from the fifth game on. Goes with the account.
 */
export const ratings = pgTable(
  'ratings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    ordinal: doublePrecision('ordinal').notNull(),
    games: integer('games').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] }), index('ratings_board_idx').on(t.type, t.ordinal)],
);

/**
 * A friendship, or a request for one while `acceptedAt` is null. One row per pair of players,
 * whoever asked first (`friendships_pair`).
 */
export const friendships = pgTable(
  'friendships',
  {
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: text('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.addresseeId] }),
    uniqueIndex('friendships_pair').on(sql`least(${t.requesterId}, ${t.addresseeId})`, sql`greatest(${t.requesterId}, ${t.addresseeId})`),
    index('friendships_addressee_idx').on(t.addresseeId),
    check('friendships_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
  ],
);

/** A private note of its author, about one game or one other player; only the author reads it. */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: text('game_id').references(() => games.id, { onDelete: 'cascade' }),
    playerId: text('player_id').references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('player_notes_game').on(t.authorId, t.gameId).where(sql`${t.gameId} is not null`),
    uniqueIndex('player_notes_player').on(t.authorId, t.playerId).where(sql`${t.playerId} is not null`),
    check('player_notes_one_subject', sql`(${t.gameId} is null) <> (${t.playerId} is null)`),
    check('player_notes_text_len', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);
