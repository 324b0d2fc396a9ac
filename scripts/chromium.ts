/**
 * The headless Chromium of the browser tests, the bench and the icon script: the one inside the
 * npm package `@sparticuz/chromium` (brotli-compressed in node_modules, so nothing is fetched at
 * run time), unpacked once into `node_modules/.cache/mp-chromium/<version>/` together with the
 * shared libraries and fonts it ships; or the binary named by `CHROMIUM_PATH` (Debian's:
 * `CHROMIUM_PATH=/usr/bin/chromium`).
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';
import { extract } from 'tar-fs';

const require = createRequire(import.meta.url);

/** Where the browser came from and how to run it. */
export interface ChromiumBinary {
  executablePath: string;
  /** Variables the binary needs (its bundled libraries and fonts); empty for a system browser. */
  env: Record<string, string>;
  source: 'CHROMIUM_PATH' | '@sparticuz/chromium';
}

/** The package's folder of compressed files (chromium.br, fonts.tar.br, ...), and its version. */
function packaged(): { bin: string; version: string } | null {
  try {
    const entry = require.resolve('@sparticuz/chromium');
    const dir = path.join(path.dirname(entry), '..');
    const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
    return existsSync(path.join(dir, 'bin', 'chromium.br')) ? { bin: path.join(dir, 'bin'), version } : null;
  } catch {
    return null;
  }
}

async function unbrotli(from: string, to: string, tar: boolean): Promise<void> {
  const out = tar ? extract(to) : (await import('node:fs')).createWriteStream(to, { mode: 0o755 });
  await pipeline(createReadStream(from), createBrotliDecompress(), out);
}

/**
 * Unpacks the packaged browser into a staging folder and renames it into place, so two test
 * processes starting at once never run a half-written binary. Returns the folder.
 */
async function unpack(bin: string, version: string): Promise<string> {
  const cache = path.join(require.resolve('playwright-core').split(`${path.sep}node_modules${path.sep}`)[0], 'node_modules', '.cache');
  const dir = path.join(cache, 'mp-chromium', version);
  if (existsSync(path.join(dir, 'ready'))) return dir;
  const staging = `${dir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  await unbrotli(path.join(bin, 'chromium.br'), path.join(staging, 'chromium'), false);
  // The graphics libraries sit beside the binary, the system libraries it links (NSS, expat:
  // not on every machine) in al2023/lib, the fonts in fonts/.
  await unbrotli(path.join(bin, 'swiftshader.tar.br'), staging, true);
  await unbrotli(path.join(bin, 'al2023.tar.br'), path.join(staging, 'al2023'), true);
  await unbrotli(path.join(bin, 'fonts.tar.br'), path.join(staging, 'fonts'), true);
  writeFileSync(
    path.join(staging, 'fonts.conf'),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${path.join(dir, 'fonts')}</dir>\n` +
      `  <dir>/usr/share/fonts</dir>\n  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
  );
  writeFileSync(path.join(staging, 'ready'), `${version}\n`);
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another process was first
  }
  return dir;
}

/** The browser to run: `CHROMIUM_PATH`, else the packaged one (unpacked on first use); null when neither exists. */
export async function findChromium(): Promise<ChromiumBinary | null> {
  const given = process.env.CHROMIUM_PATH;
  if (given) return existsSync(given) ? { executablePath: given, env: {}, source: 'CHROMIUM_PATH' } : null;
  const pkg = packaged();
  if (!pkg) return null;
  const dir = await unpack(pkg.bin, pkg.version);
  return {
    executablePath: path.join(dir, 'chromium'),
    env: {
      LD_LIBRARY_PATH: [path.join(dir, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_FILE: path.join(dir, 'fonts.conf'),
    },
    source: '@sparticuz/chromium',
  };
}

/** True when a browser can be launched here without unpacking anything first (cheap; for skip decisions). */
export function chromiumAvailable(): boolean {
  const given = process.env.CHROMIUM_PATH;
  return given ? existsSync(given) : packaged() !== null;
}

/**
 * Launch options for headless Chromium with nothing that talks to the network on its own, and no
 * host name resolved but `localhost` (for `chromium.launch` and `launchPersistentContext`; the
 * tests, the bench and the icon script only load pages from 127.0.0.1). Throws when there is no
 * browser.
 */
export async function browserLaunchOptions(): Promise<LaunchOptions> {
  const found = await findChromium();
  if (!found) throw new Error('No Chromium: `npm install` brings @sparticuz/chromium, or set CHROMIUM_PATH.');
  return {
    executablePath: found.executablePath,
    env: { ...process.env, ...found.env } as Record<string, string>,
    args: [
      '--headless',
      '--no-sandbox',
      '--no-zygote',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--font-render-hinting=none',
      // No name resolves but this machine's: a page or the browser itself never reaches further.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]',
      '--disable-quic',
    ],
  };
}

/** Headless Chromium (browserLaunchOptions). Throws when there is no browser. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(await browserLaunchOptions());
}
