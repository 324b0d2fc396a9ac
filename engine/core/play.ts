import { IllegalMove } from './errors';
import { canonicalJson } from './json';
import type { AnyGame, LogEntry, MoveResult, Seat } from './types';

/**
 * One step of the generic move path shared by the server, replays, bots and fuzz tests:
 * the game must be running, the seat active, the move well-formed and among `legalMoves`
 * (compared by value); then the engine applies it.
 * Throws `IllegalMove` with codes `game_over`, `not_your_turn`, `bad_move` or the engine's own.
 */
export function playMove<S>(game: AnyGame, state: S, seat: Seat, move: unknown): PlayedMove<S> {
  if (game.result(state) !== null || game.activeSeats(state).length === 0) {
    throw new IllegalMove('game_over', 'The game is over.');
  }
  if (!game.activeSeats(state).includes(seat)) {
    throw new IllegalMove('not_your_turn', 'It is not your turn.');
  }
  const parsed = parseMove(game, move);
  const legal = game.legalMoves(state, seat);
  const key = canonicalJson(parsed);
  // Moves of another `type` cannot be equal: most of a long list is skipped without serialising it.
  const kind = moveType(parsed);
  if (!legal.some((m) => (kind === undefined || moveType(m) === kind) && canonicalJson(m) === key)) {
    // Let the engine name the rule that forbids it; fall back to a generic reason.
    game.applyMove(state, seat, parsed);
    throw new IllegalMove('illegal_move', 'That move is not allowed now.');
  }
  return { ...game.applyMove(state, seat, parsed), move: parsed };
}

/** A move's `type` when it is an object with a string `type`, else undefined. */
function moveType(move: unknown): string | undefined {
  const type = move !== null && typeof move === 'object' ? (move as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : undefined;
}

/** What `playMove` did, with the move as the game's schema parsed it: the one to store. */
export interface PlayedMove<S> extends MoveResult<S> {
  move: unknown;
}

/**
 * The move as `game.moveSchema` parses it (defaults filled in, unknown shapes refused), which
 * is what the rules read; store this, never the raw request, so a replay sees the same move.
 * Throws `IllegalMove('bad_move')` for anything that is not a move of the game.
 */
export function parseMove(game: AnyGame, move: unknown): unknown {
  const parsed = game.moveSchema.safeParse(move);
  if (!parsed.success) {
    throw new IllegalMove('bad_move', `That is not a move of ${game.title}: ${parsed.error.issues[0]?.message ?? 'bad shape'}.`);
  }
  return parsed.data;
}

/** An event of a game's history, as stored in `game_events` (platform kinds are ignored here). */
export type HistoryEvent =
  | { kind: 'move'; seat: Seat; move: unknown }
  | { kind: 'undo'; seat: Seat }
  | { kind: 'create' | 'join' | 'start' | 'chat'; seat?: Seat | null };

/** Everything needed to rebuild a game: `(rulesVersion, seats, options, seed, events)` (docs/design.md). */
export interface History {
  players: number;
  options: unknown;
  seed: string;
  events: HistoryEvent[];
}

/** A move that is in effect (not undone), with whether it was an undo barrier. */
export interface EffectiveMove {
  seat: Seat;
  move: unknown;
  reveals: boolean;
}

/** Result of a replay: the final state, the moves in effect and the log entries they wrote. */
export interface Replayed<S> {
  state: S;
  moves: EffectiveMove[];
  log: { seat: Seat | null; entries: LogEntry[] }[];
}

/** How to replay: `validate` re-checks every move against `legalMoves` (for untrusted records). */
export interface ReplayOptions {
  validate?: boolean;
}

/**
 * Replays moves from setup. Each move is first parsed with the game's `moveSchema` (`parseMove`).
 * A stored history was accepted move by move when it was played, so by
 * default moves are applied directly (the engine still refuses an impossible one); with
 * `validate`, each goes through `playMove` first, as for a record from outside.
 * Without `validate`, a game with `applyMoveInPlace` copies the state once: the first move's
 * `applyMove` returns a copy that only this replay holds, and the later moves change it in place.
 * Throws `IllegalMove` if a move is refused (`bad_move` when it does not parse).
 */
export function replayMoves<S>(
  game: AnyGame,
  h: Omit<History, 'events'>,
  moves: readonly { seat: Seat; move: unknown }[],
  opts: ReplayOptions = {},
): Replayed<S> {
  let state = game.setup({ players: h.players, options: h.options, seed: h.seed }) as S;
  const inPlace = !opts.validate && game.applyMoveInPlace !== undefined;
  /** `state` came from `applyMove` here (not from setup): nobody else holds it. */
  let owned = false;
  const done: EffectiveMove[] = [];
  const log: Replayed<S>['log'] = [];
  for (const m of moves) {
    // Parsed like a new move, so a history stored before moves were stored parsed (defaults
    // left out) replays the same as it played.
    const move = parseMove(game, m.move);
    let r: Omit<MoveResult<S>, 'state'>;
    if (inPlace && owned) {
      r = game.applyMoveInPlace!(state, m.seat, move);
    } else {
      const next: MoveResult<S> = opts.validate ? playMove(game, state, m.seat, move) : game.applyMove(state, m.seat, move);
      state = next.state;
      owned = true;
      r = next;
    }
    done.push({ seat: m.seat, move, reveals: r.reveals });
    log.push({ seat: m.seat, entries: r.log });
  }
  return { state, moves: done, log };
}

/**
 * Rebuilds the state from a full history: moves apply, an `undo` takes back the last move in
 * effect (checked with `checkUndo`). Same history, same state, byte for byte.
 */
export function replay<S>(game: AnyGame, h: History, opts: ReplayOptions = {}): Replayed<S> {
  const moves: { seat: Seat; move: unknown }[] = [];
  for (const e of h.events) {
    if (e.kind === 'move') moves.push({ seat: e.seat, move: e.move });
    else if (e.kind === 'undo') moves.pop();
  }
  return replayMoves<S>(game, h, moves, opts);
}

/**
 * May `seat` take back the last move in effect? Only its own, and only one that revealed
 * nothing (no randomness, no hidden information): otherwise `IllegalMove('undo_barrier')`.
 */
export function checkUndo(moves: readonly EffectiveMove[], seat: Seat): void {
  const last = moves[moves.length - 1];
  if (!last) throw new IllegalMove('undo_barrier', 'There is no move to take back.');
  if (last.seat !== seat) {
    const mine = moves.some((m) => m.seat === seat);
    throw new IllegalMove('undo_barrier', mine ? 'Another player has acted since your last move.' : 'You have made no move to take back.');
  }
  if (last.reveals)
    throw new IllegalMove(
      'undo_barrier',
      'Your last move revealed something (dice, cards or hidden information) and cannot be taken back.',
    );
}

/**
 * How many of the last moves in effect `seat` may take back, one after another ("restart your
 * turn"): its own moves since the last move of another seat or the last move that revealed
 * something, whichever came later. `checkUndo` allows exactly these, one at a time. 0: none.
 */
export function undoableSteps(moves: readonly Pick<EffectiveMove, 'seat' | 'reveals'>[], seat: Seat): number {
  let n = 0;
  for (let i = moves.length - 1; i >= 0 && moves[i].seat === seat && !moves[i].reveals; i--) n++;
  return n;
}

/**
 * Why a move that revealed something cannot be taken back, for the player who made it: "You
 * chose "End turn and draw": the cards you drew cannot be taken back." `label` is the move's
 * button label (`describeMove`), `revealed` what it revealed (`MoveResult.revealed`).
 */
export function undoBarrierText(label: string, revealed?: string): string {
  return `You chose "${label}": ${revealed ?? 'the dice, cards or hidden information it revealed'} cannot be taken back.`;
}
