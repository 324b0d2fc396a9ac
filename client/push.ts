/**
 * Web Push on this device, as the settings page uses it. The API:
 * - `GET /api/push/public-key` -> `{ publicKey }` (the VAPID key, base64url); 404 or 503 when the
 *   server has no push keys configured.
 * - `GET /api/me/push-subscriptions` -> `{ subscriptions: PushDevice[] }`,
 *   `POST /api/me/push-subscriptions` with the browser's `PushSubscription.toJSON()` -> the
 *   device (200 or 201), `DELETE /api/me/push-subscriptions/:id`,
 *   `POST /api/me/push-subscriptions/:id/test` (202: a test push is on its way to that device).
 * The server answers with no endpoints, so this device is recognised by the id it got when it
 * subscribed, remembered in localStorage with its endpoint. The pure parts (device names, key
 * decoding, reading the list) are tested in test/client.
 */
import { ApiError, api } from './api';

export const PUSH_PATHS = {
  publicKey: '/api/push/public-key',
  list: '/api/me/push-subscriptions',
  one: (id: string | number) => `/api/me/push-subscriptions/${encodeURIComponent(String(id))}`,
  test: (id: string | number) => `/api/me/push-subscriptions/${encodeURIComponent(String(id))}/test`,
} as const;

/** One device that receives push messages, as the server lists it. */
export interface PushDevice {
  id: string | number;
  /** A name the server chose (usually from the User-Agent), when it has one. */
  name?: string | null;
  userAgent?: string | null;
  /** Host of the push service, e.g. "fcm.googleapis.com". */
  service?: string | null;
  createdAt?: string | null;
  lastUsedAt?: string | null;
  /** Recent failed pushes (the server pauses a device that keeps failing until `pausedUntil`). */
  failing?: { failures: number; lastError: string; pausedUntil: string | null } | null;
}

/** "Failing: 3 pushes in a row did not get through (timed out ...); paused until ..." for a device or webhook, or null. */
export function failingLine(f: PushDevice['failing'], when: (iso: string) => string): string | null {
  if (!f) return null;
  const paused = f.pausedUntil ? `; paused until ${when(f.pausedUntil)}` : '';
  return `Failing: the last ${f.failures === 1 ? 'delivery' : `${f.failures} deliveries`} did not get through (${f.lastError.replace(/[.\s]+$/, '')})${paused}.`;
}

/**
 * "Chrome on Android", "Safari on iPhone", "Firefox on Windows" from a User-Agent string; "A
 * browser" when nothing is recognised. Order matters: Edge and Opera also say Chrome, Chrome also
 * says Safari, and iPadOS may say Macintosh.
 */
export function deviceNameFromUserAgent(ua: string | null | undefined): string {
  const s = ua ?? '';
  const browser = /Edg(e|A|iOS)?\//.test(s)
    ? 'Edge'
    : /OPR\/|Opera/.test(s)
      ? 'Opera'
      : /SamsungBrowser\//.test(s)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(s)
          ? 'Firefox'
          : /Chrome\/|Chromium\/|CriOS\//.test(s)
            ? 'Chrome'
            : /Safari\//.test(s)
              ? 'Safari'
              : null;
  const system = /iPhone/.test(s)
    ? 'iPhone'
    : /iPad/.test(s)
      ? 'iPad'
      : /Android/.test(s)
        ? 'Android'
        : /Windows/.test(s)
          ? 'Windows'
          : /CrOS/.test(s)
            ? 'ChromeOS'
            : /Mac OS X|Macintosh/.test(s)
              ? 'macOS'
              : /Linux/.test(s)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'A browser');
}

/** The label of a device in the list: the server's name, else one made from its User-Agent. */
export function deviceLabel(d: PushDevice): string {
  const name = d.name?.trim();
  return name || deviceNameFromUserAgent(d.userAgent);
}

/** The device list from `GET /api/me/push-subscriptions` (`{ subscriptions }`, `{ devices }` or an array). */
export function readDevices(body: unknown): PushDevice[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ((body as Record<string, unknown>).subscriptions ?? (body as Record<string, unknown>).devices)
      : null;
  if (!Array.isArray(list)) return [];
  return list.filter((d): d is PushDevice => !!d && typeof d === 'object' && (typeof d.id === 'string' || typeof d.id === 'number'));
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
    const res = await api<{ publicKey?: unknown }>('GET', PUSH_PATHS.publicKey);
    return typeof res?.publicKey === 'string' && res.publicKey ? res.publicKey : null;
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
  const device = await api<PushDevice>('POST', PUSH_PATHS.list, { body: sub.toJSON() });
  if (device && (typeof device.id === 'string' || typeof device.id === 'number')) rememberThisDevice(sub.endpoint, String(device.id));
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
