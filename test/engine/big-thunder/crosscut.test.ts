import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { fate, givenMine, marbleCount, market, play, refusal, texts, withLuck } from './helpers';

const TUNNEL = market('Crosscut Tunnel');
const CROSSCUT = { type: 'crosscut', action: 0 } as const;

describe('Card Actions: Crosscut Tunnel', () => {
  it('runs one marble, then you may move directly to the mine shaft it ran into, bumping any cart there', () => {
    const g = givenMine({ players: 3, seats: { 0: { position: 1, hand: [TUNNEL] } } });
    let s = play(g, 0, { type: 'play', card: TUNNEL }).state;
    // Luck: the marble is no Fate marble and runs into a shaft with seat 1's cart (placed there below).
    s = withLuck(s, 0, CROSSCUT, (r) => r.state.lastRun[0].marble !== 'fate' && r.state.lastRun[0].shaft > 2);
    const shaft = bigThunder.applyMove(s, 0, CROSSCUT).state.lastRun[0].shaft;
    s.seats[1].position = shaft;
    const r = play(s, 0, CROSSCUT);
    expect(r.reveals).toBe(true);
    expect(r.state.lastRun).toHaveLength(1);
    expect(r.state.pending).toEqual({ kind: 'tunnel', shaft });
    expect(bigThunder.legalMoves(r.state, 0)).toEqual([
      { type: 'tunnel', enter: true },
      { type: 'tunnel', enter: false },
    ]);
    // Nothing else can happen before the choice.
    expect(refusal(r.state, 0, { type: 'endTurn' }).code).toBe('choice_pending');
    const went = play(r.state, 0, { type: 'tunnel', enter: true }).state;
    expect(went.seats[0].position).toBe(shaft);
    expect(went.seats[1].position).toBe((shaft + 1) % 8);
    const stayed = play(r.state, 0, { type: 'tunnel', enter: false }).state;
    expect(stayed.seats[0].position).toBe(1);
    expect(stayed.pending).toBeNull();
  });

  it('no choice when the marble ran into the shaft you are already at', () => {
    let s = play(givenMine({ seats: { 0: { position: 4, hand: [TUNNEL] } } }), 0, { type: 'play', card: TUNNEL }).state;
    s = withLuck(s, 0, CROSSCUT, (r) => r.state.lastRun[0].shaft === 4 && r.state.lastRun[0].marble !== 'fate');
    const r = play(s, 0, CROSSCUT);
    expect(r.state.pending).toBeNull();
    expect(r.state.seats[0].position).toBe(4);
  });

  it('a Fate marble: do what the Fate card says before choosing whether to move to that mine shaft', () => {
    const g = givenMine({
      basin: { gold: 0, ore: 0, water: 0, fate: 1 },
      park: 7,
      mine: { shaft2: ['gold', 'gold'], shaft3: ['gold'], shaft4: ['gold'], shaft5: ['gold'], shaft6: ['gold'] },
      fateTop: [fate('caveIn')],
      seats: { 0: { position: 1, hand: [TUNNEL] } },
    });
    const s = play(g, 0, { type: 'play', card: TUNNEL }).state;
    const r = play(s, 0, CROSSCUT);
    const shaft = r.state.lastRun[0].shaft;
    expect(r.state.lastRun[0].marble).toBe('fate');
    const log = texts(r.log);
    expect(log.findIndex((t) => t.startsWith('Fate! Cave-In'))).toBeGreaterThan(log.findIndex((t) => t.includes('ran into')));
    // The shaft has caved in before the choice; the Fate marble is back in the basin.
    expect(r.state.mine[shaft - 1]).toEqual({ gold: 0, ore: 0, water: 0 });
    expect(r.state.basin.fate).toBe(1);
    if (shaft !== 1) expect(r.state.pending).toEqual({ kind: 'tunnel', shaft });
    expect(marbleCount(r.state).total).toBe(23);
  });

  it('a Claim Jumper from a Crosscut Tunnel: the discards come first, then the tunnel choice; the card in play stays', () => {
    const card = market('Crosscut Tunnel + Pick for Gold');
    const g = givenMine({
      basin: { gold: 0, ore: 0, water: 0, fate: 1 },
      park: 6,
      fateTop: [fate('claimJumper')],
      mine: { shaft3: ['gold'] },
      seats: { 0: { position: 3 } },
    });
    g.seats[0].hand.push(card);
    g.supplies = g.supplies.filter((id) => id !== card);
    g.market = g.market.map((id) => (id === card ? g.supplies.shift()! : id));
    const s = play(g, 0, { type: 'play', card }).state;
    const r = play(s, 0, { type: 'crosscut', action: 0 });
    expect(r.state.pending?.kind).toBe('claimJumper');
    expect(bigThunder.activeSeats(r.state)).toEqual([0, 1]);
    let t = play(r.state, 1, { type: 'claimJumper', card: r.state.seats[1].hand[0] }).state;
    t = play(t, 0, { type: 'claimJumper', card: t.seats[0].hand[0] }).state;
    const shaft = r.state.lastRun[0].shaft;
    if (shaft !== 3) {
      expect(t.pending).toEqual({ kind: 'tunnel', shaft });
      t = play(t, 0, { type: 'tunnel', enter: false }).state;
    }
    expect(t.current).toEqual({ card, used: [true, false] });
    expect(play(t, 0, { type: 'pick', action: 1, shaft: 3, marble: 'gold' }).state.seats[0].cart.gold).toBe(1);
  });

  it('refuses a Crosscut Tunnel when the basin is empty (basin_empty)', () => {
    const g = givenMine({ seats: { 0: { hand: [TUNNEL] } } });
    const s = play(g, 0, { type: 'play', card: TUNNEL }).state;
    // Every marble in the mine, the Fate marble out: nothing can run.
    s.mine[6].gold += s.basin.gold;
    s.mine[6].ore += s.basin.ore;
    s.mine[6].water += s.basin.water;
    s.basin = { gold: 0, ore: 0, water: 0, fate: 0 };
    s.fateMarble = { shaft: 7 };
    expect(refusal(s, 0, CROSSCUT).code).toBe('basin_empty');
  });
});
