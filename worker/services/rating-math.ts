import { ordinal, rate, rating } from 'openskill';

/**
 * Ratings as a pure function of ended games, in the order they ended. The server applies one
 * game at a time (`applyEnding`, worker/services/ratings.ts) and `npm run ratings:rebuild`
 * folds every record again (`foldRatings`); both go through `seatOutcomes` and `rateGame` here,
 * so they cannot disagree. No I/O, no clock.
 */

/** What an ended game's record says, as far as ratings and reliability need it. */
export interface EndedRecord {
  gameId: string;
  type: string;
  status: 'finished' | 'abandoned';
  /** The table was created `rated` (the default). */
  rated: boolean;
  /** The table was public (private games change no public rating: their records are not public). */
  isPublic: boolean;
  /** The game had clocks. */
  timed: boolean;
  /**
   * Every seat: a player's account, a bot (`userId` null), or a deleted account's seat; for a
   * deleted account's seat, the rating it had when this game applied it (`ratingBefore`, from the
   * published record: null for a newcomer), which a rebuild takes in place of the account's history.
   */
  seats: { seat: number; userId: string | null; accountDeleted: boolean; ratingBefore?: Skill | null }[];
  /** Each seat's moves of its own in effect at the end (not the bot's for it, nor one played for it on time), by seat number. */
  ownMoves: Record<string, number>;
  /** The engine's result (finished games): seats best first, and the seats that share a place. */
  result: { ranking: number[]; ties?: number[][] } | null;
  /** The events that say who left early: `resign`, `leave`, `timeout`, `clock`, and moves the bot played on time. */
  events: { kind: string; seat: number | null; payload: unknown }[];
}

/**
 * One seat's outcome: its place (0 best; tied seats share one), a win, a resignation, a clock run
 * out, and whether it took part (`TAKING_PART_MOVES`). A game where a human seat did not take part
 * was not played: nobody wins it.
 */
export interface SeatOutcome {
  seat: number;
  userId: string | null;
  place: number;
  won: boolean;
  resigned: boolean;
  timedOut: boolean;
  tookPart: boolean;
}

/**
 * Moves of its own a seat makes to have taken part in a game it left (resigned, ran out of time)
 * or that ended early: a seat that stayed until the game ended by its rules has taken part with
 * one. A game counts (for ratings, reliability and finished games) only when every human seat took
 * part: a second account that joins and resigns at once, or a bot game resigned at once, counts for
 * nobody; the leaver's reliability still pays for it.
 */
export const TAKING_PART_MOVES = 5;

/** Why a game did or did not change ratings (`RatedWhy` codes, in the record's `ending`). */
export type RatedWhy = 'rated' | 'unrated_table' | 'private_table' | 'fewer_than_two_players' | 'not_played' | 'nobody_left';

/** What a game's end counts for: each seat's outcome, whether every human seat took part, whether it is rated and why. */
export interface Judgement {
  seats: SeatOutcome[];
  played: boolean;
  rated: boolean;
  why: RatedWhy;
}

/** An OpenSkill (Weng-Lin, Plackett-Luce) rating and how many rated games made it. */
export interface Skill {
  mu: number;
  sigma: number;
  games: number;
}

/** A rating is shown (as its ordinal) from this many rated games on; "provisional" before. */
export const PROVISIONAL_GAMES = 5;

/** The shown number: OpenSkill's ordinal, `mu - 3 sigma`. */
export function skillOrdinal(s: Pick<Skill, 'mu' | 'sigma'>): number {
  return ordinal(s);
}

/** A human seat: a player's account, or one deleted since (still a person who played). */
const isHuman = (s: EndedRecord['seats'][number]) => s.userId !== null || s.accountDeleted;

/** Seats that resigned (or left a running game) and seats that ran out of time, from the events. */
function leavers(events: EndedRecord['events']): { resigned: Set<number>; timedOut: Set<number> } {
  const resigned = new Set<number>();
  const timedOut = new Set<number>();
  for (const e of events) {
    const p = (e.payload ?? {}) as { timeout?: boolean; seats?: number[]; handedToBot?: number };
    if ((e.kind === 'resign' || e.kind === 'leave') && e.seat !== null) resigned.add(e.seat);
    else if (e.kind === 'move' && p.timeout && e.seat !== null) timedOut.add(e.seat);
    else if (e.kind === 'timeout') for (const s of p.seats ?? []) timedOut.add(s);
    // The table voted the late seat to the bot: its player let the clock run out on them.
    else if (e.kind === 'clock' && typeof p.handedToBot === 'number') timedOut.add(p.handedToBot);
  }
  return { resigned, timedOut };
}

/**
 * Each seat's outcome. A finished game places seats by the engine's ranking (tied seats share a
 * place); a game abandoned early has no ranking, so every seat that stayed shares first place.
 * Either way a seat that resigned or ran out of time ranks last, below everyone who stayed.
 */
export function seatOutcomes(rec: EndedRecord): SeatOutcome[] {
  const { resigned, timedOut } = leavers(rec.events);
  const left = (seat: number) => resigned.has(seat) || timedOut.has(seat);
  const order = rec.result?.ranking ?? [];
  const tieOf = (seat: number) => rec.result?.ties?.find((t) => t.includes(seat));
  // Raw place: position in the ranking, a tie group at the place of its best member.
  const raw = new Map<number, number>();
  order.forEach((seat, i) => {
    const tie = tieOf(seat);
    raw.set(seat, tie ? Math.min(...tie.map((s) => order.indexOf(s)).filter((x) => x >= 0)) : i);
  });
  const key = (seat: number) => (left(seat) ? 1e6 : (raw.get(seat) ?? 0));
  const distinct = [...new Set(rec.seats.map((s) => key(s.seat)))].sort((a, b) => a - b);
  const own = (seat: number) => rec.ownMoves[String(seat)] ?? 0;
  const tookPart = (seat: number) =>
    own(seat) >= TAKING_PART_MOVES || (rec.status === 'finished' && rec.result !== null && !left(seat) && own(seat) >= 1);
  const played = rec.seats.filter(isHuman).every((s) => tookPart(s.seat));
  return rec.seats.map((s) => ({
    seat: s.seat,
    userId: s.userId,
    place: distinct.indexOf(key(s.seat)),
    won: played && rec.status === 'finished' && !left(s.seat) && distinct.indexOf(key(s.seat)) === 0,
    resigned: resigned.has(s.seat),
    timedOut: timedOut.has(s.seat),
    tookPart: !isHuman(s) || tookPart(s.seat),
  }));
}

/**
 * What the game's end counts for: rated when the table was rated and public, it had two human
 * seats or more, every human seat took part (`TAKING_PART_MOVES`), and the outcome says something
 * (a game abandoned with nobody to blame ranks nobody). `why` says which held it back, first failing first.
 */
export function judgeGame(rec: EndedRecord): Judgement {
  const seats = seatOutcomes(rec);
  const played = seats.every((o) => o.tookPart);
  const why: RatedWhy = !rec.rated
    ? 'unrated_table'
    : !rec.isPublic
      ? 'private_table'
      : rec.seats.filter(isHuman).length < 2
        ? 'fewer_than_two_players'
        : !played
          ? 'not_played'
          : rec.status === 'abandoned' && !seats.some((o) => o.resigned || o.timedOut)
            ? 'nobody_left'
            : 'rated';
  return { seats, played, rated: why === 'rated', why };
}

/** The game counts for ratings (`judgeGame`'s `rated`). */
export function isRatedGame(rec: EndedRecord): boolean {
  return judgeGame(rec).rated;
}

/** The rating key of a human seat: its account, or (deleted account) a newcomer of this game alone. */
export function seatKey(rec: Pick<EndedRecord, 'gameId'>, s: { seat: number; userId: string | null }): string {
  return s.userId ?? `deleted:${rec.gameId}:${s.seat}`;
}

/**
 * New ratings of one rated game's players: OpenSkill free-for-all, each player a team of one,
 * ranked by place (ties allowed). `before` gives each key's rating so far (undefined: a newcomer).
 * Players go to the model sorted by place then key, so the seats' order cannot matter.
 */
export function rateGame(players: { key: string; place: number }[], before: (key: string) => Skill | undefined): Map<string, Skill> {
  const sorted = [...players].sort((a, b) => a.place - b.place || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const olds = sorted.map((p) => before(p.key));
  const teams = olds.map((o) => [o ? rating({ mu: o.mu, sigma: o.sigma }) : rating()]);
  const after = rate(teams, { rank: sorted.map((p) => p.place + 1) });
  return new Map(sorted.map((p, i) => [p.key, { mu: after[i][0].mu, sigma: after[i][0].sigma, games: (olds[i]?.games ?? 0) + 1 }]));
}

/** The players of a rated game as `rateGame` takes them. */
export function ratedPlayers(rec: EndedRecord, outcomes: SeatOutcome[]): { key: string; place: number }[] {
  const human = new Set(rec.seats.filter(isHuman).map((s) => s.seat));
  return outcomes.filter((o) => human.has(o.seat)).map((o) => ({ key: seatKey(rec, o), place: o.place }));
}

/** A rated seat's rating before and after the game (`before` null: a newcomer), as its record publishes it. */
export interface SeatRating {
  before: Skill | null;
  after: Skill;
}

/**
 * The new ratings of a judged game's human seats, by seat: `before` gives a key's rating so far
 * (undefined: a newcomer). A deleted account's seat takes the rating its record kept
 * (`ratingBefore`) rather than a newcomer's, so the others' ratings come out as they were applied.
 * Empty for an unrated game.
 */
export function rateEnding(rec: EndedRecord, judged: Judgement, before: (key: string) => Skill | undefined): Map<number, SeatRating> {
  if (!judged.rated) return new Map();
  const seatOf = new Map(rec.seats.map((s) => [s.seat, s]));
  const prior = (key: string): Skill | undefined => {
    if (!key.startsWith('deleted:')) return before(key);
    const kept = seatOf.get(Number(key.slice(key.lastIndexOf(':') + 1)))?.ratingBefore;
    return kept ?? undefined;
  };
  const players = ratedPlayers(rec, judged.seats);
  const next = rateGame(players, prior);
  return new Map(
    players.map((p) => {
      const seat = judged.seats.find((o) => seatKey(rec, o) === p.key)!.seat;
      const was = prior(p.key);
      return [seat, { before: was ? { mu: was.mu, sigma: was.sigma, games: was.games } : null, after: next.get(p.key)! }];
    }),
  );
}

/** Everything the records give, folded in order: each game's judgement and seat ratings, and the ratings by `userId\ttype`. */
export interface Fold {
  outcomes: Map<string, Judgement & { ratings: Map<number, SeatRating> }>;
  ratings: Map<string, Skill>;
}

/** The rating map's key of a player and game type. */
export const ratingKey = (userId: string, type: string) => `${userId}\t${type}`;

/** Folds ended records, oldest ending first, into outcomes and ratings (deleted accounts' ratings are not kept). */
export function foldRatings(records: Iterable<EndedRecord>): Fold {
  const fold: Fold = { outcomes: new Map(), ratings: new Map() };
  for (const rec of records) {
    const judged = judgeGame(rec);
    const rated = rateEnding(rec, judged, (key) => fold.ratings.get(ratingKey(key, rec.type)));
    fold.outcomes.set(rec.gameId, { ...judged, ratings: rated });
    for (const [seat, r] of rated) {
      const userId = rec.seats.find((s) => s.seat === seat)?.userId;
      if (userId) fold.ratings.set(ratingKey(userId, rec.type), r.after);
    }
  }
  return fold;
}

/** A rated game as its record publishes it (`ending` of a record; the fields a fold needs). */
export interface PublishedEnding {
  gameId: string;
  order: number;
  seats: { seat: number; playerId: string | null; deleted: boolean; place: number; rating: SeatRating | null }[];
}

/**
 * Folds published rated games (one game type, in `order`) with no database: every rating they
 * give, by player id, and each place where a published rating differs from the fold (a seat's
 * `before` that is not the player's rating so far, an `after` the model does not give). A deleted
 * account's seat takes its published `before`. `npm run ratings:rebuild -- --from <url>`.
 */
export function foldPublished(endings: Iterable<PublishedEnding>): { ratings: Map<string, Skill>; differences: string[] } {
  const ratings = new Map<string, Skill>();
  const differences: string[] = [];
  const near = (a: Skill | null | undefined, b: Skill | null | undefined) =>
    (!a && !b) || (!!a && !!b && a.games === b.games && Math.abs(a.mu - b.mu) < 1e-9 && Math.abs(a.sigma - b.sigma) < 1e-9);
  for (const e of endings) {
    const rated = e.seats.filter((s) => s.rating !== null);
    const key = (s: PublishedEnding['seats'][number]) => s.playerId ?? `deleted:${e.gameId}:${s.seat}`;
    const before = (s: PublishedEnding['seats'][number]) =>
      s.playerId && !s.deleted ? ratings.get(s.playerId) : (s.rating?.before ?? undefined);
    for (const s of rated)
      if (!near(before(s), s.rating!.before)) differences.push(`${e.gameId} seat ${s.seat}: published rating before differs from the fold`);
    const next = rateGame(
      rated.map((s) => ({ key: key(s), place: s.place })),
      (k) => {
        const s = rated.find((x) => key(x) === k)!;
        return before(s);
      },
    );
    for (const s of rated) {
      const after = next.get(key(s))!;
      if (!near(after, s.rating!.after)) differences.push(`${e.gameId} seat ${s.seat}: published rating after differs from the fold`);
      if (s.playerId && !s.deleted) ratings.set(s.playerId, after);
    }
  }
  return { ratings, differences };
}
