/**
 * Fate card Claim Jumper (reconstruction, docs/rules/README.md section 1: "each player
 * discards 1 card of their choice"): the choices are made at the same time, so no seat may see
 * another's pick before making its own. A pick waits face down; the view says only who has
 * chosen, the log names the card to its chooser alone, and the last pick reveals them all.
 */
import { describe, expect, it } from 'vitest';
import type { LogEntry, Seat } from '../../../engine/core';
import { bigThunder } from '../../../engine/games/big-thunder';
import { SUPPLIES } from '../../../engine/games/big-thunder/components';
import { cardView } from '../../../engine/games/big-thunder/view';
import { claimJumperOpen, conservationProblems, play, start } from './helpers';

/** Ids of every Supplies card face (`{id, name, actions}`) anywhere in a view. */
function cardFacesIn(value: unknown, out = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const v of value) cardFacesIn(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.id === 'number' && typeof o.name === 'string' && Array.isArray(o.actions)) out.add(o.id);
    for (const v of Object.values(o)) cardFacesIn(v, out);
  }
  return out;
}

/** The log lines `seat` may read (spectators: public lines only). */
const readable = (log: LogEntry[], seat: Seat | null) =>
  log.filter((e) => !e.only || (seat !== null && e.only.includes(seat))).map((e) => e.text);

describe('Fate: Claim Jumper - choices stay secret until all are in', () => {
  it("a seat's view does not reveal another seat's pending discard, only that it has chosen", () => {
    let s = claimJumperOpen();
    const drop0 = s.seats[0].hand[2];
    s = play(s, 0, { type: 'claimJumper', card: drop0 }).state;
    expect(conservationProblems(s)).toEqual([]);

    for (const viewer of [1, 2, null]) {
      const v = bigThunder.view(s, viewer);
      // Seat 2 sees its own card (it had no choice); nobody sees another's.
      expect(v.pending).toEqual({
        kind: 'claimJumper',
        waiting: [1],
        chosen: [0, 2],
        yours: viewer === 2 ? cardView(start(2, 'Resupply')) : null,
      });
      expect(cardFacesIn(v).has(drop0), `viewer ${viewer} sees the card seat 0 chose`).toBe(false);
      expect(v.seats[0].discard.map((c) => c.id)).not.toContain(drop0);
    }
    // Seat 2's card was set aside without a choice: hidden from the others too until all are in.
    const forced = start(2, 'Resupply');
    expect(cardFacesIn(bigThunder.view(s, 1)).has(forced)).toBe(false);
    expect(cardFacesIn(bigThunder.view(s, 0)).has(forced)).toBe(false);
    // The chooser sees their own choice beside the hand, no longer in it.
    const own = bigThunder.view(s, 0);
    expect(own.pending).toMatchObject({ kind: 'claimJumper', yours: { id: drop0, name: SUPPLIES[drop0].name } });
    expect(own.hand!.map((c) => c.id)).not.toContain(drop0);
  });

  it('the log does not name a pending discard to anyone else until all are in', () => {
    let s = claimJumperOpen();
    const drop0 = s.seats[0].hand[2];
    const first = play(s, 0, { type: 'claimJumper', card: drop0 });
    expect(first.reveals).toBe(false);
    const names = bigThunder.view(s, null).seats.map((_p, i) => `{{p:${i}}}`); // log lines name players by marker
    expect(readable(first.log, 1)).toEqual([`${names[0]} has chosen a card to discard (Claim Jumper).`]);
    expect(readable(first.log, null)).toEqual(readable(first.log, 1));
    expect(readable(first.log, 0)).toContain(`You chose to discard ${SUPPLIES[drop0].name} (Claim Jumper).`);
    expect(first.log.filter((e) => e.text.includes(SUPPLIES[drop0].name)).every((e) => e.only?.join() === '0')).toBe(true);

    s = first.state;
    const drop1 = s.seats[1].hand[0];
    const last = play(s, 1, { type: 'claimJumper', card: drop1 });
    // The last choice reveals all three, in turn order from the active player (1, 2, 0), to everyone.
    expect(last.reveals).toBe(true);
    const revealed = readable(last.log, null).filter((t) => t.includes(' discards '));
    expect(revealed).toEqual([
      `${names[1]} discards ${SUPPLIES[drop1].name} (Claim Jumper).`,
      `${names[2]} discards ${SUPPLIES[start(2, 'Resupply')].name} (Claim Jumper).`,
      `${names[0]} discards ${SUPPLIES[drop0].name} (Claim Jumper).`,
    ]);
    const after = bigThunder.view(last.state, 2);
    expect(after.pending).toBeNull();
    expect(after.seats[0].discard.at(-1)?.id).toBe(drop0);
    expect(after.seats[1].discard.at(-1)?.id).toBe(drop1);
    expect(after.seats[2].discard.at(-1)?.id).toBe(start(2, 'Resupply'));
    expect(conservationProblems(last.state)).toEqual([]);
  });

  it('a game stored before the choices were secret (no face-down discards) still resolves', () => {
    let s = claimJumperOpen();
    // The old state: seat 2's forced discard and seat 0's choice already on the piles.
    const drop0 = s.seats[0].hand[0];
    s = structuredClone(s);
    s.seats[2].discard.push(start(2, 'Resupply'));
    s.seats[0].hand = s.seats[0].hand.filter((c) => c !== drop0);
    s.seats[0].discard.push(drop0);
    s.pending = { kind: 'claimJumper', waiting: [1], then: { kind: 'turnStart' } };
    expect(conservationProblems(s)).toEqual([]);
    expect(bigThunder.view(s, 1).pending).toEqual({ kind: 'claimJumper', waiting: [1], chosen: [], yours: null });
    const drop1 = s.seats[1].hand[0];
    const r = play(s, 1, { type: 'claimJumper', card: drop1 });
    expect(r.state.pending).toBeNull();
    expect(r.state.seats[1].discard).toEqual([drop1]);
    expect(conservationProblems(r.state)).toEqual([]);
  });
});
