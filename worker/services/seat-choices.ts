import type { AnyGame, SeatChoice } from '../../engine/core';
import { ApiError } from '../http/errors';

/** A seat's setup choices, by `SeatChoice.id`: `{ rocket: 'blue' }`. */
export type Choices = Record<string, string>;

/** A seat and what it chose (seats without a choice have `{}`). */
export interface SeatWithChoices {
  seat: number;
  choices: Choices;
}

/** The game's per-seat setup choices (`Game.seatChoices`), none for most games. */
export function seatChoicesOf(game: AnyGame): SeatChoice[] {
  return game.seatChoices ?? [];
}

/** The options that carry seat choices (left out of the options lines, `optionsText`). */
export function choiceOptionKeys(game: AnyGame | undefined): string[] {
  return game ? seatChoicesOf(game).map((c) => c.option) : [];
}

/**
 * A request's choices, checked against the game's `seatChoices`: every key a choice of this game,
 * every value one of its values. Returns a plain copy. Throws 400 `bad_choice` naming what is
 * allowed.
 */
export function parseChoices(game: AnyGame, raw: Record<string, string> | undefined): Choices {
  const out: Choices = {};
  if (!raw) return out;
  const offered = seatChoicesOf(game);
  for (const [key, value] of Object.entries(raw)) {
    const choice = offered.find((c) => c.id === key);
    if (!choice) {
      const ids = offered.map((c) => `"${c.id}"`).join(', ');
      throw new ApiError(
        400,
        'bad_choice',
        ids ? `${game.title} lets each player choose ${ids} only.` : `${game.title} has no choices for players to make.`,
      );
    }
    if (!choice.values.some((v) => v.id === value)) {
      throw new ApiError(
        400,
        'bad_choice',
        `"${String(value).slice(0, 40)}" is not a ${choice.label}. Choose one of: ${choice.values.map((v) => v.id).join(', ')}.`,
      );
    }
    out[key] = value;
  }
  return out;
}

/**
 * Refuses choices another seat holds already (each value goes to one seat only).
 * Throws 409 `choice_taken` naming the value.
 */
export function checkChoicesFree(game: AnyGame, others: readonly SeatWithChoices[], seat: number, choices: Choices): void {
  for (const choice of seatChoicesOf(game)) {
    const value = choices[choice.id];
    if (value === undefined) continue;
    const holder = others.find((s) => s.seat !== seat && s.choices?.[choice.id] === value);
    if (holder) {
      const label = choice.values.find((v) => v.id === value)!.label;
      throw new ApiError(409, 'choice_taken', `The ${label} is taken by seat ${holder.seat + 1}. Choose another one.`);
    }
  }
}

/**
 * Refuses creation options that set a choice's option (each player makes that choice, with
 * `choices`). Throws 400 `bad_options`.
 */
export function refuseChoiceOptions(game: AnyGame, options: unknown): void {
  if (!options || typeof options !== 'object') return;
  for (const choice of seatChoicesOf(game)) {
    if (choice.option in options) {
      throw new ApiError(
        400,
        'bad_options',
        `Options: ${choice.option}: each player chooses their ${choice.label} (send "choices": { "${choice.id}": ... } when creating or joining).`,
      );
    }
  }
}

/**
 * The options `setup` gets when the game starts: for each seat choice, its option set to every
 * seat's value in seat order; a seat that chose nothing (a bot, or a player who did not mind)
 * gets the first value nobody chose. Options of games without seat choices are returned as they are.
 */
export function optionsWithChoices(game: AnyGame, options: unknown, players: number, seated: readonly SeatWithChoices[]): unknown {
  const offered = seatChoicesOf(game);
  if (offered.length === 0) return options;
  const out: Record<string, unknown> = { ...(options as Record<string, unknown>) };
  for (const choice of offered) {
    const chosen = Array.from({ length: players }, (_, seat) => seated.find((s) => s.seat === seat)?.choices?.[choice.id]);
    const left = choice.values.map((v) => v.id).filter((id) => !chosen.includes(id));
    out[choice.option] = chosen.map((value) => value ?? left.shift()!);
  }
  return out;
}

/**
 * A rematch's seats keep their choices: each seat's values read back from the finished game's
 * options, and the options without them (they are filled again when the rematch starts).
 */
export function choicesFromOptions(game: AnyGame, options: unknown, players: number): { options: unknown; choices: Choices[] } {
  const rest: Record<string, unknown> = { ...(options as Record<string, unknown>) };
  const choices: Choices[] = Array.from({ length: players }, () => ({}));
  for (const choice of seatChoicesOf(game)) {
    const values = rest[choice.option];
    delete rest[choice.option];
    if (!Array.isArray(values)) continue;
    values.forEach((value, seat) => {
      if (seat < players && typeof value === 'string') choices[seat][choice.id] = value;
    });
  }
  return { options: rest, choices };
}
