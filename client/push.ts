/**
 * Web Push on this device, as the settings page uses it. The API:
 * - `GET /api/push/public-key` -> `{ publicKey }` (the VAPID key, base64url); 404 or 503 when the
 *   server has no push keys configured.
 * - `GET /api/me/push-subscriptions` -> `{ subscriptions: PushDevice[] }`,
 *   `POST /api/me/push-subscriptions` with the browser's `PushSubscription.toJSON()` -> the
 *   device (200 or 201), `DELETE /api/me/push-subscriptions/:id`,
 *   `POST /api/me/push-subscriptions/:id/test` (202: a test push is on its way to that device).
 * The server answers with no endpoints, so this device is recognised by the id it got when it
 * subscribed, remembered in localStorage with its endpoint. The pure part (key decoding) is
 * tested in test/client. Devices are the API's `PushDevice` (client/api-types.ts): the server
 * names each one from the User-Agent it subscribed with.
 */
import { ApiError, api } from './api';
import type { Answer, PushDevice } from './api-types';

export type { PushDevice };

export const PUSH_PATHS = {
  publicKey: '/api/push/public-key',
  list: '/api/me/push-subscriptions',
  one: (id: string) => `/api/me/push-subscriptions/${encodeURIComponent(String(id))}`,
  test: (id: string) => `/api/me/push-subscriptions/${encodeURIComponent(String(id))}/test`,
} as const;

/** The devices that receive push messages, as the server lists them. */
export async function listDevices(): Promise<PushDevice[]> {
  return (await api<Answer<'listPushSubscriptions'>>('GET', PUSH_PATHS.list)).subscriptions;
}

/** "Failing: the last 3 deliveries did not get through (timed out); paused until ..." for a device or webhook, or null. */
export function failingLine(
  f: Pick<NonNullable<PushDevice['failing']>, 'failures' | 'lastError' | 'pausedUntil'> | null | undefined,
  when: (iso: string) => string,
): string | null {
  if (!f) return null;
  const paused = f.pausedUntil ? `; paused until ${when(f.pausedUntil)}` : '';
  return `Failing: the last ${f.failures === 1 ? 'delivery' : `${f.failures} deliveries`} did not get through (${f.lastError.replace(/[.\s]+$/, '')})${paused}.`;
}

/** The bytes of a base64url string (a VAPID public key), as `applicationServerKey` wants them. */
export function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.trim().replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Whether this browser can receive Web Push at all (service worker, PushManager, Notification). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof PushManager !== 'undefined' &&
    typeof Notification !== 'undefined'
  );
}

/**
 * The server's VAPID public key, or null when push is not configured there (404 or 503). Other
 * failures throw `ApiError`.
 */
export async function fetchPublicKey(): Promise<string | null> {
  try {
    const res = await api<Answer<'getPushPublicKey'>>('GET', PUSH_PATHS.publicKey);
    return res.publicKey || null;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 503)) return null;
    throw err;
  }
}

/** This device's current push subscription (null when it has none or no service worker runs). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * Turns push on for this device: asks for permission (call only from a click), subscribes with
 * the server's key and registers the subscription with the server. Throws an Error with a
 * sentence for the player when permission is refused or a step fails.
 */
export async function enablePush(publicKey: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new Error(
      permission === 'denied'
        ? 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.'
        : 'Notifications were not allowed, so push was not turned on.',
    );
  }
  const reg = await navigator.serviceWorker.ready;
  const key = base64UrlToBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another server key cannot be reused: replace it.
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  if (!sub) {
    try {
      sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch (err) {
      // The browser's push service said no (private window, no connection, browser policy).
      throw new Error(
        `This browser could not subscribe to push messages (${err instanceof Error ? err.message : String(err)}). Try again later.`,
      );
    }
  }
  const device = await api<Answer<'subscribePush'>>('POST', PUSH_PATHS.list, { body: sub.toJSON() });
  rememberThisDevice(sub.endpoint, device.id);
}

const THIS_DEVICE_KEY = 'mp.push.device';

function rememberThisDevice(endpoint: string, id: string): void {
  try {
    localStorage.setItem(THIS_DEVICE_KEY, JSON.stringify({ endpoint, id }));
  } catch {
    /* storage off: the list then marks no row as this device */
  }
}

/** The server's id for this browser's subscription `endpoint`, as remembered when it subscribed. */
export function thisDeviceId(endpoint: string | null): string | null {
  if (!endpoint) return null;
  try {
    const saved = JSON.parse(localStorage.getItem(THIS_DEVICE_KEY) ?? 'null') as { endpoint?: unknown; id?: unknown } | null;
    return saved && saved.endpoint === endpoint && typeof saved.id === 'string' ? saved.id : null;
  } catch {
    return null;
  }
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

/**
 * Removes a device from the server; when it is this device, the browser's subscription is
 * dropped too, so the push service keeps nothing for it.
 */
export async function removeDevice(d: PushDevice): Promise<void> {
  await api('DELETE', PUSH_PATHS.one(d.id));
  const sub = await currentSubscription().catch(() => null);
  if (sub && thisDeviceId(sub.endpoint) === String(d.id)) await sub.unsubscribe().catch(() => false);
}
