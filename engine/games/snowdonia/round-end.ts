import { EVENT_TRACK, WEATHER_NAMES, contractData } from './components';
import type { Ctx } from './context';
import { playerName, type SnowdoniaState } from './state';
import { currentWeather } from './weather';

/**
 * What a round's end changes, taken before phases 3 to 5 run (or before the rest of the Event
 * cubes after Train maintenance), so that one line can say what they did (`sayRoundEnd`).
 */
export interface RoundMark {
  round: number;
  workRate: { excavation: number; layTrack: number };
  stockYard: { iron: number; stone: number; coal: number };
  eventTrack: boolean[];
  siteOffice: (number | null)[];
}

/** The parts of `s` a round's end changes, copied. */
export function markRound(s: SnowdoniaState): RoundMark {
  return {
    round: s.round,
    workRate: { ...s.workRate },
    stockYard: { iron: s.stockYard.iron, stone: s.stockYard.stone, coal: s.stockYard.coal },
    eventTrack: [...s.eventTrack],
    siteOffice: [...s.siteOffice],
  };
}

/**
 * Logs the one `phase` line that sums up what the end of round `mark.round` did since `mark`
 * (rulebook, 3. Restock Contract Cards, 4. Check the Weather, 5. Restock the Stock Yard):
 * "Round 3 is over. Site Office: Contract 12 "Survey" drawn. Weather: Rain, Excavation Work Rate
 * 3 -> 2, Lay Track Work Rate 2 -> 1. Stock Yard restocked: 2 Iron Ore, 3 Stone, 1 Coal. Event 2:
 * Trains for sale." `phases` is false after Train maintenance, when only Event cubes were left to
 * place. The next round's Start Player ends the line once it has begun (`s.round` moved on).
 */
export function sayRoundEnd(s: SnowdoniaState, ctx: Ctx, mark: RoundMark, phases = true): void {
  const parts: string[] = [phases ? `Round ${mark.round} is over.` : 'Train maintenance is done.'];
  if (phases) {
    const drawn = s.siteOffice.filter((id): id is number => id !== null && !mark.siteOffice.includes(id));
    parts.push(
      drawn.length
        ? `Site Office: ${drawn.map((id) => `Contract ${id} "${contractData(id).name}"`).join(', ')} drawn.`
        : 'Site Office: no Contract drawn.',
    );
    const w = currentWeather(s);
    const rate = (name: string, from: number, to: number) => `${name} Work Rate ${from === to ? `stays ${to}` : `${from} -> ${to}`}`;
    parts.push(
      w === null
        ? 'Weather: none.'
        : `Weather: ${WEATHER_NAMES[w]}${w === 'fog' ? ' (no Labourer on EXCAVATION or LAY TRACK next round)' : ''}, ${rate('Excavation', mark.workRate.excavation, s.workRate.excavation)}, ${rate('Lay Track', mark.workRate.layTrack, s.workRate.layTrack)}.`,
    );
    const added = {
      iron: s.stockYard.iron - mark.stockYard.iron,
      stone: s.stockYard.stone - mark.stockYard.stone,
      coal: s.stockYard.coal - mark.stockYard.coal,
    };
    const cubes = [`${added.iron} Iron Ore`, `${added.stone} Stone`, `${added.coal} Coal`];
    parts.push(added.iron + added.stone + added.coal > 0 ? `Stock Yard restocked: ${cubes.join(', ')}.` : 'Stock Yard: nothing added.');
  }
  const events = s.eventTrack.flatMap((on, i) => (on && !mark.eventTrack[i] ? [EVENT_TRACK[i]] : []));
  for (const ev of events) parts.push(`Event ${ev.space}: ${ev.name}.`);
  if (s.step.kind === 'maintenance') parts.push('Train owners decide: pay a Steel Bar or lose the Train.');
  else if (s.step.kind !== 'over' && s.round > mark.round)
    parts.push(`Round ${s.round}: ${playerName(s.startPlayer)} is the Start Player.`);
  ctx.log.push({ seat: null, text: parts.join(' '), kind: 'phase' });
}
