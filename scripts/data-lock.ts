/**
 * One process at a time on a PGlite data directory. Two `npm start` on one directory would each
 * open their own PGlite on the same files and silently lose one side's writes, so the second one
 * stops with an error naming the first.
 *
 * The lock is proper-lockfile's (a `<dir>.lock` folder whose mtime the holder refreshes; a holder
 * killed without cleanup leaves a lock that goes stale after 10 s). Beside it, `<dir>.owner`
 * names the holder's pid and command for the error message.
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

/**
 * Locks `dir` (created if missing) for this process. Resolves to a release function; rejects with
 * `DataDirBusy` when another process holds it.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const abs = path.resolve(dir);
  mkdirSync(abs, { recursive: true });
  const ownerFile = `${abs}.owner`;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(abs, { stale: 10_000, update: 2_000, realpath: false, onCompromised: () => {} });
  } catch (err) {
    if ((err as { code?: string }).code !== 'ELOCKED') throw err;
    let owner = 'unknown process';
    try {
      owner = readFileSync(ownerFile, 'utf8').trim();
    } catch {}
    throw new DataDirBusy(abs, owner);
  }
  writeFileSync(
    ownerFile,
    `pid ${process.pid}: ${process.argv
      .slice(1)
      .map((a) => path.basename(a))
      .join(' ')}\n`,
  );
  return async () => {
    rmSync(ownerFile, { force: true });
    await release().catch(() => {});
  };
}
