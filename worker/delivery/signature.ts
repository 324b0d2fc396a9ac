import { hexOf } from '../../engine/core/record';
import { hmacSha256 } from '../lib/crypto';

/**
 * Webhook signatures for the generic JSON format (documented in the README):
 * `X-Signature: sha256=<hex HMAC-SHA256 of the raw body, keyed by the webhook's secret>` and
 * `X-Timestamp: <unix seconds>`, which is also the body's `timestamp` field, so it is signed.
 * Receivers refuse bodies whose timestamp is more than `MAX_SKEW_S` from their clock (replays).
 */
export const MAX_SKEW_S = 300;

async function hmacHex(secret: string, body: string): Promise<string> {
  return hexOf(await hmacSha256(secret, body));
}

/** The `X-Signature` header value for a raw body. */
export async function signBody(secret: string, rawBody: string): Promise<string> {
  return `sha256=${await hmacHex(secret, rawBody)}`;
}

/**
 * What a receiver runs: true when the signature matches the raw body and the body's timestamp
 * is within `MAX_SKEW_S` of `nowS` (unix seconds). Constant-time comparison.
 */
export async function verifyWebhook(secret: string, rawBody: string, signatureHeader: string | null, nowS: number): Promise<boolean> {
  if (!signatureHeader) return false;
  const expected = await signBody(secret, rawBody);
  if (expected.length !== signatureHeader.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signatureHeader.charCodeAt(i);
  if (diff !== 0) return false;
  let ts: unknown;
  try {
    ts = JSON.parse(rawBody).timestamp;
  } catch {
    return false;
  }
  return typeof ts === 'number' && Math.abs(nowS - ts) <= MAX_SKEW_S;
}
