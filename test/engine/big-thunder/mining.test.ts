import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { givenMine, market, play, playAll, refusal, start } from './helpers';
import type { BigThunderState } from '../../../engine/games/big-thunder/state';

const PICK = start(0, 'Pick for Gold');
const PAN = start(0, 'Pan for Gold');

function playing(card: number, g: Parameters<typeof givenMine>[0]): BigThunderState {
  const s0 = givenMine({ ...g, seats: { ...g?.seats, 0: { ...g?.seats?.[0], hand: [card] } } });
  return play(s0, 0, { type: 'play', card }).state;
}

describe('Card Actions: Pick for Gold and Pan for Gold', () => {
  it("Pick for Gold: takes one Gold Nugget or Raw Ore from the shaft you're at into your Mine Cart", () => {
    const s = playing(PICK, { mine: { shaft3: ['gold', 'ore'] }, seats: { 0: { position: 3 } } });
    expect(bigThunder.legalMoves(s, 0).filter((m) => m.type === 'pick')).toEqual([
      { type: 'pick', action: 0, shaft: 3, marble: 'gold' },
      { type: 'pick', action: 0, shaft: 3, marble: 'ore' },
    ]);
    const t = play(s, 0, { type: 'pick', action: 0, shaft: 3, marble: 'ore' }).state;
    expect(t.seats[0].cart).toEqual({ gold: 0, ore: 1 });
    expect(t.mine[2]).toEqual({ gold: 1, ore: 0, water: 0 });
  });

  it('Pick for Gold "cannot be taken if there is Water in the mine shaft" (water_in_shaft)', () => {
    const s = playing(PICK, { mine: { shaft3: ['gold', 'water'] }, seats: { 0: { position: 3 } } });
    const e = refusal(s, 0, { type: 'pick', action: 0, shaft: 3, marble: 'gold' });
    expect(e.code).toBe('water_in_shaft');
    expect(e.message).toContain('Water in mine shaft 3');
    expect(bigThunder.legalMoves(s, 0).some((m) => m.type === 'pick')).toBe(false);
  });

  it('Upgrade Pick to Pan: Pick for Gold in mine shafts that have Water in them', () => {
    const s = playing(PICK, { mine: { shaft3: ['gold', 'water'] }, seats: { 0: { position: 3, upgrades: ['pickToPan'] } } });
    expect(play(s, 0, { type: 'pick', action: 0, shaft: 3, marble: 'gold' }).state.seats[0].cart.gold).toBe(1);
  });

  it('Pan for Gold "can only be taken if there is Water in the mine shaft" (no_water)', () => {
    const dry = playing(PAN, { mine: { shaft3: ['gold'] }, seats: { 0: { position: 3 } } });
    expect(refusal(dry, 0, { type: 'pan', action: 0, shaft: 3, marble: 'gold' }).code).toBe('no_water');
    const wet = playing(PAN, { mine: { shaft3: ['gold', 'water'] }, seats: { 0: { position: 3 } } });
    const t = play(wet, 0, { type: 'pan', action: 0, shaft: 3, marble: 'gold' }).state;
    expect(t.seats[0].cart.gold).toBe(1);
    expect(t.mine[2]).toEqual({ gold: 0, ore: 0, water: 1 }); // the Water stays
  });

  it("IMPORTANT: a Mine Cart holds up to four gold; a full cart can't Pick or Pan (cart_full)", () => {
    const s = playing(PICK, { mine: { shaft3: ['gold'] }, seats: { 0: { position: 3, cart: ['gold', 'ore', 'ore', 'gold'] } } });
    expect(refusal(s, 0, { type: 'pick', action: 0, shaft: 3, marble: 'gold' }).code).toBe('cart_full');
    const three = playing(PICK, { mine: { shaft3: ['gold'] }, seats: { 0: { position: 3, cart: ['gold', 'ore', 'ore'] } } });
    expect(play(three, 0, { type: 'pick', action: 0, shaft: 3, marble: 'gold' }).state.seats[0].cart).toEqual({ gold: 2, ore: 2 });
  });

  it('F.A.Q.: you can choose any marble in the mine shaft, no matter how many are "in front" of it', () => {
    const s = playing(PICK, { mine: { shaft5: ['ore', 'ore', 'ore', 'gold'] }, seats: { 0: { position: 5 } } });
    expect(play(s, 0, { type: 'pick', action: 0, shaft: 5, marble: 'gold' }).state.seats[0].cart).toEqual({ gold: 1, ore: 0 });
  });

  it('refuses gold that is not in the shaft (no_such_marble), another shaft (not_your_shaft) and Town (in_town)', () => {
    const s = playing(PICK, { mine: { shaft3: ['ore'], shaft4: ['gold'] }, seats: { 0: { position: 3 } } });
    expect(refusal(s, 0, { type: 'pick', action: 0, shaft: 3, marble: 'gold' }).code).toBe('no_such_marble');
    expect(refusal(s, 0, { type: 'pick', action: 0, shaft: 4, marble: 'gold' }).code).toBe('not_your_shaft');
    const town = playing(PICK, { mine: { shaft1: ['gold'] }, seats: { 0: { position: 0 } } });
    expect(refusal(town, 0, { type: 'pick', action: 0, shaft: 1, marble: 'gold' }).code).toBe('in_town');
  });

  it('Upgrade Big Claim: Pick or Pan in your shaft or a shaft next to it; Water counts in the shaft taken from', () => {
    const s = playing(PICK, {
      mine: { shaft2: ['gold'], shaft3: ['ore'], shaft4: ['gold', 'water'] },
      seats: { 0: { position: 3, upgrades: ['bigClaim'] } },
    });
    expect(bigThunder.legalMoves(s, 0).filter((m) => m.type === 'pick')).toEqual([
      { type: 'pick', action: 0, shaft: 2, marble: 'gold' },
      { type: 'pick', action: 0, shaft: 3, marble: 'ore' },
    ]);
    expect(refusal(s, 0, { type: 'pick', action: 0, shaft: 4, marble: 'gold' }).code).toBe('water_in_shaft');
    expect(refusal(s, 0, { type: 'pick', action: 0, shaft: 5, marble: 'gold' }).code).toBe('not_adjacent');
    const t = play(s, 0, { type: 'pick', action: 0, shaft: 2, marble: 'gold' }).state;
    expect(t.mine[1].gold).toBe(0);
    expect(t.seats[0].position).toBe(3); // the cart does not move
  });

  it('F.A.Q. Big Claim at the last mine shaft before Town: not next to the shaft on the other side of Town', () => {
    const s = playing(PICK, { mine: { shaft1: ['gold'], shaft6: ['ore'] }, seats: { 0: { position: 7, upgrades: ['bigClaim'] } } });
    expect(bigThunder.legalMoves(s, 0).filter((m) => m.type === 'pick')).toEqual([{ type: 'pick', action: 0, shaft: 6, marble: 'ore' }]);
    expect(refusal(s, 0, { type: 'pick', action: 0, shaft: 1, marble: 'gold' }).code).toBe('not_adjacent');
    const one = playing(PICK, { mine: { shaft7: ['gold'] }, seats: { 0: { position: 1, upgrades: ['bigClaim'] } } });
    expect(refusal(one, 0, { type: 'pick', action: 0, shaft: 7, marble: 'gold' }).code).toBe('not_adjacent');
  });

  it('Big Claim: "You cannot use this ability when you\'re in Town"', () => {
    const s = playing(PAN, {
      mine: { shaft1: ['gold', 'water'], shaft7: ['gold', 'water'] },
      seats: { 0: { position: 0, upgrades: ['bigClaim'] } },
    });
    expect(refusal(s, 0, { type: 'pan', action: 0, shaft: 1, marble: 'gold' }).code).toBe('in_town');
    expect(bigThunder.legalMoves(s, 0).some((m) => m.type === 'pan')).toBe(false);
  });

  it('a card with two Pick for Gold actions takes two gold', () => {
    const card = market('Pick for Gold + Pick for Gold');
    const s0 = givenMine({ mine: { shaft2: ['gold', 'gold'] }, seats: { 0: { position: 2, hand: [card] } } });
    const s = playAll(s0, 0, [
      { type: 'play', card },
      { type: 'pick', action: 0, shaft: 2, marble: 'gold' },
      { type: 'pick', action: 1, shaft: 2, marble: 'gold' },
    ]).state;
    expect(s.seats[0].cart.gold).toBe(2);
  });
});

describe('Card Actions: Bail Water', () => {
  const BAIL = start(0, 'Bail Water + Move 1');

  it("removes one Water from the shaft you're at into the basin and takes one Town Token", () => {
    const s = playing(BAIL, { mine: { shaft4: ['water', 'water', 'gold'] }, seats: { 0: { position: 4, tokens: 1 } } });
    const basin = s.basin.water;
    const t = play(s, 0, { type: 'bail', action: 0 }).state;
    expect(t.mine[3]).toEqual({ gold: 1, ore: 0, water: 1 });
    expect(t.basin.water).toBe(basin + 1);
    expect(t.seats[0].tokens).toBe(2);
  });

  it('F.A.Q.: you can Bail Water with five Town Tokens: the Water goes, no Town Token is taken', () => {
    const s = playing(BAIL, { mine: { shaft4: ['water'] }, seats: { 0: { position: 4, tokens: 5 } } });
    const t = play(s, 0, { type: 'bail', action: 0 }).state;
    expect(t.mine[3].water).toBe(0);
    expect(t.seats[0].tokens).toBe(5);
  });

  it('Upgrade Steam Pump: two Town Tokens instead of one, still at most five', () => {
    const s = playing(BAIL, { mine: { shaft4: ['water'] }, seats: { 0: { position: 4, tokens: 2, upgrades: ['steamPump'] } } });
    expect(play(s, 0, { type: 'bail', action: 0 }).state.seats[0].tokens).toBe(4);
    const four = playing(BAIL, { mine: { shaft4: ['water'] }, seats: { 0: { position: 4, tokens: 4, upgrades: ['steamPump'] } } });
    expect(play(four, 0, { type: 'bail', action: 0 }).state.seats[0].tokens).toBe(5);
  });

  it("needs Water in the shaft you're at (no_water; Big Claim does not apply to Bail Water) and is not taken in Town", () => {
    const s = playing(BAIL, { mine: { shaft3: ['water'] }, seats: { 0: { position: 4, upgrades: ['bigClaim'] } } });
    expect(refusal(s, 0, { type: 'bail', action: 0 }).code).toBe('no_water');
    const town = playing(BAIL, { seats: { 0: { position: 0 } } });
    expect(refusal(town, 0, { type: 'bail', action: 0 }).code).toBe('in_town');
  });
});
