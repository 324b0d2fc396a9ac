/**
 * Dependencies point one way (docs/design.md, Layout): the client imports the engine and the
 * API's generated types, never the Worker or the database layer; the engine imports nothing of
 * ours outside engine/. Every import is read with TypeScript's own pre-processor (static,
 * `import type`, re-exports and dynamic `import()`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every .ts file under `dir` (a path from the repository root). */
function tsFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** The repository paths a file's relative imports point to (bare package names are left out). */
function importTargets(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) =>
      path
        .relative(root, path.resolve(path.dirname(path.join(root, file)), spec))
        .split(path.sep)
        .join('/'),
    );
}

/** "file -> target" for every import of `files` that `forbidden` refuses. */
function violations(files: string[], forbidden: (target: string) => boolean): string[] {
  return files.flatMap((f) =>
    importTargets(f, readFileSync(path.join(root, f), 'utf8'))
      .filter(forbidden)
      .map((t) => `${f} -> ${t}`),
  );
}

describe('import rules', () => {
  test('the checker sees static, type-only, re-exported and dynamic imports', () => {
    const text = `import { a } from '../worker/x';\nimport type { B } from "../../db/schema";\nexport * from './y';\nconst c = () => import('../worker/z');\nimport 'lit';`;
    expect(importTargets('client/games/f.ts', text)).toEqual(['client/worker/x', 'db/schema', 'client/games/y', 'client/worker/z']);
  });

  test('nothing under client/ imports from worker/ or db/', () => {
    expect(violations(tsFiles('client'), (t) => /^(worker|db)(\/|$)/.test(t))).toEqual([]);
  });

  test('nothing under engine/ imports from outside engine/', () => {
    expect(violations(tsFiles('engine'), (t) => !t.startsWith('engine/'))).toEqual([]);
  });
});
