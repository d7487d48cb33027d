#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:web`: builds the app, serves it with the real PocketBase server on a temp
 * port and data dir, and runs Lighthouse (the `lighthouse` package, mobile profile with its
 * simulated throttling) in Debian's Chromium on Home, Services and Booking, 3 runs each.
 * Prints the median performance, accessibility, best-practices and SEO scores, LCP, TBT and
 * CLS, and the gzipped JavaScript and CSS each route loads before any interaction.
 * Targets (issue 3): every score ≥ 0.98, home JavaScript ≤ 100 kB gzipped.
 *
 * Options: --skip-build (use the current build), --runs=N (default 3),
 * --routes=/,/faq (default /,/services,/booking), --origin=http://127.0.0.1:4173 (measure a
 * server that is already running; sizes are then read from --dist=DIR, default web/dist).
 * CHROME_PATH overrides /usr/bin/chromium.
 * Not part of `npm test`: Lighthouse scores vary with machine load.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildAll, PB_BIN } from './lib/build-steps.mjs';
import { ROOT } from './lib/run.mjs';
import { freePort, serveArgs, waitForHttp } from './lib/server.mjs';

const args = new Map(process.argv.slice(2).map((a) => /** @type {[string, string]} */ ([a.replace(/=.*/, ''), a.includes('=') ? a.replace(/^[^=]*=/, '') : 'true'])));
const RUNS = Number(args.get('--runs') ?? 3);
const ROUTES = (args.get('--routes') ?? '/,/services,/booking').split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET_SCORE = 0.98;
const HOME_JS_TARGET = 100_000;
const DIST = path.resolve(args.get('--dist') ?? path.join(ROOT, 'web', 'dist'));
const EXTERNAL_ORIGIN = args.get('--origin');

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Gzipped size of a built file served at `urlPath`, or NaN if it is not in web/dist. */
function gzipOfDistFile(/** @type {string} */ urlPath) {
  const file = path.join(DIST, decodeURIComponent(urlPath));
  if (!file.startsWith(DIST) || !existsSync(file)) return NaN;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * Scripts and stylesheets of our origin fetched by the page during the Lighthouse load (no
 * interaction happens in a navigation run), with their gzipped sizes.
 * @param {any} lhr @param {string} origin
 */
function assetsOf(lhr, origin) {
  /** @type {{ url: string, resourceType: string, transferSize: number }[]} */
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const mine = items.filter((r) => r.url.startsWith(origin) && (r.resourceType === 'Script' || r.resourceType === 'Stylesheet'));
  const sizes = (/** @type {string} */ type) =>
    mine.filter((r) => r.resourceType === type).map((r) => ({ path: new URL(r.url).pathname, gzip: gzipOfDistFile(new URL(r.url).pathname), transfer: r.transferSize }));
  return { js: sizes('Script'), css: sizes('Stylesheet') };
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`;

async function main() {
  if (args.get('--skip-build') !== 'true' && !EXTERNAL_ORIGIN) {
    console.log('Building the server, hooks and web app…');
    await buildAll();
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-'));
  const port = await freePort();
  const origin = EXTERNAL_ORIGIN ?? `http://127.0.0.1:${port}`;
  const server = EXTERNAL_ORIGIN ? null : spawn(PB_BIN, serveArgs(port, dataDir), { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

  try {
    if (server) await waitForHttp(`${origin}/api/health`, 60_000);
    /** @type {Record<string, any>[]} */
    const rows = [];
    for (const route of ROUTES) {
      /** @type {any[]} */
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        const result = await lighthouse(`${origin}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
        runs.push(result.lhr);
        process.stdout.write(`  ${route} run ${i + 1}/${RUNS}: performance ${result.lhr.categories.performance?.score}\n`);
      }
      const score = (/** @type {string} */ id) => median(runs.map((r) => r.categories[id]?.score ?? NaN));
      const metric = (/** @type {string} */ id) => median(runs.map((r) => r.audits[id]?.numericValue ?? NaN));
      // Asset sizes from the run with the median performance score.
      const perfMedian = score('performance');
      const typical = runs.find((r) => r.categories.performance?.score === perfMedian) ?? runs[0];
      const assets = assetsOf(typical, origin);
      rows.push({
        route,
        performance: perfMedian,
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: Number(metric('cumulative-layout-shift').toFixed(3)),
        jsGzip: assets.js.reduce((n, a) => n + a.gzip, 0),
        cssGzip: assets.css.reduce((n, a) => n + a.gzip, 0),
        jsTransfer: assets.js.reduce((n, a) => n + a.transfer, 0),
        files: assets,
      });
    }

    console.log(`\nLighthouse ${RUNS} run(s) per route, mobile profile, medians:\n`);
    console.table(
      rows.map((r) => ({
        route: r.route,
        perf: r.performance,
        a11y: r.accessibility,
        'best-pr.': r['best-practices'],
        seo: r.seo,
        'LCP ms': r.lcpMs,
        'TBT ms': r.tbtMs,
        CLS: r.cls,
        'JS gz': kb(r.jsGzip),
        'CSS gz': kb(r.cssGzip),
        'JS sent': kb(r.jsTransfer),
      })),
    );
    for (const r of rows) {
      console.log(`${r.route} loads before interaction:`);
      for (const f of [...r.files.js, ...r.files.css]) console.log(`  ${f.path.padEnd(48)} ${kb(f.gzip).padStart(9)} gz  ${kb(f.transfer).padStart(9)} sent`);
    }

    const misses = rows.flatMap((r) => [
      ...CATEGORIES.filter((c) => !(r[c] >= TARGET_SCORE)).map((c) => `${r.route} ${c} ${r[c]} < ${TARGET_SCORE}`),
      ...(r.route === '/' && r.jsGzip > HOME_JS_TARGET ? [`home JS ${kb(r.jsGzip)} > ${kb(HOME_JS_TARGET)}`] : []),
    ]);
    console.log(misses.length ? `\nBelow target:\n  ${misses.join('\n  ')}` : '\nAll targets met.');
  } finally {
    await chrome.kill();
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
