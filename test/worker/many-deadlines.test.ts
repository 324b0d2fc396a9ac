/**
 * In the production runtime: clocks that have all run out at once (500 in `npm test`,
 * `MANY_DEADLINES=2000` for more) are all applied, each exactly once, by the games' own alarms (no
 * cron pass over them), and a backlog of 1,000 notices due at once is delivered by the cron's drain
 * lanes, while the cron and ordinary requests still answer. The games are copies of one started
 * game, written straight to the database with their clocks already run out
 * (test/support/many-due.ts); the development clock's route (moving time by 0) arms their alarms.
 * How long clearing them takes is the bench's `due_10k_clear_seconds`; here the only limit is the
 * one that stops a hang. This file starts its own database and Worker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyDueGames, endedCopies, pendingBacklog, queueBacklog, startTemplate, timeoutsOf } from '../support/many-due';
import { sqlRows } from '../support/neon-node';
import { type OwnWorker, startOwnWorker } from '../support/own-worker';
import { wantRealPostgres } from '../support/test-db';
import { pause, until } from '../support/wait';

/**
 * 500 in `npm test`: the passes are CPU-bound on the machine's 2 cores, where every object, the
 * Worker and PostgreSQL share them (bench/due.ts: about 20 ms of CPU a game), so 2,000 would add a
 * minute to `npm test`. bench/due.ts measures 10,000 with the load.
 */
const GAMES = Number(process.env.MANY_DEADLINES ?? 500);
const BACKLOG = 1000;
let own: OwnWorker;
/** Each attempt's copies and backlog carry their own prefix, so a retry counts only its own. */
let attempt = 0;
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sqlRows<T>(own.db.DATABASE_URL, own.db.DB_WS_PROXY, text, params);

beforeAll(async () => {
  if (wantRealPostgres()) own = await startOwnWorker();
}, 180_000);

afterAll(async () => {
  await own?.stop();
});

// On real PostgreSQL only (the second Worker pass of `npm test`): there, as in production, the
// passes run side by side; PGlite behind the bridge runs one statement at a time, which would
// measure the bridge, and double the layer's time.
describe.skipIf(!wantRealPostgres())('many deadlines at once', () => {
  it(`${GAMES} clocks run out at once are each applied once, ${BACKLOG} notices due at once are delivered, and requests still answer`, async () => {
    const { api } = own;
    attempt++;
    const copies = `many${attempt}`;
    const backlog = `backlog${attempt}`;
    const t = await startTemplate(api);
    // Copies of the started game, each clock run out in the last second (on the Worker's clock,
    // which this file's Worker never moves), so every alarm is due as soon as it is armed.
    const firstEnd = Date.now() - 1000;
    const lastEnd = await copyDueGames(sql, t, GAMES, { prefix: copies, firstEnd, spreadMs: 900 });
    await queueBacklog(sql, t, BACKLOG, backlog);
    const queuedAt = Date.now();
    // Arm every game's alarm (the route moves time by nothing and lets the alarms do the work).
    const armed = await api.post('/dev/clock', { advanceMs: 0, run: false });
    expect(armed.status, armed.text).toBe(200);

    // A request the loaded machine's proxy drops on its way ("fetch failed") is counted, not
    // fatal: what this proves is that every clock is applied once and that requests go on being
    // answered while they are, not that no connection is ever reset on a machine running the suite.
    const dropped: string[] = [];
    const tryRequest = async <T>(what: string, send: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await send();
      } catch (e) {
        dropped.push(`${what}: ${(e as Error).message}`);
        return undefined;
      }
    };
    // Ordinary requests go on in a loop of their own: a cron pass that takes minutes on a loaded
    // machine must not decide how often they are asked (once every pass was too few to see one).
    const answering: number[] = [];
    const otherAnswers: Record<string, number> = {};
    let clearing = true;
    const requests = (async () => {
      while (clearing) {
        const s = Date.now();
        const health = await tryRequest('health', () => fetch(`${api.base}/api/health`));
        const state = await tryRequest('state', () => api.get(`/api/games/${t.gameId}/state`, { token: t.token }));
        if (health?.ok && state?.status === 200) answering.push(Date.now() - s);
        else {
          const key = `health ${health?.status ?? 'dropped'}, state ${state?.status ?? 'dropped'}`;
          otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
        }
        await pause(500);
      }
    })();
    let cronOk = 0;
    let delivered = 0;
    let said = Date.now();
    const done = await until(
      'every copy timed out and the backlog delivered',
      async () => {
        if ((await tryRequest('cron', () => own.tick()))?.status === 200) cronOk++;
        const pending = delivered ? 0 : await pendingBacklog(sql, backlog);
        if (!delivered && pending === 0) delivered = Date.now();
        const ended = await endedCopies(sql, copies);
        // Progress every 10 s, so a run that is too slow says where it stands.
        if (Date.now() - said >= 10_000) {
          said = Date.now();
          console.log(
            `[many deadlines] +${((said - firstEnd) / 1000).toFixed(0)} s: ${ended} of ${GAMES} applied, ${pending} notices pending, ${answering.length} requests answered`,
          );
        }
        return delivered && ended === GAMES ? Date.now() : undefined;
      },
      // Only a guard against a hang: 500 took 33-85 s on an idle machine, over 300 s on one with other jobs.
      { timeoutMs: 900_000, intervalMs: 1000 },
    ).finally(() => {
      clearing = false;
    });
    await requests;
    console.log(
      `[many deadlines] ${GAMES} applied ${((done - firstEnd) / 1000).toFixed(1)} s after the first end (${((done - lastEnd) / 1000).toFixed(1)} s after the last); ` +
        `${BACKLOG} notices delivered ${((delivered - queuedAt) / 1000).toFixed(1)} s after they were queued; ${answering.length} health and state pairs answered (at most ${Math.max(...answering)} ms)` +
        (Object.keys(otherAnswers).length ? `; otherwise ${JSON.stringify(otherAnswers)}` : '') +
        (dropped.length ? `; ${dropped.length} dropped on the way (${dropped.slice(0, 3).join('; ')})` : ''),
    );
    expect(await timeoutsOf(sql, copies)).toEqual({ games: GAMES, events: GAMES });
    // Each ending recorded once, with both players' outcomes (each copy seats players of its own);
    // none is rated: the copies' players never moved, and a rated game is a played one.
    const [recorded] = await sql<{ endings: string; outcomes: string; rated: string }>(
      "select (select count(*) from game_endings where game_id like $1 || '\\_%') as endings, (select count(*) from seat_results where game_id like $1 || '\\_%') as outcomes, (select count(*) from seat_results where game_id like $1 || '\\_%' and rated) as rated",
      [copies],
    );
    expect({ endings: Number(recorded.endings), outcomes: Number(recorded.outcomes), rated: Number(recorded.rated) }).toEqual({
      endings: GAMES,
      outcomes: 2 * GAMES,
      rated: 0,
    });
    expect(
      answering.length,
      `health and state answered while the clocks cleared (otherwise ${JSON.stringify(otherAnswers)})`,
    ).toBeGreaterThan(0);
    expect(cronOk).toBeGreaterThan(0);
  }, 960_000);
});
