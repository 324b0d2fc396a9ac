import type { GameResult, Seat } from '../../core';
import {
  AREA_IDS,
  AREA_NAMES,
  EVENT_TRACK,
  WORK_RATE,
  contractData,
  effectText,
  requirementText,
  stationData,
  trackCardData,
  trainData,
  type AreaId,
  type BuildCost,
  type EventKind,
  type StationId,
  type Weather,
} from './components';
import { describeMove } from './describe';
import type { SnowdoniaMove } from './moves';
import type { SnowdoniaOptions } from './options';
import { contractVp } from './contracts';
import { activeSeats, legalMoves } from './rules';
import { stationCleared, trackPosition } from './route';
import { result, scoreBreakdown, type ScoreBreakdown } from './scoring';
import { areaSize } from './setup';
import type { Owner, SnowdoniaState } from './state';
import { bagTotal } from './stock-yard';
import { blockedByFog, currentWeather, forecast } from './weather';

/**
 * What one seat (or a spectator, `null`) sees. Built field by field from the state (a whitelist,
 * docs/style.md): the Contract deck shows only its size and the weather on its top card's back; the
 * Supply Bag shows counts by colour and never an order (it has none). Bag counts are public
 * because the rulebook makes them common knowledge: the Supply Table is public at setup and every
 * cube moved in or out of the bag afterwards is moved openly. Contracts in hand are public
 * (README "Hidden information").
 */
export interface SnowdoniaView {
  game: 'snowdonia';
  players: number;
  options: SnowdoniaOptions;
  round: number;
  step: StepView;
  activeSeats: Seat[];
  /** The seat this view is for (null: spectator). */
  you: Seat | null;
  /** Your legal moves now with button labels (empty for spectators and waiting seats). */
  legalMoves: { move: SnowdoniaMove; label: string }[];
  startPlayer: Seat;
  /** The space being resolved (2. Resolve Actions), or null outside resolution. */
  resolving: { area: AreaId; space: number } | null;
  route: RouteCardView[];
  actionAreas: ActionAreaView[];
  workRates: {
    excavation: { value: number; min: number; max: number };
    layTrack: { value: number; min: number; max: number };
  };
  weather: {
    /** Discs on the Weather Track: [0] is the "!" space (current weather), then the forecast. */
    track: (Weather | null)[];
    current: Weather | null;
    /** The weather icon on the back of the top Contract card (the next disc). */
    next: Weather | null;
    /** Fog discs on EXCAVATION and LAY TRACK this round. */
    fogBlocks: boolean;
  };
  eventTrack: { space: number; kind: EventKind; name: string; text: string; occupied: boolean }[];
  trainsForSale: boolean;
  stockYard: { iron: number; stone: number; coal: number };
  supplyBag: { iron: number; stone: number; coal: number; event: number; total: number };
  generalSupply: { rubble: number; steel: number };
  siteOffice: (ContractView | null)[];
  contractDeck: { count: number; topWeather: Weather | null };
  contractDiscard: { count: number };
  engineShed: TrainView[];
  excavationOverlay: boolean;
  endTriggered: boolean;
  seats: SeatView[];
  result: GameResult | null;
}

/** What the game waits for (mirrors the state's `step`; `waiting` lists the seats to act). */
export type StepView =
  | { kind: 'assign'; seat: Seat }
  | { kind: 'contracts'; area: AreaId; areaName: string; waiting: Seat[] }
  | { kind: 'action'; area: AreaId; areaName: string; space: number | null; seat: Seat; remaining: number }
  | { kind: 'maintenance'; waiting: Seat[] }
  | { kind: 'over' };

/** One card of the route up the mountain, Llanberis first (Setup 2-4); owners are seats or `'game'`. */
export type RouteCardView =
  | {
      kind: 'station';
      station: StationId;
      name: string;
      number: number;
      surveyorVp: number;
      cleared: boolean;
      excavation: { space: number; rubble: number; rubbleStart: number; vp: number; owner: Owner | null }[];
      building: { space: number; cost: BuildCost; vp: number; owner: Owner | null }[];
      /** Seats whose Surveyor stands here. */
      surveyors: Seat[];
    }
  | {
      kind: 'track';
      /** 1-based position among the route's Track cards. */
      position: number;
      card: number;
      rubble: number;
      rubbleStart: number;
      vp: number;
      /** Who laid track here (null: not laid yet). */
      owner: Owner | null;
    };

/** An Action Area A-G with its numbered spaces; `blocked` = covered by a Fog disc this round. */
export interface ActionAreaView {
  area: AreaId;
  name: string;
  /** Move the Surveyor has no numbered spaces. */
  unlimited: boolean;
  /** EXCAVATION once its overlay is placed (no spaces any more). */
  closed: boolean;
  spaces: { space: number; seat: Seat | null; blocked: boolean }[];
}

/** A face-up Contract card with readable effect and requirement texts. */
export interface ContractView {
  id: number;
  name: string;
  area: AreaId;
  areaName: string;
  effect: string;
  requirement: string;
  vp: number;
  weather: Weather;
}

/** A Train card (Engine Shed or owned). */
export interface TrainView {
  no: number;
  name: string;
  cost: number;
  pubCost: number;
  text: string;
  /** Coal on the card (Engine Shed only). */
  coal: number;
}

/** One player's public pieces, Train, Contracts, Surveyor and running score. */
export interface SeatView {
  seat: Seat;
  isStartPlayer: boolean;
  iron: number;
  stone: number;
  coal: number;
  steel: number;
  rubble: number;
  markers: number;
  labourers: { supply: number; placed: number; atPub: number };
  temporaryHired: boolean;
  train: TrainView | null;
  contracts: (ContractView & { activated: boolean; activeThisRound: boolean; vpNow: number })[];
  surveyor: { station: StationId; name: string };
  /** The score as it stands (all inputs are public). */
  score: ScoreBreakdown;
}

function contractView(id: number): ContractView {
  const k = contractData(id);
  return {
    id: k.id,
    name: k.name,
    area: k.area,
    areaName: AREA_NAMES[k.area],
    effect: effectText(k.effect),
    requirement: requirementText(k.requirement, k.vp),
    vp: k.vp,
    weather: k.weather,
  };
}

function trainView(no: number, coal: number): TrainView {
  const t = trainData(no);
  return { no: t.no, name: t.name, cost: t.cost, pubCost: t.pubCost, text: t.text, coal };
}

function stepView(s: SnowdoniaState): StepView {
  const st = s.step;
  switch (st.kind) {
    case 'assign':
      return { kind: 'assign', seat: st.seat };
    case 'contracts':
      return { kind: 'contracts', area: st.area, areaName: AREA_NAMES[st.area], waiting: [...st.waiting] };
    case 'action':
      return { kind: 'action', area: st.area, areaName: AREA_NAMES[st.area], space: st.space, seat: st.seat, remaining: st.remaining };
    case 'maintenance':
      return { kind: 'maintenance', waiting: [...st.waiting] };
    case 'over':
      return { kind: 'over' };
  }
}

function routeView(s: SnowdoniaState): RouteCardView[] {
  return s.route.map((c, i): RouteCardView => {
    if (c.kind === 'track') {
      const data = trackCardData(c.card);
      return {
        kind: 'track',
        position: trackPosition(s, i),
        card: c.card,
        rubble: c.rubble,
        rubbleStart: data.rubble,
        vp: data.vp,
        owner: c.owner,
      };
    }
    const data = stationData(c.station);
    return {
      kind: 'station',
      station: c.station,
      name: data.name,
      number: data.number,
      surveyorVp: data.surveyorVp,
      cleared: stationCleared(c),
      excavation: c.excavation.map((e, j) => ({
        space: j + 1,
        rubble: e.rubble,
        rubbleStart: data.excavation[j].rubble,
        vp: data.excavation[j].vp,
        owner: e.owner,
      })),
      building: c.building.map((b, j) => ({ space: j + 1, cost: { ...data.building[j].cost }, vp: data.building[j].vp, owner: b })),
      surveyors: s.seats.map((p, seat) => (p.surveyor === c.station ? seat : -1)).filter((x) => x >= 0),
    };
  });
}

function areasView(s: SnowdoniaState): ActionAreaView[] {
  return AREA_IDS.map((area) => {
    const closed = area === 'B' && s.excavationOverlay;
    const n = area === 'G' ? s.areas.G.length : areaSize(s, area);
    return {
      area,
      name: closed ? 'Excavation (overlay: closed, its Build space is on BUILD)' : AREA_NAMES[area],
      unlimited: area === 'G',
      closed,
      spaces: Array.from({ length: n }, (_, i) => ({ space: i + 1, seat: s.areas[area][i] ?? null, blocked: blockedByFog(s, area, i) })),
    };
  });
}

/** Builds the view of `seat` (or of a spectator for `null`). */
export function view(s: SnowdoniaState, seat: Seat | null): SnowdoniaView {
  const you = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < s.players ? seat : null;
  return {
    game: 'snowdonia',
    players: s.players,
    options: {
      buildPrerequisite: s.options.buildPrerequisite,
      thinnerFog: s.options.thinnerFog,
      optionalTrackCards: s.options.optionalTrackCards,
    },
    round: s.round,
    step: stepView(s),
    activeSeats: activeSeats(s),
    you,
    legalMoves: you === null ? [] : legalMoves(s, you).map((move) => ({ move, label: describeMove(move, s, you) })),
    startPlayer: s.startPlayer,
    resolving: s.cursor ? { area: s.cursor.area, space: s.cursor.next + 1 } : null,
    route: routeView(s),
    actionAreas: areasView(s),
    workRates: {
      excavation: { value: s.workRate.excavation, min: WORK_RATE.excavation.min, max: WORK_RATE.excavation.max },
      layTrack: { value: s.workRate.layTrack, min: WORK_RATE.layTrack.min, max: WORK_RATE.layTrack.max },
    },
    weather: { track: [...s.weatherTrack], current: currentWeather(s), next: forecast(s), fogBlocks: currentWeather(s) === 'fog' },
    eventTrack: EVENT_TRACK.map((e, i) => ({ space: e.space, kind: e.kind, name: e.name, text: e.text, occupied: s.eventTrack[i] })),
    trainsForSale: s.trainsForSale,
    stockYard: { iron: s.stockYard.iron, stone: s.stockYard.stone, coal: s.stockYard.coal },
    supplyBag: { iron: s.bag.iron, stone: s.bag.stone, coal: s.bag.coal, event: s.bag.event, total: bagTotal(s) },
    generalSupply: { rubble: s.supply.rubble, steel: s.supply.steel },
    siteOffice: s.siteOffice.map((id) => (id === null ? null : contractView(id))),
    contractDeck: { count: s.contractDeck.length, topWeather: forecast(s) },
    contractDiscard: { count: s.contractDiscard.length },
    engineShed: s.engineShed.map((t) => trainView(t.train, t.coal)),
    excavationOverlay: s.excavationOverlay,
    endTriggered: s.endTriggered,
    seats: s.seats.map((p, i) => ({
      seat: i,
      isStartPlayer: s.startPlayer === i,
      iron: p.iron,
      stone: p.stone,
      coal: p.coal,
      steel: p.steel,
      rubble: p.rubble,
      markers: p.markers,
      labourers: {
        supply: p.labourers,
        placed: AREA_IDS.reduce((n, a) => n + s.areas[a].filter((x) => x === i).length, 0),
        atPub: p.temporaryHired ? 0 : 1,
      },
      temporaryHired: p.temporaryHired,
      train: p.train === null ? null : trainView(p.train, 0),
      contracts: p.contracts.map((h) => ({
        ...contractView(h.id),
        activated: h.activated,
        activeThisRound: h.activeThisRound,
        vpNow: contractVp(s, i, h.id),
      })),
      surveyor: { station: p.surveyor, name: stationData(p.surveyor).name },
      score: scoreBreakdown(s, i),
    })),
    result: result(s),
  };
}
