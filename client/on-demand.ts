/**
 * Elements a page holds but most visits never show (a dialog that opens on a click, a notice for
 * a rare state, a folded form), each in a chunk of its own: every `import()` is one
 * (scripts/build-client.ts). The page puts the element in its template as usual; until its chunk
 * has arrived it is an unknown, empty element, and it upgrades when its module defines it. So the
 * game page's first load carries only what it draws on every visit.
 */

/** Tag -> the load under way or done. */
const loads = new Map<string, Promise<void>>();

/**
 * Runs `load` (an `import()` of the module that defines the element `tag`) once; resolves when
 * `tag` is defined. A failed load (offline on a first visit, or a deployment that replaced the
 * chunk) rejects with the import's error and is tried again on the next call.
 */
export function defineOnDemand(tag: string, load: () => Promise<unknown>): Promise<void> {
  if (customElements.get(tag)) return Promise.resolve();
  let p = loads.get(tag);
  if (!p) {
    p = load().then(
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
