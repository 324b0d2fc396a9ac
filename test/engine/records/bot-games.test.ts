import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, replay, selfPlay } from '../../../engine/core';
import { shippedGames } from '../../../engine/games';

const hex = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);
const GAMES = Number(process.env.BOT_GAMES ?? 100);

describe('bots: a game of bots plays to the end and replays identically', () => {
  for (const game of shippedGames) {
    it(`${GAMES} bot-vs-bot ${game.title} games finish, score, and replay from their moves`, () => {
      for (let i = 0; i < GAMES; i++) {
        const players = game.minPlayers + (i % (game.maxPlayers - game.minPlayers + 1));
        const seed = hex(`${game.id}/${i}/seed`);
        const options = game.optionsSchema.parse({});
        const played = selfPlay(game, { players, options, seed, botSeed: hex(`${game.id}/${i}/bots`) });
        expect(played.finished, `${game.id} game ${i}`).toBe(true);
        const result = game.result(played.state);
        expect(result?.ranking.slice().sort()).toEqual(Array.from({ length: players }, (_, s) => s));
        const again = replay(game, { players, options, seed, events: played.moves.map((m) => ({ kind: 'move' as const, ...m })) }).state;
        expect(canonicalJson(again)).toBe(canonicalJson(played.state));
      }
    });
  }
});
