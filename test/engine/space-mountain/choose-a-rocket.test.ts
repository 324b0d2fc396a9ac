import { describe, expect, it } from 'vitest';
import { spaceMountain } from '../../../engine/games/space-mountain';
import { ROCKETS, STARPORTS } from '../../../engine/games/space-mountain/components';
import { ROCKET_CHOICE, rocketName } from '../../../engine/games/space-mountain/rockets';
import { cloneState } from '../../../engine/games/space-mountain/state';
import { codeOf, givenGalaxy, newGame, play, rollDice } from './helpers';

const starportOf = (color: string) => STARPORTS.find((p) => p.color === color)!;

describe('rocket colours: Setup, "Each player chooses a Rocket. Place the Rocket on the Starport icon of the matching color"', () => {
  it('the game offers the choice: one Rocket per player, the 4 colours of the Rocket movers', () => {
    expect(spaceMountain.seatChoices).toEqual([ROCKET_CHOICE]);
    expect(ROCKET_CHOICE).toMatchObject({ id: 'rocket', option: 'rockets' });
    expect(ROCKET_CHOICE.values).toEqual([
      { id: 'red', label: 'Red Rocket' },
      { id: 'blue', label: 'Blue Rocket' },
      { id: 'yellow', label: 'Yellow Rocket' },
      { id: 'green', label: 'Green Rocket' },
    ]);
    expect(ROCKET_CHOICE.values.map((v) => v.id)).toEqual(ROCKETS.map((r) => r.color));
  });

  it('chosen Rockets: each player starts at the Starport of their colour, whose token alone is Approved for Travel', () => {
    const rockets = ['green', 'red', 'yellow'] as ('green' | 'red' | 'yellow')[];
    const s = newGame(3, { rockets });
    expect(s.options.rockets).toEqual(rockets);
    for (const [seat, color] of rockets.entries()) {
      const home = starportOf(color);
      expect(s.approved![seat]).toEqual(STARPORTS.map((p) => p.id === home.id));
      expect(spaceMountain.legalMoves(s, seat)).toEqual(
        ['north', 'east', 'south', 'west'].map((facing) => ({ type: 'starport', starport: home.id, facing })),
      );
    }
    // Seat 0 flies Green: Disneyland (Red's Starport, seat 0's by default) is not approved for it.
    expect(codeOf(() => play(s, 0, { type: 'starport', starport: 'disneyland', facing: 'north' }))).toBe('starport_not_approved');
    const placed = play(s, 0, { type: 'starport', starport: 'paris', facing: 'east' }).state;
    expect(placed.rockets[0]).toEqual({ row: starportOf('green').row, col: starportOf('green').col, facing: 'east' });
  });

  it('chosen Rockets: the view gives each player their colour and home; the role is the colour', () => {
    const s = newGame(2, { rockets: ['yellow', 'blue'] });
    const v = spaceMountain.view(s, null);
    expect(v.players.map((p) => [p.color, p.home])).toEqual([
      ['yellow', 'tokyo'],
      ['blue', 'walt-disney-world'],
    ]);
    expect([spaceMountain.seatRole!(0, s), spaceMountain.seatRole!(1, s)]).toEqual(['Yellow', 'Blue']);
    expect(rocketName(0, s)).toBe('Yellow');
  });

  it('chosen Rockets survive every move (the state copy keeps them)', () => {
    const s = newGame(2, { rockets: ['blue', 'red'] });
    expect(cloneState(s).options.rockets).toEqual(['blue', 'red']);
    const after = play(s, 0, { type: 'starport', starport: 'walt-disney-world', facing: 'south' }).state;
    expect(after.options.rockets).toEqual(['blue', 'red']);
    expect(spaceMountain.view(after, 1).players[1].color).toBe('red');
  });

  it('without a choice (rules version 1 games, records): seat i flies Rocket i and the state keeps no key', () => {
    for (const players of [2, 4]) {
      const s = newGame(players);
      expect('rockets' in s.options).toBe(false);
      expect('rockets' in cloneState(s).options).toBe(false);
      expect(s.approved).toEqual(Array.from({ length: players }, (_, seat) => STARPORTS.map((_, i) => i === seat)));
      expect(spaceMountain.view(s, 0).players.map((p) => p.color)).toEqual(ROCKETS.slice(0, players).map((r) => r.color));
      expect(spaceMountain.seatRole!(1, s)).toBe('Blue');
      expect(spaceMountain.seatRole!(1)).toBe('Blue');
    }
  });

  it('a Rocket flies for one player only; one colour per seat; only the 4 Rocket colours', () => {
    const parse = (rockets: unknown) => spaceMountain.optionsSchema.safeParse({ rockets }).success;
    expect(parse(['red', 'blue'])).toBe(true);
    expect(parse(['red', 'red'])).toBe(false);
    expect(parse(['purple', 'red'])).toBe(false);
    expect(parse(['red', 'blue', 'yellow', 'green', 'red'])).toBe(false);
    expect(() => newGame(3, { rockets: ['red', 'blue'] })).toThrow(/2 Rocket colours for 3 players/);
  });

  it('How to play names the reading and its option', () => {
    expect(spaceMountain.howToPlay!.notes.find((n) => n.id === 'choose-a-rocket')).toMatchObject({ option: 'rockets' });
  });

  it('the same seed deals the same Missions and tokens whichever Rockets were chosen', () => {
    const a = newGame(3);
    const b = newGame(3, { rockets: ['yellow', 'green', 'red'] });
    expect(b.missions).toEqual(a.missions);
    expect(b.tokens).toEqual(a.tokens);
    expect(b.activePlayer).toBe(a.activePlayer);
  });

  describe('the Missions-only game: no Starport tokens, each Rocket keeps the Starport of its colour', () => {
    // Colours chosen out of seat order: seat 0 flies Yellow (Tokyo), seat 1 Red (Disneyland).
    const options = { missionsOnly: true, missions: 3 as const, rockets: ['yellow', 'red'] as ('yellow' | 'red')[], starportBySeat: false };
    const launches = (s: ReturnType<typeof newGame>, seat: number) => [
      ...new Set(spaceMountain.legalMoves(s, seat).map((m) => (m.type === 'starport' ? m.starport : m.type))),
    ];

    it("the first launch is from the Starport of the chosen colour, never the seat number's", () => {
      const s = newGame(2, options);
      expect(s.approved).toBeNull();
      expect(launches(s, 0)).toEqual(['tokyo']);
      expect(launches(s, 1)).toEqual(['disneyland']);
      expect(codeOf(() => play(s, 0, { type: 'starport', starport: 'disneyland', facing: 'north' }))).toBe('starport_not_approved');
      const placed = play(s, 0, { type: 'starport', starport: 'tokyo', facing: 'west' }).state;
      expect(placed.rockets[0]).toEqual({ row: starportOf('yellow').row, col: starportOf('yellow').col, facing: 'west' });
    });

    it('Return to Starport sends the Rocket to the Starport of its colour', () => {
      const s = givenGalaxy({
        options,
        rockets: { 0: { at: 'E1', facing: 'south' }, 1: null },
        tokens: { E2: { kind: 'return-to-starport', faceUp: true } },
      });
      const r = rollDice(s, 'T S S');
      expect(r.state.flights[0]).toEqual({ die: 1, pending: { kind: 'return' } });
      expect(launches(r.state, 0)).toEqual(['tokyo']);
      const back = play(r.state, 0, { type: 'starport', starport: 'tokyo', facing: 'north' });
      expect(back.log[0].text).toBe('{{p:0}} returns their Rocket to Tokyo Disneyland facing north.');
    });

    it('a new round launches from the Starport of its colour again', () => {
      const s = givenGalaxy({ options, fuel: 2 });
      const r = rollDice(s, 'S* S S'); // the Fuel Gauge reaches 1: the round ends
      expect([r.state.phase, r.state.round]).toEqual(['launch', 2]);
      expect(launches(r.state, 0)).toEqual(['tokyo']);
      expect(launches(r.state, 1)).toEqual(['disneyland']);
    });

    it('a game set up before the reading (rules versions 1 and 2, no key) launches by seat number, as it was played', () => {
      const { starportBySeat: _, ...old } = options;
      const s = newGame(2, old);
      expect('starportBySeat' in s.options).toBe(false);
      expect(launches(s, 0)).toEqual(['disneyland']);
      const after = play(s, 0, { type: 'starport', starport: 'disneyland', facing: 'north' }).state;
      expect('starportBySeat' in after.options).toBe(false);
      expect(launches(after, 1)).toEqual(['walt-disney-world']);
      // The option kept by a new game survives every move's copy of the state.
      const fresh = play(newGame(2, options), 1, { type: 'starport', starport: 'disneyland', facing: 'north' }).state;
      expect(fresh.options.starportBySeat).toBe(false);
    });

    it('the lobby default is the rulebook reading, and How to play names the option', () => {
      expect(spaceMountain.optionsSchema.parse({}).starportBySeat).toBe(false);
      expect(spaceMountain.howToPlay!.notes.find((n) => n.option === 'starportBySeat')).toBeDefined();
    });
  });
});
