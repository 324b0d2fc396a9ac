import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { expectIllegal, given, giveContract, play, playFull, resolveWith } from './helpers';

// README section 2, "F. Site Office"; rulebook "3. Restock Contract Cards".
describe('F. Site Office', () => {
  it('take one of the three face-up Contract cards', () => {
    const s = given(3, () => {});
    const [a, b, c] = s.siteOffice as number[];
    let { state } = resolveWith(s, { F: [0] });
    expect(snowdonia.legalMoves(state, 0)).toEqual([a, b, c].map((contract) => ({ type: 'take-contract', contract })));
    const r = playFull(state, 0, { type: 'take-contract', contract: b });
    state = r.state;
    expect(state.seats[0].contracts).toEqual([{ id: b, activated: false, activeThisRound: false }]);
    // The rest of the round ran: a went to the discard pile, c shifted down.
    expect(state.contractDiscard).toEqual([a]);
    expect(state.siteOffice[0]).toBe(c);
    expectIllegal(s, s.startPlayer, { type: 'take-contract', contract: a }, 'wrong_step');
  });

  it('a Contract effect lets you take one more', () => {
    const s = given(3, (x) => {
      giveContract(x, 0, 13, true);
      x.seats[0].contracts[0].activeThisRound = true;
    });
    const [a, b] = s.siteOffice as number[];
    let { state } = resolveWith(s, { F: [0] });
    state = play(state, 0, { type: 'take-contract', contract: a });
    expect(state.step).toMatchObject({ kind: 'action', area: 'F', seat: 0, remaining: 1 });
    state = play(state, 0, { type: 'take-contract', contract: b });
    expect(state.seats[0].contracts.map((h) => h.id)).toEqual([13, a, b]);
  });

  it('Restock: space "1" goes to the discard pile, the others shift, the deck refills (an undo barrier)', () => {
    const s = given(3, () => {});
    const [a, b, c] = s.siteOffice as number[];
    const [d, e] = s.contractDeck;
    // Nobody takes a card: a is discarded, b and c shift, d refills.
    const one = resolveWith(s, { G: [0] }).state;
    expect(one.contractDiscard).toEqual([a]);
    expect(one.siteOffice).toEqual([b, c, d]);
    // Somebody took the middle card: space "1" still discarded, c shifts to "1".
    let { state } = resolveWith(s, { F: [0], G: [1] });
    const r = playFull(state, 0, { type: 'take-contract', contract: b });
    state = r.state;
    expect(r.reveals).toBe(true);
    expect(state.contractDiscard).toEqual([a]);
    expect(state.siteOffice).toEqual([c, d, e]);
  });

  it('with an empty deck the Site Office is not refilled', () => {
    const s = given(3, (x) => {
      x.contractDiscard.push(...x.contractDeck);
      x.contractDeck = [];
    });
    const state = resolveWith(s, { G: [0] }).state;
    expect(state.siteOffice).toEqual([s.siteOffice[1], s.siteOffice[2], null]);
  });
});
