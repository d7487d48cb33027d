#!/usr/bin/env node
// @ts-check
/**
 * Prerenders the public content pages of a built web app (web/dist by default) into static
 * HTML, so the first paint needs no JavaScript and crawlers that do not run scripts (social
 * networks) see each page's own title, description and Open Graph tags.
 *
 * Each route is rendered by the real app in Chromium and the resulting document is written to
 * `<dist>/_prerendered/<route>.html` ("/" → index.html). The app then starts on top of that
 * markup (main.tsx renders once the route's module is loaded, producing the same DOM).
 *
 * Usage: node scripts/prerender.mjs [distDir]. CHROME_PATH overrides /usr/bin/chromium.
 * Serving: a request for a listed route should answer with its prerendered file; every other
 * path keeps the plain index.html shell (SPA fallback), and so should the service worker's
 * navigation fallback.
 */
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The routes whose first paint does not depend on the visitor (no query, no session). */
// /booking is its first step (package and size), which needs no server data.
export const PRERENDER_ROUTES = ['/', '/services', '/booking', '/portfolio', '/about', '/faq', '/policies', '/terms-privacy'];

/** File name of a route's prerendered page inside `<dist>/_prerendered`. */
export function prerenderedFile(/** @type {string} */ route) {
  return route === '/' ? 'index.html' : `${route.replace(/^\//, '').replace(/\//g, '_')}.html`;
}

const TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif',
  '.jpg': 'image/jpeg', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain', '.xml': 'application/xml',
});

/** Serves the build with the SPA fallback; the API answers 204 (page views go nowhere). */
function serve(/** @type {string} */ dist) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      res.writeHead(204).end();
      return;
    }
    let file = path.join(dist, decodeURIComponent(url.pathname));
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Makes a captured document servable: links the app added at runtime carry the temporary
 * server's origin (made relative); module preloads are dropped and the app's entry script is
 * started after the first frame by /start-app.js (web/public), so the prerendered page paints
 * without waiting for (or competing with) any JavaScript, and the app then takes over the same
 * markup. No inline script: the Content-Security-Policy allows none (docs/decisions/014).
 */
export function finishHtml(/** @type {string} */ html, /** @type {string} */ origin) {
  const entry = /<script type="module" crossorigin="" src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('The entry <script type="module"> was not found');
  const loader = `<script src="/start-app.js" data-entry="${entry[1]}" defer></script>`;
  return html
    .split(`${origin}/`)
    .join('/')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(entry[0], loader);
}

/** Prerenders every route of PRERENDER_ROUTES from `dist` into `dist/_prerendered`. */
export async function prerender(dist = path.join(ROOT, 'web', 'dist')) {
  const server = /** @type {import('node:http').Server} */ (await serve(dist));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const outDir = path.join(dist, '_prerendered');
  mkdirSync(outDir, { recursive: true });
  try {
    // A phone-sized window: the markup is the same at every width, only CSS differs.
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    for (const route of PRERENDER_ROUTES) {
      const page = await context.newPage();
      const errors = /** @type {string[]} */ ([]);
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
      if (errors.length) throw new Error(`${route}: ${errors.join('; ')}`);
      const html = await page.evaluate(() => {
        // Open/closed UI state and focus targets are not part of the page.
        document.querySelectorAll('[data-open="true"]').forEach((e) => e.setAttribute('data-open', 'false'));
        // The static page is not the running app (see e2e/support/fixtures.ts).
        document.documentElement.removeAttribute('data-app-ready');
        return `<!doctype html>\n${document.documentElement.outerHTML}`;
      });
      const portable = finishHtml(html, origin);
      writeFileSync(path.join(outDir, prerenderedFile(route)), portable);
      await page.close();
      console.log(`prerendered ${route} → _prerendered/${prerenderedFile(route)} (${(portable.length / 1000).toFixed(1)} kB)`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await prerender(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
