/**
 * from an invitation to the first move, in Debian's Chromium against `npm start`:
 * - Amy creates a 3-player Space Mountain game with the new-game form and invites Bea by email
 *   from the waiting room; Cy takes a seat through the API. Bea, signed out on a phone, follows
 *   the link in the invitation email (read from the dev mailbox), signs in, lands on the invite
 *   page (who invited him, who sits there, the options) and joins: his seat is the last one, so
 *   the game starts by itself on both pages. A signed-out reader of a notification link
 *   (`?seat=`) is asked to sign in to play.
 * - A newcomer reaches a game against the bot from the landing page in under 5 clicks.
 * - The lobby (open tables and games in progress) at 375x740 and 1280x800, then a game's How to
 *   play page reached from its link, screenshots in test-results/screenshots.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createGameInUi,
  hasChromium,
  newPlayerContext,
  phone,
  screenshotPath,
  seeText,
  setName,
  signIn,
  signInLink,
  useServerAndBrowser,
  warnNoBrowser,
  watchPageErrors,
} from './support';
import { pause } from '../support/wait';

warnNoBrowser('test/e2e/invite.test.ts');

const WAIT = 30_000;

interface Mail {
  to: string;
  subject: string;
  text: string;
  token?: string;
}

async function mails(baseUrl: string): Promise<Mail[]> {
  return (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as Mail[];
}

/** The newest email to `to` whose subject matches, waiting for the outbox to deliver it. */
async function waitForMail(baseUrl: string, to: string, subject: RegExp): Promise<Mail> {
  const until = Date.now() + WAIT;
  while (Date.now() < until) {
    const mail = (await mails(baseUrl)).find((m) => m.to === to && subject.test(m.subject));
    if (mail) return mail;
    await pause(200);
  }
  throw new Error(`no email to ${to} matching ${subject} in the dev mailbox`);
}

/** A player signed in through the API only (Bearer session), for seats the browser does not show. */
async function apiPlayer(baseUrl: string, email: string): Promise<(path: string, body: unknown) => Promise<Response>> {
  const json = { 'content-type': 'application/json' };
  expect((await fetch(`${baseUrl}/api/auth/email`, { method: 'POST', headers: json, body: JSON.stringify({ email }) })).status).toBe(202);
  const token = (await waitForMail(baseUrl, email, /sign-in link/)).token!;
  const { sessionToken } = (await (
    await fetch(`${baseUrl}/api/auth/token`, { method: 'POST', headers: json, body: JSON.stringify({ token }) })
  ).json()) as { sessionToken: string };
  return (path, body) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${sessionToken}` },
      body: JSON.stringify(body),
    });
}

describe.skipIf(!hasChromium)('lobby and invitations in a browser', () => {
  const suite = useServerAndBrowser();

  test('an invited player follows the invitation email, signs in, lands in the waiting room, and the game starts by itself when the table is full', async () => {
    const { server, browser } = suite;
    const errors: string[] = [];
    const watch = (who: string, page: Page) => watchPageErrors(errors, who, page);

    const ctxA = await newPlayerContext(browser, server.baseUrl, { viewport: { width: 1280, height: 800 } });
    const a = await signIn(ctxA, server.baseUrl, 'ada.invite@example.test');
    watch('Amy', a);
    await setName(a, 'Amy');
    const { invite, id } = await createGameInUi(a, 'space-mountain', 3, WAIT);
    await seeText(a, 'The game starts by itself when the last seat is taken');

    // Amy invites Bea by email from the waiting room.
    await a.getByLabel('Email address to invite').fill('bo.invite@example.test');
    await a.getByRole('button', { name: 'Send invitation' }).click();
    await seeText(a, 'Invitation sent to bo.invite@example.test.');
    const invitation = await waitForMail(server.baseUrl, 'bo.invite@example.test', /invites you to play/);
    expect(invitation.subject).toBe('Amy invites you to play Space Mountain: All Systems Go');
    expect(invitation.text).toContain('for 3 players (1 seated so far)');
    const link = new URL(/Open the game: (\S+)/.exec(invitation.text)![1]);
    expect(link.pathname).toBe(`/games/${id}`);
    expect(link.searchParams.get('invite')).toBe(invite.searchParams.get('invite'));

    // Cy takes a seat without a browser; Amy's waiting room names him, and Amy is told by email.
    const cy = await apiPlayer(server.baseUrl, 'cy.invite@example.test');
    const cyJoined = (await (await cy(`/api/games/${id}/join`, { invite: link.searchParams.get('invite') })).json()) as {
      seat: number;
      started: boolean;
    };
    expect(cyJoined).toEqual({ seat: 1, started: false });
    await seeText(a, '2 of 3 seats taken.', WAIT);
    await waitForMail(server.baseUrl, 'ada.invite@example.test', /joined your Space Mountain/);

    // Bea, signed out on a phone, follows the link: sign in first, then back to the invite page.
    const ctxB = await newPlayerContext(browser, server.baseUrl, phone);
    const b = await ctxB.newPage();
    watch('Bea', b);
    await b.goto(link.pathname + link.search);
    await seeText(b, 'You were invited to a game. Sign in first');
    const since = Date.now();
    await b.getByLabel('Email address').fill('bo.invite@example.test');
    await b.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await b.goto(await signInLink(server.baseUrl, 'bo.invite@example.test', since));
    await b.getByRole('button', { name: 'Continue signing in' }).click();
    await seeText(b, 'You were invited to this game. Amy sent the invitation.', WAIT);
    await seeText(b, '2 of 3 seats taken.');
    await seeText(b, 'Amy');
    await b.getByRole('list', { name: 'Seats' }).getByText('Open seat').waitFor();
    await b.screenshot({ path: screenshotPath('invite-page-phone.png'), fullPage: true });

    // His is the last seat: the game starts by itself, on his page and on Amy's.
    await b.getByRole('button', { name: 'Join game' }).click();
    await seeText(b, 'You joined the game in seat 3.', WAIT);
    await seeText(b, 'In progress', WAIT);
    await b.locator('sm-galaxy-board').waitFor({ timeout: WAIT });
    await seeText(a, 'In progress', WAIT);
    await a.locator('sm-galaxy-board').waitFor({ timeout: WAIT });
    const meta = (await (await ctxA.request.get(`${server.baseUrl}/api/games/${id}`)).json()) as {
      status: string;
      seats: { name: string }[];
    };
    expect(meta.status).toBe('active');
    expect(meta.seats.map((s) => s.name)).toEqual([
      'Amy',
      expect.stringMatching(/^Player \d{4}$/),
      expect.stringMatching(/^Player \d{4}$/),
    ]);

    // A notification link opened signed out asks to sign in to play, not "You are watching".
    const ctxV = await newPlayerContext(browser, server.baseUrl, phone);
    const v = await ctxV.newPage();
    await v.goto(`/games/${id}?seat=3`);
    await seeText(v, 'This link was sent to the player in seat 3.', WAIT);
    expect(await v.getByText('You are watching').count()).toBe(0);
    await v.getByRole('link', { name: 'Sign in to play' }).waitFor();
    await v.goto(`/games/${id}`);
    await seeText(v, 'You are watching.', WAIT);

    expect(errors).toEqual([]);
    await Promise.all([ctxA.close(), ctxB.close(), ctxV.close()]);
  }, 240_000);

  test('a newcomer reaches a game against the bot from the landing page in under 5 clicks', async () => {
    const { server, browser } = suite;
    const errors: string[] = [];
    const ctx = await newPlayerContext(browser, server.baseUrl, phone);
    const p = await ctx.newPage();
    watchPageErrors(errors, 'newcomer', p);
    let clicks = 0;
    await p.goto('/');
    // The landing page says what the three games are, with a picture of each board.
    await seeText(p, 'Board games by mail');
    for (const title of ['Big Thunder Mountain Railroad', 'Snowdonia', 'Space Mountain']) {
      await p.getByRole('img', { name: new RegExp(`^The ${title}.* board during a game$`) }).waitFor();
    }
    await p.screenshot({ path: screenshotPath('landing-phone.png'), fullPage: true });

    await p.getByRole('link', { name: /^Play Space Mountain.* against a bot now$/ }).click();
    clicks++;
    await seeText(p, 'your game against the bot starts as soon as you are back');
    const since = Date.now();
    await p.getByLabel('Email address').fill('newcomer@example.test');
    await p.getByRole('button', { name: 'Email me a sign-in link' }).click();
    clicks++;
    await p.goto(await signInLink(server.baseUrl, 'newcomer@example.test', since));
    clicks++; // the link in the email
    await p.getByRole('button', { name: 'Continue signing in' }).click();
    clicks++;
    await p.locator('sm-galaxy-board').waitFor({ timeout: WAIT });
    await seeText(p, 'In progress', WAIT);
    expect(p.url()).toMatch(/\/games\/g_[0-9a-f]{20}$/);
    expect(clicks).toBeLessThan(5);
    const id = new URL(p.url()).pathname.split('/').pop();
    const meta = (await (await ctx.request.get(`${server.baseUrl}/api/games/${id}`)).json()) as {
      players: number;
      seats: { isBot: boolean }[];
      yourSeat: number;
    };
    expect([meta.players, meta.yourSeat, meta.seats.map((s) => s.isBot)]).toEqual([2, 0, [false, true]]);

    // My games names the opponent and when the game was last played, and offers another bot game.
    await p.getByRole('link', { name: 'My games' }).click();
    await seeText(p, 'with Bot', WAIT);
    await seeText(p, 'last played');
    await p.getByRole('heading', { name: 'Play against a bot now' }).waitFor();
    await p.getByRole('link', { name: /^Play Snowdonia.* against a bot now$/ }).waitFor();
    await p.screenshot({ path: screenshotPath('my-games-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
  }, 180_000);

  test('the lobby: open tables to join in one click, games in progress to watch (375x740 and 1280x800)', async () => {
    const { server, browser } = suite;
    const errors: string[] = [];
    // One table still waiting for players, from a player of its own.
    const ctxD = await newPlayerContext(browser, server.baseUrl, { viewport: { width: 1280, height: 800 } });
    const d = await signIn(ctxD, server.baseUrl, 'dee.invite@example.test');
    watchPageErrors(errors, 'Dee', d);
    await setName(d, 'Dee');
    const { id: openId } = await createGameInUi(d, 'snowdonia', 2, WAIT);

    // Eve, signed in on a phone, sees both lists and joins Dee's table with one click.
    const ctxE = await newPlayerContext(browser, server.baseUrl, phone);
    const e = await signIn(ctxE, server.baseUrl, 'eve.invite@example.test');
    watchPageErrors(errors, 'Eve', e);
    await e.getByRole('link', { name: 'Lobby', exact: true }).click();
    await e.getByRole('heading', { name: 'Open tables' }).waitFor();
    await e.getByRole('heading', { name: 'Games in progress' }).waitFor();
    await e
      .getByRole('link', { name: /^Watch Space Mountain/ })
      .first()
      .waitFor({ timeout: WAIT });
    await e.screenshot({ path: screenshotPath('lobby-phone.png'), fullPage: true });
    await d.goto('/lobby');
    await d.getByRole('heading', { name: 'Games in progress' }).waitFor();
    await d.getByRole('link', { name: 'Open' }).first().waitFor({ timeout: WAIT });
    await d.screenshot({ path: screenshotPath('lobby.png'), fullPage: true });

    // Other files share the server: Dee's own table, by its id.
    await e
      .locator(`li[data-game="${openId}"]`)
      .getByRole('button', { name: /^Join Snowdonia/ })
      .click();
    await e.waitForURL(new RegExp(`/games/${openId}$`), { timeout: WAIT });
    await seeText(e, 'In progress', WAIT);
    // Watching a game in progress is one click too.
    await e.getByRole('link', { name: 'Lobby', exact: true }).click();
    await e
      .getByRole('link', { name: /^Watch Space Mountain/ })
      .first()
      .click();
    await seeText(e, 'You are watching.', WAIT);

    // From a game page to its How to play page: the summary and the engine's readings.
    await e.getByRole('link', { name: 'How to play' }).click();
    await e.getByRole('heading', { name: 'How to play Space Mountain: All Systems Go' }).waitFor({ timeout: WAIT });
    await e.getByRole('heading', { name: 'How this server reads the rules' }).waitFor();
    await seeText(e, 'Option: firstPlayer', WAIT);
    await e.screenshot({ path: screenshotPath('how-to-play-phone.png'), fullPage: true });
    await d.goto('/how-to-play/big-thunder');
    await d.getByRole('heading', { name: 'How to play Big Thunder Mountain Railroad' }).waitFor({ timeout: WAIT });
    expect(await d.locator('mp-how-to-play li[id^="note-"]').count()).toBeGreaterThanOrEqual(5);
    await d.screenshot({ path: screenshotPath('how-to-play.png'), fullPage: true });
    expect(errors).toEqual([]);
    await Promise.all([ctxD.close(), ctxE.close()]);
  }, 240_000);
});
