/**
 * Renders the app icons (public/icons/*.png) from one SVG with the local Chromium.
 * Run once after changing the logo: `npx tsx scripts/make-icons.ts`. The PNGs are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

function svg(size: number, maskable: boolean): string {
  // Maskable icons keep their content inside the 80 % safe zone and fill the whole square.
  const pad = maskable ? size * 0.2 : size * 0.06;
  const r = maskable ? 0 : size * 0.2;
  const inner = size - pad * 2;
  const s = inner / 100;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${r}" fill="#0b7285"/>
  <g transform="translate(${pad} ${pad}) scale(${s})" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">
    <circle cx="22" cy="70" r="14"/>
    <circle cx="80" cy="70" r="14"/>
    <rect x="8" y="30" width="34" height="22" rx="3" fill="#fab005" stroke="#fab005"/>
    <path d="M22 70 L44 54 L66 54 L80 70"/>
    <path d="M44 54 L56 30 L68 30"/>
    <path d="M56 30 L66 54"/>
  </g>
</svg>`;
}

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg(size, maskable)}</body></html>`);
  const png = await page.locator('svg').screenshot({ omitBackground: true });
  writeFileSync(new URL(name, out), png);
}
writeFileSync(new URL('icon.svg', out), svg(512, false));
await browser.close();
