#!/usr/bin/env node
// @ts-check
/**
 * Prerenders the public pages of a built web app (web/dist by default) into static HTML with
 * React's own server renderer, in node: no browser is involved (docs/decisions/019). The first
 * paint needs no JavaScript, and crawlers that run no scripts (social networks) see each
 * page's own title, description and Open Graph tags.
 *
 * Vite builds web/src/entry-server.tsx for node (an SSR build, into a temporary folder of
 * .tmp/), which renders each route of its PRERENDER_ROUTES; every page is the client build's
 * index.html with the rendered markup in #root, the page's head tags and its stylesheets,
 * written to `<dist>/_prerendered/<route>.html` ("/" → index.html). The browser then hydrates
 * that markup (web/src/main.tsx).
 *
 * Usage: node scripts/build/prerender.mjs [distDir]; the client build must have been made with
 * `build.manifest: true` (its .vite/manifest.json names each page's stylesheets). The report
 * `.vite/prerendered.json` lists, per route, its file and the JavaScript and CSS it loads before
 * idle (the entry's and the page module's static imports; `npm run bench:web` prints their
 * size). PocketBase never serves .vite/ (pb/webapp.go).
 * Serving: a request for a listed route answers with its prerendered file (pb/webapp.go); every
 * other path keeps the plain index.html shell (SPA fallback), as the service worker does.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readManifest, staticClosure } from './route-weight.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * @typedef {{ attr: 'name' | 'property', key: string, content: string }} MetaTag
 * @typedef {{ title: string, canonical: string, meta: MetaTag[] }} PageHead
 * @typedef {{ html: string, head: PageHead | null, module: string | undefined }} RenderedPage
 * @typedef {{ PRERENDER_ROUTES: readonly string[], render: (url: string, renderedAt: number) => Promise<RenderedPage> }} ServerEntry
 * @typedef {{ file: string, module: string, js: string[], css: string[] }} PrerenderedRoute
 *   a route's page file under _prerendered/, its module, and the files it loads before idle
 */

/** Where the prerender's report lies in a build. */
export const PRERENDER_REPORT = path.join('.vite', 'prerendered.json');

/** The prerender's report of a build: route → PrerenderedRoute. */
export function readPrerenderReport(/** @type {string} */ dist) {
  return /** @type {Record<string, PrerenderedRoute>} */ (JSON.parse(readFileSync(path.join(dist, PRERENDER_REPORT), 'utf8')));
}

/** File name of a route's prerendered page inside `<dist>/_prerendered`. */
export function prerenderedFile(/** @type {string} */ route) {
  return route === '/' ? 'index.html' : `${route.replace(/^\//, '').replace(/\//g, '_')}.html`;
}

/** Text or attribute value made safe inside HTML. */
export function escapeHtml(/** @type {string} */ text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A prerendered page from the client build's index.html (`template`):
 * - #root holds the rendered markup and the instant it was rendered at (`data-rendered-at`,
 *   which the client's first render uses for date-dependent text, so hydration matches);
 * - the page's title, canonical link and meta tags replace the template's defaults;
 * - the page's stylesheets (`css`: the entry's, then the page's, in the order the app loads
 *   them) are inlined in one <style>, so the first paint waits for no other request (a few kB
 *   gzipped). Each also stays as a `disabled` <link>, which the browser does not fetch: Vite's
 *   loader sees it and does not fetch the page's stylesheets again when the app starts;
 * - module preloads are dropped and the entry script is started after the first frame by
 *   /start-app.js (web/public), so the page paints without waiting for, or competing with, any
 *   JavaScript. No inline script: the Content-Security-Policy allows none (docs/decisions/014);
 *   it allows inline styles.
 * @param {string} template @param {RenderedPage} page @param {{ href: string, text: string }[]} css
 * @param {number} renderedAt
 */
export function pageHtml(template, page, css, renderedAt) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry) throw new Error('The entry <script type="module"> was not found in index.html');
  if (!template.includes('<div id="root"></div>')) throw new Error('The empty <div id="root"></div> was not found in index.html');
  let html = template
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
    .replace(entry[0], `<script src="/start-app.js" data-entry="${entry[1]}" defer></script>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-rendered-at="${new Date(renderedAt).toISOString()}">${page.html}</div>`);

  for (const { href, text } of css) if (/<\/style/i.test(text)) throw new Error(`${href} cannot be inlined: it contains "</style"`);
  /** @type {string[]} */
  const head = [];
  if (css.length) {
    head.push(`<style>${css.map((c) => c.text.trim()).join('\n')}</style>`);
    head.push(...css.map(({ href }) => `<link rel="stylesheet" crossorigin href="${href}" disabled>`));
  }
  if (page.head) {
    const { title, canonical, meta } = page.head;
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    for (const tag of meta) {
      const element = `<meta ${tag.attr}="${tag.key}" content="${escapeHtml(tag.content)}" />`;
      // The template's tag may span lines (index.html is formatted): match any whitespace.
      const existing = new RegExp(`<meta\\s+${tag.attr}="${tag.key.replace(/[.:]/g, '\\$&')}"[^>]*>`);
      if (existing.test(html)) html = html.replace(existing, () => element);
      else head.push(element);
    }
    head.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  }
  const out = html.replace(/\s*<\/head>/, () => `\n${head.map((l) => `    ${l}\n`).join('')}  </head>`);
  assertOneOfEach(out);
  return out;
}

/**
 * Fails the build when a page's head holds a meta tag or canonical link twice (a template tag
 * the replacement missed would leave the template's next to the page's).
 * @param {string} html
 */
function assertOneOfEach(html) {
  const head = html.slice(0, html.indexOf('</head>'));
  const keys = [...head.matchAll(/<meta\s+(name|property)="([^"]+)"/g)].map((m) => `${m[1]}=${m[2]}`);
  keys.push(...[...head.matchAll(/<link\s+rel="canonical"/g)].map(() => 'canonical'));
  const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
  if (twice.length) throw new Error(`prerender: the head holds ${[...new Set(twice)].join(', ')} more than once`);
}

/** Builds web/src/entry-server.tsx for node into `outDir` with Vite (an SSR build). */
async function buildServerEntry(/** @type {string} */ outDir) {
  const { build } = await import('vite');
  await build({
    configFile: path.join(ROOT, 'web', 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
    },
  });
}

/**
 * Prerenders every route of the server entry's PRERENDER_ROUTES from the client build in `dist`
 * into `dist/_prerendered`, as of `renderedAt` (ms since the epoch; default now).
 */
export async function prerender(dist = path.join(ROOT, 'web', 'dist'), renderedAt = Date.now()) {
  // Inside the repository, so the bundle's imports of React and the other packages resolve.
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const ssrDir = mkdtempSync(path.join(ROOT, '.tmp', 'ssr-'));
  try {
    await buildServerEntry(ssrDir);
    const server = /** @type {ServerEntry} */ (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href));
    const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const manifest = readManifest(dist);
    const outDir = path.join(dist, '_prerendered');
    mkdirSync(outDir, { recursive: true });
    /** @type {Record<string, PrerenderedRoute>} */
    const report = {};
    for (const route of server.PRERENDER_ROUTES) {
      const page = await server.render(route, renderedAt);
      if (!page.module) throw new Error(`${route}: no route module`);
      // React streams a boundary it could not finish with inline scripts, which the
      // Content-Security-Policy refuses; only data blocks (structured data) may be inline.
      if (/<script(?![^>]*type="application\/ld\+json")/.test(page.html)) throw new Error(`${route}: the rendered page holds an inline script`);
      const { js, css } = staticClosure(manifest, ['index.html', page.module]);
      const styles = css.map((f) => ({ href: `/${f}`, text: readFileSync(path.join(dist, f), 'utf8') }));
      const html = pageHtml(template, page, styles, renderedAt);
      writeFileSync(path.join(outDir, prerenderedFile(route)), html);
      report[route] = { file: prerenderedFile(route), module: page.module, js, css };
      console.log(`prerendered ${route} → _prerendered/${prerenderedFile(route)} (${(html.length / 1000).toFixed(1)} kB)`);
    }
    writeFileSync(path.join(dist, PRERENDER_REPORT), `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await prerender(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
