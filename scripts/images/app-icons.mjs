// @ts-check
/**
 * The brand mark (a layered tree with a gold star on a deep-green field) and the app icons made
 * from it: the favicon, the PNG icons of the web manifest (192 and 512 px, each also maskable,
 * with the art inside the 80 % safe zone) and Apple's touch icon. Used by
 * scripts/images/make-images.mjs (all the site's images) and scripts/images/make-app-icons.mjs (icons only).
 * The outputs are committed; these scripts are only needed to change them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/** Rounds to one decimal, for compact SVG coordinates. */
export const f = (/** @type {number} */ n) => Math.round(n * 10) / 10;

/**
 * SVG path of a star with `points` points around (cx, cy).
 * @param {number} cx @param {number} cy @param {number} outer @param {number} inner
 * @param {number} [points] @param {number} [rotation]
 */
export function star(cx, cy, outer, inner, points = 5, rotation = -Math.PI / 2) {
  const pts = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = rotation + (i * Math.PI) / points;
    pts.push(`${f(cx + r * Math.cos(a))},${f(cy + r * Math.sin(a))}`);
  }
  return `M${pts.join('L')}Z`;
}

/**
 * The brand mark as an SVG document of `size` px; `maskable` keeps the art inside the safe zone
 * on a full-bleed field, `rounded` gives the plain icon rounded corners.
 * @param {number} size @param {{ maskable?: boolean, rounded?: boolean }} [opts]
 */
export function logoMark(size, { maskable = false, rounded = true } = {}) {
  const pad = maskable ? 0.2 : 0.1; // maskable icons keep the art inside the 80% safe zone
  const s = 100;
  const inner = s * (1 - pad * 2);
  const o = s * pad;
  const t = (/** @type {number} */ x, /** @type {number} */ y) => `${f(o + x * inner)},${f(o + y * inner)}`;
  const bg = rounded && !maskable ? `<rect width="100" height="100" rx="22" fill="#1f3d2b"/>` : `<rect width="100" height="100" fill="#1f3d2b"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6e3a1"/><stop offset="1" stop-color="#b08d57"/></linearGradient></defs>
    ${bg}
    <path d="M${t(0.5, 0.2)} L${t(0.7, 0.48)} L${t(0.62, 0.48)} L${t(0.8, 0.72)} L${t(0.2, 0.72)} L${t(0.38, 0.48)} L${t(0.3, 0.48)}Z" fill="#e6efe8"/>
    <rect x="${f(o + 0.455 * inner)}" y="${f(o + 0.72 * inner)}" width="${f(0.09 * inner)}" height="${f(0.1 * inner)}" fill="#e6efe8"/>
    <path d="${star(o + 0.5 * inner, o + 0.16 * inner, 0.1 * inner, 0.042 * inner)}" fill="url(#g)"/>
    <circle cx="${f(o + 0.42 * inner)}" cy="${f(o + 0.6 * inner)}" r="${f(0.03 * inner)}" fill="#b08d57"/>
    <circle cx="${f(o + 0.6 * inner)}" cy="${f(o + 0.64 * inner)}" r="${f(0.03 * inner)}" fill="#a51f2c"/>
    <circle cx="${f(o + 0.52 * inner)}" cy="${f(o + 0.42 * inner)}" r="${f(0.025 * inner)}" fill="#a51f2c"/>
  </svg>`;
}

/**
 * Writes favicon.svg and icons/*.png (manifest icons, maskable variants, apple-touch-icon)
 * into `publicDir`.
 */
export async function writeAppIcons(/** @type {string} */ publicDir) {
  await mkdir(join(publicDir, 'icons'), { recursive: true });
  await writeFile(join(publicDir, 'favicon.svg'), logoMark(32).replace(/\n\s*/g, ''));
  const icon = (/** @type {number} */ size, /** @type {{ maskable?: boolean, rounded?: boolean }} */ opts, /** @type {string} */ file) =>
    sharp(Buffer.from(logoMark(size, opts)))
      .png({ compressionLevel: 9 })
      .toFile(join(publicDir, 'icons', file));
  await icon(192, {}, 'icon-192.png');
  await icon(512, {}, 'icon-512.png');
  await icon(192, { maskable: true }, 'icon-maskable-192.png');
  await icon(512, { maskable: true }, 'icon-maskable-512.png');
  await icon(180, { rounded: false }, 'apple-touch-icon.png');
}
