/**
 * Tests talk to this machine only. The one predicate every guard of the test configuration uses:
 * the Node processes that run tests (test/support/no-outbound.ts), the test Worker
 * (test/fixtures/worker.ts) and the browser contexts (test/e2e/support.ts). No Node or Worker
 * import, so workerd and Node both load it.
 */

/**
 * True for a host name or address that stays on this machine: `localhost` (and names under it),
 * 127.0.0.0/8, `::1` (bracketed or not), `0.0.0.0`/`::` (which a connect turns into loopback) and
 * IPv4-mapped loopback. Case and a trailing dot are ignored.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '::' || h === '0.0.0.0') return true;
  const v4 = h.replace(/^::ffff:/, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** The message every guard refuses with, naming the host (and where the request came from). */
export function refusalMessage(host: string, from: string): string {
  return `${from} tried to reach ${host}: tests talk to 127.0.0.1 only (a local receiver, test/support/receiver.ts or push-service.ts)`;
}
