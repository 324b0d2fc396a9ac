import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../engine/core';
import { shippedGames } from '../../engine/games';
import { makeTestApp, type TestApi } from './support';

/**
 * The shipped games through the real API: every answer is the seat's `view` and nothing more.
 * Proof by mutation: rewriting the hidden parts of the stored state (another seat's hand, deck
 * orders, face-down tokens, future randomness) leaves every byte of a seat's answers unchanged.
 */

type Hide = (s: any, viewer: number) => void;

/** Seeded Fisher-Yates for the mutations (the test's own randomness, not the game's). */
function scramble<T>(items: T[], salt: number): T[] {
  const out = [...items];
  let x = 2463534242 ^ salt;
  for (let i = out.length - 1; i > 0; i--) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const j = Math.abs(x) % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const HIDDEN: Record<string, Hide> = {
  // Face-down Encounter tokens trade identities; other seats' pending Go/Refuel choices flip.
  'space-mountain': (s, viewer) => {
    const down = s.tokens.map((t: any, i: number) => (t.faceUp ? -1 : i)).filter((i: number) => i >= 0);
    const kinds = scramble(
      down.map((i: number) => s.tokens[i].kind),
      7,
    );
    for (const [k, i] of (down as number[]).entries()) s.tokens[i].kind = kinds[k];
    s.decisions = s.decisions.map((d: any, seat: number) =>
      seat === viewer || d === null ? d : d.type === 'go' ? { type: 'refuel', flip: [] } : { type: 'go' },
    );
    s.rng = [1, 2, 3, 4];
  },
  // Another seat's hand and deck are dealt anew from the same cards; every face-down deck is reshuffled.
  'big-thunder': (s, viewer) => {
    for (const [seat, p] of (s.seats as any[]).entries()) {
      if (seat === viewer) continue;
      const cards = scramble([...p.hand, ...p.deck], 11 + seat);
      p.hand = cards.slice(0, p.hand.length);
      p.deck = cards.slice(p.hand.length);
      p.shares = scramble(p.shares ?? [], 3);
    }
    s.supplies = scramble(s.supplies, 5);
    s.fateDeck = scramble(s.fateDeck, 6);
    s.townShares = scramble(s.townShares, 8);
    s.rng = [1, 2, 3, 4];
  },
  // The contract deck below its top card (whose weather back is public) and future draws.
  snowdonia: (s) => {
    s.contractDeck = [s.contractDeck[0], ...scramble(s.contractDeck.slice(1), 9)].filter((x) => x !== undefined);
    s.rng = [1, 2, 3, 4];
  },
};

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

async function snapshotOf(id: string) {
  return (await api.client.query<any>('select snapshot from games where id = $1', [id])).rows[0].snapshot;
}

async function answers(id: string, token: string | undefined) {
  const out: string[] = [];
  for (const path of ['state', 'log', 'record', 'chat']) out.push((await api.call('GET', `/api/games/${id}/${path}`, { token })).text);
  return out;
}

describe.each(shippedGames.map((g) => [g.id, g] as const))('%s through the API', (type, game) => {
  it('answers carry the view only, and rewriting hidden state changes no byte of them', { timeout: 180_000 }, async () => {
    const tokens = [await api.signIn(`${type}-a@real.test`), await api.signIn(`${type}-b@real.test`)];
    const c = await api.call('POST', '/api/games', { token: tokens[0], body: { type, players: 2 } });
    expect(c.status, c.text).toBe(201);
    const gid = c.json.id;
    await api.call('POST', `/api/games/${gid}/join`, {
      token: tokens[1],
      body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
    });
    expect((await api.call('POST', `/api/games/${gid}/start`, { token: tokens[0] })).status).toBe(200);

    let pick = 1;
    for (let step = 0; step < 30; step++) {
      const snap = await snapshotOf(gid);
      const active = game.activeSeats(snap);
      if (active.length === 0) break;
      for (const seat of [0, 1]) {
        const s = (await api.call('GET', `/api/games/${gid}/state`, { token: tokens[seat] })).json;
        expect(canonicalJson(s.view)).toBe(canonicalJson(game.view(snap, seat)));
        expect(s.legalMoves.map((m: { move: unknown }) => canonicalJson(m.move))).toEqual(
          game.legalMoves(snap, seat).map((m: unknown) => canonicalJson(m)),
        );
      }
      if (step % 8 === 3) {
        for (const viewer of [0, 1, null] as const) {
          const token = viewer === null ? undefined : tokens[viewer];
          const before = await answers(gid, token);
          const mutated = structuredClone(snap);
          HIDDEN[type](mutated, viewer ?? -1);
          await api.client.query('update games set snapshot = $2 where id = $1', [gid, JSON.stringify(mutated)]);
          const after = await answers(gid, token);
          await api.client.query('update games set snapshot = $2 where id = $1', [gid, JSON.stringify(snap)]);
          expect(after, `viewer ${viewer} at step ${step}`).toEqual(before);
        }
      }
      const seat = active[0];
      const s = (await api.call('GET', `/api/games/${gid}/state`, { token: tokens[seat] })).json;
      pick = (pick * 7 + 3) % 101;
      const m = s.legalMoves[pick % s.legalMoves.length].move;
      const r = await api.call('POST', `/api/games/${gid}/moves`, { token: tokens[seat], body: { version: s.version, move: m } });
      expect(r.status, r.text).toBe(200);
    }
  });
});
