import { ApiError } from '../http/errors';

/**
 * Every request we send to a URL a user gave us goes through here ("security in one place",
 * docs/style.md): only https, never a private, loopback or link-local address - unless
 * `allowLoopback` (development and tests), which admits http://127.0.0.1 / localhost only.
 */
export function checkWebhookUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(400, 'bad_webhook_url', 'The webhook URL is not a valid URL.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const loopback = isLoopback(host);
  if (url.username || url.password) throw new ApiError(400, 'bad_webhook_url', 'Webhook URLs must not carry credentials.');
  if (loopback && allowLoopback) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApiError(400, 'bad_webhook_url', 'Webhook URLs must be http(s).');
    return url;
  }
  if (url.protocol !== 'https:') throw new ApiError(400, 'bad_webhook_url', 'Webhook URLs must use https.');
  if (loopback || isPrivateAddress(host) || !host.includes('.')) {
    throw new ApiError(400, 'bad_webhook_url', 'Webhook URLs must point to a public host (no private, loopback or link-local addresses).');
  }
  return url;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/** Private (RFC 1918, CGNAT, ULA), link-local, unspecified or metadata addresses, IPv4 or IPv6 literals. */
export function isPrivateAddress(host: string): boolean {
  const v4 = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
  }
  if (host.includes(':')) {
    const h = host.toLowerCase();
    return h === '::' || h === '::1' || h.startsWith('fc') || h.startsWith('fd') || h.startsWith('fe8') || h.startsWith('fe9') || h.startsWith('fea') || h.startsWith('feb') || h.startsWith('::ffff:');
  }
  return false;
}

/** Outcome of one delivery attempt. */
export interface DeliveryOutcome {
  ok: boolean;
  status?: number;
  error?: string;
}

/** POSTs a body with a timeout; never throws (failures are outcomes to retry). No redirects are followed. */
export async function post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<DeliveryOutcome> {
  try {
    const res = await fetch(url, { method: 'POST', body, headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    // Drain the body so the connection is released; receivers' answers are not used.
    await res.arrayBuffer().catch(() => undefined);
    return res.ok ? { ok: true, status: res.status } : { ok: false, status: res.status, error: `HTTP ${res.status}` };
  } catch (err) {
    const name = (err as Error)?.name;
    return { ok: false, error: name === 'TimeoutError' || name === 'AbortError' ? `timed out after ${timeoutMs} ms` : String((err as Error)?.message ?? err) };
  }
}
