/**
 * Safe to play with strangers, and yours to leave, in Chromium against the shared `npm start`:
 * - Ada blocks Bo from his line in their game's chat, and Bo's open table leaves her lobby.
 * - Ada reports Bo's chat line; the operator (the address in the server's ADMIN_EMAILS) finds it
 *   in /admin/reports with the chat excerpt and mutes Bo's chat for 3 days: Bo can no longer chat.
 * - Cy deletes her account from Settings through the emailed link; her old session is signed out.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_OPERATOR } from '../support/e2e-global-setup';
import { pause } from '../support/wait';
import {
  hasChromium,
  namedPlayer,
  phone,
  postAs,
  screenshotPath,
  seeText,
  startedGame,
  useServerAndBrowser,
  warnNoBrowser,
  watchPageErrors,
} from './support';

warnNoBrowser('test/e2e/safety.test.ts');

const WAIT = 30_000;
const tag = () => Math.floor(Math.random() * 1e6);

/** The newest dev-mailbox email to `to` whose subject matches, waiting for the outbox to deliver it. */
async function waitForMail(baseUrl: string, to: string, subject: RegExp): Promise<{ text: string }> {
  const until = Date.now() + WAIT;
  while (Date.now() < until) {
    const mails = (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as { to: string; subject: string; text: string }[];
    const mail = mails.find((m) => m.to === to && subject.test(m.subject));
    if (mail) return mail;
    await pause(200);
  }
  throw new Error(`no email to ${to} matching ${subject} in the dev mailbox`);
}

/** The chat line of `text` on a game page. */
const chatLine = (page: Page, text: string) => page.locator('mp-chat-panel li', { hasText: text });

describe.skipIf(!hasChromium)('safety in the browser', () => {
  const env = useServerAndBrowser();

  test('blocking a player from their chat line takes their open table out of the lobby', async () => {
    const { server, browser } = env;
    const n = tag();
    const errors: string[] = [];
    const ada = await namedPlayer(browser, server.baseUrl, `ada${n}@safety-e2e.test`, `Ada ${n}`);
    const bo = await namedPlayer(browser, server.baseUrl, `bo${n}@safety-e2e.test`, `Bo ${n}`);
    watchPageErrors(errors, 'ada', ada.page);
    const id = await startedGame(server.baseUrl, [ada.context, bo.context], 'space-mountain');
    await postAs(bo.context, server.baseUrl, `/api/games/${id}/chat`, { text: `hello from Bo ${n}` });
    const table = await postAs<{ id: string }>(bo.context, server.baseUrl, '/api/games', { type: 'snowdonia', players: 3 });
    // A table of Ada's own: once it is drawn, the lobby has loaded.
    const mine = await postAs<{ id: string }>(ada.context, server.baseUrl, '/api/games', { type: 'snowdonia', players: 3 });

    await ada.page.goto('/lobby');
    const boTable = ada.page.locator(`[data-game="${table.id}"]`);
    await boTable.first().waitFor({ timeout: WAIT });

    await ada.page.goto(`/games/${id}`);
    const line = chatLine(ada.page, `hello from Bo ${n}`);
    await line.waitFor({ timeout: WAIT });
    await line.getByRole('button', { name: `Block Bo ${n}` }).click();
    await ada.page.getByRole('button', { name: 'Block', exact: true }).click();
    await line.waitFor({ state: 'detached', timeout: WAIT });

    await ada.page.goto('/lobby');
    await ada.page.locator(`[data-game="${mine.id}"]`).first().waitFor({ timeout: WAIT });
    expect(await boTable.count()).toBe(0);
    await ada.page.goto('/settings');
    await seeText(ada.page, `Bo ${n}`);
    await ada.page.screenshot({ path: screenshotPath('safety-blocked-settings.png'), fullPage: true });
    expect(errors).toEqual([]);
    await Promise.all([ada.context.close(), bo.context.close()]);
  });

  test('a reported chat line reaches the operator, who mutes the player', async () => {
    const { server, browser } = env;
    const n = tag();
    const ada = await namedPlayer(browser, server.baseUrl, `ada-r${n}@safety-e2e.test`, `Ada R${n}`);
    const bo = await namedPlayer(browser, server.baseUrl, `bo-r${n}@safety-e2e.test`, `Bo R${n}`);
    const id = await startedGame(server.baseUrl, [ada.context, bo.context], 'big-thunder');
    await postAs(bo.context, server.baseUrl, `/api/games/${id}/chat`, { text: `you are a fool ${n}` });

    await ada.page.goto(`/games/${id}`);
    const line = chatLine(ada.page, `you are a fool ${n}`);
    await line.waitFor({ timeout: WAIT });
    await line.getByRole('button', { name: `Report Bo R${n}` }).click();
    await ada.page.getByLabel('Harassment or abuse').check();
    await ada.page.getByLabel('In your words (optional)').fill('Insults in the chat.');
    await ada.page.getByRole('button', { name: 'Send report' }).click();
    await seeText(ada.page, 'The operators will look at your report');

    const ops = await namedPlayer(browser, server.baseUrl, E2E_OPERATOR, `Operator ${n}`, phone);
    await ops.page.getByRole('link', { name: 'Reports' }).click();
    const report = ops.page.locator('mp-admin-reports article', { hasText: `Bo R${n}` });
    await report.first().waitFor({ timeout: WAIT });
    await expect(report.getByText(`you are a fool ${n}`).count()).resolves.toBe(1);
    await report.getByText('Insults in the chat.').waitFor();
    await report.getByLabel('Days').fill('3');
    await report.getByLabel('Note for the other operators').fill('First warning');
    await report.getByRole('button', { name: 'Mute chat' }).click();
    await report.getByText(`${E2E_OPERATOR} muted their chat for 3 days`).waitFor({ timeout: WAIT });
    await ops.page.screenshot({ path: screenshotPath('safety-admin-reports-phone.png'), fullPage: true });

    const said = await bo.context.request.post(`${server.baseUrl}/api/games/${id}/chat`, {
      data: { text: 'one more' },
      headers: { origin: server.baseUrl },
    });
    expect(said.status()).toBe(403);
    expect((await said.json()).error.code).toBe('chat_muted');
    await Promise.all([ada.context.close(), bo.context.close(), ops.context.close()]);
  });

  test('deleting an account through the emailed link', async () => {
    const { server, browser } = env;
    const n = tag();
    const email = `cy${n}@safety-e2e.test`;
    const cy = await namedPlayer(browser, server.baseUrl, email, `Cy ${n}`);
    await cy.page.getByRole('link', { name: 'Settings' }).click();
    await cy.page.getByRole('button', { name: 'Delete my account…' }).click();
    await seeText(cy.page, `We emailed a link to ${email}`);
    const mail = await waitForMail(server.baseUrl, email, /Delete your Mountain Post account/);
    const link = /\/account\/delete\?token=[0-9a-f]+/.exec(mail.text)![0];

    await cy.page.goto(link);
    await seeText(cy.page, 'Delete your account?');
    await cy.page.screenshot({ path: screenshotPath('safety-delete-account.png'), fullPage: true });
    await cy.page.getByRole('button', { name: 'Delete my account for good' }).click();
    await seeText(cy.page, 'Your account is deleted');
    const me = await cy.context.request.get(`${server.baseUrl}/api/me`);
    expect(me.status()).toBe(401);
    await cy.page.goto('/');
    await cy.page.getByLabel('Email address').waitFor();
    await cy.context.close();
  });
});
