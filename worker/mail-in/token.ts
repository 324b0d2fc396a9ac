/**
 * The reply token of a turn email: which game, seat and version the email showed, signed so that
 * nobody can make one up. It is the `<token>` of the Reply-To address `play+<token>@<domain>`.
 *
 * Format: `<gameId>-<seat>-<version>-<mac>`, all lowercase (some mail systems lowercase local
 * parts), where `mac` is the first 10 bytes (80 bits) of HMAC-SHA256(secret, "gameId|seat|version")
 * in hex. With game ids of 22 characters the whole local part stays under RFC 5321's 64.
 */
import { hexOf } from '../../engine/core/record';
import { hmacSha256 } from '../lib/crypto';

export interface ReplyTokenClaims {
  gameId: string;
  /** 0-based seat. */
  seat: number;
  /** The game version the email showed. */
  version: number;
}

const MAC_BYTES = 10;
const TOKEN = /^(g_[0-9a-f]{1,40})-(\d{1,2})-(\d{1,9})-([0-9a-f]{20})$/;

async function mac(secret: string, c: ReplyTokenClaims): Promise<Uint8Array> {
  return (await hmacSha256(secret, `${c.gameId}|${c.seat}|${c.version}`)).slice(0, MAC_BYTES);
}

/** Signs `claims` with `secret` (the `MAIL_REPLY_SECRET`). */
export async function signReplyToken(secret: string, claims: ReplyTokenClaims): Promise<string> {
  return `${claims.gameId}-${claims.seat}-${claims.version}-${hexOf(await mac(secret, claims))}`;
}

/**
 * The claims of a token made by `signReplyToken` with the same secret, or null when it is
 * malformed, forged or tampered with. The MAC is compared in constant time.
 */
export async function verifyReplyToken(secret: string, token: string): Promise<ReplyTokenClaims | null> {
  const m = TOKEN.exec(token.toLowerCase());
  if (!m) return null;
  const claims = { gameId: m[1], seat: Number(m[2]), version: Number(m[3]) };
  const expected = hexOf(await mac(secret, claims));
  return constantTimeEqual(expected, m[4]) ? claims : null;
}

/** Compares two strings without an early exit, so the time taken says nothing about where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}
