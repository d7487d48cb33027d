#!/usr/bin/env node
// Generates the site's illustrations and icons into web/public (run: node scripts/images/make-images.mjs).
//
// No photographs exist, so every picture is vector art authored here as SVG and rasterised
// with sharp into AVIF and WebP at the widths the layout uses (plus a JPEG Open Graph card and
// the PNG icons the web manifest references, from scripts/images/app-icons.mjs). The art is
// seeded, so re-running reproduces the same files; the outputs are committed, this script is
// only needed to change them.
// It also writes web/src/features/site/image-manifest.json (widths and intrinsic sizes) so the
// <img> tags get correct width/height without typing the numbers twice.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { f, star, writeAppIcons } from './app-icons.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const publicDir = join(root, 'web', 'public');
const manifestFile = join(root, 'web', 'src', 'features', 'site', 'image-manifest.json');

// ---------------------------------------------------------------------------------------------
// Small helpers

/** Deterministic PRNG (mulberry32) so every run draws the same trees. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, list) => list[Math.floor(r() * list.length)];

function shade(hex, amount) {
  // amount -1..1: towards black or white
  const n = parseInt(hex.slice(1), 16);
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

// ---------------------------------------------------------------------------------------------
// The tree scene (viewBox 800 × 1000)

const APEX = { x: 400, y: 150 };
const BASE_Y = 800;
const BASE_HALF = 300;
const halfWidthAt = (y) => Math.max(0, (BASE_HALF * (y - APEX.y)) / (BASE_Y - APEX.y));

function tierPath(i, tiers) {
  const step = (BASE_Y - APEX.y) / tiers;
  const bottom = APEX.y + (i + 1) * step;
  const top = i === 0 ? APEX.y - 18 : APEX.y + i * step - step * 0.75;
  const half = halfWidthAt(bottom) + 18;
  const left = 400 - half;
  const right = 400 + half;
  const scallops = Math.max(3, Math.round((half * 2) / 62));
  let d = `M400,${f(top)} Q${f(400 - half * 0.35)},${f(top + (bottom - top) * 0.55)} ${f(left)},${f(bottom)}`;
  const w = (right - left) / scallops;
  for (let s = 0; s < scallops; s++) {
    const x0 = left + s * w;
    const x1 = x0 + w;
    const dip = 14 + (s % 2) * 6;
    d += ` Q${f((x0 + x1) / 2)},${f(bottom + dip)} ${f(x1)},${f(bottom - 2)}`;
  }
  d += ` Q${f(400 + half * 0.35)},${f(top + (bottom - top) * 0.55)} 400,${f(top)}Z`;
  return { d, bottom, top, half };
}

function insideTree(x, y, margin = 0.86) {
  if (y < APEX.y + 40 || y > BASE_Y - 10) return false;
  return Math.abs(x - 400) < halfWidthAt(y) * margin;
}

function scatter(r, count, minDist, margin, yMin = APEX.y + 60) {
  const pts = [];
  let guard = 0;
  while (pts.length < count && guard++ < count * 400) {
    const y = yMin + r() * (BASE_Y - 20 - yMin);
    const x = 400 + (r() * 2 - 1) * halfWidthAt(y);
    if (!insideTree(x, y, margin)) continue;
    if (pts.some((p) => (p.x - x) ** 2 + (p.y - y) ** 2 < minDist ** 2)) continue;
    pts.push({ x, y });
  }
  return pts;
}

function ornament(o, color, r, id, kind) {
  const cap = `<rect x="${f(o.x - r * 0.28)}" y="${f(o.y - r - 5)}" width="${f(r * 0.56)}" height="7" rx="2" fill="url(#cap)"/>`;
  const grad = `url(#orn-${id})`;
  if (kind === 'drop') {
    const h = r * 1.9;
    return `<g>${cap}<path d="M${f(o.x)},${f(o.y - r)} C${f(o.x + r * 1.15)},${f(o.y - r * 0.2)} ${f(o.x + r * 0.5)},${f(o.y + h * 0.55)} ${f(o.x)},${f(o.y + h)} C${f(o.x - r * 0.5)},${f(o.y + h * 0.55)} ${f(o.x - r * 1.15)},${f(o.y - r * 0.2)} ${f(o.x)},${f(o.y - r)}Z" fill="${grad}"/></g>`;
  }
  if (kind === 'star') {
    return `<path d="${star(o.x, o.y, r * 1.15, r * 0.5)}" fill="${grad}" stroke="${shade(color, -0.3)}" stroke-width="1"/>`;
  }
  const band =
    kind === 'banded'
      ? `<path d="M${f(o.x - r * 0.97)},${f(o.y + r * 0.1)} Q${f(o.x)},${f(o.y + r * 0.45)} ${f(o.x + r * 0.97)},${f(o.y + r * 0.1)}" stroke="${shade(color, 0.55)}" stroke-width="${f(r * 0.18)}" fill="none" opacity="0.85"/>`
      : '';
  return `<g>${cap}<circle cx="${f(o.x)}" cy="${f(o.y)}" r="${f(r)}" fill="${grad}"/>${band}<ellipse cx="${f(o.x - r * 0.35)}" cy="${f(o.y - r * 0.4)}" rx="${f(r * 0.28)}" ry="${f(r * 0.18)}" fill="#fff" opacity="0.55" transform="rotate(-30 ${f(o.x - r * 0.35)} ${f(o.y - r * 0.4)})"/></g>`;
}

function topper(kind, p) {
  const cx = 400;
  const cy = APEX.y - 40;
  switch (kind) {
    case 'bow': {
      const c = p.ribbon;
      return `<g>
        <path d="M${cx},${cy + 8} C${cx - 70},${cy - 60} ${cx - 95},${cy + 30} ${cx - 8},${cy + 14}Z" fill="${c}" stroke="${shade(c, -0.25)}" stroke-width="2"/>
        <path d="M${cx},${cy + 8} C${cx + 70},${cy - 60} ${cx + 95},${cy + 30} ${cx + 8},${cy + 14}Z" fill="${c}" stroke="${shade(c, -0.25)}" stroke-width="2"/>
        <path d="M${cx - 6},${cy + 16} L${cx - 40},${cy + 120} L${cx - 22},${cy + 108} L${cx - 14},${cy + 128} Z" fill="${shade(c, -0.1)}"/>
        <path d="M${cx + 6},${cy + 16} L${cx + 40},${cy + 120} L${cx + 22},${cy + 108} L${cx + 14},${cy + 128} Z" fill="${shade(c, -0.1)}"/>
        <ellipse cx="${cx}" cy="${cy + 12}" rx="16" ry="13" fill="${shade(c, -0.15)}"/>
        <path d="M${cx - 50},${cy - 4} C${cx - 40},${cy - 30} ${cx - 24},${cy - 18} ${cx - 14},${cy + 2}" stroke="#fff" stroke-opacity="0.35" stroke-width="4" fill="none"/>
      </g>`;
    }
    case 'finial':
      return `<g>
        <path d="M${cx},${cy - 70} C${cx + 10},${cy - 30} ${cx + 22},${cy + 10} ${cx + 14},${cy + 40} L${cx - 14},${cy + 40} C${cx - 22},${cy + 10} ${cx - 10},${cy - 30} ${cx},${cy - 70}Z" fill="url(#metal)"/>
        <circle cx="${cx}" cy="${cy + 12}" r="20" fill="url(#metal)"/>
        <ellipse cx="${cx - 7}" cy="${cy + 4}" rx="6" ry="4" fill="#fff" opacity="0.7"/>
      </g>`;
    case 'angel':
      return `<g>
        <path d="M${cx - 8},${cy - 4} C${cx - 70},${cy - 50} ${cx - 80},${cy + 10} ${cx - 20},${cy + 30}Z" fill="#fffaf0" stroke="#d9c08a" stroke-width="2"/>
        <path d="M${cx + 8},${cy - 4} C${cx + 70},${cy - 50} ${cx + 80},${cy + 10} ${cx + 20},${cy + 30}Z" fill="#fffaf0" stroke="#d9c08a" stroke-width="2"/>
        <path d="M${cx},${cy - 18} L${cx + 34},${cy + 60} L${cx - 34},${cy + 60}Z" fill="url(#gold)"/>
        <circle cx="${cx}" cy="${cy - 28}" r="15" fill="#f6e2c9"/>
        <ellipse cx="${cx}" cy="${cy - 48}" rx="16" ry="5" fill="none" stroke="#f1cf6b" stroke-width="3"/>
      </g>`;
    default: {
      const fill = kind === 'starfish' ? '#e8c9a0' : 'url(#gold)';
      const inner = kind === 'starfish' ? 22 : 26;
      return `<g>
        <circle cx="${cx}" cy="${cy}" r="90" fill="url(#halo)"/>
        <path d="${star(cx, cy, 58, inner)}" fill="${fill}" stroke="${kind === 'starfish' ? '#c79b6a' : '#a07a2c'}" stroke-width="2" stroke-linejoin="round"/>
        <path d="${star(cx, cy, 30, 12)}" fill="#fff" opacity="${kind === 'starfish' ? 0.15 : 0.3}"/>
      </g>`;
    }
  }
}

function base(kind, p) {
  const y = BASE_Y - 6;
  switch (kind) {
    case 'basket': {
      let weave = '';
      for (let row = 0; row < 5; row++) {
        for (let col = 0; col < 12; col++) {
          const x = 290 + col * 19 + (row % 2) * 9;
          weave += `<rect x="${x}" y="${y + 12 + row * 16}" width="15" height="11" rx="5" fill="${row % 2 ? '#a57a4c' : '#b98d5b'}"/>`;
        }
      }
      return `<g><path d="M270,${y + 4} L530,${y + 4} L510,${y + 100} L290,${y + 100}Z" fill="#8a6238"/>${weave}<rect x="262" y="${y - 2}" width="276" height="16" rx="8" fill="#7a5530"/></g>`;
    }
    case 'skirt':
      return `<g>
        <ellipse cx="400" cy="${y + 70}" rx="300" ry="52" fill="${p.skirt}"/>
        <ellipse cx="400" cy="${y + 62}" rx="286" ry="44" fill="${shade(p.skirt, 0.12)}"/>
        ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M${150 + i * 80},${y + 40} q20,30 0,62" stroke="${shade(p.skirt, -0.25)}" stroke-width="3" fill="none" opacity="0.5"/>`).join('')}
        <path d="M104,${y + 72} Q400,${y + 150} 696,${y + 72}" stroke="${p.skirtTrim}" stroke-width="10" fill="none"/>
      </g>`;
    default: {
      const fill = kind === 'white-collar' ? 'url(#porcelain)' : 'url(#gold)';
      return `<g>
        <path d="M300,${y} L500,${y} L486,${y + 96} L314,${y + 96}Z" fill="${fill}"/>
        <rect x="292" y="${y - 6}" width="216" height="16" rx="6" fill="${fill}"/>
        ${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="${322 + i * 31}" y1="${y + 14}" x2="${326 + i * 29}" y2="${y + 92}" stroke="#000" stroke-opacity="0.08" stroke-width="3"/>`).join('')}
      </g>`;
    }
  }
}

function gifts(r, p, count) {
  const spots = [
    { x: 150, w: 120, h: 92 },
    { x: 560, w: 110, h: 120 },
    { x: 255, w: 80, h: 60 },
    { x: 470, w: 96, h: 70 },
    { x: 660, w: 80, h: 64 },
  ];
  let out = '';
  for (let i = 0; i < count; i++) {
    const s = spots[i];
    const color = p.gifts[i % p.gifts.length];
    const ribbon = p.giftRibbon[i % p.giftRibbon.length];
    const y = 960 - s.h - (i >= 2 ? 6 : 0);
    out += `<g>
      <rect x="${s.x}" y="${y}" width="${s.w}" height="${s.h}" rx="4" fill="${color}"/>
      <rect x="${s.x}" y="${y}" width="${s.w}" height="${s.h}" rx="4" fill="url(#box-shade)"/>
      <rect x="${s.x - 5}" y="${y - 4}" width="${s.w + 10}" height="20" rx="3" fill="${shade(color, 0.08)}"/>
      <rect x="${s.x + s.w / 2 - 7}" y="${y - 4}" width="14" height="${s.h + 4}" fill="${ribbon}"/>
      <path d="M${s.x + s.w / 2},${y - 4} c-30,-28 -40,4 0,0 c30,-28 40,4 0,0" stroke="${ribbon}" stroke-width="7" fill="none" stroke-linejoin="round"/>
    </g>`;
    r();
  }
  return out;
}

function backdrop(scene, p, r) {
  let out = `<rect width="800" height="1000" fill="url(#wall)"/>`;
  if (scene === 'window') {
    out += `<g>
      <path d="M560,120 L560,560 L760,560 L760,120 A100,100 0 0 0 560,120Z" fill="${p.frame}"/>
      <path d="M574,124 L574,546 L746,546 L746,124 A86,86 0 0 0 574,124Z" fill="url(#night)"/>
      ${Array.from({ length: 26 }, () => `<circle cx="${f(580 + r() * 160)}" cy="${f(60 + r() * 480)}" r="${f(1 + r() * 2.4)}" fill="#fff" opacity="${f(0.45 + r() * 0.5)}"/>`).join('')}
      <circle cx="700" cy="150" r="20" fill="#fdf6e0" opacity="0.9"/>
      <path d="M574,470 Q660,440 746,480 L746,546 L574,546Z" fill="#eef3f6" opacity="0.9"/>
      <rect x="655" y="60" width="10" height="490" fill="${p.frame}"/>
      <rect x="574" y="330" width="172" height="10" fill="${p.frame}"/>
      <rect x="548" y="556" width="224" height="16" rx="3" fill="${shade(p.frame, -0.08)}"/>
    </g>`;
  } else if (scene === 'wainscot') {
    out += `<rect y="560" width="800" height="270" fill="${shade(p.wallBottom, 0.25)}"/>`;
    for (let i = 0; i < 5; i++) out += `<rect x="${24 + i * 156}" y="600" width="128" height="196" rx="4" fill="none" stroke="${shade(p.wallBottom, -0.12)}" stroke-width="3"/>`;
    out += `<rect y="552" width="800" height="14" fill="${shade(p.wallBottom, 0.35)}"/>`;
  } else if (scene === 'shiplap') {
    for (let i = 0; i < 17; i++) out += `<line x1="0" x2="800" y1="${40 + i * 48}" y2="${40 + i * 48}" stroke="${shade(p.wallBottom, -0.1)}" stroke-width="2"/>`;
  } else if (scene === 'art') {
    // a minimal eucalyptus wreath on the wall
    let leaves = '';
    for (let i = 0; i < 28; i++) {
      const a = (i / 28) * Math.PI * 2;
      const x = 665 + Math.cos(a) * 72;
      const y = 280 + Math.sin(a) * 72;
      const deg = (a * 180) / Math.PI + (i % 2 ? 35 : -35);
      leaves += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="15" ry="7" fill="${i % 3 ? '#8fa89a' : '#6f8f7f'}" transform="rotate(${f(deg)} ${f(x)} ${f(y)})"/>`;
    }
    out += `<line x1="665" y1="150" x2="665" y2="208" stroke="#b9b9b4" stroke-width="2"/>
      <circle cx="665" cy="280" r="72" fill="none" stroke="#9a8a72" stroke-width="3"/>${leaves}
      <path d="M640,352 q25,30 50,0" stroke="#2b2b2b" stroke-width="4" fill="none"/>`;
  } else if (scene === 'bunting') {
    out += `<path d="M0,120 Q400,210 800,120" stroke="${shade(p.wallTop, 0.35)}" stroke-width="3" fill="none"/>`;
    for (let i = 0; i < 11; i++) {
      const x = 40 + i * 72;
      const y = 120 + Math.sin((x / 800) * Math.PI) * 70;
      out += `<path d="M${f(x - 18)},${f(y)} L${f(x + 18)},${f(y)} L${f(x)},${f(y + 40)}Z" fill="${p.ornaments[i % p.ornaments.length]}" opacity="0.9"/>`;
    }
  }
  // warm glow behind the tree and the floor
  out += `<ellipse cx="400" cy="520" rx="380" ry="440" fill="url(#glow)"/>
    <rect y="830" width="800" height="170" fill="url(#floor)"/>
    ${Array.from({ length: 6 }, (_, i) => `<line x1="0" x2="800" y1="${858 + i * 26}" y2="${858 + i * 26}" stroke="#000" stroke-opacity="0.06" stroke-width="2"/>`).join('')}
    <ellipse cx="400" cy="905" rx="330" ry="40" fill="#000" opacity="0.18" filter="url(#soft)"/>`;
  return out;
}

/**
 * One decorated tree in a room. `p` is the palette: wall colours, ornament colours, ribbon,
 * lights, topper and base style; `seed` varies the placement.
 */
function treeScene(p, seed) {
  const r = rng(seed);
  const tiers = 6;
  const tierShapes = Array.from({ length: tiers }, (_, i) => tierPath(i, tiers));
  const ornColors = p.ornaments;
  const defs = `
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wallTop}"/><stop offset="1" stop-color="${p.wallBottom}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.floor}"/><stop offset="1" stop-color="${shade(p.floor, -0.25)}"/></linearGradient>
    <linearGradient id="needles" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(p.green, -0.35)}"/><stop offset="0.45" stop-color="${p.green}"/><stop offset="1" stop-color="${shade(p.green, -0.45)}"/></linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6e3a1"/><stop offset="0.5" stop-color="#d4a640"/><stop offset="1" stop-color="#9c7424"/></linearGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#c3c8cf"/><stop offset="1" stop-color="#7f8791"/></linearGradient>
    <linearGradient id="porcelain" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d9d9d4"/><stop offset="0.4" stop-color="#fbfbf8"/><stop offset="1" stop-color="#c9c9c3"/></linearGradient>
    <linearGradient id="cap" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8f6d2a"/><stop offset="0.5" stop-color="#f0d88e"/><stop offset="1" stop-color="#8f6d2a"/></linearGradient>
    <linearGradient id="box-shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>
    <radialGradient id="halo" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff4c2" stop-opacity="0.85"/><stop offset="1" stop-color="#fff4c2" stop-opacity="0"/></radialGradient>
    <radialGradient id="bulb" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${p.lights}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.lights}" stop-opacity="0"/></radialGradient>
    <linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b2a45"/><stop offset="1" stop-color="#3d5478"/></linearGradient>
    <filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="12"/></filter>
    <filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feGaussianBlur stdDeviation="7"/></filter>
    <clipPath id="tree-clip">${tierShapes.map((t) => `<path d="${t.d}"/>`).join('')}</clipPath>
    ${ornColors
      .map(
        (c, i) =>
          `<radialGradient id="orn-${i}" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${shade(c, 0.45)}"/><stop offset="0.45" stop-color="${c}"/><stop offset="1" stop-color="${shade(c, -0.45)}"/></radialGradient>`,
      )
      .join('')}`;

  // Tiers: bottom first so the upper branches overlap the lower ones, each with a soft shadow.
  let tree = `<rect x="385" y="760" width="30" height="60" fill="#5b3a22"/>`;
  for (let i = tiers - 1; i >= 0; i--) {
    const t = tierShapes[i];
    tree += `<path d="${t.d}" fill="#0b1a10" opacity="0.35" transform="translate(0 12)" filter="url(#shadow)"/>`;
    tree += `<path d="${t.d}" fill="url(#needles)"/>`;
    // needle texture: short strokes fanning out along the lower half of the tier
    let strokes = '';
    const n = Math.round(t.half * 0.9);
    for (let k = 0; k < n; k++) {
      const y = t.top + (t.bottom - t.top) * (0.35 + r() * 0.62);
      const hw = ((y - t.top) / (t.bottom - t.top)) * t.half;
      const x = 400 + (r() * 2 - 1) * hw * 0.95;
      const dir = x < 400 ? -1 : 1;
      const len = 10 + r() * 16;
      const col = r() < 0.5 ? shade(p.green, 0.25) : shade(p.green, -0.5);
      strokes += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + dir * len * 0.6)}" y2="${f(y + len * 0.8)}" stroke="${col}" stroke-width="2.2" stroke-linecap="round" opacity="0.55"/>`;
    }
    tree += strokes;
  }

  // Garland or ribbon swoops, clipped to the tree.
  let garland = '';
  const swoops = 4;
  for (let s = 0; s < swoops; s++) {
    const y0 = 290 + s * 125;
    const y1 = y0 + 55;
    const hw0 = halfWidthAt(y0) + 30;
    const hw1 = halfWidthAt(y1) + 30;
    const d = `M${f(400 - hw0)},${f(y0)} C${f(400 - hw0 * 0.3)},${f(y0 + 70)} ${f(400 + hw1 * 0.3)},${f(y1 + 60)} ${f(400 + hw1)},${f(y1)}`;
    if (p.garland === 'beads') {
      garland += `<path d="${d}" stroke="${p.ribbon}" stroke-width="9" stroke-dasharray="0.1 14" stroke-linecap="round" fill="none"/>`;
    } else {
      garland += `<path d="${d}" stroke="${shade(p.ribbon, -0.3)}" stroke-width="20" fill="none" opacity="0.5" transform="translate(0 4)"/>`;
      garland += `<path d="${d}" stroke="${p.ribbon}" stroke-width="17" fill="none"/>`;
      garland += `<path d="${d}" stroke="#fff" stroke-width="3" fill="none" opacity="0.3" transform="translate(0 -4)"/>`;
      if (p.ribbonStripe) garland += `<path d="${d}" stroke="${p.ribbonStripe}" stroke-width="4" stroke-dasharray="10 10" fill="none"/>`;
    }
  }

  // Lights: a glow layer and a bright core layer.
  const lights = scatter(r, p.lightCount ?? 110, 18, 0.92, APEX.y + 30);
  const glow = lights.map((l) => `<circle cx="${f(l.x)}" cy="${f(l.y)}" r="13" fill="url(#bulb)"/>`).join('');
  const cores = lights.map((l) => `<circle cx="${f(l.x)}" cy="${f(l.y)}" r="3.2" fill="#fffbe8"/>`).join('');

  // Ornaments, largest at the bottom.
  const spots = scatter(r, p.ornamentCount ?? 46, 46, 0.84);
  const ornaments = spots
    .map((o) => {
      const ci = Math.floor(r() * ornColors.length);
      const size = 11 + ((o.y - APEX.y) / (BASE_Y - APEX.y)) * 12 + r() * 4;
      const kind = pick(r, p.ornamentKinds ?? ['ball', 'ball', 'ball', 'banded', 'drop']);
      return ornament(o, ornColors[ci], size, ci, kind);
    })
    .join('');

  return {
    defs,
    body: `${backdrop(p.scene, p, r)}
      <g>${tree}</g>
      <g clip-path="url(#tree-clip)">${glow}${garland}</g>
      <g clip-path="url(#tree-clip)">${cores}</g>
      ${ornaments}
      ${base(p.base, p)}
      ${topper(p.topper, p)}
      ${gifts(r, p, p.giftCount ?? 3)}
      <rect width="800" height="1000" fill="url(#vignette)"/>`,
  };
}

function svgDoc(width, height, viewBox, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}"><defs>${defs}
    <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></radialGradient>
  </defs>${body}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// The palettes (docs/product.md §2 step 3 palettes and themes)

const BASE_PALETTE = {
  green: '#2f5d3c',
  lights: '#ffe7a3',
  glow: '#fff1c9',
  floor: '#b08a63',
  frame: '#f4efe6',
  skirt: '#7a1f2b',
  skirtTrim: '#d4a640',
  gifts: ['#7a1f2b', '#1f3d2b', '#d4a640'],
  giftRibbon: ['#d4a640', '#f3e7cf', '#7a1f2b'],
};

/**
 * One tree's palette over BASE_PALETTE, written in groups so each picture reads at a glance: the
 * room (scene, walls, floor, window frame), the tree (needles, light glow, ornaments, lights), its
 * trim (ribbon, garland, topper, base) and the gifts beneath.
 */
function look({ room, tree, trim, gifts }) {
  return { ...BASE_PALETTE, ...room, ...tree, ...trim, ...gifts };
}

const PALETTES = {
  hero: look({
    room: { scene: 'window', wallTop: '#f7efe2', wallBottom: '#ead9c0' },
    tree: { ornaments: ['#a51f2c', '#d4a640', '#f4ead3', '#7d1621', '#c58b2d'], ornamentCount: 52 },
    trim: { ribbon: '#c8a24f', garland: 'ribbon', topper: 'star', base: 'gold-collar' },
    gifts: { giftCount: 4 },
  }),
  'heirloom-traditional': look({
    room: { scene: 'wainscot', wallTop: '#f5ebe0', wallBottom: '#e4cfb6' },
    tree: { ornaments: ['#b3202a', '#d4a640', '#efe3c8', '#8c1c24'] },
    trim: { ribbon: '#9e1c27', ribbonStripe: '#e2c06b', garland: 'ribbon', topper: 'star', base: 'skirt' },
    gifts: { giftCount: 3 },
  }),
  'champagne-glow': look({
    room: { scene: 'window', wallTop: '#f3ece2', wallBottom: '#e2d3bf' },
    tree: { green: '#35593f', ornaments: ['#e6cfa0', '#fbf4e6', '#c9a25a', '#e9c6b8'], ornamentCount: 56, lightCount: 140 },
    trim: { ribbon: '#dcc28f', garland: 'ribbon', topper: 'bow', base: 'gold-collar' },
    gifts: { gifts: ['#f3e6cf', '#d9bf8c', '#e9c6b8'], giftRibbon: ['#c9a25a', '#fbf4e6', '#b08d57'], giftCount: 5 },
  }),
  'nordic-minimal': look({
    room: { scene: 'art', wallTop: '#f1f2f0', wallBottom: '#dfe2df', floor: '#c9b49a' },
    tree: { green: '#3b5f4d', ornaments: ['#f5f5f2', '#c9ccd1', '#2b2b2b', '#9fb1c1'], ornamentKinds: ['ball', 'ball', 'star', 'drop'], ornamentCount: 34, lightCount: 90 },
    trim: { ribbon: '#e9ebee', garland: 'beads', topper: 'finial', base: 'white-collar' },
    gifts: { gifts: ['#f5f5f2', '#2b2b2b', '#c9ccd1'], giftRibbon: ['#2b2b2b', '#f5f5f2', '#2b2b2b'], giftCount: 2 },
  }),
  'farmhouse-hearth': look({
    room: { scene: 'shiplap', wallTop: '#f0e7da', wallBottom: '#e1d2bd', floor: '#9a7350' },
    tree: { green: '#3d5a3a', ornaments: ['#7a1f2b', '#efe3cc', '#a5623a', '#5c6b4a'] },
    trim: { ribbon: '#c4a474', ribbonStripe: '#7a1f2b', garland: 'ribbon', topper: 'star', base: 'basket' },
    gifts: { gifts: ['#b58c5e', '#7a1f2b', '#e8dcc6'], giftRibbon: ['#7a1f2b', '#efe3cc', '#7a1f2b'], giftCount: 3 },
  }),
  'chesapeake-coastal': look({
    room: { scene: 'window', wallTop: '#eef4f5', wallBottom: '#d5e4e6', floor: '#cdb696', frame: '#ffffff' },
    tree: { green: '#355f55', ornaments: ['#1f3a5f', '#8fc1b5', '#fbfbf8', '#d8c3a0', '#5d8fb3'], ornamentKinds: ['ball', 'ball', 'star', 'banded'] },
    trim: { ribbon: '#fbfbf8', garland: 'beads', topper: 'starfish', base: 'white-collar' },
    gifts: { gifts: ['#1f3a5f', '#fbfbf8', '#8fc1b5'], giftRibbon: ['#fbfbf8', '#1f3a5f', '#fbfbf8'], giftCount: 3 },
  }),
  'candy-cane-lane': look({
    room: { scene: 'bunting', wallTop: '#2c4a3b', wallBottom: '#1f3a2e', floor: '#8d6a4f' },
    tree: { green: '#2f6446', glow: '#ffe2b8', ornaments: ['#e26d8f', '#1e8a8a', '#e0a526', '#c8342d', '#8cb14b'], ornamentKinds: ['ball', 'banded', 'star', 'drop'], ornamentCount: 54 },
    trim: { ribbon: '#e0a526', garland: 'beads', topper: 'star', base: 'skirt', skirt: '#c8342d', skirtTrim: '#f4f1ea' },
    gifts: { gifts: ['#e26d8f', '#1e8a8a', '#e0a526', '#c8342d'], giftRibbon: ['#f4f1ea', '#e0a526', '#c8342d', '#f4f1ea'], giftCount: 4 },
  }),
};

// ---------------------------------------------------------------------------------------------
// Other art: the About illustration, the logo mark, the Open Graph card

function aboutArt() {
  const r = rng(7);
  const colors = ['#a51f2c', '#d4a640', '#f4ead3'];
  const drops = [
    { x: 230, len: 330, r: 92, c: 0 },
    { x: 420, len: 470, r: 112, c: 1 },
    { x: 600, len: 290, r: 80, c: 2 },
  ];
  const defs =
    colors
      .map(
        (c, i) =>
          `<radialGradient id="a-orn-${i}" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${shade(c, 0.5)}"/><stop offset="0.45" stop-color="${c}"/><stop offset="1" stop-color="${shade(c, -0.5)}"/></radialGradient>`,
      )
      .join('') +
    `<linearGradient id="a-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#24452f"/><stop offset="1" stop-color="#142a1c"/></linearGradient>
     <linearGradient id="a-cap" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8f6d2a"/><stop offset="0.5" stop-color="#f0d88e"/><stop offset="1" stop-color="#8f6d2a"/></linearGradient>
     <radialGradient id="a-glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffe7a3" stop-opacity="0.8"/><stop offset="1" stop-color="#ffe7a3" stop-opacity="0"/></radialGradient>`;
  let body = `<rect width="800" height="800" fill="url(#a-bg)"/>`;
  for (let i = 0; i < 60; i++) body += `<circle cx="${f(r() * 800)}" cy="${f(r() * 800)}" r="${f(6 + r() * 12)}" fill="url(#a-glow)" opacity="${f(0.3 + r() * 0.6)}"/>`;
  // a pine bough across the top
  let bough = `<path d="M-20,70 C200,40 600,110 820,60" stroke="#3d2a18" stroke-width="10" fill="none"/>`;
  for (let i = 0; i < 140; i++) {
    const x = -20 + r() * 840;
    const y = 60 + Math.sin(x / 130) * 14 + (r() - 0.5) * 20;
    const a = (r() - 0.5) * 1.6 + (r() < 0.5 ? Math.PI / 2 : -Math.PI / 2) * 0.6;
    const len = 26 + r() * 26;
    bough += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + Math.cos(a) * len)}" y2="${f(y + Math.sin(a) * len)}" stroke="${r() < 0.5 ? '#3f7a4f' : '#2a5a39'}" stroke-width="5" stroke-linecap="round"/>`;
  }
  for (const d of drops) {
    const cy = d.len;
    body += `<line x1="${d.x}" y1="60" x2="${d.x}" y2="${cy - d.r - 16}" stroke="#d4a640" stroke-width="4"/>
      <path d="M${d.x - 20},${cy - d.r - 30} q20,-26 40,0" stroke="#d4a640" stroke-width="4" fill="none"/>
      <rect x="${d.x - d.r * 0.26}" y="${cy - d.r - 20}" width="${d.r * 0.52}" height="24" rx="5" fill="url(#a-cap)"/>
      <circle cx="${d.x}" cy="${cy}" r="${d.r}" fill="url(#a-orn-${d.c})"/>
      <path d="M${d.x - d.r * 0.98},${cy + d.r * 0.05} Q${d.x},${cy + d.r * 0.5} ${d.x + d.r * 0.98},${cy + d.r * 0.05}" stroke="${shade(colors[d.c], 0.55)}" stroke-width="${d.r * 0.12}" fill="none" opacity="0.8"/>
      <ellipse cx="${d.x - d.r * 0.38}" cy="${cy - d.r * 0.42}" rx="${d.r * 0.26}" ry="${d.r * 0.15}" fill="#fff" opacity="0.5" transform="rotate(-30 ${d.x - d.r * 0.38} ${cy - d.r * 0.42})"/>`;
  }
  body += bough;
  return { defs, body };
}

function ogCard() {
  const scene = treeScene(PALETTES.hero, 11);
  const defs = `${scene.defs}<linearGradient id="og-bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fbf8f3"/><stop offset="1" stop-color="#f3e7d3"/></linearGradient>`;
  const body = `<rect width="1200" height="630" fill="url(#og-bg)"/>
    <svg x="700" y="0" width="500" height="630" viewBox="0 0 800 1000" preserveAspectRatio="xMidYMid slice">${scene.body}</svg>
    <rect x="80" y="150" width="64" height="4" fill="#b08d57"/>
    <text x="80" y="250" font-family="DejaVu Serif, Georgia, serif" font-size="64" font-weight="bold" fill="#15291d">Thoughtfully</text>
    <text x="80" y="330" font-family="DejaVu Serif, Georgia, serif" font-size="64" font-weight="bold" fill="#15291d">Adorned</text>
    <text x="80" y="400" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#4f4f4a">Christmas tree decorating, installation</text>
    <text x="80" y="440" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#4f4f4a">and removal · Ellicott City, Maryland</text>`;
  return svgDoc(1200, 630, '0 0 1200 630', defs, body);
}

// ---------------------------------------------------------------------------------------------
// Output

/** Renders an SVG at each width into AVIF and WebP; returns the manifest entry. */
async function raster(name, svgAt, aspect, widths, { avifQuality = 52, webpQuality = 78 } = {}) {
  const dir = join(publicDir, 'images');
  await mkdir(join(dir, dirname(name)), { recursive: true });
  for (const w of widths) {
    const h = Math.round(w * aspect);
    const png = await sharp(Buffer.from(svgAt(w, h)))
      .png()
      .toBuffer();
    await sharp(png)
      .avif({ quality: avifQuality, effort: 4, chromaSubsampling: '4:2:0' })
      .toFile(join(dir, `${name}-${w}.avif`));
    await sharp(png)
      .webp({ quality: webpQuality, effort: 6 })
      .toFile(join(dir, `${name}-${w}.webp`));
  }
  return { src: `/images/${name}`, widths, width: widths[widths.length - 1], height: Math.round(widths[widths.length - 1] * 1.0 * aspect) };
}

async function main() {
  const manifest = {};

  const scene = (key, seed) => (w, h) => {
    const s = treeScene(PALETTES[key], seed);
    return svgDoc(w, h, '0 0 800 1000', s.defs, s.body);
  };

  manifest.hero = await raster('hero-tree', scene('hero', 11), 1.25, [400, 640, 960]);
  const portfolio = ['heirloom-traditional', 'champagne-glow', 'nordic-minimal', 'farmhouse-hearth', 'chesapeake-coastal', 'candy-cane-lane'];
  for (const [i, key] of portfolio.entries()) {
    manifest[key] = await raster(`portfolio/${key}`, scene(key, 100 + i * 17), 1.25, [400, 800, 1200]);
  }
  manifest.about = await raster(
    'about-ornaments',
    (w, h) => {
      const a = aboutArt();
      return svgDoc(w, h, '0 0 800 800', a.defs, a.body);
    },
    1,
    [480, 960],
  );

  // Open Graph card (JPEG: what every social network reads).
  await sharp(Buffer.from(ogCard()))
    .jpeg({ quality: 84, mozjpeg: true })
    .toFile(join(publicDir, 'images', 'og-image.jpg'));

  // Icons the web manifest and index.html reference.
  await writeAppIcons(publicDir);

  await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log('images written to web/public; manifest', manifestFile);
}

await main();
