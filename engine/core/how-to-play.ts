/**
 * "How to play" for one game: a short summary in our own words (not the rulebook's text) and
 * the readings the engine had to choose where a rulebook is silent, unclear or missing. Served
 * by `GET /api/game-types/:id/rules` and shown on each game's How to play page. Pure data.
 */
export interface HowToPlay {
  summary: {
    /** What wins the game, one or two sentences. */
    goal: string;
    /** A turn (or round), step by step, one sentence per step. */
    turn: string[];
    /** When the game ends. */
    end: string;
    /** How the winner is found, ties included. */
    scoring: string;
  };
  /** The engine's readings, each with a stable id and, where one switches it, the option's name. */
  notes: RulesNote[];
}

/** One reading: what the engine does where the rulebook does not settle it. */
export interface RulesNote {
  /** Stable id (kebab-case), for links and tests. */
  id: string;
  /** What the rulebook leaves open and what the engine does, in one or two sentences. */
  text: string;
  /** The game option that switches this reading, if there is one. */
  option?: string;
}
