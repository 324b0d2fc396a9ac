import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { stationCard, trackCards } from '../../../engine/games/snowdonia/route';
import { scoreBreakdown } from '../../../engine/games/snowdonia/scoring';
import { clearRubble, given, giveTrain, logText, play, resolveWith, setSeat } from './helpers';

/** A state whose bag holds only `events` Event cubes, with `done` Event spaces already occupied. */
function eventsNext(players: number, done: number, events = 1, patch: (x: ReturnType<typeof given>) => void = () => {}) {
  return given(players, (x) => {
    for (const k of ['iron', 'stone', 'coal'] as const) {
      x.box[k] += x.bag[k];
      x.bag[k] = 0;
    }
    x.box.event += x.bag.event - events;
    x.bag.event = events;
    for (let i = 0; i < done; i++) x.eventTrack[i] = true;
    patch(x);
  });
}
const upkeep = (s: ReturnType<typeof given>) => resolveWith(s, { G: [0] }, { events: true });

// README section 2, "Event track" (events 2 and 6 sourced, the others reconstructed).
describe('Events', () => {
  it('1 Excavate: the railway company clears the next two Rubble spaces', () => {
    const s = eventsNext(3, 0);
    const before = trackCards(s).map((t) => t.rubble);
    const { state } = upkeep(s);
    expect(
      trackCards(state)
        .map((t) => t.rubble)
        .slice(0, 3),
    ).toEqual([0, 0, before[2]]);
    expect(state.supply.rubble).toBe(s.supply.rubble + before[0] + before[1]);
    expect(state.seats.every((p) => p.rubble === 0)).toBe(true);
  });

  it('1 Excavate: cleared Station spaces are game-owned (no VP for anyone)', () => {
    const s = eventsNext(3, 0, 1, (x) => clearRubble(x, 3));
    const { state } = upkeep(s);
    expect(stationCard(state, 'two-viaducts')!.excavation).toEqual([
      { rubble: 0, owner: 'game' },
      { rubble: 0, owner: 'game' },
    ]);
    expect(state.seats.map((_, i) => scoreBreakdown(state, i).stations)).toEqual([0, 0, 0]);
  });

  it('2 Trains may now be bought', () => {
    const { state, log } = upkeep(eventsNext(3, 1));
    expect(state.trainsForSale).toBe(true);
    expect(logText(log)).toContain('Event 2: Trains for sale.');
  });

  it('3 Track is laid: game-owned track on as many cleared Track cards as the Lay Track Work Rate', () => {
    const s = eventsNext(3, 2, 1, (x) => clearRubble(x, 6));
    const { state } = upkeep(s);
    expect(
      trackCards(state)
        .map((t) => t.owner)
        .slice(0, 4),
    ).toEqual(['game', 'game', null, null]);
    expect(state.seats.map((_, i) => scoreBreakdown(state, i).track)).toEqual([0, 0, 0]);
  });

  it('3 Track is laid: nothing on uncleared Track cards', () => {
    const { state, log } = upkeep(eventsNext(3, 2));
    expect(trackCards(state).every((t) => t.owner === null)).toBe(true);
    expect(logText(log)).toContain('No cleared Track card is waiting for track.');
  });

  it('4 Station built: the remaining building spaces of the next incomplete Station', () => {
    const s = eventsNext(3, 3, 1, (x) => {
      stationCard(x, 'two-viaducts')!.building = [0, 0, 0, 0];
      stationCard(x, 'waterfall')!.building = [1, null];
      x.seats[0].markers -= 4;
      x.seats[1].markers -= 1;
    });
    const { state } = upkeep(s);
    expect(stationCard(state, 'waterfall')!.building).toEqual([1, 'game']);
    expect(stationCard(state, 'hebron')!.building).toEqual([null, null, null, null]);
  });

  it('5 Excavate again', () => {
    const { state } = upkeep(eventsNext(3, 4));
    expect(trackCards(state)[0].rubble).toBe(0);
    expect(state.eventTrack[4]).toBe(true);
  });

  describe('6 Train maintenance', () => {
    const owners = () =>
      eventsNext(3, 5, 2, (x) => {
        giveTrain(x, 0, x.engineShed[0].train);
        giveTrain(x, 1, x.engineShed[0].train);
        giveTrain(x, 2, x.engineShed[0].train);
        setSeat(x, 0, { steel: 1 });
        setSeat(x, 1, { steel: 2 });
        clearRubble(x, 6);
      });

    it('owners without a Steel Bar lose their Train; the others decide at the same time', () => {
      const s = owners();
      const lost = s.seats[2].train!;
      const { state } = upkeep(s);
      expect(state.step).toEqual({ kind: 'maintenance', waiting: [0, 1], eventsLeft: 1 });
      expect(state.seats[2].train).toBeNull();
      expect(state.engineShed.at(-1)).toEqual({ train: lost, coal: 0 });
      expect(snowdonia.activeSeats(state)).toEqual([0, 1]);
      expect(snowdonia.legalMoves(state, 0)).toEqual([
        { type: 'maintain-train', pay: true },
        { type: 'maintain-train', pay: false },
      ]);
    });

    it('pay 1 Steel Bar to keep it, or let it go; then the next Event cube is placed', () => {
      let { state } = upkeep(owners());
      const kept = state.seats[0].train;
      state = play(state, 0, { type: 'maintain-train', pay: true });
      expect(snowdonia.activeSeats(state)).toEqual([1]);
      state = play(state, 1, { type: 'maintain-train', pay: false });
      expect(state.seats[0]).toMatchObject({ train: kept, steel: 0 });
      expect(state.seats[1]).toMatchObject({ train: null, steel: 2 });
      // Event 7 (Track is laid) followed, then the next round began.
      expect(state.eventTrack[6]).toBe(true);
      expect(trackCards(state)[0].owner).toBe('game');
      expect(state.step.kind).toBe('assign');
      expect(state.round).toBe(2);
    });
  });

  it('8 Station built; a cube for a full track goes back to the box', () => {
    const s = eventsNext(3, 7, 2);
    const { state, log } = upkeep(s);
    expect(stationCard(state, 'two-viaducts')!.building).toEqual(['game', 'game', 'game', 'game']);
    expect(logText(log)).toContain('The Event track is full');
    expect(state.box.event).toBe(s.box.event + 1);
  });
});
