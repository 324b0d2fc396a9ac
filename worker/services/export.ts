import { strToU8, zipSync } from 'fflate';
import { and, asc, desc, eq, or } from 'drizzle-orm';
import {
  blocks,
  chatMessages,
  chatMutes,
  gameWebhooks,
  invitations,
  loginTokens,
  notificationSettings,
  outbox,
  seats,
  sessions,
  users,
  type WebhookConfig,
} from '../../db/schema';
import { ApiError } from '../http/errors';
import { listPushDevices } from './push-subscriptions';
import { settingsView } from '../notices/settings';
import type { ServiceCtx, User } from '../types';
import { gameRecord } from './record';
import { playersExport } from './export-players';
import { reportsFiledBy } from './reports';
import { vacationHistory } from './vacations';
import { shownName } from '../lib/shown-name';

/** A webhook as the export shows it: where it goes, never its signing secret. */
function withoutSecret(w: WebhookConfig | null) {
  return w ? { url: w.url, format: w.format, ...(w.mention ? { mention: w.mention } : {}) } : null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What the export's README.txt says: what each file holds and what it leaves out. */
const README = `Everything Mountain Post stores about your account, as of the date in profile.json.

profile.json        your account: id, address, display name, member since, vacation days, any operator action on it
settings.json       notification settings (webhooks without their signing secrets), per-game webhooks and email-reply switches
games/<id>.json     the record of every game you sat in (a finished game's record verifies with \`npm run verify -- games/<id>.json\`)
chat.json           every chat line you wrote
notifications.json  every notification the outbox holds for you (kept {OUTBOX_RETENTION_DAYS} days once delivered): channel, kind, state, dates
devices.json        your Web Push devices (name, push service, dates; never their keys)
vacations.json      your vacations
sign-ins.json       your sign-in links (when, from which address of the network, used or not) and open sessions (dates only)
safety.json         the players you blocked, the games whose chat you muted, and the reports you filed
invitations.json    the games you invited someone to by email (not their addresses)
players.json        your friends and friend requests, your private notes, your ratings and how each ended game went for you

Other players appear by their display names only.
`;

/**
 * Everything stored about `user`, as one zip (`GET /api/me/export`): one JSON file per kind of
 * data (README.txt lists them), each game's record its own file that `npm run verify` reads.
 * Other players appear only by display name; secrets (webhook secrets, push keys, token hashes)
 * never. Throws 404 `user_not_found` (the account is gone).
 */
export async function exportAccount(ctx: ServiceCtx, user: User): Promise<{ filename: string; zip: Uint8Array }> {
  const { db } = ctx;
  const [u] = await db.select().from(users).where(eq(users.id, user.id));
  if (!u) throw new ApiError(404, 'user_not_found', 'No such account.');
  const [settings] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, u.id));
  const hooks = await db.select().from(gameWebhooks).where(eq(gameWebhooks.userId, u.id));
  const mySeats = await db.select().from(seats).where(eq(seats.userId, u.id)).orderBy(asc(seats.joinedAt));
  const chat = await db
    .select({ gameId: chatMessages.gameId, seat: chatMessages.seat, text: chatMessages.text, at: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.userId, u.id))
    .orderBy(asc(chatMessages.id));
  const notices = await db
    .select()
    .from(outbox)
    .where(or(eq(outbox.userId, u.id), and(eq(outbox.channel, 'email'), eq(outbox.target, u.email))))
    .orderBy(asc(outbox.id));
  const signIns = await db.select().from(loginTokens).where(eq(loginTokens.email, u.email)).orderBy(asc(loginTokens.createdAt));
  const openSessions = await db.select().from(sessions).where(eq(sessions.userId, u.id)).orderBy(asc(sessions.createdAt));
  const blocked = await db
    .select({ name: shownName, since: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, u.id));
  const muted = await db.select().from(chatMutes).where(eq(chatMutes.userId, u.id));
  const invited = await db
    .select({ gameId: invitations.gameId, at: invitations.createdAt })
    .from(invitations)
    .where(eq(invitations.invitedBy, u.id))
    .orderBy(desc(invitations.createdAt));

  const files: Record<string, unknown> = {
    'profile.json': {
      id: u.id,
      email: u.email,
      name: u.name,
      memberSince: iso(u.createdAt),
      vacationBalanceMs: u.vacationBalanceMs,
      vacationBalanceAt: iso(u.vacationBalanceAt),
      autoVacation: u.autoVacation,
      chatMutedUntil: iso(u.chatMutedUntil),
      exportedAt: ctx.now.toISOString(),
    },
    'settings.json': {
      notifications: settings ? { ...settingsView(settings, u.autoVacation), webhook: withoutSecret(settings.webhook) } : null,
      lastDigestAt: iso(settings?.lastDigestAt ?? null),
      gameWebhooks: hooks.map((h) => ({ gameId: h.gameId, webhook: withoutSecret(h.config) })),
      gameEmailReplies: mySeats.map((s) => ({ gameId: s.gameId, seat: s.seat, on: s.emailReplies })),
    },
    'chat.json': chat.map((l) => ({ ...l, at: iso(l.at) })),
    'notifications.json': notices.map((n) => ({
      channel: n.channel,
      kind: n.kind,
      status: n.status,
      gameId: n.gameId,
      // An email's subject is what the player was sent; the rest of a payload is the server's (and may hold a secret).
      subject: n.channel === 'email' ? ((n.payload as { subject?: string } | null)?.subject ?? null) : null,
      attempts: n.attempts,
      createdAt: iso(n.createdAt),
      sentAt: iso(n.sentAt),
      lastError: n.lastError,
    })),
    'devices.json': await listPushDevices(db, u.id),
    'vacations.json': (await vacationHistory(db, u.id, 10_000)).map((v) => ({
      kind: v.kind,
      startsAt: iso(v.startsAt),
      endsAt: iso(v.endsAt),
      endedAt: iso(v.endedAt),
      chargedMs: v.chargedMs,
    })),
    'sign-ins.json': {
      links: signIns.map((t) => ({ createdAt: iso(t.createdAt), ip: t.ip, usedAt: iso(t.usedAt) })),
      sessions: openSessions.map((s) => ({ createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    },
    'safety.json': {
      blocked: blocked.map((b) => ({ name: b.name, since: iso(b.since) })),
      mutedGames: muted.map((m) => ({ gameId: m.gameId, since: iso(m.createdAt) })),
      reportsFiled: await reportsFiledBy(db, u.id),
    },
    'invitations.json': invited.map((i) => ({ gameId: i.gameId, at: iso(i.at) })),
    'players.json': await playersExport(db, u.id),
  };
  for (const s of mySeats) {
    const record = await gameRecord(ctx, { gameId: s.gameId, user, satHere: true });
    // Other players appear by display name only: their public ids stay out of the export.
    const ending = record.ending && {
      ...record.ending,
      seats: record.ending.seats.map((x) => ({ ...x, playerId: x.playerId === u.id ? x.playerId : null })),
    };
    files[`games/${s.gameId}.json`] = { ...record, ending };
  }
  const entries: Record<string, Uint8Array> = {
    'README.txt': strToU8(README.replace('{OUTBOX_RETENTION_DAYS}', String(ctx.config.outboxRetentionDays))),
  };
  for (const [name, value] of Object.entries(files)) entries[name] = strToU8(`${JSON.stringify(value, null, 2)}\n`);
  const day = ctx.now.toISOString().slice(0, 10);
  return { filename: `mountain-post-${u.id}-${day}.zip`, zip: zipSync(entries, { level: 6, mtime: ctx.now }) };
}
