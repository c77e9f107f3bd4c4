// Generates every icon and splash screen from one source, assets/icon.svg (the
// favicon's locker on a full-bleed brand square, the glyph inside the 80 % safe
// zone so platform masks never cut it): the web manifest's icons in public/icons
// and, when the native projects exist, Android's launcher icons and splash and
// iOS's app icon and splash. Run `npm run icons` after changing the source; the
// outputs are committed so that neither the web build nor `cap sync` needs sharp.
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const brand = '#0f766e';
const source = await readFile(join(web, 'assets/icon.svg'));
const favicon = await readFile(join(web, 'public/favicon.svg'));

async function png(svg, size, out) {
  await mkdir(dirname(out), { recursive: true });
  await sharp(svg, { density: Math.ceil((72 * size) / 32) }).resize(size, size).png().toFile(out);
}

// A splash: the icon at a third of the short side, centred on the brand colour.
async function splash(width, height, out) {
  const side = Math.round(Math.min(width, height) / 3);
  const icon = await sharp(source, { density: Math.ceil((72 * side) / 32) }).resize(side, side).png().toBuffer();
  await mkdir(dirname(out), { recursive: true });
  await sharp({ create: { width, height, channels: 4, background: brand } })
    .composite([{ input: icon, gravity: 'centre' }])
    .png()
    .toFile(out);
}

// Web: rounded artwork for "any", the full-bleed source for "maskable" and iOS's home screen.
await png(favicon, 192, join(web, 'public/icons/icon-192.png'));
await png(favicon, 512, join(web, 'public/icons/icon-512.png'));
await png(source, 512, join(web, 'public/icons/maskable-512.png'));
await png(source, 180, join(web, 'public/icons/apple-touch-icon.png'));

const res = join(web, 'android/app/src/main/res');
if (existsSync(res)) {
  const densities = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 };
  for (const [d, k] of Object.entries(densities)) {
    await png(source, 48 * k, join(res, `mipmap-${d}/ic_launcher.png`));
    await png(favicon, 48 * k, join(res, `mipmap-${d}/ic_launcher_round.png`));
    await png(source, 108 * k, join(res, `mipmap-${d}/ic_launcher_foreground.png`));
    await splash(320 * k, 480 * k, join(res, `drawable-port-${d}/splash.png`));
    await splash(480 * k, 320 * k, join(res, `drawable-land-${d}/splash.png`));
  }
  await splash(480, 320, join(res, 'drawable/splash.png'));
}

const assets = join(web, 'ios/App/App/Assets.xcassets');
if (existsSync(assets)) {
  await png(source, 1024, join(assets, 'AppIcon.appiconset/AppIcon-512@2x.png'));
  for (const name of ['splash-2732x2732.png', 'splash-2732x2732-1.png', 'splash-2732x2732-2.png']) {
    await splash(2732, 2732, join(assets, 'Splash.imageset', name));
  }
}
console.log('icons: written from assets/icon.svg');
