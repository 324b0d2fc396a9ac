import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { rootCertificates } from 'node:tls';
import * as ece from 'http_ece';
import { jwtVerify, type JWTPayload } from 'jose';
import { generate } from 'selfsigned';
import { recorder } from './receiver';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';

/** One request the push service got: path, headers and the raw (encrypted) body. */
export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A browser's side of a subscription: its ECDH key pair and auth secret (RFC 8291 §3) and the
 * `PushSubscription.toJSON()` it would POST to us.
 */
export interface Device {
  ecdh: ECDH;
  auth: Buffer;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

/** What `openPush` found in a push: the verified VAPID claims and the decrypted JSON. */
export interface OpenedPush {
  claims: JWTPayload;
  vapidKey: string;
  notice: {
    kind: string;
    title: string;
    body: string;
    url: string;
    tag: string;
    gameId: string | null;
    seat: number | null;
    deadline: string | null;
  };
}

let trusted: { previous: Dispatcher; count: number } | null = null;

/**
 * A push service stand-in (RFC 8030) on https://127.0.0.1 with a fresh self-signed certificate,
 * which this test process trusts (beside the usual roots) through fetch's global dispatcher
 * until `close()`. `behave(n, req)` answers the n-th push (1-based): a status, or 'hang' (the
 * sender times out). Pushes answered 2xx are `delivered`.
 */
export async function startPushService(behave: (n: number, req: PushRequest) => number | 'hang' = () => 201) {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  if (!trusted) trusted = { previous: getGlobalDispatcher(), count: 0 };
  trusted.count++;
  const ca = [...rootCertificates, pems.cert];
  setGlobalDispatcher(new Agent({ connect: { ca } }));

  const rec = recorder<PushRequest>(
    behave,
    (req, body) => ({ path: req.url ?? '/', headers: req.headers, body }),
    (res, status) => res.writeHead(status).end(),
  );
  const { all, delivered } = rec;
  const server = createServer({ key: pems.private, cert: pems.cert }, rec.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let devices = 0;
  return {
    origin,
    all,
    delivered,
    /** A new browser subscribed at this service (its endpoint path is `/push/<n>`). */
    newDevice(): Device {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        ecdh,
        auth,
        subscription: {
          endpoint: `${origin}/push/${++devices}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    /** The pushes delivered to one device. */
    deliveredTo(device: Device) {
      return delivered.filter((r) => `${origin}${r.path}` === device.subscription.endpoint);
    },
    async close() {
      await rec.close(server);
      if (trusted && --trusted.count === 0) {
        setGlobalDispatcher(trusted.previous);
        trusted = null;
      }
    },
  };
}

/**
 * Opens a push as the browser and the push service would: the `Authorization: vapid t=<JWT>,
 * k=<key>` header (RFC 8292 §3) verified with jose (ES256, `aud` = the service's origin), then
 * the `aes128gcm` body (RFC 8291) decrypted with the device's private key by http_ece.
 */
export async function openPush(push: PushRequest, device: Device, audience: string): Promise<OpenedPush> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(push.headers.authorization ?? ''));
  if (!m) throw new Error(`not a vapid Authorization header: ${push.headers.authorization}`);
  const [, jwt, vapidKey] = m;
  const key = await crypto.subtle.importKey('raw', Buffer.from(vapidKey, 'base64url'), { name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'verify',
  ]);
  const { payload, protectedHeader } = await jwtVerify(jwt, key, { algorithms: ['ES256'], audience, requiredClaims: ['exp', 'sub'] });
  if (protectedHeader.alg !== 'ES256') throw new Error(`alg ${protectedHeader.alg}`);
  const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth });
  return { claims: payload, vapidKey, notice: JSON.parse(plain.toString('utf8')) };
}
