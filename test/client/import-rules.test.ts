/**
 * Dependencies point one way (docs/design.md, Layout): the client imports the engine and the
 * API's generated types, never the Worker or the database layer; the engine imports nothing of
 * ours outside engine/. Every import is read with TypeScript's own pre-processor (static,
 * `import type`, re-exports and dynamic `import()`). The Worker's layers are checked by
 * dependency-cruiser (`npm run deps`); the probes below prove each of its layer rules refuses
 * the import it names.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
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

/** The forbidden rules `npm run deps` checks. */
const rules: IForbiddenRuleType[] = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')).forbidden;

/** The "rule: from -> to" findings of the import rules over a scratch tree of `files` (path -> source). */
async function findings(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mp-layers-'));
  const cwd = process.cwd();
  try {
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      writeFileSync(path.join(dir, f), text);
    }
    process.chdir(dir);
    const result = await cruise(['worker'], { ruleSet: { forbidden: rules }, validate: true, tsPreCompilationDeps: true, baseDir: dir });
    if (typeof result.output === 'string') throw new Error('expected a cruise result object');
    return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  } finally {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('worker layers (.dependency-cruiser.cjs)', () => {
  const leaf = (name: string) => ({ [name]: 'export const x = 1;\nexport type T = number;\n' });

  test('delivery never imports a service, and services reach delivery and the clock notes only through the service context', async () => {
    const found = await findings({
      ...leaf('worker/services/s.ts'),
      ...leaf('worker/delivery/d.ts'),
      ...leaf('worker/clock/notes.ts'),
      'worker/delivery/drain.ts': "import { x } from '../services/s';\nexport const y = x;\n",
      'worker/services/play.ts': "import { x } from '../delivery/d';\nexport const y = x;\n",
      'worker/services/commit.ts': "import { x } from '../clock/notes';\nexport const y = x;\n",
    });
    expect(found).toEqual([
      'clock-notes-via-context: worker/services/commit.ts -> worker/clock/notes.ts',
      'delivery-not-services: worker/delivery/drain.ts -> worker/services/s.ts',
      'services-not-delivery: worker/services/play.ts -> worker/delivery/d.ts',
    ]);
  });

  test('notice builders and worker/lib import no layer above them', async () => {
    const found = await findings({
      ...leaf('worker/services/s.ts'),
      ...leaf('worker/notices/n.ts'),
      'worker/notices/names.ts': "import { x } from '../services/s';\nexport const y = x;\n",
      'worker/lib/rows.ts': "import { x } from '../notices/n';\nexport const y = x;\n",
    });
    expect(found).toEqual([
      'lib-is-a-leaf: worker/lib/rows.ts -> worker/notices/n.ts',
      'notices-are-builders: worker/notices/names.ts -> worker/services/s.ts',
    ]);
  });

  test('type-only imports cross layers freely (they vanish from the bundle)', async () => {
    const found = await findings({
      ...leaf('worker/services/s.ts'),
      ...leaf('worker/delivery/d.ts'),
      'worker/delivery/drain.ts': "import type { T } from '../services/s';\nexport const y: T = 1;\n",
      'worker/services/play.ts': "import type { T } from '../delivery/d';\nexport const y: T = 1;\n",
    });
    expect(found).toEqual([]);
  });
});
