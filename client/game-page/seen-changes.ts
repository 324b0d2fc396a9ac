/**
 * What changed on the board since this browser last drew the game for this seat: on the first
 * state of a visit it diffs the stored view (last-view-store.ts) with the new one; afterwards it
 * keeps storing each view drawn while the tab is visible, so the next visit starts from there.
 */
import { readLastView, writeLastView } from './last-view-store';
import { diffViews, type QuantityWords, type ViewChange } from './view-diff';

export class SeenChanges {
  /** The changes found when the visit began (empty when none, or dismissed). */
  changes: ViewChange[] = [];
  /** The version the stored view had (the baseline of `changes`), or null. */
  fromVersion: number | null = null;
  private key: string | null = null;

  /** Forgets the visit (another game). */
  reset(): void {
    this.changes = [];
    this.fromVersion = null;
    this.key = null;
  }

  /**
   * Records the state drawn now: on the first call for a game and seat, diffs against the stored
   * view, reporting the quantities `words` names. Only a visible page stores its view (a
   * background tab has not been looked at).
   */
  drawn(gameId: string, seat: number | null, version: number, view: unknown, visible: boolean, words: QuantityWords): void {
    const key = `${gameId}:${seat}`;
    if (this.key !== key) {
      this.key = key;
      const before = readLastView(gameId, seat);
      this.fromVersion = before && before.version < version ? before.version : null;
      this.changes = this.fromVersion !== null ? diffViews(before!.view, view, words) : [];
    }
    if (visible) writeLastView(gameId, seat, { version, view });
  }

  dismiss(): void {
    this.changes = [];
  }
}
