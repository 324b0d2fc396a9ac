import type { z } from 'zod';
import type { HowToPlay } from './how-to-play';

/** A seat at the table: 0-based index in play order. */
export type Seat = number;

/**
 * One line of a game's log. Entries are public unless `only` lists the seats that may read them
 * (a private detail such as "you drew Gold"); the engine emits a public counterpart when others
 * should learn that something happened. Spectators (`seat === null`) see public entries only.
 */
export interface LogEntry {
  /** Who acted, or null for the game itself (a Fate card, a new round). */
  seat: Seat | null;
  /** Human sentence, already redacted for everyone who may read it. */
  text: string;
  /** Seats allowed to read this entry; absent = everyone. */
  only?: Seat[];
  /**
   * What sort of line it is; absent: an ordinary line. `'phase'`: the one line that sums up what
   * the game itself did when a round or phase ended or the game's last stage began ("Round 3 is
   * over. Weather: Rain ..."), so a page can show it as a card and a turn email lead with it.
   */
  kind?: 'phase';
}

/** What `applyMove` returns. `reveals` marks an undo barrier (randomness or hidden information). */
export interface MoveResult<S> {
  state: S;
  log: LogEntry[];
  reveals: boolean;
  /**
   * With `reveals`: what became known, as the subject of "... cannot be taken back" ("the cards
   * you drew", "the Encounter token flipped"), so the mover can be told why Undo is not offered.
   */
  revealed?: string;
}

/** A note on a legal move (`Game.moveNote`): it would do nothing now, and why. */
export interface MoveNote {
  /** `'none'`: the move is legal but has no effect now (the page asks before sending it). */
  effect?: 'none';
  /** A short sentence for the player ("Nothing to pan in Town"). */
  warning?: string;
}

/** Final outcome: `scores[seat]`, `ranking` = seats best first (rulebook tie-breakers applied). */
export interface GameResult {
  scores: number[];
  ranking: Seat[];
  /** Seats that share a place after every tie-breaker, if any. */
  ties?: Seat[][];
  /** Short human summary ("Ada visited all 5 Starports first"). */
  summary?: string;
  /**
   * What `scores` count, in the rulebook's words ("points", "VP"): `Game.scoreLabel`, added by the
   * platform to the results it answers (`resultWithLabel`), never by an engine's `result` (whose
   * output recorded games compare byte for byte).
   */
  scoreLabel?: string;
}

/** A result as the platform answers it: `Game.scoreLabel` beside the scores; null stays null. */
export function resultWithLabel(game: { scoreLabel?: string } | undefined, result: GameResult | null): GameResult | null {
  if (!result || !game?.scoreLabel) return result;
  return { ...result, scoreLabel: game.scoreLabel };
}

/**
 * A choice the rulebook gives each player before the game begins (Space Mountain, Setup: "Each
 * player chooses a Rocket"). Each value goes to at most one seat. The platform asks the players
 * while the game waits for them, then writes every seat's value, in seat order, into the option
 * `option` before `setup`; seats that chose nothing (bots too) get the values left over, in the
 * order of `values`. Players never set `option` themselves.
 */
export interface SeatChoice {
  /** Key of the choice in a seat's choices (`{ rocket: 'blue' }`). */
  id: string;
  /** For people: "Rocket". */
  label: string;
  /** The option that carries the seats' values into `setup`: an array indexed by seat. */
  option: string;
  /** The values, in the order unchosen seats take them; `label` names each in words ("Blue Rocket"). */
  values: { id: string; label: string }[];
}

/** Inputs of `setup`. `seed` is the game's secret random seed (hex, 32 chars = 128 bits). */
export interface SetupContext<O> {
  players: number;
  options: O;
  seed: string;
}

/**
 * The Game contract (docs/design.md, "The Game contract"). Every function is pure and deterministic:
 * no clock, no unseeded randomness, no I/O; the RNG state lives inside `S`.
 * `S` is the full state (plain JSON), `M` a move (plain JSON), `O` options, `V` a seat's view.
 */
// biome-ignore lint/suspicious/noExplicitAny: defaults so a registry can hold games of different types (see AnyGame)
export interface Game<S = any, M = any, O = any, V = any> {
  /** API id, e.g. `space-mountain`. */
  id: string;
  title: string;
  minPlayers: number;
  maxPlayers: number;
  /** Bumped whenever rules code could change the outcome of a recorded history. */
  rulesVersion: string;
  /**
   * Older rules versions this engine still replays exactly: a reading changed since then sits
   * behind an option whose absence (in games set up under the old version) keeps the old reading.
   */
  replaysRulesVersions?: string[];
  optionsSchema: z.ZodType<O>;
  moveSchema: z.ZodType<M>;
  setup(ctx: SetupContext<O>): S;
  /** Seats that must act now; empty once the game is over. */
  activeSeats(state: S): Seat[];
  /** Every legal move for `seat` now (empty when it is not that seat's turn). */
  legalMoves(state: S, seat: Seat): M[];
  /** Applies one move. Throws `IllegalMove` with a reason when the rules refuse it. */
  applyMove(state: S, seat: Seat, move: M): MoveResult<S>;
  /**
   * Optional fast path of `applyMove` for trusted replays (`replayMoves`): the same checks, effect,
   * log and errors, but it changes `state` itself instead of returning a copy. Only for a state the
   * caller owns exclusively: one returned by this game's `applyMove` or `applyMoveInPlace` in the
   * same replay, never a setup state or one anybody else holds. A game that offers it promises
   * that such a state shares no object with the previous state, the move, component constants or
   * the log, and that it never keeps a reference to (part of) a move, so that later in-place moves
   * change nothing outside it. After a throw the state is half-changed and must be thrown away.
   */
  applyMoveInPlace?(state: S, seat: Seat, move: M): Omit<MoveResult<S>, 'state'>;
  /** What `seat` (or a spectator, `null`) may see; built field by field, never a stripped copy. */
  view(state: S, seat: Seat | null): V;
  /** Null while the game runs; final scores and ranking once it is over. */
  result(state: S): GameResult | null;
  /** What the score column counts, in the rulebook's words: "points", "VP" (see `GameResult.scoreLabel`). */
  scoreLabel?: string;
  /** A short label for a move, for buttons and logs ("Go", "Turn left"). */
  describeMove?(move: M, state: S, seat: Seat): string;
  /**
   * The game's name for a seat's role, shown beside the player's display name and never instead
   * of it: the Rocket colour ("Red"), the Locomotive ("U.R. Courageous"), "Player 1". Log
   * lines name players with `{{p:N}}` markers (engine/core/log-names.ts), never with this.
   * Pass the state: a role can depend on choices made at setup (`seatChoices`); without it, the
   * role of a game set up without choices.
   */
  seatRole?(seat: Seat, state?: S): string;
  /** Choices each player makes before the game begins (see `SeatChoice`); absent: none. */
  seatChoices?: SeatChoice[];
  /**
   * What a legal move would do now, when that is worth a word before it is sent ("no silent
   * no-ops"): `effect: 'none'` when the move is legal but changes nothing except using up the
   * action (Pan for Gold in Town), `warning` a short sentence saying why. Undefined for an
   * ordinary move. Called only with moves from `legalMoves(state, seat)`.
   */
  moveNote?(move: M, state: S, seat: Seat): MoveNote | undefined;
  /** The How to play summary and the engine's rules readings (`GET /api/game-types/:id/rules`). */
  howToPlay?: HowToPlay;
  /**
   * The sentence for `seat` (a spectator: null) about what happens now, from that seat's side:
   * what to do when it must act ("Your turn: choose Go or Refuel."), else what the game waits for
   * ("Waiting for {{p:1}} to place a Labourer."). Players are named with `{{p:N}}` markers, as in
   * log lines; every surface (turn bar, board, email, push) renders them. Null when the game has
   * nothing to say (the platform's own line is used). See `GameWords`.
   */
  prompt?(view: V, seat: Seat | null): string | null;
  /** Words for the quantities of a seat's view a returning player checks (see `GameWords.quantities`). */
  quantityWords?: Readonly<Record<string, string>>;
  /** Picks a move for the built-in bot; defaults to the first legal move when absent. */
  botMove?(state: S, seat: Seat, legal: M[], rand: number): M;
  /**
   * The commuting rule (`movesCommute`): `seat` chose `move` while the game stood at
   * `before`, and other seats have moved since, giving `now`. True when none of those moves
   * changed anything `seat` could have based its choice on, so the move may be applied to `now`
   * (e.g. other seats' secret simultaneous decisions: only "who has decided" differs). Called
   * only when the move is legal in both states and `seat`'s legal moves are the same in both.
   * Absent: the seat's whole `view` must be the same in both states.
   */
  commutes?(before: S, now: S, seat: Seat, move: M): boolean;
}

/**
 * The words a game gives every surface, in a module of its own (`engine/games/<id>/words.ts`)
 * that imports no rules, tables or schemas, so a client can carry it in its first bundle.
 * The game's `Game` object uses the same values (`id`, `title`, `prompt`, `quantityWords`).
 */
export interface GameWords<V = unknown> {
  /** The game's API id, e.g. `space-mountain` (`Game.id`). */
  id: string;
  /** The game's name, e.g. "Space Mountain: All Systems Go". */
  title: string;
  /** See `Game.prompt`: one sentence about now for `seat`, players as `{{p:N}}` markers. */
  prompt(view: V, seat: Seat | null): string | null;
  /**
   * The quantities of a view a returning player checks, by dotted key into one player's entry
   * of the view (`players[i]` or `seats[i]`) or into the view's top level, `(count)` for a
   * list's length (`'upgrades(count)'`), in the rulebook's words ("Gold Nuggets in the Mine
   * Cart"). Anything else in a view is left out of "what changed".
   */
  quantities: Readonly<Record<string, string>>;
}

/** A game with its types erased, as the platform holds it. */
// biome-ignore lint/suspicious/noExplicitAny: the erased type; each game's own module keeps its types
export type AnyGame = Game<any, any, any, any>;
