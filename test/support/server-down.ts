/**
 * When a layer's shared server stops in the middle of a run (the browser layer's `npm start`, the
 * Worker layer's workerd), the run says so once, loudly, instead of failing every later test with
 * ECONNREFUSED: the layer's global setup writes a note (why, and the server's last 50 lines) to a
 * file named after the vitest process; the layer's later tests skip (they cannot run; the note
 * is the failure), and the summary reporter turns the note into one failure with its lines
 * (test/support/summary-reporter.ts). The global setups, the reporter and the tests' helpers run in
 * different processes or module graphs, so the file is what they share.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What the note says: which layer's server, why it stopped, and the lines it printed last. */
export interface ServerDown {
  layer: string;
  reason: string;
  lines: string[];
  at: string;
}

/** The folder of this vitest run's notes (one per layer), keyed by the main process's pid. */
export function downDir(mainPid = process.pid): string {
  return path.join(os.tmpdir(), `mp-test-run-${mainPid}`);
}

/** Writes the note for `layer` (once: the first stop is the one that explains the rest). */
export function noteServerDown(dir: string, down: Omit<ServerDown, 'at'>): void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${down.layer}.json`);
  if (existsSync(file)) return;
  writeFileSync(file, JSON.stringify({ ...down, at: new Date().toISOString() } satisfies ServerDown));
}

/** The note for `layer` in `dir`, or null while its server runs. */
export function serverDown(dir: string, layer: string): ServerDown | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, `${layer}.json`), 'utf8')) as ServerDown;
  } catch {
    return null;
  }
}

/** Every note in `dir` (for the reporter), and removes the folder. */
export function takeServerDowns(dir: string): ServerDown[] {
  if (!existsSync(dir)) return [];
  const notes = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ServerDown);
  rmSync(dir, { recursive: true, force: true });
  return notes;
}

/** The last `n` non-empty lines of a server's output, ANSI colours out. */
export function lastLines(output: string, n = 50): string[] {
  return (
    output
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour escapes
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((l) => l.trim())
      .slice(-n)
  );
}
