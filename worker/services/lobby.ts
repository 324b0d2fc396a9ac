import { desc, eq, sql } from 'drizzle-orm';
import { resultWithLabel, type AnyGame, type GameRegistry, type GameResult } from '../../engine/core';
import { rowsOfNotices, type SeatNotice } from '../notices/enqueue';
import { games, seats, type TableRequirements } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Config } from '../env';
import { ApiError } from '../http/errors';
import type { ServiceCtx, User } from '../types';
import { commitChange } from './commit';
import { drainSoon } from './request-drain';
import { inviteUrl, seatName } from '../notices/names';
import { randomHex, sha256Hex } from '../lib/crypto';
import { appendEvent, VersionConflict } from './events';
import { scheduleBots } from './bots';
import { gameOf, loadGame, seatList, seatOf, seatsOfGames, type GameRow } from '../lib/game-rows';
import { lockForLimit } from '../lib/limit-lock';
import { stateFor } from '../lib/state';
import { clockSummary } from './game-clocks';
import { presetOf, type TimeControl } from '../time-control/rules';
import { newClocks } from '../time-control/seat-clocks';
import { requireViewer } from './access';
import { blockedEitherWay } from './blocks';
import { checkRequirements } from './requirements';
import { creatorName, inviterOf } from './invitations';
import { optionsText } from './option-text';
import {
  checkChoicesFree,
  choiceOptionKeys,
  optionsWithChoices,
  parseChoices,
  refuseChoiceOptions,
  seatChoicesOf,
  type Choices,
  type SeatWithChoices,
} from './seat-choices';

const HOUR_MS = 3600 * 1000;

/**
 * Creates an open game; the creator takes seat 0. The seed comes from `crypto.getRandomValues`
 * and stays secret until the game ends; its SHA-256 is public from the start.
 * `choices` are the creator's setup choices (`Game.seatChoices`, e.g. `{ rocket: 'blue' }`); the
 * options never carry them (each player chooses for their own seat).
 * Throws 400 `unknown_game_type`, `bad_player_count`, `bad_options`, `bad_choice`; 429 `rate_limited` (with
 * Retry-After) past `limits.perHour` games created in the last hour; 409 `too_many_unfinished_games`
 * past `limits.unfinished` of the creator's games not yet over (every game full of bots
 * costs bot moves, so one account must not start them without end).
 */
export async function createGame(
  ctx: Pick<ServiceCtx, 'db' | 'registry' | 'clocks'>,
  args: {
    user: User;
    type: string;
    players: number;
    options?: unknown;
    now: Date;
    /** Per-creator limits (`Config.gameLimits`). */
    limits: Config['gameLimits'];
    /** The clock rules (a preset name or object, already normalised); none by default. */
    timeControl?: TimeControl;
    /** Each seat's clock stands still over its player's weekend. */
    weekendPause?: boolean;
    /** A player's vacation stops their clock here (default true). */
    allowVacation?: boolean;
    onTimeout?: GameRow['onTimeout'];
    onResign?: GameRow['onResign'];
    isPublic?: boolean;
    /** The join that takes the last seat starts the game (default true). */
    startWhenFull?: boolean;
    /** Seats 1..bots get the built-in bot. */
    bots?: number;
    rematchOf?: string;
    /** Every seat to fill at once (a rematch), replacing "creator in seat 0": user id, or null for a bot, and its choices. */
    seatsFrom?: { seat: number; userId: string | null; choices?: Choices }[];
    /** The creator's setup choices (seat 0). */
    choices?: Record<string, string>;
    /** The game counts for ratings (default true; only games of two humans or more are rated). */
    rated?: boolean;
    /** What a joining player must have (worker/services/requirements.ts). */
    requirements?: TableRequirements;
    /** Friends the creator seats at once, in seats 1.. (checked by `requireFriends`); bots sit after them. */
    friends?: string[];
  },
): Promise<GameRow> {
  const { db, registry } = ctx;
  const game = registry.get(args.type);
  if (!game) throw new ApiError(400, 'unknown_game_type', `Unknown game type "${args.type}". See GET /api/game-types.`);
  if (args.players < game.minPlayers || args.players > game.maxPlayers) {
    throw new ApiError(400, 'bad_player_count', `${game.title} is for ${game.minPlayers} to ${game.maxPlayers} players.`);
  }
  refuseChoiceOptions(game, args.options);
  const creatorChoices = parseChoices(game, args.choices);
  const parsed = game.optionsSchema.safeParse(args.options ?? {});
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    // An issue of the options object itself (an unknown key) has no path: the message names the key.
    throw new ApiError(400, 'bad_options', `Options: ${i?.path.length ? `${i.path.join('.')}: ` : ''}${i?.message ?? 'invalid'}`);
  }
  const bots = args.bots ?? 0;
  const friends = args.friends ?? [];
  if (bots < 0 || bots + friends.length > args.players - 1)
    throw new ApiError(400, 'bad_bots', `Between 0 and ${args.players - 1} bots and friends fit in a ${args.players}-player game.`);
  const seated: { seat: number; userId: string | null; choices?: Choices }[] = args.seatsFrom ?? [
    { seat: 0, userId: args.user.id, choices: creatorChoices },
    ...friends.map((userId, i) => ({ seat: i + 1, userId })),
    ...Array.from({ length: bots }, (_, i) => ({ seat: friends.length + i + 1, userId: null })),
  ];
  const seed = randomHex(16);
  const id = `g_${randomHex(10)}`;
  const row = {
    id,
    type: game.id,
    rulesVersion: game.rulesVersion,
    options: parsed.data,
    players: args.players,
    status: 'open' as const,
    seed,
    seedHash: await sha256Hex(seed),
    inviteCode: randomHex(12),
    createdBy: args.user.id,
    timeControl: presetOf(args.timeControl ?? { kind: 'none' }) ?? 'custom',
    clocks: newClocks(args.timeControl ?? { kind: 'none' }, args.players, {
      weekendPause: args.weekendPause,
      allowVacation: args.allowVacation,
    }),
    onTimeout: args.onTimeout ?? 'bot',
    onResign: args.onResign ?? 'bot',
    isPublic: args.isPublic ?? true,
    startWhenFull: args.startWhenFull ?? true,
    rematchOf: args.rematchOf ?? null,
    rated: args.rated ?? true,
    requirements: args.requirements ?? {},
    botSeats: seated.filter((s) => s.userId === null).map((s) => s.seat),
    version: 0,
    createdAt: args.now,
    updatedAt: args.now,
  };
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await checkGameLimits(tx, args.user.id, args.now, args.limits);
    await tx.insert(games).values(row);
    await appendEvent(
      tx,
      {
        gameId: id,
        expectedVersion: 0,
        kind: 'create',
        seat: 0,
        payload: { type: game.id, players: args.players, options: parsed.data },
        log: [{ seat: 0, text: `${args.user.name} created the game.` }],
        update: {},
        now: args.now,
        also: (tx) =>
          tx
            .insert(seats)
            .values(
              seated.map((s) => ({
                gameId: id,
                seat: s.seat,
                userId: s.userId,
                isBot: s.userId === null,
                joinedAt: args.now,
                choices: s.choices ?? {},
              })),
            )
            .then(() => undefined),
      },
      ctx.clocks,
    );
  });
  return loadGame(db, id);
}

/**
 * Refuses a new game beyond the creator's limits. Runs inside the creating transaction under an
 * advisory lock on the creator, so concurrent creates cannot both take the last place (each
 * would count without seeing the other's uncommitted row).
 */
async function checkGameLimits(tx: Db, userId: string, now: Date, limits: Config['gameLimits']): Promise<void> {
  await lockForLimit(tx, 'game-create', userId);
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const recent = sql`${games.createdAt} > ${since}::timestamptz`;
  const [n] = await tx
    .select({
      lastHour: sql`count(*) filter (where ${recent})`.mapWith(Number),
      oldest: sql<string | null>`min(${games.createdAt}) filter (where ${recent})`,
      unfinished: sql`count(*) filter (where ${games.status} in ('open', 'active'))`.mapWith(Number),
    })
    .from(games)
    .where(eq(games.createdBy, userId));
  if (n.lastHour >= limits.perHour) {
    const freeAt = new Date(n.oldest!).getTime() + HOUR_MS;
    const wait = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    throw new ApiError(
      429,
      'rate_limited',
      `You created ${n.lastHour} games in the last hour, the most allowed. Try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}.`,
      undefined,
      wait,
    );
  }
  if (n.unfinished >= limits.unfinished) {
    throw new ApiError(
      409,
      'too_many_unfinished_games',
      `You have ${n.unfinished} games that are not over yet, the most allowed. Finish, resign or abandon one before creating another.`,
    );
  }
}

/** What a join did: the seat taken, and whether taking it filled the table and started the game. */
export interface Joined {
  seat: number;
  started: boolean;
}

/**
 * Takes the lowest free seat of an open game with the right invite code. Concurrent joiners
 * race on the event sequence; the loser retries with the next free seat. The creator hears of
 * the join (`player_joined`). When the seat was the last one and the game starts when full,
 * the same transaction also commits the start, through the path of `startGame`: every player
 * then hears `game_started` (or `your_turn`), and nobody has to press Start.
 * `choices` are the joiner's setup choices (`Game.seatChoices`, e.g. `{ rocket: 'blue' }`).
 * Throws 403 `bad_invite`, `below_table_requirement` (the table's `requirements`), `not_available` (someone seated blocked the joiner, or the joiner blocked
 * them: the answer does not say which), 400 `bad_choice`, 409 `already_seated`, `game_full` (every
 * seat taken, started or not), `not_open`, `choice_taken` (another seat chose that value first).
 */
export async function joinGame(
  ctx: ServiceCtx,
  args: { user: User; gameId: string; invite: string; choices?: Record<string, string> },
): Promise<Joined> {
  const { db } = ctx;
  const across = await blockedEitherWay(db, args.user.id);
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await loadGame(db, args.gameId);
    if (row.inviteCode !== args.invite) throw new ApiError(403, 'bad_invite', 'That invite code is not valid for this game.');
    const taken = await seatList(db, row.id);
    if (taken.some((s) => s.userId === args.user.id)) throw new ApiError(409, 'already_seated', 'You already have a seat in this game.');
    if (taken.some((s) => s.userId !== null && across.has(s.userId)))
      throw new ApiError(403, 'not_available', 'This table is not open to you. Find another one in the lobby.');
    await checkRequirements(db, row.requirements, args.user.id);
    const free = Array.from({ length: row.players }, (_, i) => i).find((i) => !taken.some((s) => s.seat === i));
    if (free === undefined) throw new ApiError(409, 'game_full', 'Every seat is taken.');
    if (row.status !== 'open') throw new ApiError(409, 'not_open', 'This game has already started.');
    const game = gameOf(ctx.registry, row);
    const choices = parseChoices(game, args.choices);
    // Read with the version the join appends at: a concurrent choice or join makes it retry and check again.
    checkChoicesFree(game, taken, free, choices);
    const fills = row.startWhenFull && taken.length + 1 === row.players;
    const creator = taken.find((s) => s.userId === row.createdBy && !s.isBot);
    const notices: SeatNotice[] = creator && !fills ? [{ seat: creator.seat, kind: 'player_joined', detail: args.user.name }] : [];
    const joinEvent = {
      gameId: row.id,
      expectedVersion: row.version,
      kind: 'join',
      seat: free,
      payload: { userId: args.user.id },
      log: [{ seat: free, text: `${args.user.name} took seat ${free + 1}.` }],
      update: {},
      now: ctx.now,
      outbox: await rowsOfNotices(db, {
        gameId: row.id,
        version: row.version + 1,
        notices,
        now: ctx.now,
        graceSeconds: ctx.config.notifyGraceSeconds,
      }),
      also: (tx: Db) =>
        tx
          .insert(seats)
          .values({ gameId: row.id, seat: free, userId: args.user.id, joinedAt: ctx.now, choices })
          .then(() => undefined),
    };
    try {
      if (!fills) {
        await appendEvent(db, joinEvent, ctx.clocks);
        if (notices.length) drainSoon(ctx);
        return { seat: free, started: false };
      }
      let state: unknown;
      const seated = [...taken, { seat: free, choices }];
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await appendEvent(tx, joinEvent, ctx.clocks);
        state = await commitStart(
          { ...ctx, db: tx },
          game,
          { ...row, version: row.version + 1 },
          seated,
          'Every seat is taken: the game started.',
        );
      });
      scheduleBots(ctx, row, game.activeSeats(state));
      return { seat: free, started: true };
    } catch (err) {
      if (!(err instanceof VersionConflict)) throw err;
    }
  }
  throw new ApiError(409, 'conflict', 'The game changed while you joined. Try again.');
}

/**
 * Commits the start of an open game whose seats are all taken: the seats' choices written into
 * the options (`optionsWithChoices`; stored with the game, so replays and records set up the
 * same), `setup` with the secret seed, the first snapshot, and the notices of the start
 * (planTransition). Returns the first state.
 * Throws `VersionConflict` when the game moved on from `row.version`.
 */
async function commitStart(
  ctx: ServiceCtx,
  game: AnyGame,
  row: GameRow,
  seated: readonly SeatWithChoices[],
  logText: string,
): Promise<unknown> {
  const options = optionsWithChoices(game, row.options, row.players, seated);
  const state = game.setup({ players: row.players, options, seed: row.seed });
  await commitChange(ctx, game, row, {
    kind: 'start',
    seat: null,
    payload: {},
    log: [{ seat: null, text: logText }],
    reveals: true,
    state,
    options: options === row.options ? undefined : options,
  });
  return state;
}

/**
 * Starts an open game (creator only, every seat filled): runs `setup` with the secret seed and
 * stores the first snapshot. A game that is already running (its last join started it, perhaps
 * while the creator pressed Start) answers its state: the creator wanted it running, and it is.
 * Throws 403 `not_creator`, 409 `not_open` (over), `seats_empty`.
 */
export async function startGame(ctx: ServiceCtx, args: { user: User; gameId: string }) {
  const row = await loadGame(ctx.db, args.gameId);
  if (row.createdBy !== args.user.id) throw new ApiError(403, 'not_creator', 'Only the player who created the game can start it.');
  const game = gameOf(ctx.registry, row);
  if (row.status === 'active') return stateFor(game, row, await seatOf(ctx.db, row.id, args.user.id));
  if (row.status !== 'open') throw new ApiError(409, 'not_open', 'This game is over.');
  const seated = await seatList(ctx.db, row.id);
  const filled = seated.length;
  if (filled < row.players) {
    throw new ApiError(
      409,
      'seats_empty',
      `${filled} of ${row.players} seats are filled. Share the invite link, or create a game for ${filled} players.`,
    );
  }
  let state: unknown;
  try {
    state = await commitStart(ctx, game, row, seated, 'The game started.');
  } catch (err) {
    if (err instanceof VersionConflict) throw new ApiError(409, 'conflict', 'The game changed while starting it. Try again.');
    throw err;
  }
  scheduleBots(ctx, row, game.activeSeats(state));
  return stateFor(game, await loadGame(ctx.db, row.id), await seatOf(ctx.db, row.id, args.user.id));
}

/**
 * Metadata of a game for `GET /api/games/:id` (the seed only once the game is over). Someone
 * outside a private game (signed out, or without a human seat) learns nothing of it:
 * 403 `private_game`, unless they hold its invite code (`invite`), and then only what joining
 * needs - status and which seats are taken - with no player's name, no user ids and none of the
 * game's progress (version 0, no active seats, deadline, result, seed or update time).
 */
export async function gameMeta(
  db: Db,
  registry: GameRegistry,
  args: { gameId: string; user: User | null; origin: string; invite?: string; now: Date },
) {
  const row = await loadGame(db, args.gameId);
  const game = gameOf(registry, row);
  const seatRows = await seatList(db, row.id);
  const yourSeat = seatRows.find((s) => args.user && s.userId === args.user.id && !s.isBot)?.seat ?? null;
  // Only games that offer choices list them per seat.
  const choicesOf = (s: { choices: Choices }) => (game.seatChoices?.length ? { choices: s.choices } : {});
  const over = row.status === 'finished' || row.status === 'abandoned';
  const meta = {
    id: row.id,
    type: row.type,
    title: game.title,
    status: row.status,
    players: row.players,
    options: row.options as Record<string, unknown>,
    rulesVersion: row.rulesVersion,
    ...clockSummary(row, args.now),
    onTimeout: row.onTimeout,
    onResign: row.onResign,
    isPublic: row.isPublic,
    startWhenFull: row.startWhenFull,
    rematchOf: row.rematchOf,
    rematchId: row.rematchId,
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    seats: seatRows.map((s) => ({ seat: s.seat, name: seatName(s), userId: s.userId, isBot: s.isBot, ...choicesOf(s) })),
    seatChoices: seatChoicesOf(game).map((c) => ({ id: c.id, label: c.label, values: c.values.map((v) => ({ ...v })) })),
    version: row.version,
    activeSeats: row.activeSeats,
    seedHash: row.seedHash,
    seed: over ? row.seed : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    yourSeat,
    isCreator: !!args.user && row.createdBy === args.user.id,
    inviteUrl: yourSeat !== null && row.status === 'open' ? inviteUrl(args.origin, row) : null,
    result: resultWithLabel(game, (row.result as GameResult | null) ?? null),
    optionsText: optionsText(row.options, choiceOptionKeys(game), game),
    invitedBy: await invitedBy(db, row, args.user, yourSeat !== null || args.invite === row.inviteCode),
  };
  if (row.isPublic || yourSeat !== null) return meta;
  if (args.invite !== row.inviteCode) requireViewer(row, null);
  return {
    ...meta,
    // A bot seat that a player resigned to would carry their name ("Ada (bot)"): none here.
    // Choices stay: a joiner needs to know which are taken.
    seats: seatRows.map((s) => ({
      seat: s.seat,
      name: s.userId === null && !s.accountDeleted ? 'Bot' : `Seat ${s.seat + 1}`,
      userId: null,
      isBot: s.userId === null && !s.accountDeleted,
      ...choicesOf(s),
    })),
    version: 0,
    activeSeats: [],
    deadlineAt: null,
    ...clockSummary({ clocks: row.clocks, status: 'open', players: 0, botSeats: [] }, args.now),
    updatedAt: meta.createdAt,
    result: null,
    seed: null,
    rematchOf: null,
    rematchId: null,
    // The invitation email named its sender already; a bare invite code names nobody.
    invitedBy: args.user && row.status === 'open' ? await inviterOf(db, row.id, args.user.email) : null,
  };
}

/**
 * Who invited the viewer, for the waiting room and the invite page: the sender of the last
 * invitation email to the viewer's address, else (seated, or holding the invite link) the game's
 * creator, whose link it is. Null for the creator, for anyone else, and once the game has started.
 */
async function invitedBy(db: Db, row: GameRow, user: User | null, seatedOrInvited: boolean): Promise<string | null> {
  if (row.status !== 'open' || (user && row.createdBy === user.id)) return null;
  const byEmail = user ? await inviterOf(db, row.id, user.email) : null;
  if (byEmail) return byEmail;
  return seatedOrInvited ? creatorName(db, row.id) : null;
}

/** Where a game goes in "My games": waiting for you, then the others under way, then those over. */
const MY_GAMES_GROUP = (g: { status: string; yourTurn: boolean }) =>
  g.yourTurn ? 0 : g.status === 'open' || g.status === 'active' ? 1 : 2;

/**
 * The caller's games: those waiting for their move first, then the others not over, then the
 * finished and abandoned ones (with their result); each group most recently played first.
 * `updatedAt` is when the game last changed (a move, a join).
 */
export async function myGames(db: Db, registry: GameRegistry, user: User, now: Date) {
  const rows = await db
    .select({ game: games, seat: seats.seat, resigned: seats.isBot })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    // A seat the player resigned to the bot keeps their id: the table stays in the list, marked.
    .where(eq(seats.userId, user.id))
    .orderBy(desc(games.updatedAt))
    .limit(200);
  const ids = rows.map((r) => r.game.id);
  const allSeats = await seatsOfGames(db, ids);
  const list = rows.map(({ game: g, seat, resigned }) => ({
    id: g.id,
    type: g.type,
    title: registry.get(g.type)?.title ?? g.type,
    status: g.status,
    players: g.players,
    seats: allSeats
      .filter((s) => s.gameId === g.id)
      .sort((a, b) => a.seat - b.seat)
      .map((s) => ({ seat: s.seat, name: seatName(s), userId: s.userId, isBot: s.isBot })),
    yourSeat: seat,
    yourTurn: !resigned && g.status === 'active' && g.activeSeats.includes(seat),
    resigned,
    version: g.version,
    updatedAt: g.updatedAt.toISOString(),
    result: g.status === 'finished' ? resultWithLabel(registry.get(g.type), (g.result as GameResult | null) ?? null) : null,
    ...clockSummary(g, now),
  }));
  // Waiting on you: the least time left first, then the one waiting longest.
  const left = (g: (typeof list)[number]) => g.clocks.find((k) => k.seat === g.yourSeat)?.runsOutAt ?? '\uffff';
  return list.sort(
    (a, b) =>
      MY_GAMES_GROUP(a) - MY_GAMES_GROUP(b) ||
      (a.yourTurn && b.yourTurn ? left(a).localeCompare(left(b)) || a.updatedAt.localeCompare(b.updatedAt) : 0) ||
      b.updatedAt.localeCompare(a.updatedAt),
  );
}
