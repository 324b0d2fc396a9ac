import { Rng, rngFromSeed, type SetupContext } from '../../core';
import {
  AREA_SIZES,
  COMPONENTS,
  CONTRACTS,
  ENGINE_SHED_SIZE,
  SITE_OFFICE_SIZE,
  STOCK_YARD_START,
  SUPPLY_TABLE,
  TRACK_CARDS,
  TRAINS,
  WORK_RATE,
  contractData,
  stationsFor,
  trackCardData,
  type AreaId,
  type PlayerCount,
} from './components';
import { withDefaults, type SnowdoniaOptions } from './options';
import type { PlayerState, RouteCard, SnowdoniaState } from './state';

/** Numbered spaces of an Action Area now (G: unlimited, sized as it fills). */
export function areaSize(s: Pick<SnowdoniaState, 'players' | 'excavationOverlay'>, area: AreaId): number {
  if (area === 'G') return Infinity;
  if (area === 'B' && s.excavationOverlay) return 0; // the overlay replaces EXCAVATION (action B)
  return AREA_SIZES[area][s.players] + (area === 'E' && s.excavationOverlay ? 1 : 0);
}

/** Empty Action Areas for a new round. */
export function emptyAreas(s: Pick<SnowdoniaState, 'players' | 'excavationOverlay'>): Record<AreaId, (number | null)[]> {
  const blank = (a: AreaId) => Array.from({ length: areaSize(s, a) }, () => null);
  return { A: blank('A'), B: blank('B'), C: blank('C'), D: blank('D'), E: blank('E'), F: blank('F'), G: [] };
}

/**
 * Setup of the Mount Snowdon scenario (rulebook "Preparation", steps 1-15). Deterministic for a
 * seed: the RNG picks the Start Player (5), then shuffles the Track cards (3), the Contract deck
 * (11) and the Train cards (13), in that order.
 */
export function setup(ctx: SetupContext<Partial<SnowdoniaOptions>>): SnowdoniaState {
  const players = ctx.players as PlayerCount;
  if (![2, 3, 4, 5].includes(players)) throw new Error('Snowdonia is for 2 to 5 players');
  const options = withDefaults(ctx.options);
  const r = new Rng(rngFromSeed(ctx.seed));

  // 5. START PLAYER: randomly determined.
  const startPlayer = r.int(0, players - 1);

  // 2. Station cards by player count; 3. Track cards shuffled, as many before each Station as it
  // shows; 4. Rubble on every Track card and Station Excavation space.
  const stations = stationsFor(players);
  const trackDeck = r.shuffle(TRACK_CARDS.filter((t) => options.optionalTrackCards || !t.optional).map((t) => t.id));
  const route: RouteCard[] = [];
  let rubbleUsed = 0;
  for (const st of stations) {
    for (let i = 0; i < st.trackBefore; i++) {
      const card = trackDeck.shift()!;
      const rubble = trackCardData(card).rubble;
      rubbleUsed += rubble;
      route.push({ kind: 'track', card, rubble, owner: null });
    }
    rubbleUsed += st.excavation.reduce((n, e) => n + e.rubble, 0);
    route.push({
      kind: 'station',
      station: st.id,
      excavation: st.excavation.map((e) => ({ rubble: e.rubble, owner: null })),
      building: st.building.map(() => null),
    });
  }

  // 11. Contract deck: without cards 28 and 29 for 2 players, shuffled.
  const usable = CONTRACTS.filter((k) => k.players.includes(players)).map((k) => k.id);
  const contractsOut = CONTRACTS.filter((k) => !k.players.includes(players)).map((k) => k.id);
  const contractDeck = r.shuffle(usable);

  // 12. Site Office: the top three cards; Weather discs from the backs of spaces "2" and "3".
  const siteOffice = contractDeck.splice(0, SITE_OFFICE_SIZE);
  const weatherTrack = [null, contractData(siteOffice[1]).weather, contractData(siteOffice[2]).weather];

  // 13. Engine Shed: six Trains face up; 14. Coal on them as printed (from the box, see SUPPLY_TABLE).
  const trains = r.shuffle(TRAINS.map((t) => t.no));
  const engineShed = trains.slice(0, ENGINE_SHED_SIZE).map((no) => ({ train: no, coal: TRAINS.find((t) => t.no === no)!.coal }));
  const trainsOut = trains.slice(ENGINE_SHED_SIZE);
  const shedCoal = engineShed.reduce((n, t) => n + t.coal, 0);

  // 14. Stock Yard 7/4/1; the Supply Table's cubes go in the Supply Bag, the rest to the box.
  const table = SUPPLY_TABLE[players];
  const left = {
    iron: COMPONENTS.iron - STOCK_YARD_START.iron,
    stone: COMPONENTS.stone - STOCK_YARD_START.stone,
    coal: COMPONENTS.coal - STOCK_YARD_START.coal - shedCoal,
  };
  const inBag = (k: 'iron' | 'stone' | 'coal') => {
    const want = table[k];
    return want === 'all' ? left[k] : Math.min(want, left[k]);
  };
  const bag = { iron: inBag('iron'), stone: inBag('stone'), coal: inBag('coal'), event: table.event };
  const box = {
    iron: left.iron - bag.iron,
    stone: left.stone - bag.stone,
    coal: left.coal - bag.coal,
    event: COMPONENTS.event - bag.event,
  };

  // 6-8. Ownership Markers, Labourers (two in supply, the Temporary one at the Pub), Surveyors.
  const seats: PlayerState[] = Array.from({ length: players }, () => ({
    iron: 0,
    stone: 0,
    coal: 0,
    steel: 0,
    rubble: 0,
    markers: COMPONENTS.markers,
    labourers: COMPONENTS.labourers - 1,
    temporaryHired: false,
    placed: 0,
    train: null,
    contracts: [],
    surveyor: 'llanberis',
  }));

  const base = { players, excavationOverlay: false };
  return {
    players,
    options,
    round: 1,
    startPlayer,
    step: { kind: 'assign', seat: startPlayer },
    cursor: null,
    route,
    // 9. Action Area overlays by player count (the EXCAVATION overlay is set aside).
    areas: emptyAreas(base),
    excavationOverlay: false,
    // 10. Work Rate markers on their dotted spaces.
    workRate: { excavation: WORK_RATE.excavation.start, layTrack: WORK_RATE.layTrack.start },
    weatherTrack,
    eventTrack: Array.from({ length: 8 }, () => false),
    trainsForSale: false,
    stockYard: { ...STOCK_YARD_START },
    bag,
    box,
    // 15. General supply.
    supply: { rubble: COMPONENTS.rubble - rubbleUsed, steel: COMPONENTS.steel },
    contractDeck,
    siteOffice,
    contractDiscard: [],
    contractsOut,
    engineShed,
    trainsOut,
    seats,
    endTriggered: false,
    rng: r.state,
  };
}
