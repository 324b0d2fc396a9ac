/**
 * Shapes of the JSON the API returns (see worker/). The client only reads these;
 * the server is the authority on every rule.
 */

export interface Me {
  id: string;
  email: string;
  name: string | null;
}

/** A JSON Schema fragment, as produced from a game's zod options schema. */
export type JsonSchema = {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  [key: string]: unknown;
};

export interface GameType {
  id: string;
  title: string;
  minPlayers: number;
  maxPlayers: number;
  options: JsonSchema;
  /** Choices each player makes for their own seat (Space Mountain: the Rocket); absent or empty for most games. */
  seatChoices?: import('./lobby-types').SeatChoice[];
}

export type GameStatus = 'open' | 'active' | 'finished' | 'abandoned';

export interface SeatInfo {
  seat: number;
  name: string | null;
  userId: string | null;
  /** The built-in bot plays this seat (a bot seat, or a player who resigned to the bot). */
  isBot?: boolean;
}

export interface GameSummary {
  id: string;
  type: string;
  title: string;
  status: GameStatus;
  players: number;
  seats: SeatInfo[];
  yourSeat: number | null;
  yourTurn: boolean;
  version: number;
  updatedAt: string;
}

export interface GameResult {
  scores: number[];
  ranking: number[];
  summary?: string | null;
}

export interface GameMeta {
  id: string;
  type: string;
  title: string;
  status: GameStatus;
  players: number;
  options: Record<string, unknown>;
  seats: SeatInfo[];
  version: number;
  seedHash: string;
  /** The secret seed, published once the game is over (null while it runs). */
  seed?: string | null;
  createdAt: string;
  yourSeat: number | null;
  isCreator: boolean;
  inviteUrl?: string | null;
  result?: GameResult | null;
  /** Time allowed per move (absent from older servers: treat as 'none'). */
  timeControl?: unknown;
  /** The time control in the server's words ("Fast: 72 h, +12 h a turn, at most 120 h"). */
  timeControlText?: string;
  /** What happens at a deadline: the built-in bot plays the turn, or the game ends. */
  onTimeout?: 'bot' | 'end';
  /** When the current turn times out: a UTC ISO instant, or null (no time limit, not running). */
  deadlineAt?: string | null;
  /** Anyone with the link may watch (view, log, chat); private games only their players. */
  isPublic?: boolean;
  /** When a player resigns: the bot takes the seat, or the game ends. */
  onResign?: 'bot' | 'end';
  /** The game this one is a rematch of, and the rematch of this one (null when none). */
  rematchOf?: string | null;
  rematchId?: string | null;
}

export interface LegalMove {
  label: string;
  move: unknown;
  /** `'none'`: the move is legal but would change nothing now (the page asks before sending it). */
  effect?: 'none';
  /** A short warning about what the move does (the page asks before sending it). */
  warning?: string;
}

export interface GameState {
  id: string;
  type: string;
  status: GameStatus;
  version: number;
  yourSeat: number | null;
  activeSeats: number[];
  view: unknown;
  legalMoves: LegalMove[];
  result: GameResult | null;
  /** The viewer may take back their last move now (absent from older servers). */
  canUndo?: boolean;
  /** A bot seat is among the active seats (it plays right after this answer): poll until false. */
  botsToMove?: boolean;
  /** For a seated viewer: the log lines after the version they last looked at, oldest first. */
  sinceLastSeen?: SinceLastSeen | null;
}

/** `GET /state`'s "since you last looked". */
export interface SinceLastSeen {
  fromVersion: number;
  entries: LogEntry[];
  /** Older unseen lines were left out (the full log has them). */
  truncated?: boolean;
}

export interface LogEntry {
  seq: number;
  seat: number | null;
  text: string;
  at: string;
  /** The move was taken back: the line stays, struck through. */
  undone?: boolean;
}

/** One line of a game's chat (`GET /api/games/:id/chat`). `seat` is null for a watcher. */
export interface ChatLine {
  id: number;
  seat: number | null;
  name: string;
  text: string;
  at: string;
}

/** The game right after event `seq` (`GET /api/games/:id/replay/:seq`). */
export interface ReplayStep {
  seq: number;
  version: number;
  yourSeat: number | null;
  /** The event's kind (`start`, `move`, `undo`, `join`, `resign`, ...). */
  kind: string | null;
  /** The log lines that event wrote, as the viewer may read them. */
  log: string[];
  /** The viewer's view after the event; null before the game started. */
  view: unknown;
  /** Every seat's view, once the game is over (else null). */
  views: unknown[] | null;
  /** The full state, once the game is over (else null). */
  state: unknown;
}
