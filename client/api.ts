/**
 * A thin fetch wrapper for the Mountain Post API: JSON in, JSON out, errors as `ApiError`
 * carrying the server's `{ error: { code, message } }` (and the whole body, e.g. the current
 * state of a 409). Cookies are same-origin; the browser adds `Origin` to POSTs itself.
 */
import { reportReachable } from './connectivity';
import { takePrefetched } from './prefetch';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Fired on `window` when the server answers 401 to a request made while signed in. */
export const UNAUTHORIZED_EVENT = 'mp-unauthorized';

export interface ApiOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function api<T = unknown>(method: string, path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    // The page's first GET /api/me may be on its way already (public/boot.js, client/prefetch.ts).
    const early = method === 'GET' && body === undefined ? takePrefetched(path, opts.signal) : null;
    res = await (early ?? fetch(path, { method, headers, body, signal: opts.signal, credentials: 'same-origin' }));
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    reportReachable(false);
    throw new ApiError(0, 'network', 'Could not reach the server. Check your connection and try again.');
  }
  reportReachable(true);
  return readResponse<T>(res, path);
}

/** Parses a response: JSON body on success (undefined for 204), `ApiError` otherwise. */
export async function readResponse<T>(res: Response, path = res.url): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let json: unknown;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (res.ok) return json as T;
  const err = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
  if (res.status === 401 && !path.endsWith('/api/me')) {
    window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
  }
  throw new ApiError(
    res.status,
    err?.code ?? `http_${res.status}`,
    err?.message ?? `The server answered ${res.status} ${res.statusText}.`.replace(/ \./, '.'),
    json ?? null,
  );
}

/** A fresh Idempotency-Key: one per click, so a retried request is applied at most once. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A message fit to show a player for any thrown value. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}
