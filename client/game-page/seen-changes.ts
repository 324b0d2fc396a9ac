/**
 * What changed on the board since this browser last drew the game for this seat: on the first
 * state of a visit it keeps the stored view (last-view-store.ts) beside the new one, and reports
 * their difference in the game's words once those have arrived with its board; afterwards it keeps
 * storing each view drawn while the tab is visible, so the next visit starts from there.
 */
import { readLastView, writeLastView } from './last-view-store';
import { diffViews, type QuantityWords, type ViewChange } from './view-diff';

export class SeenChanges {
  /** The version the stored view had (the baseline of the changes), or null. */
  fromVersion: number | null = null;
  private key: string | null = null;
  /** The stored view and the first one of this visit, when the stored one is older. */
  private pair: { before: unknown; after: unknown } | null = null;
  private dismissed = false;
  private found: { words: QuantityWords; changes: ViewChange[] } | null = null;

  /** Forgets the visit (another game). */
  reset(): void {
    this.fromVersion = null;
    this.key = null;
    this.pair = null;
    this.dismissed = false;
    this.found = null;
  }

  /**
   * Records the state drawn now: the first call for a game and seat keeps the stored view to
   * compare with. Only a visible page stores its view (a background tab has not been looked at).
   */
  drawn(gameId: string, seat: number | null, version: number, view: unknown, visible: boolean): void {
    const key = `${gameId}:${seat}`;
    if (this.key !== key) {
      this.key = key;
      const before = readLastView(gameId, seat);
      this.fromVersion = before && before.version < version ? before.version : null;
      this.pair = this.fromVersion !== null ? { before: before!.view, after: view } : null;
      this.found = null;
    }
    if (visible) writeLastView(gameId, seat, { version, view });
  }

  /** The changes found when the visit began, named in `words` (none without words, or once dismissed). */
  changes(words: QuantityWords | undefined): ViewChange[] {
    if (this.dismissed || !this.pair || !words) return [];
    if (this.found?.words !== words) this.found = { words, changes: diffViews(this.pair.before, this.pair.after, words) };
    return this.found.changes;
  }

  /** The stored view the visit compares with (the board marks its differences), or null (none, or read). */
  get baseline(): unknown {
    return this.dismissed || !this.pair ? null : this.pair.before;
  }

  dismiss(): void {
    this.dismissed = true;
  }
}
