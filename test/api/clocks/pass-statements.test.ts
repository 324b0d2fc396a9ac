/**
 * A clock pass runs only the statements its work needs: a pass that times a seat out reads the
 * game (the first time with its recipients) before each of the bot's moves and commits them (each commit writes the clocks and the
 * next due instant), and the reminders step after it, with nothing to send, writes nothing more
 * and opens no transaction.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from '../support';
import { HOUR, timedTable } from './support';

let api: TestApi;
let statements: string[] = [];
beforeAll(async () => {
  api = await makeTestApp({}, { onQuery: (q) => statements.push(q) });
});

describe('a clock pass', () => {
  it('a timeout: the game read once per bot move, the recipients with it once, and no transaction for reminders with nothing to send', async () => {
    api.clock.t = Date.parse('2027-09-06T09:00:00Z');
    const { id } = await timedTable(api, { timeControl: '24h', onTimeout: 'bot', allowVacation: false });
    // Both reminders (12 h and 2 h left) go out first, each in its own pass.
    api.clock.advance(12 * HOUR);
    await api.cron();
    api.clock.advance(10 * HOUR);
    await api.cron();
    api.clock.advance(2 * HOUR + 1000);
    statements = [];
    await api.cron();
    const moves = await api.client.query<{ n: string }>(
      "select count(*) as n from game_events where game_id = $1 and kind = 'move' and (payload->>'timeout')::boolean",
      [id],
    );
    expect(Number(moves.rows[0].n)).toBeGreaterThan(0);
    // The bot's commits are mp_append_event calls; no other statement writes the game's clocks.
    const clockWrites = statements.filter((q) => /^update "games" set "clocks"/.test(q));
    expect(clockWrites).toEqual([]);
    expect(statements.filter((q) => /^begin/i.test(q))).toEqual([]);
    // The pass reads the game with its recipients once (`mp_pass_read`), then again after each
    // of the bot's moves but the last (what it plays next depends on it); the recipients are not
    // read again, neither for the bot's moves nor for the reminders.
    const count = (prefix: string) => statements.filter((q) => q.startsWith(prefix)).length;
    const appends = count('select mp_append_event(');
    expect(appends).toBe(Number(moves.rows[0].n));
    expect(count('select mp_pass_read(')).toBe(1);
    expect(count('select "id", "type", "rules_version"')).toBe(appends);
    expect(count('select mp_recipients(')).toBe(0);
  });
});
