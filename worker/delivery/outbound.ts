import { ApiError } from '../http/errors';
import { outboundUrlProblem } from './address';

/**
 * Every request we send to a URL a user gave us goes through here ("security in one place",
 * docs/style.md): `outboundUrlProblem` (address.ts) decides, this turns a refusal into a 400
 * `{code}` error whose message starts with `what` ("Webhook URLs", later "Push endpoints").
 * `allowLoopback` (development and tests) admits http(s) to literal loopback addresses only.
 */
export function checkOutboundUrl(raw: string, opts: { allowLoopback: boolean; code: string; what: string }): URL {
  const checked = outboundUrlProblem(raw, { allowLoopback: opts.allowLoopback });
  if (checked.problem !== null) throw new ApiError(400, opts.code, `${opts.what} ${checked.problem}.`);
  return checked.url;
}

/** `checkOutboundUrl` for webhooks: 400 `bad_webhook_url`. */
export function checkWebhookUrl(raw: string, allowLoopback: boolean): URL {
  return checkOutboundUrl(raw, { allowLoopback, code: 'bad_webhook_url', what: 'Webhook URLs' });
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
    return unreached(err, timeoutMs);
  }
}

/**
 * The outcome of a send whose far end never answered: its timeout (`timeoutMs`) ran out, or the
 * request failed. workerd reports a failed connection (a name that does not resolve, a refused
 * port) only as "internal error; reference = ...", which tells the reader of a failed delivery
 * nothing, so that one is said in words, its reference kept for the runtime's log.
 */
export function unreached(err: unknown, timeoutMs: number): DeliveryOutcome {
  const name = (err as Error)?.name;
  const message = String((err as Error)?.message ?? err);
  if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, error: `timed out after ${timeoutMs} ms` };
  if (/^internal error\b/.test(message))
    return { ok: false, error: `could not connect to the host (its name did not resolve or nothing answered; runtime: ${message})` };
  return { ok: false, error: message };
}
