import { rngFromSeed, type SetupContext } from '../../core';
import {
  FATE_CARDS,
  HAND_SIZE,
  LONGER_GAME_TARGET,
  MARKET_SIZE,
  SHAFTS,
  STAR_SPACE,
  STARTING_BASIN,
  TILES_PER_UPGRADE,
  TOWN,
  TOWN_SHARES,
  TRAINS,
  UPGRADE_TYPES,
  marketCards,
  startingSupplies,
  type UpgradeType,
} from './components';
import { newCtx, say } from './context';
import { dropFateMarble, runMarble } from './marbles';
import type { BigThunderOptions } from './moves';
import type { BigThunderState, PlayerState } from './state';
import { beginTurn } from './turn';

/**
 * Sets up a game (rulebook, Setup), then starts the first player's turn (seat 0: "The first
 * player to shout Yee-haw goes first!").
 * - Mine Setup: the non-Fate marbles and one Fate marble in the basin, then "running marbles ...
 *   one for each player". A Fate marble run while preparing the mine drops straight back and is
 *   run again (reconstruction: the Fate deck is only shuffled in General Setup).
 * - Player Setup: each player's eight Starting Supplies shuffled, four drawn; cart in its own Town space.
 * - General Setup: Fate and Town Shares decks shuffled; (players - 1) Town Shares set aside face
 *   down; the other Supplies shuffled and three flipped into the Market; each Upgrade stack keeps
 *   (players - 1) tiles.
 */
export function setup({ players, options, seed }: SetupContext<Partial<BigThunderOptions>>): BigThunderState {
  if (!Number.isInteger(players) || players < 2 || players > TRAINS.length)
    throw new Error('Big Thunder Mountain Railroad is for 2 to 4 players.');
  const longerGame = options?.longerGame ?? false;
  // Absent only in games created under rules version 1, which turned the Fate card (see moves.ts);
  // it stays absent in their state, so their replays end in the very state they recorded.
  const reading = {
    ...(options?.fateOnEmptyBasin === undefined ? {} : { fateOnEmptyBasin: options.fateOnEmptyBasin }),
    ...(options?.firstPlayer === undefined ? {} : { firstPlayer: options.firstPlayer }),
  };
  const stacks = Object.fromEntries(UPGRADE_TYPES.map((t) => [t, players - 1])) as Record<UpgradeType, number>;
  const box = Object.fromEntries(UPGRADE_TYPES.map((t) => [t, TILES_PER_UPGRADE - (players - 1)])) as Record<UpgradeType, number>;
  const suppliesBox: number[] = [];
  for (let c = players; c < TRAINS.length; c++) suppliesBox.push(...startingSupplies(c));
  const s: BigThunderState = {
    players,
    options: { longerGame, ...reading },
    target: longerGame ? LONGER_GAME_TARGET : STAR_SPACE,
    rng: rngFromSeed(seed),
    basin: { ...STARTING_BASIN },
    mine: Array.from({ length: SHAFTS }, () => ({ gold: 0, ore: 0, water: 0 })),
    fateMarble: null,
    seats: [],
    turn: 0,
    turnNumber: 0,
    phase: 'play',
    current: null,
    town: null,
    pending: null,
    market: [],
    supplies: [],
    fateDeck: [],
    fateDiscard: [],
    townShares: [],
    setAside: [],
    upgradeStacks: stacks,
    upgradeBox: box,
    suppliesBox,
    lastRun: [],
    lastFate: null,
    endTriggeredBy: null,
  };
  const ctx = newCtx(s);

  // Mine Setup 6: run one marble per player.
  for (let placed = 0; placed < players; ) {
    const run = runMarble(ctx);
    if (!run) break;
    if (run.marble === 'fate') {
      say(ctx, null, 'The Fate marble drops back in the basin while the mine is prepared.');
      dropFateMarble(ctx);
    } else placed += 1;
  }

  // Player Setup.
  for (let seat = 0; seat < players; seat++) {
    const deck = ctx.rng.shuffle(startingSupplies(seat));
    const p: PlayerState = {
      position: TOWN,
      cart: { gold: 0, ore: 0 },
      tokens: 0,
      score: 0,
      upgrades: [],
      hand: deck.slice(0, HAND_SIZE),
      deck: deck.slice(HAND_SIZE),
      discard: [],
      shares: [],
      reachedTarget: false,
    };
    s.seats.push(p);
  }

  // General Setup.
  s.fateDeck = ctx.rng.shuffle(FATE_CARDS.map((f) => f.id));
  const shares = ctx.rng.shuffle(TOWN_SHARES.map((_, id) => id));
  s.setAside = shares.slice(0, players - 1);
  s.townShares = shares.slice(players - 1);
  const supplies = ctx.rng.shuffle(marketCards());
  s.market = supplies.slice(0, MARKET_SIZE);
  s.supplies = supplies.slice(MARKET_SIZE);

  // Drawn last, so the rest of a seed's setup is the same whoever begins.
  beginTurn(ctx, options?.firstPlayer === 'random' ? ctx.rng.int(0, players - 1) : 0);
  s.rng = ctx.rng.state;
  return s;
}
