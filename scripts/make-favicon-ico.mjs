// Regenerates apps/web/public/favicon.ico from the store's icon, apps/web/public/favicon.svg: the
// flame drawn by Chromium at 16, 32 and 48 px on a transparent background, each size stored as a
// PNG inside one .ico file (the format browsers, crawlers and feed readers ask /favicon.ico for).
//
// Usage: node scripts/make-favicon-ico.mjs [output-file]   (needs Chromium: CHROMIUM_PATH or /usr/bin/chromium)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const ROOT = path.join(import.meta.dirname, '..');
const SVG = readFileSync(path.join(ROOT, 'apps/web/public/favicon.svg'), 'utf8');
const OUT = process.argv[2] ?? path.join(ROOT, 'apps/web/public/favicon.ico');
const SIZES = [16, 32, 48];

/** An ICO file whose images are PNGs: a 6-byte header, a 16-byte entry per image, then the images. */
function icoOf(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 = 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  const images = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    const sized = SVG.replace(/width="\d+" height="\d+"/, `width="${size}" height="${size}"`);
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    images.push({ size, png });
  }
  writeFileSync(OUT, icoOf(images));
  console.log(`${path.relative(ROOT, OUT)}: ${SIZES.join(', ')} px, ${icoOf(images).length} bytes`);
} finally {
  await browser.close();
}
