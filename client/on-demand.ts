/**
 * Elements a page holds but most visits never show (a dialog that opens on a click, a notice for
 * a rare state, a folded form), each in a chunk of its own: every `import()` is one
 * (scripts/build-client.ts). The page puts the element in its template as usual; until its chunk
 * has arrived it is an unknown, empty element, and it upgrades when its module defines it. So the
 * game page's first load carries only what it draws on every visit.
 */

/**
 * The chunk a failed `import()` names in its message ("Failed to fetch dynamically imported
 * module: https://…/chunks/x-HASH.js" in Chromium, "error loading dynamically imported module: …"
 * in Firefox), without its query: a script of this site under /chunks/, or null (Safari names none).
 */
export function failedChunkUrl(err: unknown, origin: string = location.origin): string | null {
  const m = /\bhttps?:\/\/[^\s"'<>]+\.js\b/.exec(err instanceof Error ? err.message : String(err));
  if (!m) return null;
  try {
    const u = new URL(m[0]);
    return u.origin === origin && u.pathname.startsWith('/chunks/') ? `${u.origin}${u.pathname}` : null;
  } catch {
    return null;
  }
}

/** A chunk's URL -> its module, imported again at a URL of its own after the import at that URL failed. */
const againAt = new Map<string, Promise<unknown>>();
let tries = 0;

/**
 * Runs `load` (an `import()` of one chunk). Chromium keeps a failed import in the page's module
 * map: importing the same URL again fails at once, sending no request, until the page is
 * reloaded. So when `load` fails, the chunk it names is imported again at its URL with a query
 * (`?retry=N`: a new entry for the module map and the HTTP cache, the same file for the server),
 * on every call until one arrives; later calls take that module. A chunk whose own imports failed
 * (a shared chunk) still fails, and so does a failure that names no URL: only reloading the page
 * helps then (see `canTryAgain`).
 */
export function importChunk<M>(load: () => Promise<M>): Promise<M> {
  return load().catch((err: unknown) => {
    const url = failedChunkUrl(err);
    if (!url) throw err;
    let p = againAt.get(url);
    if (!p) {
      p = import(`${url}?retry=${++tries}`);
      againAt.set(url, p);
      p.catch(() => againAt.delete(url));
    }
    return p as Promise<M>;
  });
}

/**
 * Whether asking again can load what failed with `err`: the failure named its chunk, so the next
 * `importChunk` requests it anew. Otherwise only reloading the page does.
 */
export function canTryAgain(err: unknown): boolean {
  return failedChunkUrl(err) !== null;
}

/** Tag -> the load under way or done. */
const loads = new Map<string, Promise<void>>();

/**
 * Runs `load` (an `import()` of the module that defines the element `tag`) once; resolves when
 * `tag` is defined. A failed load (offline on a first visit, or a deployment that replaced the
 * chunk) rejects with the import's error and is tried again, with a request of its own
 * (`importChunk`), on the next call.
 */
export function defineOnDemand(tag: string, load: () => Promise<unknown>): Promise<void> {
  if (customElements.get(tag)) return Promise.resolve();
  let p = loads.get(tag);
  if (!p) {
    p = importChunk(load).then(
      () => customElements.whenDefined(tag).then(() => undefined),
      (err: unknown) => {
        loads.delete(tag);
        throw err;
      },
    );
    loads.set(tag, p);
  }
  return p;
}

/**
 * Starts loading `tag` for an element the page is about to draw: it upgrades when its chunk
 * arrives, and a failed load is tried again the next time the page draws it.
 */
export function drawOnDemand(tag: string, load: () => Promise<unknown>): void {
  defineOnDemand(tag, load).catch(() => {});
}

/**
 * The element `tag` under `root` once it is defined: for a dialog whose methods (`ask`, `open`)
 * are called on first use. Null when the page does not hold one.
 */
export async function elementOnDemand<K extends keyof HTMLElementTagNameMap>(
  root: Element | DocumentFragment,
  tag: K,
  load: () => Promise<unknown>,
): Promise<HTMLElementTagNameMap[K] | null> {
  await defineOnDemand(tag, load);
  return root.querySelector(tag);
}
