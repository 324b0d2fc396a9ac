/** The part of `http_ece` (RFC 8188 encrypted content coding) the push tests use; it ships no types. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  /** Decrypts an `aes128gcm` body as a push receiver: our ECDH key pair and the 16-byte auth secret. */
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer }): Buffer;
}
