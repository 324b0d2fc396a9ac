/**
 * Renders the app icons (public/icons/*.png, committed) from the two SVGs beside them with
 * Debian's Chromium through playwright-core, so no image library is needed: `tsx
 * scripts/make-icons.ts` after changing public/icons/icon.svg or maskable.svg. Sizes are the
 * ones the web app manifest and iOS ask for: 192 and 512 px ("any"), 512 px maskable (full
 * bleed, the drawing inside the 80% safe circle), and a 180 px apple-touch-icon.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './chromium';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'public', 'icons');

/** [source SVG, output PNG, edge in px] */
const ICONS: [string, string, number][] = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['maskable.svg', 'icon-maskable-512.png', 512],
  // iOS draws its own rounded corners and puts black behind transparency: use the full-bleed one.
  ['maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const [svg, png, size] of ICONS) {
    const source = await readFile(join(dir, svg), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    const sized = source.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: join(dir, png), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`icons: ${relative(root, join(dir, png))} (${size} px)`);
  }
} finally {
  await browser.close();
}
