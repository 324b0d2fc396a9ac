import { Hono } from 'hono';
import { html } from 'hono/html';
import { devMailbox } from '../services/outbox';
import type { AppEnv } from '../types';

/**
 * The development mailbox: every email the outbox holds. Mounted only when
 * APP_ENV is `development` or `test`; in production these paths do not exist (404).
 */
export function devRoutes() {
  const app = new Hono<AppEnv>();
  app.use('/dev/*', async (c, next) => {
    if (c.var.config.appEnv === 'production') return c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    await next();
  });
  app.get('/dev/mailbox.json', async (c) => c.json(await devMailbox(c.var.db)));
  app.get('/dev/mailbox', async (c) => {
    const mails = await devMailbox(c.var.db);
    return c.html(html`<!doctype html>
      <meta name="viewport" content="width=device-width" />
      <title>Dev mailbox</title>
      <style>body{font:15px system-ui;margin:1rem;max-width:48rem}article{border:1px solid #ccc;border-radius:6px;padding:.5rem 1rem;margin:.5rem 0}</style>
      <h1>Dev mailbox</h1>
      <p>${mails.length} message(s), newest first. Production sends these through the email provider instead.</p>
      ${mails.map(
        (m) => html`<article><p><b>To:</b> ${m.to} &middot; <small>${m.at}</small></p><p><b>${m.subject}</b></p><pre style="white-space:pre-wrap">${m.text}</pre>${
          m.token ? html`<p><a href="/auth/callback?token=${m.token}">Open sign-in link</a></p>` : ''
        }</article>`,
      )}`);
  });
  return app;
}
