import { html } from 'hono/html';
import type { WebhookConfig } from '../../db/schema';
import { escapeDiscord, escapeSlack, oneLine } from './escape';

/** Notification kinds; the first five can be switched off per user (`NotificationKinds`). */
export type NotificationKind =
  | 'your_turn'
  | 'game_started'
  | 'game_over'
  | 'chat_mention'
  | 'reminder'
  | 'timeout'
  | 'clock'
  | 'digest'
  | 'held'
  | 'test'
  | 'player_joined'
  | 'invitation';

/** A notification before it is shaped for a channel. */
export interface Message {
  kind: NotificationKind;
  /** One line: "Your turn in Space Mountain (seat 2)". */
  subject: string;
  /** What happened since the player last looked (log lines), or the body of a digest. */
  lines: string[];
  /**
   * The summaries of the rounds or phases that ended since the player last looked (log lines of
   * kind `phase`, oldest first, at most `MAX_PHASES`): "Round 3 is over. Weather: Rain ...". They
   * lead the message and are not repeated in `lines`.
   */
  phases?: string[];
  /** Link straight to the game (or the app). */
  url: string;
  game?: { id: string; title: string; seat: number | null };
  /** UTC instant of the current deadline, if any. */
  deadline?: string | null;
  /** Sentences before the log lines (the answer to an emailed move: "Done: Go. ..."). */
  intro?: string[];
  /** Play by email reply: the numbered choices, and the Reply-To address a reply plays them at. */
  reply?: { address: string; choices: string[] };
  /** Extra email headers (an answer's In-Reply-To, References, Auto-Submitted). */
  headers?: Record<string, string>;
}

/** How to answer with a move; shown above the numbered choices. */
export const REPLY_HELP =
  'To play, reply to this email with a number, a code or the words of a choice (several lines for several steps, in order).';

/**
 * The heading above an email's lines, for kinds whose lines are not game log lines: an
 * invitation and a test message are the message itself (no heading), a digest lists games, the
 * end of quiet hours lists what they held back.
 * Every other kind: 'Since you last looked:'.
 */
const LINES_HEADING: Partial<Record<NotificationKind, string | null>> = {
  invitation: null,
  test: null,
  digest: 'Waiting for your move:',
  held: 'While your quiet hours lasted:',
};

/** Email parts plus the headers a provider should set. */
export interface RenderedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Formats a UTC instant for a reader in `timeZone` (falls back to UTC for unknown zones). */
export function formatInstant(iso: string, timeZone: string): string {
  const opts: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...opts, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...opts, timeZone: 'UTC' }).format(new Date(iso));
  }
}

/**
 * A notification email: plain text and HTML parts, a link to the game, the unseen log lines,
 * and a one-click unsubscribe link (also as `List-Unsubscribe` + `List-Unsubscribe-Post`, RFC 8058).
 * User text is inert: the subject and every text line are one line (no CR LF for header or line
 * forgery), and the HTML part escapes everything it interpolates (hono's `html`).
 */
export function renderEmail(to: string, raw: Message, unsubscribeUrl: string, timeZone: string): RenderedEmail {
  const m = {
    ...raw,
    subject: oneLine(raw.subject),
    lines: raw.lines.map(oneLine),
    intro: (raw.intro ?? []).map(oneLine),
    phases: (raw.phases ?? []).map(oneLine),
  };
  const reply = raw.reply ? { address: oneLine(raw.reply.address), choices: raw.reply.choices.map(oneLine) } : null;
  const deadline = m.deadline ? `Deadline: ${formatInstant(m.deadline, timeZone)}` : null;
  const heading = m.kind in LINES_HEADING ? LINES_HEADING[m.kind] : 'Since you last looked:';
  const text = [
    m.subject,
    '',
    ...(m.phases.length ? [...m.phases, ''] : []),
    ...(m.intro.length ? [...m.intro, ''] : []),
    ...(m.lines.length ? (heading ? [heading, ...m.lines.map((l) => `- ${l}`), ''] : [...m.lines, '']) : []),
    ...(reply ? [REPLY_HELP, ...reply.choices, ''] : []),
    ...(deadline ? [deadline, ''] : []),
    `Open the game: ${m.url}`,
    '',
    `Unsubscribe from these emails: ${unsubscribeUrl}`,
  ].join('\n');
  const body = html`<!doctype html>
<html><body style="font-family:system-ui,sans-serif;max-width:36rem">
<p><strong>${m.subject}</strong></p>
${m.phases.map((l) => html`<p style="border-left:3px solid #888;padding-left:8px">${l}</p>`)}
${m.intro.map((l) => html`<p>${l}</p>`)}
${m.lines.length ? (heading ? html`<p>${heading}</p><ul>${m.lines.map((l) => html`<li>${l}</li>`)}</ul>` : m.lines.map((l) => html`<p>${l}</p>`)) : ''}
${reply ? html`<p>${REPLY_HELP}</p><pre style="font:inherit;white-space:pre-wrap">${reply.choices.join('\n')}</pre>` : ''}
${deadline ? html`<p>${deadline}</p>` : ''}
<p><a href="${m.url}">Open the game</a></p>
<p style="color:#666;font-size:12px"><a href="${unsubscribeUrl}">Unsubscribe</a> from Mountain Post emails.</p>
</body></html>`;
  return {
    to,
    subject: m.subject,
    text,
    html: String(body),
    headers: {
      ...Object.fromEntries(Object.entries(raw.headers ?? {}).map(([k, v]) => [k, oneLine(v)])),
      ...(reply ? { 'Reply-To': reply.address } : {}),
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The text of a chat-style message (Discord, Slack): subject, unseen lines, link; user text escaped by `markup`. */
function chatText(m: Message, link: string, markup: (text: string) => string): string {
  const shown = m.lines.slice(-10);
  const lines = shown.map((l) => `- ${markup(oneLine(l))}`);
  // Say that earlier lines were left out, so a reader does not take the last ten for the whole turn.
  const cut = m.lines.length - shown.length;
  const earlier = cut > 0 ? [markup(`(${cut} earlier line${cut === 1 ? '' : 's'} on the game page)`)] : [];
  const phases = (m.phases ?? []).map((l) => markup(oneLine(l)));
  return [markup(oneLine(m.subject)), ...phases, ...earlier, ...lines, link].join('\n');
}

/**
 * A webhook request body in the target's format.
 * - `json`: `{ id, timestamp, kind, subject, phases, lines, url, game, deadline }` (signed, see delivery/signature.ts)
 * - `discord`: `{ content, allowed_mentions: { parse: [], users: [mention?] } }` (content <= 2000 chars)
 * - `slack`: `{ text }` with a `<url|label>` link
 * Discord and Slack text is escaped for its markup (escape.ts); JSON carries the text as data.
 * `id` is the delivery's idempotency key (`mp-<outbox row id>`).
 */
export function renderWebhookBody(cfg: Pick<WebhookConfig, 'format' | 'mention'>, m: Message, id: string, timestampS: number): string {
  if (cfg.format === 'discord') {
    const mention = cfg.mention ? `<@${cfg.mention}> ` : '';
    const content = (mention + chatText(m, m.url, escapeDiscord)).slice(0, 2000);
    return JSON.stringify({ content, allowed_mentions: { parse: [], users: cfg.mention ? [cfg.mention] : [] } });
  }
  if (cfg.format === 'slack') {
    return JSON.stringify({ text: chatText(m, `<${escapeSlack(m.url)}|Open the game>`, escapeSlack) });
  }
  return JSON.stringify({
    id,
    timestamp: timestampS,
    kind: m.kind,
    subject: m.subject,
    phases: m.phases ?? [],
    lines: m.lines,
    url: m.url,
    game: m.game ?? null,
    deadline: m.deadline ?? null,
  });
}
