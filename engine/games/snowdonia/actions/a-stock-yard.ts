import { require_, type Seat } from '../../../core';
import { STOCK_YARD_MAX_COAL, STOCK_YARD_TAKE } from '../components';
import { activeEffects, effectBonus } from '../contracts';
import { say, type Ctx } from '../context';
import type { MoveOf } from '../moves';
import { areaSize } from '../setup';
import { playerName, type SnowdoniaState } from '../state';
import { trainAbility } from '../train';

/**
 * A. STOCK YARD (rulebook): take up to 3 resources, at most 1 Coal, from the Stock Yard; the
 * Labourer on the last space also becomes the Start Player. Train Wyddfa: +1 cube; Contracts:
 * more cubes or more Coal this round.
 */

/** How many cubes and how much Coal `seat` may take at one Stock Yard action now. */
export function stockYardLimits(s: SnowdoniaState, seat: Seat): { cubes: number; coal: number } {
  const cubes = STOCK_YARD_TAKE + (trainAbility(s, seat, 'stock-yard')?.extra ?? 0) + effectBonus(s, seat, 'stock-yard-extra', 'cubes');
  const coal = Math.max(STOCK_YARD_MAX_COAL, ...activeEffects(s, seat, 'stock-yard-coal').map((e) => e.coal));
  return { cubes, coal };
}

/**
 * Every way to take cubes (at least one while the Stock Yard has any: the action is mandatory;
 * "up to 3" allows fewer). Most cubes first.
 */
export function stockYardChoices(s: SnowdoniaState, seat: Seat): MoveOf<'take-cubes'>[] {
  const { cubes, coal: maxCoal } = stockYardLimits(s, seat);
  const y = s.stockYard;
  const out: MoveOf<'take-cubes'>[] = [];
  for (let total = cubes; total >= 1; total--) {
    for (let coal = Math.min(maxCoal, y.coal, total); coal >= 0; coal--) {
      for (let iron = Math.min(y.iron, total - coal); iron >= 0; iron--) {
        const stone = total - coal - iron;
        if (stone <= y.stone) out.push({ type: 'take-cubes', iron, stone, coal });
      }
    }
  }
  return out;
}

/** Takes the chosen cubes from the Stock Yard into `seat`'s personal supply. */
export function takeCubes(s: SnowdoniaState, ctx: Ctx, seat: Seat, m: MoveOf<'take-cubes'>): void {
  const { cubes, coal } = stockYardLimits(s, seat);
  const total = m.iron + m.stone + m.coal;
  require_(total >= 1, 'must_take_cube', 'Take at least one cube: your Labourer is on the Stock Yard.');
  require_(total <= cubes, 'too_many_cubes', `You may take at most ${cubes} cubes.`);
  require_(m.coal <= coal, 'too_much_coal', `You may take at most ${coal} Coal.`);
  require_(
    m.iron <= s.stockYard.iron && m.stone <= s.stockYard.stone && m.coal <= s.stockYard.coal,
    'not_in_stock_yard',
    'The Stock Yard does not have those cubes.',
  );
  const p = s.seats[seat];
  for (const k of ['iron', 'stone', 'coal'] as const) {
    s.stockYard[k] -= m[k];
    p[k] += m[k];
  }
  say(ctx, seat, `${playerName(seat)} took ${cubeList(m)} from the Stock Yard.`);
}

/** The Labourer on the last Stock Yard space takes the Start Player token (rulebook, action A). */
export function takeStartPlayer(s: SnowdoniaState, ctx: Ctx, seat: Seat, space: number): void {
  if (space !== areaSize(s, 'A')) return;
  s.startPlayer = seat;
  say(ctx, seat, `${playerName(seat)} takes the Start Player token.`);
}

/** "2 Iron Ore, 1 Coal". */
export function cubeList(m: { iron: number; stone: number; coal: number }): string {
  const parts = [
    [m.iron, 'Iron Ore'],
    [m.stone, 'Stone'],
    [m.coal, 'Coal'],
  ].filter(([n]) => (n as number) > 0);
  return parts.length === 0 ? 'nothing' : parts.map(([n, w]) => `${n} ${w}`).join(', ');
}
