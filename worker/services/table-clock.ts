import { ApiError } from '../http/errors';
import { addTime, type GameClocks, HAND_TO_BOT_AFTER_MS, type SeatVote, VOTING_TABLE_HUMANS, votesOpen } from '../time-control/seat-clocks';
import type { ServiceCtx, User } from '../types';
import { VersionConflict } from './events';
import { type GameRow, humanSeats, loadGame, seatOf } from '../lib/game-rows';
import { type ClockNews, commitClockNewsOn, logInstant } from './vacations';
import { commitSeatToBot } from './seat-to-bot';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The longest pause the table can agree on. */
export const MAX_PAUSE_DAYS = 14;
/** What one extension gives a late seat. */
export const EXTENSION_MS = 24 * HOUR_MS;

/** A running timed game and the caller's human seat in it; 403 `not_seated`, 409 `not_active` / `no_clock`. */
async function timedSeat(ctx: ServiceCtx, gameId: string, user: User): Promise<{ row: GameRow & { clocks: GameClocks }; seat: number }> {
  const row = await loadGame(ctx.db, gameId);
  const seat = await seatOf(ctx.db, row.id, user.id);
  if (seat === null) throw new ApiError(403, 'not_seated', 'Only the players of this game can do that.');
  if (row.status !== 'active') throw new ApiError(409, 'not_active', 'Only a running game has clocks to pause or seats to vote on.');
  if (!row.clocks) throw new ApiError(409, 'no_clock', 'This game has no clock.');
  return { row: row as GameRow & { clocks: GameClocks }, seat };
}

/** What a table action decides on the game as it stands: news to commit, a commit of its own, or nothing (a repeat). */
type Decision = ClockNews | { commit: (row: TimedRow) => Promise<void> } | null;
type TimedRow = GameRow & { clocks: GameClocks };

/**
 * Runs a table action of `user` on the game as it stands: `decide` looks at the game just read
 * (and the caller's seat) and says what to commit, or throws the ApiError that refuses it. When
 * another change lands first (two players agreeing or voting at the same moment, a move), the
 * game is read again and `decide` asked again, so each of them counts; after 4 tries 409
 * `conflict`. A decision of null commits nothing: the action was done already (a repeat).
 */
async function tableAction(ctx: ServiceCtx, gameId: string, user: User, decide: (row: TimedRow, seat: number) => Decision): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const { row, seat } = await timedSeat(ctx, gameId, user);
    const d = decide(row, seat);
    if (d === null) return;
    try {
      if ('commit' in d) await d.commit(row);
      else await commitClockNewsOn(ctx, row, d);
      return;
    } catch (err) {
      if (!(err instanceof VersionConflict)) throw err;
    }
  }
  throw new ApiError(409, 'conflict', 'The game changed meanwhile. Try again.');
}

/** The news that starts a pause of `days` proposed by `by`, at `now`. */
function pauseStarts(by: number, days: number, now: number): ClockNews {
  const to = now + days * DAY_MS;
  return {
    seat: null,
    text: `The game is paused until ${logInstant(new Date(to))}: every clock stands still. Anyone may resume it sooner.`,
    detail: 'the game is paused',
    tell: 'all',
    edit: (c) => ({ ...c, proposal: null, pauses: [...c.pauses, { from: now, to, by }] }),
  };
}

const pausedAt = (c: GameClocks, now: number) => c.pauses.some((p) => p.from <= now && now < p.to);

/**
 * Proposes pausing the whole table for `days` (1-14). With no other human player the pause
 * starts at once; otherwise it starts when every other human agrees (`agreePause`). A proposal
 * replaces an earlier one (the agreements so far go with it); the same proposal again changes
 * nothing. 409 `paused` while a pause is under way.
 */
export async function proposePause(ctx: ServiceCtx, args: { user: User; gameId: string; days: number }): Promise<void> {
  const now = ctx.now.getTime();
  const days = args.days;
  await tableAction(ctx, args.gameId, args.user, (row, seat) => {
    if (pausedAt(row.clocks, now)) throw new ApiError(409, 'paused', 'The game is paused already.');
    if (humanSeats(row).every((s) => s === seat)) return pauseStarts(seat, days, now);
    const p = row.clocks.proposal;
    if (p && p.by === seat && p.days === days) return null;
    return {
      seat,
      text: `{{p:${seat}}} proposes to pause the game for ${days} day${days === 1 ? '' : 's'}; every other player must agree.`,
      detail: 'a pause is proposed',
      edit: (c) => ({ ...c, proposal: { by: seat, days, at: now, agreed: [] } }),
    };
  });
}

/** Agrees to the pause proposed; the last agreement starts it; agreeing again changes nothing. 409 `no_proposal`, `own_proposal`. */
export async function agreePause(ctx: ServiceCtx, args: { user: User; gameId: string }): Promise<void> {
  const now = ctx.now.getTime();
  await tableAction(ctx, args.gameId, args.user, (row, seat) => {
    const p = row.clocks.proposal;
    if (!p) throw new ApiError(409, 'no_proposal', 'Nobody has proposed a pause.');
    if (p.by === seat) throw new ApiError(409, 'own_proposal', 'You proposed this pause; the others must agree.');
    if (p.agreed.includes(seat)) return null;
    const agreed = [...p.agreed, seat];
    if (humanSeats(row).every((s) => s === p.by || agreed.includes(s))) return pauseStarts(p.by, p.days, now);
    return {
      seat,
      text: `{{p:${seat}}} agrees to the pause.`,
      detail: 'a player agreed to the pause',
      tell: 'none',
      edit: (c) => ({ ...c, proposal: { ...p, agreed } }),
    };
  });
}

/** Turns the proposed pause down (any other player). 409 `no_proposal`. */
export async function declinePause(ctx: ServiceCtx, args: { user: User; gameId: string }): Promise<void> {
  await tableAction(ctx, args.gameId, args.user, (row, seat) => {
    if (!row.clocks.proposal) throw new ApiError(409, 'no_proposal', 'Nobody has proposed a pause.');
    return {
      seat,
      text: `{{p:${seat}}} declined the pause; the clocks go on.`,
      detail: 'the pause was declined',
      tell: 'all',
      edit: (c) => ({ ...c, proposal: null }),
    };
  });
}

/** Ends the pause under way now (any player). 409 `not_paused`. */
export async function resumeGame(ctx: ServiceCtx, args: { user: User; gameId: string }): Promise<void> {
  const now = ctx.now.getTime();
  await tableAction(ctx, args.gameId, args.user, (row, seat) => {
    const current = row.clocks.pauses.find((p) => p.from <= now && now < p.to);
    if (!current) throw new ApiError(409, 'not_paused', 'The game is not paused.');
    return {
      seat,
      text: `{{p:${seat}}} resumed the game: the clocks run again.`,
      detail: 'the game was resumed',
      tell: 'all',
      edit: (c) => ({ ...c, pauses: c.pauses.map((p) => (p.from === current.from ? { ...p, to: now, over: true } : p)) }),
    };
  });
}

/**
 * A vote of the other players on a late seat, at a table of three or more human players: one
 * extension of 24 h (once per seat and game), or the bot plays the seat from now on (once the
 * seat has been asked to act for 24 h), each once open (`votesOpen`). It takes effect when every
 * other human has voted so; voting again changes nothing. 409 `too_few_players`, `not_waiting`
 * (the seat does not have to act), `already_extended`, `too_soon` (that vote is not open yet, or
 * the table is paused); 400 `own_seat`.
 */
export async function voteOnSeat(
  ctx: ServiceCtx,
  args: { user: User; gameId: string; seat: number; kind: SeatVote['kind'] },
): Promise<void> {
  const target = args.seat;
  const now = ctx.now.getTime();
  await tableAction(ctx, args.gameId, args.user, (row, voter) => {
    const humans = humanSeats(row);
    if (humans.length < VOTING_TABLE_HUMANS)
      throw new ApiError(409, 'too_few_players', 'The others vote on a late player only at tables of three or more human players.');
    if (target === voter) throw new ApiError(400, 'own_seat', 'You cannot vote on your own seat.');
    const k = row.clocks.seats[target];
    if (!humans.includes(target) || !k || k.since === null) throw new ApiError(409, 'not_waiting', 'That seat does not have to act now.');
    if (args.kind === 'extension' && k.extended) throw new ApiError(409, 'already_extended', 'That seat had its extension already.');
    if (!votesOpen(row.clocks, target, now).includes(args.kind))
      throw new ApiError(
        409,
        'too_soon',
        pausedAt(row.clocks, now)
          ? 'The table is paused: no seat is late while it lasts.'
          : args.kind === 'bot'
            ? `A seat can be handed to the bot once it has been asked to act for ${HAND_TO_BOT_AFTER_MS / HOUR_MS} hours.`
            : 'A seat can be given more time once it is late: asked to act for 24 hours, or past half its time in its last 24 hours.',
      );
    const votes = row.clocks.votes ?? [];
    const mine = votes.find((v) => v.kind === args.kind && v.seat === target);
    if (mine?.voters.includes(voter)) return null;
    const voters = [...(mine?.voters ?? []), voter];
    const rest = votes.filter((v) => !(v.kind === args.kind && v.seat === target));
    if (!humans.filter((s) => s !== target).every((s) => voters.includes(s)))
      return {
        seat: voter,
        text:
          args.kind === 'extension'
            ? `{{p:${voter}}} votes to give {{p:${target}}} 24 more hours.`
            : `{{p:${voter}}} votes to let the bot play for {{p:${target}}}.`,
        detail: 'a vote on a late player',
        edit: (c) => ({ ...c, votes: [...rest, { kind: args.kind, seat: target, voters }] }),
      };
    if (args.kind === 'extension')
      return {
        seat: null,
        text: `The other players gave {{p:${target}}} 24 more hours.`,
        detail: 'an extension of 24 hours',
        tell: 'all',
        edit: (c) => ({ ...addTime(c, target, EXTENSION_MS), votes: rest }),
      };
    // The bot has the seat from now on: every vote about it is over, an extension's too.
    return {
      commit: (fresh) =>
        handToBot(
          ctx,
          fresh,
          target,
          votes.filter((v) => v.seat !== target),
        ),
    };
  });
}

/** The other players' vote carried: the bot plays `seat` from now on (as after a resignation to the bot); VersionConflict when the game changed since `row`. */
async function handToBot(ctx: ServiceCtx, row: GameRow & { clocks: GameClocks }, seat: number, votes: SeatVote[]): Promise<void> {
  await commitSeatToBot(ctx, row, seat, {
    kind: 'clock',
    seat: null,
    payload: { handedToBot: seat },
    log: [{ seat: null, text: `The other players voted: the bot plays for {{p:${seat}}} from now on.` }],
    clocks: { ...row.clocks, votes },
    notices: humanSeats(row).map((s) => ({ seat: s, kind: 'clock' as const, detail: 'a seat was handed to the bot' })),
  });
}
