import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Storage schema (DESIGN.md "Storage"): event-sourced games. Invariants live here as keys and
 * checks, so no code path (or concurrent Worker) can break them.
 */

/** A person (or bot owner) who signed in by email. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sessions; only the SHA-256 of the bearer/cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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
    createdBy: text('created_by').notNull().references(() => users.id),
    version: integer('version').notNull().default(0),
    snapshot: jsonb('snapshot'),
    /** Seats that must act now, denormalised from the snapshot for "my games" and notifications. */
    activeSeats: jsonb('active_seats').$type<number[]>().notNull().default([]),
    result: jsonb('result'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('games_version_nonneg', sql`${t.version} >= 0`), check('games_players_pos', sql`${t.players} > 0`)],
);

/** Who sits where. `lastSeenSeq` is the newest version this seat has looked at. */
export const seats = pgTable(
  'seats',
  {
    gameId: text('game_id').notNull().references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id').references(() => users.id),
    isBot: boolean('is_bot').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenSeq: integer('last_seen_seq').notNull().default(0),
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
    gameId: text('game_id').notNull().references(() => games.id, { onDelete: 'cascade' }),
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
     */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seq] }),
    uniqueIndex('game_events_idempotency').on(t.gameId, t.idempotencyKey),
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
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Deduplicates notifications: one row per (cause) key. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
