import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { TRAINS } from '../../../engine/games/snowdonia/components';
import { shippedGames } from '../../../engine/games';
import { scoreBreakdown } from '../../../engine/games/snowdonia/scoring';
import { census, fullBox, given, giveTrain, play, resolveWith, setSeat } from './helpers';

// README section 2, "Trains" (base set).
describe('Trains', () => {
  it('the seven base Trains with cost, Coal on the card and Pub cost', () => {
    expect(TRAINS.map((t) => [t.no, t.name, t.cost, t.coal, t.pubCost])).toEqual([
      [1, 'L.A.D.A.S.', 2, 1, 1],
      [2, 'Enid', 2, 0, 1],
      [3, 'Wyddfa', 2, 1, 1],
      [4, 'Snowdon', 1, 1, 1],
      [5, 'Moel Siabod', 1, 2, 1],
      [6, 'Padarn', 2, 1, 2],
      [7, 'Ralph', 2, 1, 1],
    ]);
  });

  it('Snowdon scores +9 VP at the end; the others score nothing themselves', () => {
    for (const t of TRAINS) {
      const s = given(3, (x) => giveTrain(x, 0, t.no));
      expect(scoreBreakdown(s, 0).train).toBe(t.no === 4 ? 9 : 0);
    }
  });

  it('Moel Siabod comes with 2 Coal: the buyer takes the Coal on the card', () => {
    const s = given(3, (x) => {
      x.trainsForSale = true;
      // Engine Shed: Moel Siabod and L.A.D.A.S. only (the other cards' Coal goes to the box).
      x.box.coal += x.engineShed.reduce((n, t) => n + t.coal, 0) - 3;
      x.engineShed = [
        { train: 5, coal: 2 },
        { train: 1, coal: 1 },
      ];
      x.trainsOut = [2, 3, 4, 6, 7];
      setSeat(x, 0, { steel: 1 });
    });
    // With 1 Steel Bar only Moel Siabod is affordable: the single choice is made at once.
    const { state } = resolveWith(s, { E: [0], F: [1] });
    expect(state.seats[0]).toMatchObject({ train: 5, coal: 2, steel: 0 });
    expect(state.engineShed).toEqual([{ train: 1, coal: 1 }]);
    expect(census(state).coal).toBe(fullBox(3).coal);
  });

  it('a lost or swapped Train can be bought again from the Engine Shed', () => {
    const s = given(3, (x) => {
      x.trainsForSale = true;
      giveTrain(x, 1, 4);
      x.seats[1].train = null;
      x.engineShed.push({ train: 4, coal: 0 });
      setSeat(x, 0, { steel: 2 });
    });
    let { state } = resolveWith(s, { E: [0], F: [1] });
    expect(snowdonia.legalMoves(state, 0)).toContainEqual({ type: 'buy-train', train: 4 });
    state = play(state, 0, { type: 'buy-train', train: 4 });
    expect(state.seats[0]).toMatchObject({ train: 4, coal: 0, steel: 1 });
  });
});

describe('registration', () => {
  it('is shipped under the API id "snowdonia" for 2-5 players', () => {
    expect(shippedGames).toContain(snowdonia);
    expect([snowdonia.id, snowdonia.minPlayers, snowdonia.maxPlayers]).toEqual(['snowdonia', 2, 5]);
  });
});
