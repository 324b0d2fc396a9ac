/**
 * Bundles the web client (client/main.ts) into public/app.js, minified ESM for ES2022 browsers;
 * source maps (public/app.js.map, with the sources) only when asked for, with `MP_SOURCEMAP=1` or
 * `sourcemap: true`, so a production build does not publish the client's source. Code behind a dynamic `import()` (the /verify page, which carries every game
 * engine and zod) is split into public/chunks/, so the first page load stays small. `tsx scripts/build-client.ts` builds once and prints the
 * size; `--watch` rebuilds on change. scripts/dev.ts imports `buildClient`.
 *
 * Chunks: every `import()` in the client (each game's board, the screens the game page does
 * not need, the record checker, and the game page's parts most visits never show: dialogs, the
 * pause notice and votes, game over, folded sections, each board's key; client/on-demand.ts) is a chunk, and the modules the entry imports statically all land
 * in ONE shared chunk (the `oneMainChunk` plugin below), so the game page loads app.js, that chunk
 * and its board's chunk rather than a dozen small files. Then public/boot.js (client/boot.ts), a
 * separate small script that index.html runs first, is built with the boards' chunk paths
 * (`MP_BOARD_CHUNKS`): it starts the page's API requests and its board's chunk while app.js loads.
 *
 * After each client build it builds the service worker (client/sw.ts) into public/sw.js, a
 * classic script stamped with a hash of the built shell (its cache name) and the list of chunks
 * to keep offline; a new deployment therefore installs a new worker that replaces the old cache.
 */
import { build, context, type BuildOptions, type Metafile, type OutputFile, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { gameManifests } from '../client/games/list';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const clientEntry = join(root, 'client', 'main.ts');
export const clientOutfile = join(root, 'public', 'app.js');
export const swEntry = join(root, 'client', 'sw.ts');
export const swOutfile = join(root, 'public', 'sw.js');
export const bootEntry = join(root, 'client', 'boot.ts');
export const bootOutfile = join(root, 'public', 'boot.js');

/**
 * Makes every module loaded with `import()` also import the entry (client/main.ts) statically.
 * The entry is always loaded and run before any of them, so this costs nothing at run time; but
 * esbuild puts a module in a shared chunk per set of entry points that reach it, and with every
 * module of the entry's graph now reached by all of them, they form one chunk instead of one per
 * combination of importers (the game page loaded 12 chunks before any API request: two rounds of
 * the browser's 6 connections per host over HTTP/1.1). Each lazy chunk keeps the modules only
 * it (or only lazy chunks) use.
 */
const oneMainChunk: Plugin = {
  name: 'one-main-chunk',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.namespace !== 'file') return undefined;
      const r = await b.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, importer: args.importer });
      if (r.errors.length) return { errors: r.errors };
      return { path: r.path, namespace: 'lazy' };
    });
    // The chunk is named after the module (b.resolve's path): public/chunks/<module>-<hash>.js.
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
      contents: `import ${JSON.stringify(clientEntry)};\nexport * from ${JSON.stringify(args.path)};\n`,
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/**
 * Gives the record checker (client/verify.ts, the /verify page's chunk) its own copy of every
 * engine module it imports. The boards import their game's words from the engine too
 * (engine/games/<id>/words.ts), and esbuild puts a module that two lazy chunks share into a
 * third chunk: each board would then load one more file, after its own, before it can draw. The
 * copies (a few KiB of words, in a chunk of half a megabyte) keep every board one chunk.
 */
const verifyOwnEngine: Plugin = {
  name: 'verify-own-engine',
  setup(b) {
    const verifyEntry = join(root, 'client', 'verify.ts');
    const engineDir = `${join(root, 'engine')}/`;
    b.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData === verifyEntry || (args.namespace !== 'verify-engine' && args.importer !== verifyEntry)) return undefined;
      // (The marker keeps this resolve from coming back here.)
      const r = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: verifyEntry,
      });
      if (r.errors.length) return { errors: r.errors };
      return r.path.startsWith(engineDir) ? { path: r.path, namespace: 'verify-engine' } : { path: r.path };
    });
    b.onLoad({ filter: /.*/, namespace: 'verify-engine' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'ts',
      resolveDir: dirname(args.path),
    }));
  },
};

export interface BuildClientOptions {
  /** Rebuild on every change until the returned `stop()` is called. */
  watch?: boolean;
  /** Minify (default true). */
  minify?: boolean;
  /** Print what was built (default true). */
  log?: boolean;
  /** Write linked source maps (default: only with `MP_SOURCEMAP=1`). */
  sourcemap?: boolean;
}

export interface BuildClientResult {
  outfile: string;
  bytes: number;
  gzipBytes: number;
  /** Stops watching (a no-op for a one-off build). */
  stop(): Promise<void>;
}

function options(minify: boolean, sourcemap: boolean): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: { app: clientEntry },
    outdir: join(root, 'public'),
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    metafile: true,
    write: false,
    plugins: [oneMainChunk, verifyOwnEngine],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify,
    sourcemap: sourcemap ? 'linked' : false,
    sourcesContent: sourcemap,
    tsconfig: join(root, 'tsconfig.json'),
    legalComments: 'eof',
    logLevel: 'warning',
    // Lit's production build (no dev-mode warnings) is the default export condition.
    conditions: ['production'],
    define: { 'process.env.NODE_ENV': '"production"' },
  };
}

/**
 * Puts a build's files in place without a moment where a served file is missing or half
 * written: a file whose bytes are unchanged is left alone, a changed one replaced whole (written
 * beside it, then renamed over it), and only then are the chunks this build did not make
 * removed. A running server (`npm start`, or the tests' shared one while another `npm start`
 * builds the same checkout) never answers a page's chunk with an error, and an unchanged rebuild
 * touches nothing.
 */
async function putOutputs(files: readonly OutputFile[], chunksOf?: string): Promise<void> {
  for (const f of files) {
    const old = await readFile(f.path).catch(() => null);
    if (old?.equals(f.contents)) continue;
    await mkdir(dirname(f.path), { recursive: true });
    await writeFileAtomic(f.path, Buffer.from(f.contents.buffer, f.contents.byteOffset, f.contents.byteLength));
  }
  if (!chunksOf) return;
  const made = new Set(files.map((f) => f.path));
  for (const name of await readdir(chunksOf).catch(() => [] as string[]))
    if (!made.has(join(chunksOf, name))) await rm(join(chunksOf, name), { force: true });
}

/** Files of the app shell whose bytes name the service worker's cache (with every chunk). */
const SHELL_FILES = [
  'app.js',
  'boot.js',
  'styles.css',
  'index.html',
  'manifest.webmanifest',
  'icons/icon.svg',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/icon-maskable-512.png',
  'icons/apple-touch-icon.png',
];

/**
 * Builds public/sw.js for what public/ holds now: `MP_SW_VERSION` is the first 16 hex digits of
 * the SHA-256 of the shell files and chunks, `MP_SW_CHUNKS` the chunks' paths. Returns the version.
 */
export async function buildServiceWorker(minify = true): Promise<string> {
  const pub = join(root, 'public');
  const chunks = (await readdir(join(pub, 'chunks')).catch(() => [] as string[])).filter((f) => f.endsWith('.js')).sort();
  const hash = createHash('sha256');
  for (const f of [...SHELL_FILES, ...chunks.map((c) => `chunks/${c}`)]) {
    hash.update(f);
    hash.update(await readFile(join(pub, f)).catch(() => Buffer.alloc(0)));
  }
  const version = hash.digest('hex').slice(0, 16);
  const sw = await build({
    absWorkingDir: root,
    entryPoints: [swEntry],
    outfile: swOutfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify,
    sourcemap: false,
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
    write: false,
    define: { MP_SW_VERSION: JSON.stringify(version), MP_SW_CHUNKS: JSON.stringify(chunks.map((c) => `/chunks/${c}`)) },
  });
  await putOutputs(sw.outputFiles ?? []);
  return version;
}

/**
 * Game type id -> the path of its board's chunk, from the app build's metafile: the chunks whose
 * entry is a module under client/games/ named after a manifest's board tag (client/games/manifest.ts).
 */
export function boardChunks(meta: Metafile): Record<string, string> {
  const byTag: Record<string, string> = {};
  for (const [file, o] of Object.entries(meta.outputs)) {
    const entry = o.entryPoint?.replace(/^lazy:/, '');
    if (!entry || !file.endsWith('.js')) continue;
    const m = /client\/games\/[^/]+\/([a-z0-9-]+)\.ts$/.exec(entry.split(/[\\/]/).join('/'));
    if (m) byTag[m[1]] = `/${relative(join(root, 'public'), join(root, file)).split(/[\\/]/).join('/')}`;
  }
  return Object.fromEntries(gameManifests.filter((g) => Object.hasOwn(byTag, g.tag)).map((g) => [g.id, byTag[g.tag]]));
}

/** Builds public/boot.js (client/boot.ts) for the app build described by `meta`. */
export async function buildBoot(meta: Metafile, minify = true): Promise<void> {
  const boot = await build({
    absWorkingDir: root,
    entryPoints: [bootEntry],
    outfile: bootOutfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify,
    sourcemap: false,
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
    write: false,
    define: { MP_BOARD_CHUNKS: JSON.stringify(boardChunks(meta)) },
  });
  await putOutputs(boot.outputFiles ?? []);
}

/**
 * Bytes of the main bundle: app.js and the chunks it imports statically (each gzipped alone, as
 * served); lazily loaded chunks are not counted.
 */
async function sizes(): Promise<{ bytes: number; gzipBytes: number }> {
  let bytes = 0;
  let gzipBytes = 0;
  const seen = new Set<string>();
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = await readFile(file);
    bytes += code.length;
    gzipBytes += gzipSync(code, { level: 9 }).length;
    // Static imports only (`import"x"`, `from"x"`); `import("x")` is a lazy chunk.
    for (const m of code.toString('utf8').matchAll(/\b(?:import|from)\s*["'](\.\.?\/[^"']+\.js)["']/g))
      await visit(join(dirname(file), m[1]));
  };
  await visit(clientOutfile);
  return { bytes, gzipBytes };
}

function kb(n: number): string {
  return `${(n / 1024).toFixed(1)} KiB`;
}

/** Builds public/app.js (and app.js.map when asked for); with `watch`, keeps rebuilding until `stop()`. */
export async function buildClient(opts: BuildClientOptions = {}): Promise<BuildClientResult> {
  const { watch = false, minify = true, log = true, sourcemap = process.env.MP_SOURCEMAP === '1' } = opts;
  const say = (msg: string): void => {
    if (log) console.log(msg);
  };
  // Chunk names carry a content hash: putOutputs removes the old ones, so public/ holds one build only.
  const chunksDir = join(root, 'public', 'chunks');
  if (!sourcemap) await rm(`${clientOutfile}.map`, { force: true }); // a map left by an earlier build would still be served
  if (!watch) {
    const result = await build(options(minify, sourcemap));
    await putOutputs(result.outputFiles ?? [], chunksDir);
    await buildBoot(result.metafile!, minify);
    const version = await buildServiceWorker(minify);
    const s = await sizes();
    say(
      `client: ${relative(root, clientOutfile)} ${kb(s.bytes)} (${kb(s.gzipBytes)} gzip), ${relative(root, swOutfile)} (cache ${version})`,
    );
    return { outfile: clientOutfile, ...s, stop: async () => {} };
  }
  const base = options(minify, sourcemap);
  const ctx = await context({
    ...base,
    plugins: [
      ...(base.plugins ?? []),
      {
        name: 'report',
        setup(b) {
          b.onEnd(async (result) => {
            if (result.errors.length) {
              say(`client: build failed (${result.errors.length} errors)`);
              return;
            }
            await putOutputs(result.outputFiles ?? [], chunksDir);
            await buildBoot(result.metafile!, minify);
            await buildServiceWorker(minify);
            const s = await sizes();
            say(`client: rebuilt ${relative(root, clientOutfile)} ${kb(s.bytes)} (${kb(s.gzipBytes)} gzip)`);
          });
        },
      },
    ],
  });
  await ctx.watch();
  const s = await sizes().catch(() => ({ bytes: 0, gzipBytes: 0 }));
  return { outfile: clientOutfile, ...s, stop: () => ctx.dispose() };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === (await import('node:fs')).realpathSync(process.argv[1]);
if (isMain) {
  const watch = process.argv.includes('--watch');
  try {
    const r = await buildClient({ watch });
    if (watch) {
      console.log('client: watching client/ for changes (Ctrl-C to stop)');
      const stop = () => void r.stop().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    }
  } catch (err) {
    if (!(err as { errors?: unknown[] }).errors) console.error(err);
    process.exit(1);
  }
}
