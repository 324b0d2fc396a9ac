import { describe, expect, test } from 'vitest';
import {
  DEFAULT_SETTINGS,
  failureTarget,
  initialTimeZone,
  isDefaultSettings,
  kindText,
  testResultText,
  webhookDraft,
  webhookFromDraft,
} from '../../client/notification-settings';
import type { NotificationSettings } from '../../client/api-types';
import { pageVisibleHeader, pollHeaders } from '../../client/poll-controller';
import { deadlineText, isKnownTimeZone, timeControlText, timeZoneNames, untilText } from '../../client/time';

describe('X-Page-Visible and conditional polls', () => {
  test('only a visible page says 1', () => {
    expect(pageVisibleHeader('visible')).toBe('1');
    expect(pageVisibleHeader('hidden')).toBe('0');
    expect(pageVisibleHeader('prerender')).toBe('0');
  });

  test('a poll sends the ETag unless it must be unconditional', () => {
    expect(pollHeaders('"v7"', 'visible', false)).toEqual({ accept: 'application/json', 'x-page-visible': '1', 'if-none-match': '"v7"' });
    expect(pollHeaders('"v7"', 'hidden', false)).toEqual({ accept: 'application/json', 'x-page-visible': '0', 'if-none-match': '"v7"' });
    // Back in front of the player: fetch in full so the server marks the version as seen.
    expect(pollHeaders('"v7"', 'visible', true)).toEqual({ accept: 'application/json', 'x-page-visible': '1' });
    expect(pollHeaders(null, 'visible', false)).toEqual({ accept: 'application/json', 'x-page-visible': '1' });
  });
});

describe('deadlines in the viewer’s time zone', () => {
  const at = '2026-07-14T13:00:00Z';

  test('local wall time with the zone’s abbreviation and name', () => {
    expect(deadlineText(at, 'Europe/Berlin', 'en-GB')).toBe('Tue 14 Jul, 15:00 CEST (Europe/Berlin)');
    expect(deadlineText('2026-01-14T13:00:00Z', 'Europe/Berlin', 'en-GB')).toBe('Wed 14 Jan, 14:00 CET (Europe/Berlin)');
    expect(deadlineText(at, 'Asia/Kolkata', 'en-GB')).toBe('Tue 14 Jul, 18:30 GMT+5:30 (Asia/Kolkata)');
    expect(deadlineText(at, 'UTC', 'en-GB')).toBe('Tue 14 Jul, 13:00 UTC'); // no "(UTC)" twice
  });

  test('across a daylight-saving change the same UTC offset shows different wall times', () => {
    // London moved to BST at 01:00 UTC on 29 March 2026.
    expect(deadlineText('2026-03-29T00:30:00Z', 'Europe/London', 'en-GB')).toBe('Sun 29 Mar, 00:30 GMT (Europe/London)');
    expect(deadlineText('2026-03-29T01:30:00Z', 'Europe/London', 'en-GB')).toBe('Sun 29 Mar, 02:30 BST (Europe/London)');
  });

  test('a zone this runtime does not know falls back to UTC; a bad instant is shown raw', () => {
    expect(deadlineText(at, 'Mars/Olympus', 'en-GB')).toBe('Tue 14 Jul, 13:00 UTC');
    expect(deadlineText('soon', 'UTC', 'en-GB')).toBe('soon');
  });

  test('"in 5 h": rounded down, never more time than there is', () => {
    const now = Date.parse(at);
    const h = 3600_000;
    expect(untilText(new Date(now + 5 * h + 59 * 60_000).toISOString(), now)).toBe('in 5 h');
    expect(untilText(new Date(now + 40 * 60_000 + 59_000).toISOString(), now)).toBe('in 40 min');
    expect(untilText(new Date(now + 30_000).toISOString(), now)).toBe('in under a minute');
    expect(untilText(new Date(now + 47 * h).toISOString(), now)).toBe('in 47 h');
    expect(untilText(new Date(now + 72 * h).toISOString(), now)).toBe('in 3 d');
    expect(untilText(at, now)).toBe('time is up');
    expect(untilText(new Date(now - h).toISOString(), now)).toBe('time is up');
    expect(untilText('never', now)).toBe('');
  });

  test('time control in words', () => {
    expect(timeControlText('No clock', 'bot')).toBe('No time limit');
    expect(timeControlText(undefined, undefined)).toBe('No time limit');
    expect(timeControlText('24 h per move', 'bot')).toBe('24 h per move; when time runs out the bot plays the turn');
    expect(timeControlText('Fast: 72 h, +12 h a turn, at most 120 h', 'end')).toBe(
      'Fast: 72 h, +12 h a turn, at most 120 h; when time runs out the game ends',
    );
  });

  test('time zone names', () => {
    const zones = timeZoneNames();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones.filter((z) => z === 'UTC')).toHaveLength(1);
    expect(isKnownTimeZone('America/New_York')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone(' ')).toBe(false);
  });
});

describe('notification settings form', () => {
  const defaults: NotificationSettings = structuredClone(DEFAULT_SETTINGS);

  test('the device zone is proposed only to a player who never saved', () => {
    expect(initialTimeZone(defaults, 'Europe/Berlin', false)).toEqual({ zone: 'Europe/Berlin', suggested: true });
    // Saved once on this device (UTC on purpose): keep UTC.
    expect(initialTimeZone(defaults, 'Europe/Berlin', true)).toEqual({ zone: 'UTC', suggested: false });
    // Saved elsewhere: anything but the defaults means the player has chosen.
    expect(initialTimeZone({ ...defaults, email: false }, 'Europe/Berlin', false)).toEqual({ zone: 'UTC', suggested: false });
    expect(initialTimeZone({ ...defaults, timeZone: 'Asia/Tokyo' }, 'Europe/Berlin', false)).toEqual({
      zone: 'Asia/Tokyo',
      suggested: false,
    });
    // A device in UTC has nothing better to offer.
    expect(initialTimeZone(defaults, 'UTC', false)).toEqual({ zone: 'UTC', suggested: false });
    expect(isDefaultSettings(defaults)).toBe(true);
    expect(isDefaultSettings({ ...defaults, kinds: { ...defaults.kinds, reminder: false } })).toBe(false);
    expect(isDefaultSettings({ ...defaults, webhook: { url: 'https://x.example', format: 'slack' } })).toBe(false);
  });

  test('a webhook draft becomes the body to send, or the first problem', () => {
    expect(webhookFromDraft(webhookDraft(null))).toEqual({ ok: true, webhook: null });
    const json = { enabled: true, url: ' https://hooks.example.com/mp ', format: 'json' as const, mention: '123456' };
    // The secret is never sent (the server keeps or makes it); the mention is Discord's only.
    expect(webhookFromDraft(json)).toEqual({ ok: true, webhook: { url: 'https://hooks.example.com/mp', format: 'json' } });
    expect(webhookFromDraft({ ...json, format: 'discord' })).toEqual({
      ok: true,
      webhook: { url: 'https://hooks.example.com/mp', format: 'discord', mention: '123456' },
    });
    expect(webhookFromDraft({ ...json, format: 'discord', mention: '' })).toEqual({
      ok: true,
      webhook: { url: 'https://hooks.example.com/mp', format: 'discord' },
    });
    expect(webhookFromDraft({ ...json, format: 'discord', mention: '@ada' })).toMatchObject({ ok: false, field: 'mention' });
    expect(webhookFromDraft({ ...json, url: '' })).toMatchObject({ ok: false, field: 'url' });
    expect(webhookFromDraft({ ...json, url: 'hooks.example.com' })).toMatchObject({ ok: false, field: 'url' });
    expect(webhookFromDraft({ ...json, url: 'ftp://hooks.example.com' })).toMatchObject({ ok: false, field: 'url' });
    // Switched off: null, whatever was typed.
    expect(webhookFromDraft({ ...json, enabled: false, url: 'nonsense' })).toEqual({ ok: true, webhook: null });
    // A saved webhook round-trips through the draft.
    expect(webhookDraft({ url: 'https://d.example/x', format: 'discord', secret: 's'.repeat(20), mention: '98765' })).toEqual({
      enabled: true,
      url: 'https://d.example/x',
      format: 'discord',
      mention: '98765',
    });
  });

  test('what the test message used, and failed deliveries, in words', () => {
    expect(testResultText(['email', 'webhook'])).toBe(
      'Test message sent by email and to your webhook. It may take a few seconds to arrive.',
    );
    expect(testResultText(['webhook'])).toBe('Test message sent to your webhook. It may take a few seconds to arrive.');
    expect(testResultText([])).toBe('Nothing was sent: email and the webhook are both off.');
    expect(kindText('your_turn')).toBe('Your turn');
    expect(kindText('something_new')).toBe('Something new');
    expect(failureTarget({ channel: 'webhook', target: 'hooks.example.com' })).toBe('Webhook to hooks.example.com');
    expect(failureTarget({ channel: 'email', target: 'ada@example.test' })).toBe('Email to ada@example.test');
  });
});
