/**
 * Development VAPID keys for `npm start`: created once with Web Crypto and kept in
 * `<dir>/vapid.json` beside the local data, so browsers that subscribed stay subscribed across
 * restarts (a new key pair would invalidate every subscription). Production keys are Worker
 * secrets instead (`wrangler secret put VAPID_PRIVATE_KEY`; README "Configuration").
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The Worker variables that turn Web Push on (worker/env.ts `Env.VAPID_*`). */
export interface VapidVars {
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  VAPID_SUBJECT: string;
}

/** Contact of development pushes (push services show it to nobody; RFC 8292 §2.1 asks for one). */
const DEV_SUBJECT = 'mailto:post@localhost';

const isBase64url = (s: unknown, length: number) => typeof s === 'string' && s.length === length && /^[A-Za-z0-9_-]+$/.test(s);

/** A fresh P-256 key pair as base64url: the 65-byte uncompressed public point and the 32-byte private scalar. */
export async function generateVapidKeys(subject = DEV_SUBJECT): Promise<VapidVars> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url');
  const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: d!, VAPID_SUBJECT: subject };
}

/**
 * The development key pair kept in `<dir>/vapid.json` (created with mode 0600 on first use).
 * Keys set in `env` (all three VAPID_* variables) win over the file. Throws when the file exists
 * but is not a key pair (rather than replacing it, which would strand subscribed browsers).
 */
export async function devVapidKeys(dir: string, env: NodeJS.ProcessEnv = process.env): Promise<VapidVars> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT) {
    return { VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY, VAPID_SUBJECT: env.VAPID_SUBJECT };
  }
  const file = path.join(dir, 'vapid.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidVars>;
    if (!isBase64url(kept.VAPID_PUBLIC_KEY, 87) || !isBase64url(kept.VAPID_PRIVATE_KEY, 43) || typeof kept.VAPID_SUBJECT !== 'string') {
      throw new Error(
        `${file} does not hold a VAPID key pair; delete it to make a new one (subscribed browsers must then subscribe again).`,
      );
    }
    return kept as VapidVars;
  }
  const keys = await generateVapidKeys();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}
