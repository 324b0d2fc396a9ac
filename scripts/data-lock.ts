/**
 * One process at a time on a PGlite data directory. Two `npm start` on one directory would each
 * open their own PGlite on the same files and silently lose one side's writes, so the second one
 * stops with an error naming the first.
 *
 * The lock is proper-lockfile's (a `<dir>.lock` folder whose mtime the holder refreshes; a holder
 * killed without cleanup leaves a lock that goes stale after 10 s). Beside it, `<dir>.owner`
 * names the holder: its pid, the start time the kernel gives that pid (`/proc/<pid>/stat`, so a
 * reused pid is not taken for the holder) and its command for the error message. A lock whose
 * holder is gone (`kill -9`, a crash) is taken over at once instead of after the 10 s.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** Thrown when another live process holds the directory. */
export class DataDirBusy extends Error {
  constructor(
    readonly dir: string,
    readonly owner: string,
  ) {
    super(
      `${dir} is in use by another process (${owner}). Stop it first, or use another MP_DATA_DIR (MP_DATA_DIR=memory for a throwaway database).`,
    );
  }
}

/** Who holds a lock, as its owner file says. */
interface Owner {
  pid: number;
  /** The process's start time in clock ticks after boot (`/proc/<pid>/stat` field 22), or null where there is no /proc. */
  started: string | null;
  /** "pid 123: tsx dev.ts", for the error message. */
  text: string;
}

/** The start time of process `pid` (field 22 of `/proc/<pid>/stat`), or null when unknown. */
function startTime(pid: number): string | null {
  try {
    // The command (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return (
      readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /s, '')
        .split(' ')[19] ?? null
    );
  } catch {
    return null;
  }
}

function readOwner(file: string): Owner | null {
  try {
    const [text, started] = readFileSync(file, 'utf8').split('\n');
    const pid = Number(/^pid (\d+):/.exec(text)?.[1]);
    return Number.isInteger(pid) && pid > 0 ? { pid, started: started?.replace(/^started /, '') || null, text } : null;
  } catch {
    return null;
  }
}

/** Whether the process an owner file names still runs (the same process: same pid and start time). */
export function ownerAlive(owner: Pick<Owner, 'pid' | 'started'>): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM'; // exists, but is someone else's
  }
  const now = startTime(owner.pid);
  return owner.started === null || now === null || now === owner.started;
}

/**
 * Locks `dir` (created if missing) for this process. Resolves to a release function; rejects with
 * `DataDirBusy` when another live process holds it. A lock left by a process that is gone is
 * taken over at once.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const abs = path.resolve(dir);
  mkdirSync(abs, { recursive: true });
  const ownerFile = `${abs}.owner`;
  const lock = () => lockfile.lock(abs, { stale: 10_000, update: 2_000, realpath: false, onCompromised: () => {} });
  let release: () => Promise<void>;
  try {
    release = await lock();
  } catch (err) {
    if ((err as { code?: string }).code !== 'ELOCKED') throw err;
    const owner = readOwner(ownerFile);
    if (!owner || ownerAlive(owner)) throw new DataDirBusy(abs, owner?.text ?? 'unknown process');
    // The holder is gone: its lock folder stays until it goes stale; take it over now.
    rmSync(`${abs}.lock`, { recursive: true, force: true });
    try {
      release = await lock();
    } catch (again) {
      if ((again as { code?: string }).code !== 'ELOCKED') throw again;
      throw new DataDirBusy(abs, readOwner(ownerFile)?.text ?? 'unknown process');
    }
  }
  const command = process.argv
    .slice(1)
    .map((a) => path.basename(a))
    .join(' ');
  writeFileSync(ownerFile, `pid ${process.pid}: ${command}\nstarted ${startTime(process.pid) ?? ''}\n`);
  return async () => {
    rmSync(ownerFile, { force: true });
    await release().catch(() => {});
  };
}
