/**
 * The record of requests the tests' guards refused (test/support/no-outbound.ts says why they
 * exist): this process's own refusals, and the servers a file watches, which are asked for theirs.
 * No side effects: test helpers import it to note or watch; the setup file checks it after each test.
 */

/** One request refused by a guard: the host (`name:port`), and which guard saw it. */
export interface Refused {
  host: string;
  from: string;
}

const refused: Refused[] = [];
const servers = new Set<string>();

/** Records a request a guard refused (the browser layer's contexts call it for each page request to another host). */
export function noteRefused(host: string, from: string): void {
  refused.push({ host, from });
}

/**
 * After each test, the fixture Worker at `baseUrl` is asked what it refused
 * (`POST /api/__test/outbound/take`). Returns the function that stops watching it.
 */
export function watchServer(baseUrl: string): () => void {
  servers.add(baseUrl);
  return () => servers.delete(baseUrl);
}

/** Everything refused since the last call: this process's own record, and what each watched server refused. */
export async function takeRefused(): Promise<Refused[]> {
  const found = refused.splice(0);
  for (const base of servers) {
    const res = await fetch(`${base}/api/__test/outbound/take`, { method: 'POST' }).catch(() => null);
    if (res?.ok) found.push(...((await res.json()) as { refused: Refused[] }).refused);
  }
  return found;
}
