import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

/**
 * coming back to a game: what happened since the seat last looked (`sinceLastSeen`), whether
 * the Undo button can work (`canUndo`), and taken-back moves kept in the log, marked `undone`.
 * Played with the fixture game Secret Dice: `roll` writes a line only the roller reads and is an
 * undo barrier, `bank` is public and undoable.
 */
let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

const move = (id: string, token: string, version: number, type: string) =>
  api.call('POST', `/api/games/${id}/moves`, { token, body: { version, move: { type } } });
const undo = (id: string, token: string, version: number) => api.call('POST', `/api/games/${id}/undo`, { token, body: { version } });
const look = (id: string, token?: string) => api.call('GET', `/api/games/${id}/state`, { token, headers: { 'x-page-visible': '1' } });
const peek = (id: string, token?: string) => api.call('GET', `/api/games/${id}/state`, { token });

/** A started two-seat Secret Dice game (seat 0 to move); started by hand unless the last join started it. */
async function game(rounds = 3) {
  const { id, tokens } = await api.startedGame(2, { start: false, options: { rounds } });
  if ((await peek(id, tokens[0])).json.status === 'open')
    expect((await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] })).status).toBe(200);
  return { id, tokens };
}

describe('sinceLastSeen', () => {
  it('lists the lines written after the seat last looked, oldest first in log order; private lines only to their own seat', async () => {
    const { id, tokens } = await game();
    const seen = (await look(id, tokens[1])).json;
    const from = seen.version as number;
    expect(seen.sinceLastSeen.fromVersion).toBe(0); // never looked before: the whole log so far
    const seqs = seen.sinceLastSeen.entries.map((e: any) => e.seq) as number[];
    expect(seqs.length).toBeGreaterThan(0);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(seqs.every((s) => s >= 1 && s <= from)).toBe(true);

    let v = (await look(id, tokens[0])).json.version as number;
    const rolled = await move(id, tokens[0], v++, 'roll');
    // The mover's own answer says what its move did, its private line included.
    expect(rolled.json.sinceLastSeen.fromVersion).toBe(from);
    expect(rolled.json.sinceLastSeen.entries.map((e: any) => e.text)).toEqual([
      'Seat 1 rolled a die in secret.',
      expect.stringMatching(/^You rolled [1-6]\.$/),
    ]);
    expect((await move(id, tokens[0], v++, 'bank')).status).toBe(200);
    expect((await move(id, tokens[0], v++, 'end')).status).toBe(200);

    const back = await look(id, tokens[1]);
    expect(back.json.sinceLastSeen).toEqual({
      fromVersion: from,
      truncated: false,
      entries: [
        { seq: from + 1, seat: 0, text: 'Seat 1 rolled a die in secret.', at: expect.any(String) },
        { seq: from + 2, seat: 0, text: 'Seat 1 banked 1 point.', at: expect.any(String) },
        { seq: from + 3, seat: 0, text: 'Seat 1 ended the turn.', at: expect.any(String) },
      ],
    });
    // The same lines, in the same order, as the full log after that version.
    const log = (await api.call('GET', `/api/games/${id}/log?after=${from}`, { token: tokens[1] })).json.entries;
    expect(back.json.sinceLastSeen.entries).toEqual(log);
    // Looking marked them seen: the next answer starts at the new version, with nothing new.
    expect((await peek(id, tokens[1])).json.sinceLastSeen).toEqual({ fromVersion: v, entries: [], truncated: false });
    // The roller's own private line, and nobody else's.
    expect(JSON.stringify(back.json)).not.toMatch(/You rolled/);
  });

  it('a background poll does not move the mark; spectators get none', async () => {
    const { id, tokens } = await game();
    const v = (await look(id, tokens[1])).json.version as number;
    await move(id, tokens[0], v, 'bank');
    for (let i = 0; i < 2; i++) {
      const bg = (await peek(id, tokens[1])).json.sinceLastSeen;
      expect([bg.fromVersion, bg.entries.map((e: any) => e.text)]).toEqual([v, ['Seat 1 banked 1 point.']]);
    }
    expect((await peek(id)).json.sinceLastSeen).toBeNull();
    expect((await peek(id)).json.canUndo).toBe(false);
  });

  it('a stale move is refused with a 409 whose state says what happened meanwhile', async () => {
    const { id, tokens } = await game();
    const v = (await look(id, tokens[0])).json.version as number;
    await move(id, tokens[0], v, 'bank');
    const stale = await move(id, tokens[0], v, 'bank'); // the seat's own move since: never commutes
    expect([stale.status, stale.json.error.code]).toEqual([409, 'stale_version']);
    expect(stale.json.state.sinceLastSeen).toMatchObject({ fromVersion: v + 1, entries: [] });
    expect(stale.json.state.canUndo).toBe(true);
  });

  it('a game left for long answers its newest 200 lines and says the rest were left out', { timeout: 60_000 }, async () => {
    const { id, tokens } = await game();
    let v = (await look(id, tokens[1])).json.version as number;
    const from = v;
    for (let i = 0; i < 110; i++) {
      expect((await move(id, tokens[0], v++, 'bank')).status).toBe(200);
      expect((await undo(id, tokens[0], v++)).status).toBe(200);
    }
    const back = (await look(id, tokens[1])).json.sinceLastSeen;
    expect(back.fromVersion).toBe(from);
    expect(back.truncated).toBe(true);
    expect(back.entries).toHaveLength(200);
    expect(back.entries.at(-1)).toMatchObject({ seq: v, text: '{{p:0}} took back Bank 1 point.' });
    expect(back.entries[0].seq).toBe(v - 199);
    expect(back.entries.filter((e: any) => e.undone).length).toBe(100);
  });
});

describe('canUndo', () => {
  it('true exactly when POST /undo would work: after a plain move; not after a reveal, the undo itself, or for another seat', async () => {
    const { id, tokens } = await game();
    let v = (await peek(id, tokens[0])).json.version as number;
    /** canUndo of both seats' GET answers, and of the given answer. */
    const both = async () => [(await peek(id, tokens[0])).json.canUndo, (await peek(id, tokens[1])).json.canUndo];
    expect(await both()).toEqual([false, false]); // nothing to take back at the start

    const banked = await move(id, tokens[0], v++, 'bank');
    expect(banked.json.canUndo).toBe(true);
    expect(await both()).toEqual([true, false]);
    expect((await undo(id, tokens[1], v)).status).toBe(422); // another seat cannot

    const undone = await undo(id, tokens[0], v++);
    expect(undone.status).toBe(200);
    expect(undone.json.canUndo).toBe(false);
    expect(await both()).toEqual([false, false]);
    expect((await undo(id, tokens[0], v)).status).toBe(422); // not twice

    const rolled = await move(id, tokens[0], v++, 'roll');
    expect(rolled.json.canUndo).toBe(false); // a reveal is a barrier
    expect(await both()).toEqual([false, false]);
    expect((await undo(id, tokens[0], v)).json.error.code).toBe('undo_barrier');

    // Two plain moves in a row: the server takes back both, one at a time, and canUndo says so.
    const { id: id2, tokens: t2 } = await game();
    let w = (await peek(id2, t2[0])).json.version as number;
    await move(id2, t2[0], w++, 'bank');
    await move(id2, t2[0], w++, 'bank');
    const first = await undo(id2, t2[0], w++);
    expect(first.json.canUndo).toBe(true);
    expect((await peek(id2, t2[0])).json.canUndo).toBe(true);
    const second = await undo(id2, t2[0], w++);
    expect([second.status, second.json.canUndo]).toEqual([200, false]);

    // After the other seat moved, the turn's first mover cannot take anything back.
    await move(id2, t2[0], w++, 'bank');
    await move(id2, t2[0], w++, 'end');
    expect(await Promise.all([peek(id2, t2[0]), peek(id2, t2[1])]).then((r) => r.map((x) => x.json.canUndo))).toEqual([true, false]);
    await move(id2, t2[1], w++, 'bank');
    expect(await Promise.all([peek(id2, t2[0]), peek(id2, t2[1])]).then((r) => r.map((x) => x.json.canUndo))).toEqual([false, true]);
  });
});

describe('canUndo past many undos', () => {
  it('finds the last move in effect behind more undone moves than the newest events hold', async () => {
    const { id, tokens } = await game();
    let v = (await peek(id, tokens[0])).json.version as number;
    await move(id, tokens[0], v++, 'bank');
    await move(id, tokens[0], v++, 'end');
    for (let i = 0; i < 6; i++) {
      await move(id, tokens[1], v++, 'bank');
      expect((await undo(id, tokens[1], v++)).status).toBe(200);
    }
    // Seat 1 took back everything it did: seat 0's End turn is the last move in effect again.
    expect([(await peek(id, tokens[0])).json.canUndo, (await peek(id, tokens[1])).json.canUndo]).toEqual([true, false]);
    const taken = await undo(id, tokens[0], v++);
    expect([taken.status, taken.json.canUndo, taken.json.activeSeats]).toEqual([200, true, [0]]);
  });
});

describe('undone lines', () => {
  it('a taken-back move stays in the log marked undone; the undo line names the player by seat marker', async () => {
    const { id, tokens } = await game();
    let v = (await look(id, tokens[1])).json.version as number;
    const from = v;
    await move(id, tokens[0], v++, 'bank');
    await undo(id, tokens[0], v++);
    await move(id, tokens[0], v++, 'bank');
    const expected = [
      { seq: from + 1, seat: 0, text: 'Seat 1 banked 1 point.', undone: true },
      { seq: from + 2, seat: 0, text: '{{p:0}} took back Bank 1 point.' },
      { seq: from + 3, seat: 0, text: 'Seat 1 banked 1 point.' },
    ];
    const strip = (lines: any[]) => lines.map(({ at, ...rest }) => rest);
    expect(strip((await api.call('GET', `/api/games/${id}/log?after=${from}`, { token: tokens[1] })).json.entries)).toEqual(expected);
    expect(strip((await look(id, tokens[1])).json.sinceLastSeen.entries)).toEqual(expected);
    // A window that starts after the move still marks nothing it cannot see.
    expect(strip((await api.call('GET', `/api/games/${id}/log?after=${from + 1}`, { token: tokens[1] })).json.entries)).toEqual(
      expected.slice(1),
    );
  });
});
