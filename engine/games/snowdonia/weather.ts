import { WEATHER_EFFECTS, WEATHER_NAMES, WORK_RATE, contractData, type AreaId, type Weather } from './components';
import { say, type Ctx } from './context';
import { areaSize } from './setup';
import type { SnowdoniaState } from './state';

/** The weather on the "!" space of the Weather Track (null in round 1: no disc there yet). */
export function currentWeather(s: SnowdoniaState): Weather | null {
  return s.weatherTrack[0];
}

/** The weather icon on the back of the top Contract card: public, it is the forecast (Setup 12). */
export function forecast(s: SnowdoniaState): Weather | null {
  return s.contractDeck.length > 0 ? contractData(s.contractDeck[0]).weather : null;
}

/**
 * Fog (rulebook, 4. Check the Weather): a Weather disc on EXCAVATION and LAY TRACK means no
 * Labourer may be placed there this round; with the Thinner Fog variant only their last space
 * is covered. `index` is 0-based.
 */
export function blockedByFog(s: SnowdoniaState, area: AreaId, index: number): boolean {
  if (currentWeather(s) !== 'fog' || (area !== 'B' && area !== 'D')) return false;
  return s.options.thinnerFog ? index === areaSize(s, area) - 1 : true;
}

/**
 * 4. CHECK THE WEATHER (rulebook): the disc on "!" returns to the supply, the discs shift left,
 * a new disc matching the top Contract card's back enters on the right; then Sun (+2 / +1) or
 * Rain (-1 / -1) moves the Work Rate markers within the track ends, Fog moves nothing.
 * Reconstruction: with an empty Contract deck no new disc enters.
 */
export function checkWeather(s: SnowdoniaState, ctx: Ctx): void {
  const next = forecast(s);
  s.weatherTrack = [s.weatherTrack[1], s.weatherTrack[2], next];
  const w = currentWeather(s);
  if (w === null) {
    say(ctx, null, 'No weather this round.');
    return;
  }
  const e = WEATHER_EFFECTS[w];
  const clamp = (v: number, t: { min: number; max: number }) => Math.min(t.max, Math.max(t.min, v));
  s.workRate.excavation = clamp(s.workRate.excavation + e.excavation, WORK_RATE.excavation);
  s.workRate.layTrack = clamp(s.workRate.layTrack + e.layTrack, WORK_RATE.layTrack);
  const rates = `Excavation Work Rate ${s.workRate.excavation}, Lay Track Work Rate ${s.workRate.layTrack}`;
  if (w === 'fog') {
    const what = s.options.thinnerFog ? 'the last space of EXCAVATION and LAY TRACK' : 'EXCAVATION and LAY TRACK';
    say(ctx, null, `Fog: ${what} cannot be used next round (${rates}).`);
  } else {
    say(ctx, null, `${WEATHER_NAMES[w]}: ${rates}.`);
  }
}
