/**
 * Players you can count on, in Chromium against the shared `npm start`:
 * - Ada opens a stranger's (Bo's) profile from his name in the lobby and asks to be friends; Bo
 *   accepts from Ada's profile.
 * - Ada starts a game with Bo in one click from the new-game form ("Play with Bo").
 * - A table Ada resigned from is in the archive under My games, marked "You resigned".
 * - The profile and the leaderboard at 375x740 and 1280x800 (the README's screenshots).
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import {
  hasChromium,
  namedPlayer,
  phone,
  postAs,
  screenshotPath,
  seeText,
  useServerAndBrowser,
  warnNoBrowser,
  watchPageErrors,
} from './support';
import { moveAs, stateOf } from './board-helpers';

warnNoBrowser('test/e2e/players.test.ts');

const WAIT = 30_000;
const tag = () => Math.floor(Math.random() * 1e6);

/** Moves a seat must make of its own for a game it resigns to be rated (README, "What counts as rated"). */
const TAKING_PART = 5;

/**
 * A two-player Snowdonia table that `leaver` resigns (the game ends). With `played`, each seat
 * first makes its share of moves (the first legal one each time), so the result is rated; without,
 * it is resigned at once: archived, but no rated result.
 */
async function resignedTable(baseUrl: string, creator: BrowserContext, joiner: BrowserContext, leaver: BrowserContext, played = false) {
  const { id, inviteUrl } = await postAs<{ id: string; inviteUrl: string }>(creator, baseUrl, '/api/games', {
    type: 'snowdonia',
    players: 2,
    onResign: 'end',
  });
  await postAs(joiner, baseUrl, `/api/games/${id}/join`, { invite: new URL(inviteUrl).searchParams.get('invite') });
  const made = [0, 0];
  const seats = [creator, joiner];
  while (played && Math.min(...made) < TAKING_PART) {
    const states = await Promise.all(seats.map((c) => stateOf(c, baseUrl, id)));
    const mover = states.findIndex((st) => st.yourSeat !== null && st.activeSeats.includes(st.yourSeat) && st.legalMoves.length > 0);
    expect(mover, `a seat to move at version ${states[0].version}`).toBeGreaterThanOrEqual(0);
    await moveAs(seats[mover], baseUrl, id, states[mover].version, states[mover].legalMoves[0].move);
    made[mover]++;
  }
  await postAs(leaver, baseUrl, `/api/games/${id}/resign`);
  return id;
}

describe.skipIf(!hasChromium)('players in the browser', () => {
  const env = useServerAndBrowser();

  test('a stranger’s profile from the lobby, a friend request accepted, a game with the friend in one click', async () => {
    const { server, browser } = env;
    const n = tag();
    const errors: string[] = [];
    const ada = await namedPlayer(browser, server.baseUrl, `ada${n}@players-e2e.test`, `Ada ${n}`);
    const bo = await namedPlayer(browser, server.baseUrl, `bo${n}@players-e2e.test`, `Bo ${n}`);
    watchPageErrors(errors, 'ada', ada.page);
    watchPageErrors(errors, 'bo', bo.page);
    const open = await postAs<{ id: string }>(bo.context, server.baseUrl, '/api/games', { type: 'snowdonia', players: 3 });

    await ada.page.goto('/lobby');
    const row = ada.page.locator(`[data-game="${open.id}"]`);
    await row.waitFor({ timeout: WAIT });
    await expect(row.textContent()).resolves.toContain('no timed games yet');
    await row.getByRole('link', { name: `Bo ${n}` }).click();
    await ada.page.getByRole('heading', { name: `Bo ${n}` }).waitFor({ timeout: WAIT });
    await ada.page.getByRole('button', { name: 'Add friend' }).click();
    await seeText(ada.page, 'Friend request sent.');
    await ada.page.getByRole('button', { name: 'Block' }).waitFor();
    await ada.page.getByRole('button', { name: 'Report' }).waitFor();

    // Bo sees the request on his own profile and accepts it.
    await bo.page.goto(`/players/${bo.id}`);
    await bo.page.getByRole('button', { name: 'Accept' }).click();
    await bo.page.getByRole('button', { name: 'Remove' }).waitFor({ timeout: WAIT });

    await ada.page.goto('/new');
    await ada.page.getByLabel('Game', { exact: true }).selectOption('snowdonia');
    await ada.page.getByLabel('Players', { exact: true }).selectOption('2');
    await ada.page.getByRole('button', { name: `Play with Bo ${n}` }).click();
    await ada.page.waitForURL(/\/games\/g_/, { timeout: WAIT });
    const id = decodeURIComponent(new URL(ada.page.url()).pathname.split('/').pop()!);
    const meta = (await (await bo.context.request.get(`${server.baseUrl}/api/games/${id}`)).json()) as { status: string; yourSeat: number };
    expect(meta).toMatchObject({ status: 'active', yourSeat: 1 });
    expect(errors).toEqual([]);
    await ada.context.close();
    await bo.context.close();
  });

  test('a table Ada resigned from stays in her archive, marked; her profile and the leaderboard', async () => {
    const { server, browser } = env;
    const n = tag();
    const ada = await namedPlayer(browser, server.baseUrl, `ada-arc${n}@players-e2e.test`, `Ada ${n}`);
    const bo = await namedPlayer(browser, server.baseUrl, `bo-arc${n}@players-e2e.test`, `Bo ${n}`);
    const cy = await namedPlayer(browser, server.baseUrl, `cy-arc${n}@players-e2e.test`, `Cy ${n}`);
    const resigned = await resignedTable(server.baseUrl, ada.context, bo.context, ada.context);
    // Five rated results each (games everyone took part in), so their ratings show on the leaderboard.
    for (let i = 0; i < 5; i++) {
      await resignedTable(server.baseUrl, bo.context, cy.context, i < 4 ? cy.context : bo.context, true);
      await resignedTable(server.baseUrl, bo.context, ada.context, i < 2 ? bo.context : ada.context, true);
    }

    await ada.page.goto('/');
    const archived = ada.page.locator(`[data-archived="${resigned}"]`);
    await archived.waitFor({ timeout: WAIT });
    await expect(archived.locator('[data-outcome]').textContent()).resolves.toBe('You resigned');
    await ada.page.getByLabel('Opponent').selectOption({ label: `Bo ${n}` });
    await archived.waitFor({ timeout: WAIT });

    for (const [size, suffix] of [
      [{ width: 1280, height: 800 }, ''],
      [phone.viewport!, '-phone'],
    ] as const) {
      await bo.page.setViewportSize(size);
      await bo.page.goto(`/players/${ada.id}`);
      await bo.page.locator('[data-h2h]').waitFor({ timeout: WAIT });
      await bo.page.screenshot({ path: screenshotPath(`players-profile${suffix}.png`), fullPage: true });
      await bo.page.goto('/leaderboard/snowdonia');
      await bo.page.getByRole('link', { name: `Bo ${n}` }).waitFor({ timeout: WAIT });
      await bo.page.screenshot({ path: screenshotPath(`players-leaderboard${suffix}.png`), fullPage: true });
    }
    await ada.context.close();
    await bo.context.close();
    await cy.context.close();
  });
});
