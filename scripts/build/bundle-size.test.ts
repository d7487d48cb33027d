/**
 * The public pages' JavaScript budget (docs/decisions/006): a production build of web/ must not make the
 * home route load more than HOME_JS_LIMIT of gzipped JavaScript before interaction (the entry and the
 * route's static imports; the bench's budget, scripts/bench/web-budget.json, is 85 kB with
 * /start-app.js and /early-requests.js), nor any other public page of PUBLIC_PAGES more than
 * PAGE_JS_LIMIT (the bench's 90 kB); these are the alarms, just above what the build loads today
 * (docs/benchmarks.md). Home's sections below the hero load after its first script, and their
 * stylesheets must be in its first CSS, which the prerender inlines. Also checks that server-only data (the ZIP-centroid table)
 * never reaches the web app, and that the admin's subset of it comes on demand, in a chunk of
 * its own (docs/decisions/035). Under `npm test`, which has just built web/dist (and says so
 * with BUILT_WITHOUT_BROWSER=1), it reads that build; alone, it builds the app once with Vite's
 * JS API into a temp directory.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipData from '../../domain/data/zip-centroids.json';
import { gzipBytes, readManifest, routeWeight, staticClosure } from './route-weight.mjs';
import { ADMIN_ROUTE } from './admin-startup-chunks';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KB = 1000; // kB as Vite prints them
const HOME_JS_LIMIT = 82 * KB;
/** The bench's budget for every public page; the worst of PUBLIC_PAGES today is /policies, 88.4 kB (docs/benchmarks.md `bench:web`). */
const PAGE_JS_LIMIT = 90 * KB;
/** The prerendered pages and the linked screens customers open from their e-mails. */
const PUBLIC_PAGES = [
  'services',
  'booking',
  'consultation',
  'portfolio',
  'testimonials',
  'about',
  'faq',
  'policies',
  'terms-privacy',
  'my-booking',
  'my-booking-link',
  'my-consultation',
  'waitlist-offer',
  'waitlist-leave',
  'unsubscribe',
  'submit-review',
  'booking-success',
];
const CSS_LIMIT = 20 * KB;
/** The admin's ZIP subset, gzipped: about 11 kB for the 2,600 ZIPs within 150 road miles. */
const NEARBY_ZIPS_LIMIT = 15 * KB;

let outDir = '';
let ownBuild = false;

beforeAll(async () => {
  if (process.env.BUILT_WITHOUT_BROWSER === '1') {
    outDir = path.join(ROOT, 'web', 'dist');
    return;
  }
  ownBuild = true;
  outDir = mkdtempSync(path.join(os.tmpdir(), 'web-bundle-'));
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(ROOT, 'web', 'vite.config.ts'), mode: 'production', logLevel: 'error', build: { outDir, emptyOutDir: true, manifest: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 180_000);

afterAll(() => {
  if (ownBuild) rmSync(outDir, { recursive: true, force: true });
});

describe('home route bundle budget', () => {
  it(`loads at most ${HOME_JS_LIMIT / KB} kB of gzipped JavaScript before interaction`, () => {
    const weight = routeWeight(outDir, 'src/app/routes/home.tsx');
    expect(weight.jsGzip, `home JS: ${weight.js.join(', ')}`).toBeLessThanOrEqual(HOME_JS_LIMIT);
  });

  it(`loads at most ${CSS_LIMIT / KB} kB of gzipped CSS`, () => {
    const weight = routeWeight(outDir, 'src/app/routes/home.tsx');
    expect(weight.cssGzip).toBeLessThanOrEqual(CSS_LIMIT);
  });

  it('has the stylesheets of its sections, which load after its first script, in its first CSS', () => {
    const manifest = readManifest(outDir);
    const sections = Object.keys(manifest).filter((k) => k.endsWith('features/site/home/home-sections.tsx'));
    expect(sections).toHaveLength(1);
    expect(manifest[sections[0]!]!.isDynamicEntry).toBe(true);
    const first = staticClosure(manifest, ['index.html', 'src/app/routes/home.tsx']);
    const later = staticClosure(manifest, [sections[0]!]);
    expect(first.js).not.toContain(manifest[sections[0]!]!.file);
    expect(later.css.filter((c) => !first.css.includes(c))).toEqual([]);
  });

  it('keeps the PocketBase SDK, sonner, React Router and the admin store off the home route', () => {
    const weight = routeWeight(outDir, 'src/app/routes/home.tsx');
    const code = weight.js.map((f) => readFileSync(path.join(outDir, f), 'utf8')).join('\n');
    expect(code).not.toContain('data-sonner-toaster'); // sonner's Toaster
    expect(code).not.toContain('pb_auth'); // the PocketBase SDK's auth store key
    expect(code).not.toContain('__reactRouterVersion'); // React Router's DOM build (docs/decisions/065)
    expect(code).not.toMatch(/\bDexie\b/);
  });
});

describe('the other public pages', () => {
  it.each(PUBLIC_PAGES)(`/%s loads at most ${PAGE_JS_LIMIT / KB} kB of gzipped JavaScript before interaction`, (page) => {
    const weight = routeWeight(outDir, `src/app/routes/${page}.tsx`);
    expect(weight.jsGzip, `${page} JS: ${weight.js.join(', ')}`).toBeLessThanOrEqual(PAGE_JS_LIMIT);
  });
});

describe('the public pages’ reads (docs/decisions/065)', () => {
  it.each(['consultation', 'testimonials', 'submit-review', 'booking-success'])('keeps the PocketBase SDK off /%s before idle: its reads and calls are plain fetches', (page) => {
    const weight = routeWeight(outDir, `src/app/routes/${page}.tsx`);
    const code = weight.js.map((f) => readFileSync(path.join(outDir, f), 'utf8')).join('\n');
    expect(code).not.toContain('pb_auth'); // the PocketBase SDK's auth store key
  });
});

describe('server-only data', () => {
  it('ships no part of the full ZIP-centroid table, which only the hooks bundle (docs/architecture.md reading 16)', () => {
    const records = zipData.centroids['210'].slice(0, 45);
    const js = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    for (const f of js) expect(readFileSync(path.join(outDir, f), 'utf8').includes(records), f).toBe(false);
  });
});

describe('the admin’s ZIP subset (docs/decisions/035)', () => {
  it(`is a chunk of its own of at most ${NEARBY_ZIPS_LIMIT / KB} kB gzipped, which neither the home page nor the dashboard waits for`, () => {
    const manifest = readManifest(outDir);
    const keys = Object.keys(manifest).filter((k) => k.includes('nearby-zips'));
    expect(keys).toHaveLength(1);
    const chunk = manifest[keys[0]!]!;
    expect(chunk.isDynamicEntry).toBe(true);
    const bytes = gzipBytes(outDir, chunk.file);
    expect(bytes).toBeLessThanOrEqual(NEARBY_ZIPS_LIMIT);
    for (const route of ['src/app/routes/home.tsx', 'src/app/routes/admin-dashboard.tsx']) {
      expect(staticClosure(manifest, ['index.html', route]).js, route).not.toContain(chunk.file);
    }
  });
});

describe('the admin’s first look (docs/architecture.md "What a page loads")', () => {
  /**
   * The dashboard's scripts at start: the entry's, the route's and their static imports; 12 since
   * the admin imports its own copies of the domain modules (docs/decisions/068), 33 before, 37
   * before its shared code was one chunk.
   */
  const DASHBOARD_SCRIPTS_LIMIT = 13;

  it(`loads at most ${DASHBOARD_SCRIPTS_LIMIT} scripts before the owner's day can show`, () => {
    const { js } = staticClosure(readManifest(outDir), ['index.html', 'src/app/routes/admin-dashboard.tsx']);
    expect(js.length, js.join(', ')).toBeLessThanOrEqual(DASHBOARD_SCRIPTS_LIMIT);
  });

  it('puts the admin’s shared code in a chunk that no public page loads, before idle or later', () => {
    const manifest = readManifest(outDir);
    const core = Object.values(manifest).find((c) => /^assets\/admin-core-[\w-]+\.js$/.test(c.file));
    expect(core, 'the admin-core chunk').toBeDefined();
    const publicRoutes = Object.keys(manifest).filter((k) => /^src\/app\/routes\//.test(k) && !ADMIN_ROUTE.test(path.basename(k)));
    expect(publicRoutes.length).toBeGreaterThan(10);
    for (const route of publicRoutes) {
      // Everything the route can load: its static imports and, transitively, its import() targets.
      const seen = new Set<string>();
      const visit = (key: string) => {
        if (seen.has(key) || (key !== route && /^src\/app\/routes\//.test(key))) return;
        seen.add(key);
        for (const next of [...(manifest[key]!.imports ?? []), ...(manifest[key]!.dynamicImports ?? [])]) visit(next);
      };
      visit('index.html');
      visit(route);
      expect(
        [...seen].map((k) => manifest[k]!.file),
        route,
      ).not.toContain(core!.file);
    }
    for (const route of ['admin-dashboard', 'admin-login', 'admin-new-booking']) {
      expect(staticClosure(manifest, [`src/app/routes/${route}.tsx`]).js, route).toContain(core!.file);
    }
  });
});
