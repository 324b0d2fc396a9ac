import type { SeatChoice, Seat } from '../../core';
import { ROCKETS, STARPORT_IDS, type StarportId } from './components';
import { colorWord } from './words';

/** The Rocket colours, the ids of the `rocket` seat choice and of the `rockets` option ("red" ...). */
export const ROCKET_COLORS = ROCKETS.map((r) => r.color) as readonly string[];

/**
 * Rulebook, Setup: "Each player chooses a Rocket." The platform asks each player for a colour
 * (`Game.seatChoices`) and passes them to setup as the `rockets` option, one colour per seat.
 */
export const ROCKET_CHOICE: SeatChoice = {
  id: 'rocket',
  label: 'Rocket',
  option: 'rockets',
  values: ROCKET_COLORS.map((color) => ({ id: color, label: `${colorWord(color)} Rocket` })),
};

/**
 * The Rocket a seat flies (its colour and home Starport): `options.rockets[seat]` when the game
 * was set up with chosen colours, else seat i flies Rocket i (rules version 1 games, and games
 * set up without choices). `rockets` was checked by the options schema and `setupGame`.
 */
export function rocketOf(s: { options: { rockets?: readonly string[] } }, seat: Seat): { color: string; home: StarportId } {
  const rockets = s.options.rockets;
  return ROCKETS[rockets ? ROCKET_COLORS.indexOf(rockets[seat]) : seat];
}

/** The index in `STARPORTS` of a seat's home Starport (the Starport of its Rocket's colour). */
export function homeStarport(s: { options: { rockets?: readonly string[] } }, seat: Seat): number {
  return STARPORT_IDS.indexOf(rocketOf(s, seat).home);
}

/** A seat's Rocket colour for people ("Red"): its role beside the player's name (`Game.seatRole`). */
export function rocketName(seat: Seat, s?: { options: { rockets?: readonly string[] } }): string {
  return colorWord(s ? rocketOf(s, seat).color : ROCKETS[seat].color);
}
