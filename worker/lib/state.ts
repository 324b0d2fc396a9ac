import { resultWithLabel, type AnyGame, type GameResult, type Seat } from '../../engine/core';
import { type ClockView, clockViews, clockViewsChangeAt, type GameClocks } from '../time-control/seat-clocks';
import { type GameRow, humanSeats } from './game-rows';
import type { SeatExtras, SinceLastSeen } from '../services/since-last-seen';

/**
 * A legal move with the label a button shows; `effect: 'none'` and `warning` (`Game.moveNote`)
 * when it would do nothing now, so the page asks before sending it.
 */
export interface LabelledMove {
  label: string;
  move: unknown;
  effect?: 'none';
  warning?: string;
}

/**
 * What `GET /state` answers (and moves, undos and the 409 `stale_version` body): the caller's
 * `view` only (never the full state), the caller's legal moves, and who must act. Spectators
 * (`yourSeat: null`) get `view(state, null)`. `botsToMove`: a bot seat is among the active seats
 * (it plays right after this answer; poll until it is false before offering the board). A game
 * that is not running (`status` other than `active`) has no active seats and no legal moves.
 * `canUndo`, `undoableSteps`, `undoBlockedBy` and `sinceLastSeen`: see `SeatExtras`.
 */
export interface StateResponse {
  id: string;
  type: string;
  status: GameRow['status'];
  version: number;
  yourSeat: Seat | null;
  activeSeats: Seat[];
  view: unknown;
  legalMoves: LabelledMove[];
  result: GameResult | null;
  botsToMove: boolean;
  canUndo: boolean;
  undoableSteps: number;
  undoBlockedBy: string | null;
  sinceLastSeen: SinceLastSeen | null;
  /** Each seat's clock at the time of the answer (empty without a time control). */
  clocks: ClockView[];
}

/**
 * Builds the caller's state answer from a game row (its snapshot, bot seats) and seat; `extras`
 * (`seatExtras`, read from the event log) default to none: no undo, no `sinceLastSeen`.
 */
export function stateFor(
  game: AnyGame,
  row: Pick<GameRow, 'id' | 'type' | 'status' | 'version' | 'snapshot'> & {
    players?: number;
    botSeats?: number[];
    clocks?: GameClocks | null;
  },
  seat: Seat | null,
  extras: SeatExtras = { sinceLastSeen: null, canUndo: false, undoableSteps: 0, undoBlockedBy: null },
  now?: Date,
): StateResponse {
  const state = row.snapshot;
  const running = state !== null && state !== undefined;
  // A game that ended early (abandoned: a resignation or a clock with `end`) keeps its state as
  // it stood, whose seats to move no one may move for any more.
  const activeSeats = running && row.status === 'active' ? game.activeSeats(state) : [];
  const moves = running && seat !== null && activeSeats.includes(seat) ? game.legalMoves(state, seat) : [];
  const humans = humanSeats({ players: row.players ?? 0, botSeats: row.botSeats ?? [] });
  const answer: StateResponse = {
    id: row.id,
    type: row.type,
    status: row.status,
    version: row.version,
    yourSeat: seat,
    activeSeats,
    view: running ? game.view(state, seat) : null,
    legalMoves: moves.map((move) => labelled(game, state, seat!, move)),
    result: running ? resultWithLabel(game, game.result(state)) : null,
    botsToMove: activeSeats.some((s) => row.botSeats?.includes(s) ?? false),
    canUndo: extras.canUndo,
    undoableSteps: extras.undoableSteps,
    undoBlockedBy: extras.undoBlockedBy,
    sinceLastSeen: extras.sinceLastSeen,
    clocks: now ? clockViews(row.clocks ?? null, now.getTime(), humans) : [],
  };
  const until = now && row.status === 'active' ? clockViewsChangeAt(row.clocks ?? null, now.getTime(), humans) : null;
  if (until !== null) freshUntil.set(answer, until);
  return answer;
}

/** Until when (epoch ms) an answer's clocks stay as it shows them (`clockViewsChangeAt`); absent: until the version changes. */
const freshUntil = new WeakMap<StateResponse, number>();

/** The instant (epoch ms) `answer`'s clocks stop being as it shows them, or null (`stateFor` knew none). */
export function answerFreshUntil(answer: StateResponse): number | null {
  return freshUntil.get(answer) ?? null;
}

const answerTexts = new WeakMap<StateResponse, string>();

/**
 * `JSON.stringify(answer)`, made once per answer: a move stores the text it answers with (for
 * Idempotency-Key retries) and sends the same text, and serialising a real game's answer twice
 * cost a move's CPU for nothing.
 */
export function answerJson(answer: StateResponse): string {
  let text = answerTexts.get(answer);
  if (text === undefined) answerTexts.set(answer, (text = JSON.stringify(answer)));
  return text;
}

/** A move's label for people (`Game.describeMove` in `state`, the state it is made in; else its JSON). */
export function moveLabel(game: AnyGame, state: unknown, seat: Seat, move: unknown): string {
  return game.describeMove?.(move, state, seat) ?? JSON.stringify(move);
}

/** One legal move for the answer: its label, and the game's note when it would do nothing now. */
function labelled(game: AnyGame, state: unknown, seat: Seat, move: unknown): LabelledMove {
  const label = moveLabel(game, state, seat, move);
  const note = game.moveNote?.(move, state, seat);
  return {
    label,
    move,
    ...(note?.effect ? { effect: note.effect } : {}),
    ...(note?.warning ? { warning: note.warning } : {}),
  };
}

/**
 * ETag of a state answer: it changes with the game version and differs per viewer, so the
 * 304 check needs only `games.version` (one primary-key row) plus the session already loaded.
 * A seated viewer's answer also depends on its seen mark (`sinceLastSeen` is computed against
 * the mark as it stood BEFORE the request that built the answer), so `seenMark` is part of the
 * tag: once a visible read moves the mark, the next poll gets a fresh 200 (with the lines after
 * the new mark) instead of a 304 that would keep the old `sinceLastSeen`. An answer whose clocks
 * change with time alone (a vote opening, a weekend starting: `answerFreshUntil`) carries that
 * instant, in seconds, after a `~`: `etagMatches` takes the tag as stale from then on. A 304 is
 * never wrong; it costs one extra full answer after each newly seen version or clock change.
 */
export function stateEtag(
  version: number,
  viewer: string | null,
  seenMark: number | null = null,
  freshUntilMs: number | null = null,
): string {
  const until = freshUntilMs === null ? '' : `~${Math.floor(freshUntilMs / 1000)}`;
  return `"v${version}${seenMark === null ? '' : `-s${seenMark}`}-${viewer ?? 'anon'}${until}"`;
}

/**
 * Whether the client's `If-None-Match` still names the answer whose tag without its instant is
 * `current` (`stateEtag` with no `freshUntilMs`) at `nowMs`: the same version, viewer and mark,
 * and the instant it carries, if any, not yet reached.
 */
export function etagMatches(ifNoneMatch: string, current: string, nowMs: number): boolean {
  const m = /^(".*)~(\d{1,12})"$/.exec(ifNoneMatch);
  if (!m) return ifNoneMatch === current;
  return Number(m[2]) * 1000 > nowMs && `${m[1]}"` === current;
}
