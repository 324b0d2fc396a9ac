import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, replay, type HistoryEvent } from '../../engine/core';
import { testRegistry } from '../fixtures/registry';
import { SET_SEED_SQL, seedFromLabel, setSeedParams } from '../support/fixed-seed';
import { makeTestApp, type TestApi } from './support';

/**
 * Undo to the start of your turn: `POST /undo {toTurnStart: true}` takes back every step the
 * state answer counts in `undoableSteps` at once; when Undo is not offered, `undoBlockedBy` says
 * why in words; the others' log names what was taken back. Secret Dice (the fixture): `bank` is
 * public and undoable, `roll` is an undo barrier with a private line.
 */
let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

const move = (id: string, token: string, version: number, m: unknown) =>
  api.call('POST', `/api/games/${id}/moves`, { token, body: { version, move: m } });
const undo = (id: string, token: string, version: number, toTurnStart?: boolean) =>
  api.call('POST', `/api/games/${id}/undo`, { token, body: toTurnStart === undefined ? { version } : { version, toTurnStart } });
const look = (id: string, token: string) => api.call('GET', `/api/games/${id}/state`, { token, headers: { 'x-page-visible': '1' } });

/** The stored log replays to the stored snapshot, byte for byte (every undo event takes back one move). */
async function expectReplayMatchesSnapshot(id: string) {
  const g = (await api.client.query<any>('select * from games where id = $1', [id])).rows[0];
  const events = (await api.client.query<any>('select kind, seat, payload from game_events where game_id = $1 order by seq', [id])).rows;
  const history: HistoryEvent[] = events.map((e) =>
    e.kind === 'move'
      ? { kind: 'move', seat: e.seat, move: e.payload.move }
      : e.kind === 'undo'
        ? { kind: 'undo', seat: e.seat }
        : { kind: 'start' },
  );
  const game = testRegistry.get(g.type)!;
  expect(canonicalJson(replay(game, { players: g.players, options: g.options, seed: g.seed, events: history }).state)).toBe(
    canonicalJson(g.snapshot),
  );
}

describe('restart turn', () => {
  it('takes back every step of the turn in one request: one undo event per step, the last naming them all', async () => {
    const { id, tokens } = await api.startedGame(2, { options: { rounds: 3 } });
    const start = (await look(id, tokens[0])).json;
    await look(id, tokens[1]);
    expect([start.canUndo, start.undoableSteps, start.undoBlockedBy]).toEqual([false, 0, 'Nothing to take back yet.']);
    const one = await move(id, tokens[0], start.version, { type: 'bank' });
    expect([one.json.canUndo, one.json.undoableSteps, one.json.undoBlockedBy]).toEqual([true, 1, null]);
    const two = await move(id, tokens[0], one.json.version, { type: 'bank' });
    expect(two.json.undoableSteps).toBe(2);
    expect((await look(id, tokens[0])).json.undoableSteps).toBe(2);

    const back = await undo(id, tokens[0], two.json.version, true);
    expect(back.status, back.text).toBe(200);
    expect(back.json.version).toBe(two.json.version + 2);
    expect(back.json.view).toEqual(start.view);
    expect(back.json.legalMoves).toEqual(start.legalMoves);
    expect([back.json.canUndo, back.json.undoableSteps]).toEqual([false, 0]);
    const events = (
      await api.client.query<any>('select seq, kind, seat, log from game_events where game_id = $1 and seq > $2 order by seq', [
        id,
        two.json.version,
      ])
    ).rows;
    expect(events.map((e) => [e.kind, e.seat, e.log])).toEqual([
      ['undo', 0, []],
      ['undo', 0, [{ seat: 0, text: '{{p:0}} took back Bank 1 point and Bank 1 point.' }]],
    ]);
    // The other seat reads the one line, and both steps struck through.
    const other = (await look(id, tokens[1])).json.sinceLastSeen.entries;
    expect(other.map((e: any) => [e.text, e.undone ?? false])).toEqual([
      ['Seat 1 banked 1 point.', true],
      ['Seat 1 banked 1 point.', true],
      ['{{p:0}} took back Bank 1 point and Bank 1 point.', false],
    ]);
    await expectReplayMatchesSnapshot(id);
  });

  it('stops at a step that revealed something: the steps after it only', async () => {
    const { id, tokens } = await api.startedGame(2, { options: { rounds: 3 } });
    let v = (await look(id, tokens[0])).json.version as number;
    const rolled = await move(id, tokens[0], v++, { type: 'roll' });
    expect([rolled.json.canUndo, rolled.json.undoableSteps]).toEqual([false, 0]);
    const banked = await move(id, tokens[0], v++, { type: 'bank' });
    expect(banked.json.undoableSteps).toBe(1);
    const back = await undo(id, tokens[0], v, true);
    expect([back.status, back.json.version]).toEqual([200, v + 1]);
    expect(back.json.undoBlockedBy).toBe('You chose "Roll a die": the dice, cards or hidden information it revealed cannot be taken back.');
    await expectReplayMatchesSnapshot(id);
  });

  it('nothing to take back: 422 undo_barrier with the same words as undoBlockedBy, and nothing stored', async () => {
    const { id, tokens } = await api.startedGame(2, { options: { rounds: 3 } });
    let v = (await look(id, tokens[0])).json.version as number;
    await move(id, tokens[0], v++, { type: 'roll' });
    const said = (await look(id, tokens[0])).json.undoBlockedBy;
    const before = await api.rowCounts();
    for (const toTurnStart of [true, false]) {
      const r = await undo(id, tokens[0], v, toTurnStart);
      expect([r.status, r.json.error.code, r.json.error.message]).toEqual([422, 'undo_barrier', said]);
    }
    expect(await api.rowCounts()).toEqual(before);
    // The other seat: another player moved last.
    await move(id, tokens[0], v++, { type: 'end' });
    expect((await look(id, tokens[1])).json.undoBlockedBy).toBe('Nothing of yours to take back: {{p:0}} moved last.');
    // Ending the turn revealed nothing: that step alone can be taken back.
    expect((await look(id, tokens[0])).json).toMatchObject({ canUndo: true, undoableSteps: 1, undoBlockedBy: null });
    await move(id, tokens[1], v++, { type: 'bank' });
    expect((await look(id, tokens[0])).json.undoBlockedBy).toBe('Nothing of yours to take back: {{p:1}} moved last.');
    // A spectator is told nothing.
    expect((await api.call('GET', `/api/games/${id}/state`)).json).toMatchObject({ canUndo: false, undoableSteps: 0, undoBlockedBy: null });
  });

  it('a restart at an old version is 409 stale_version and takes back nothing', async () => {
    const { id, tokens } = await api.startedGame(2, { options: { rounds: 3 } });
    const v = (await look(id, tokens[0])).json.version as number;
    await move(id, tokens[0], v, { type: 'bank' });
    const before = await api.rowCounts();
    const r = await undo(id, tokens[0], v, true);
    expect([r.status, r.json.error.code]).toEqual([409, 'stale_version']);
    expect(r.json.error.changed).toEqual(['Seat 1 banked 1 point.']);
    expect(await api.rowCounts()).toEqual(before);
  });
});

describe('the undo line names what was taken back', () => {
  it('Big Thunder: three steps of a turn (a card, then its actions) are named for everyone and taken back at once', {
    timeout: 60_000,
  }, async () => {
    const tokens = [await api.signIn('ada@restart.test'), await api.signIn('bo@restart.test')];
    const c = await api.call('POST', '/api/games', {
      token: tokens[0],
      body: { type: 'big-thunder', players: 2, options: { firstPlayer: 'creator' } },
    });
    expect(c.status, c.text).toBe(201);
    const id = c.json.id as string;
    await api.client.query(SET_SEED_SQL, setSeedParams(seedFromLabel('restart turn: Big Thunder'), id));
    await api.call('POST', `/api/games/${id}/join`, {
      token: tokens[1],
      body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
    });
    const start = (await look(id, tokens[0])).json;
    await look(id, tokens[1]);
    expect(start.activeSeats).toEqual([0]);
    const labels: string[] = [];
    let s = start;
    // A card, then steps that reveal nothing (Move, Pick and Pan actions, or playing the next card).
    for (const types of [['play'], ['move', 'pick', 'pan', 'bail', 'play'], ['move', 'pick', 'pan', 'bail', 'play']]) {
      const m = s.legalMoves.find((x: any) => types.includes(x.move.type));
      expect(m, `no ${types.join('/')} among ${s.legalMoves.map((x: any) => x.label).join('; ')}`).toBeTruthy();
      const r = await move(id, tokens[0], s.version, m.move);
      expect(r.status, r.text).toBe(200);
      labels.push(m.label);
      s = r.json;
      expect(s.undoableSteps).toBe(labels.length);
    }
    const back = await undo(id, tokens[0], s.version, true);
    expect(back.status, back.text).toBe(200);
    expect(back.json.view).toEqual(start.view);
    expect(back.json.version).toBe(s.version + 3);
    const line = `{{p:0}} took back ${labels[0]}, ${labels[1]} and ${labels[2]}.`;
    const other = (await look(id, tokens[1])).json.sinceLastSeen.entries.map((e: any) => e.text);
    expect(other.at(-1)).toBe(line);
    await expectReplayMatchesSnapshot(id);
  });

  it('Space Mountain: a secret decision taken back is only counted for the others; its mover reads what it was', async () => {
    const tokens = [await api.signIn('cy@restart.test'), await api.signIn('di@restart.test')];
    const c = await api.call('POST', '/api/games', { token: tokens[0], body: { type: 'space-mountain', players: 2 } });
    const id = c.json.id as string;
    await api.client.query(SET_SEED_SQL, setSeedParams(seedFromLabel('restart turn: Space Mountain'), id));
    await api.call('POST', `/api/games/${id}/join`, {
      token: tokens[1],
      body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
    });
    // Both launch, then seat 0 decides in secret and takes it back.
    for (const seat of [0, 1]) {
      const s = (await look(id, tokens[seat])).json;
      expect((await move(id, tokens[seat], s.version, s.legalMoves[0].move)).status).toBe(200);
    }
    const plan = (await look(id, tokens[0])).json;
    expect(plan.view.phase).toBe('plan');
    const decided = await move(id, tokens[0], plan.version, { type: 'go' });
    const back = await undo(id, tokens[0], decided.json.version);
    expect(back.status, back.text).toBe(200);
    expect(back.json.sinceLastSeen.entries.slice(-2).map((e: any) => e.text)).toEqual([
      '{{p:0}} took back a hidden choice.',
      'You took back All Systems Go!',
    ]);
    const theirs = (await look(id, tokens[1])).json.sinceLastSeen.entries.map((e: any) => e.text);
    expect(theirs.at(-1)).toBe('{{p:0}} took back a hidden choice.');
    expect(JSON.stringify(theirs)).not.toMatch(/All Systems Go/);
  });
});
