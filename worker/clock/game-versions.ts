import { DurableObject } from 'cloudflare:workers';
import type { KnownViewer, VersionNote, ViewerNote } from './notes';

/** How long a viewer (a session token that got a full answer) may get 304s without a database check. */
export const VIEWER_TRUST_MS = 5 * 60_000;
/** Viewers kept per game; beyond this, the ones whose trust ends soonest are forgotten. */
const MAX_VIEWERS = 200;

/** What one game's object keeps. */
export interface Stored {
  /** The highest version of the game announced or observed (never behind the database's). */
  version: number;
  /** Seen mark per seat, as the database holds it (`seats.last_seen_seq`; only ever rises). */
  marks: Record<string, number>;
  /** Session token hash (or '-' for no session) -> who it is and until when it is trusted. */
  viewers: Record<string, { user: string | null; seat: number | null; until: number }>;
}

/** Storage key of the versions' state (the game's timer keeps its own keys beside it). */
const KEY = 'v';

/**
 * What a conditional `GET /state` needs to answer 304 without Postgres: the game's version, the
 * seats' seen marks, and the session tokens recently allowed to read the game. The base of the
 * game's one Durable Object (`GameTimer`, `idFromName(gameId)`), so a commit tells one object
 * both its version and its timer's news in one call. Writers announce a new version BEFORE
 * committing it (`worker/services/events.ts`), so this copy is never behind the database; being
 * ahead only costs a full answer. Every method is one storage read-modify-write, atomic under
 * the object's input gate.
 */
export abstract class GameVersions<E = unknown> extends DurableObject<E> {
  /**
   * Set when a write failed (a storage hiccup such as SQLITE_BUSY): the stored copy may then be
   * behind the database, so this object answers no lookup (every poll goes to the database)
   * until a write succeeds again.
   */
  private unsure = false;

  /** Writes the state (one storage put). */
  protected async storePut(s: Stored): Promise<void> {
    await this.ctx.storage.put(KEY, s);
  }

  /** Forgets the state (one storage delete). */
  protected async storeClear(): Promise<void> {
    await this.ctx.storage.delete(KEY);
  }

  private async write(op: () => Promise<void>): Promise<void> {
    try {
      await op();
      this.unsure = false;
    } catch (err) {
      this.unsure = true;
      throw err;
    }
  }

  /** A viewer's view of the game (version, its seat and the seat's mark); null when not known or no longer trusted. */
  async lookup(viewerKey: string, now: number): Promise<KnownViewer | null> {
    if (this.unsure) return null;
    const s = await this.ctx.storage.get<Stored>(KEY);
    const v = s?.viewers[viewerKey];
    if (!s || !v || v.until < now) return null;
    const mark = v.seat === null ? null : s.marks[v.seat];
    if (mark === undefined) return null;
    return { version: s.version, user: v.user, seat: v.seat, mark };
  }

  /** Raises the version and marks (never lowers them) and trusts `viewer` for `VIEWER_TRUST_MS` from `now`. */
  async note(n: VersionNote & { viewer?: ViewerNote; now: number }): Promise<void> {
    const s = (await this.ctx.storage.get<Stored>(KEY)) ?? { version: 0, marks: {}, viewers: {} };
    s.version = Math.max(s.version, n.version);
    for (const [seat, mark] of Object.entries(n.marks ?? {})) s.marks[seat] = Math.max(s.marks[seat] ?? 0, mark);
    if (n.viewer) s.viewers[n.viewer.key] = { user: n.viewer.user, seat: n.viewer.seat, until: n.now + VIEWER_TRUST_MS };
    const keys = Object.keys(s.viewers);
    for (const k of keys) if (s.viewers[k].until < n.now) delete s.viewers[k];
    const left = Object.entries(s.viewers);
    if (left.length > MAX_VIEWERS) {
      left.sort((a, b) => a[1].until - b[1].until);
      for (const [k] of left.slice(0, left.length - MAX_VIEWERS)) delete s.viewers[k];
    }
    await this.write(() => this.storePut(s));
  }

  /**
   * Forgets everything (version, marks, trusted viewers): every poll goes to the database until
   * its answers are noted again. What a writer does when it could not note a new version.
   */
  async forget(): Promise<void> {
    await this.write(() => this.storeClear());
  }
}
