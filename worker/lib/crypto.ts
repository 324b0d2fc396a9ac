import { hexOf } from '../../engine/core/record';

/** Random hex string of `bytes` bytes from `crypto.getRandomValues` (Workers and Node alike). */
export function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return hexOf(buf);
}

/** SHA-256 of a UTF-8 string, as lowercase hex. Tokens and seeds are stored or shown hashed. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return hexOf(new Uint8Array(digest));
}

/** HMAC-SHA-256 of the UTF-8 `text` keyed by the UTF-8 `secret` (webhook signatures, reply tokens): 32 bytes. */
export async function hmacSha256(secret: string, text: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
}
