/**
 * `npm run records:generate`: writes test/records/<game>-<n>p.json, one bot-played game per game
 * and player count, as complete game records. `npm test` replays them
 * (test/engine/records.test.ts): a rules change that alters any recorded game fails there, and
 * must come with a new rulesVersion (and freshly generated records).
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { canonicalJson, RECORD_FORMAT, selfPlay, type GameRecord } from '../engine/core';
import { shippedGames } from '../engine/games';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

async function main() {
  await mkdir('test/records', { recursive: true });
  for (const game of shippedGames) {
    for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
      const seed = sha(`${game.id}-${players}-seed`).slice(0, 32);
      const options = game.optionsSchema.parse({});
      const played = selfPlay(game, { players, options, seed, botSeed: sha(`${game.id}-${players}-bots`).slice(0, 32) });
      if (!played.finished) throw new Error(`${game.id} ${players}p did not finish`);
      const at = '2026-01-01T00:00:00.000Z';
      const record: GameRecord = {
        format: RECORD_FORMAT,
        id: `corpus-${game.id}-${players}p`,
        type: game.id,
        title: game.title,
        rulesVersion: game.rulesVersion,
        players,
        options,
        seats: Array.from({ length: players }, (_, seat) => ({ seat, name: `Bot ${seat + 1}`, bot: true })),
        status: 'finished',
        seedHash: sha(seed),
        seed,
        events: [
          { seq: 1, kind: 'start', seat: null, at },
          ...played.moves.map((m, i) => ({ seq: i + 2, kind: 'move', seat: m.seat, move: m.move, bot: true, at })),
        ],
        result: game.result(played.state),
        finalStateHash: sha(canonicalJson(played.state)),
      };
      const file = `test/records/${game.id}-${players}p.json`;
      await writeFile(file, `${JSON.stringify(record)}\n`);
      console.log(`${file}: ${played.moves.length} moves, scores ${JSON.stringify(record.result?.scores)}`);
    }
  }
}

main();
