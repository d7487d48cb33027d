// @ts-check
/**
 * How much JavaScript and CSS a route of the built web app loads before interaction: the
 * entry's static imports plus the route module's chunk and its static imports (dynamic
 * imports load later, on demand), gzipped. Reads the Vite manifest of a build made with
 * `build.manifest: true`. Used by scripts/build/bundle-size.test.ts (the budget in `npm test`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * @typedef {{ file: string, imports?: string[], css?: string[], isEntry?: boolean, isDynamicEntry?: boolean, dynamicImports?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 */

/** @param {string} distDir @returns {Manifest} */
export function readManifest(distDir) {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
}

/**
 * Files loaded for the given manifest keys and everything they import statically.
 * @param {Manifest} manifest
 * @param {string[]} keys e.g. ['index.html', 'src/app/routes/home.tsx']
 * @returns {{ js: string[], css: string[] }}
 */
export function staticClosure(manifest, keys) {
  /** @type {Set<string>} */ const seen = new Set();
  /** @type {Set<string>} */ const js = new Set();
  /** @type {Set<string>} */ const css = new Set();
  const visit = (/** @type {string} */ key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Not in the Vite manifest: ${key}`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

/** Gzipped size in bytes of a file of the build. @param {string} distDir @param {string} file */
export function gzipBytes(distDir, file) {
  return gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

/**
 * Gzipped JS and CSS bytes a route loads before interaction.
 * @param {string} distDir a build made with `build.manifest: true`
 * @param {string} routeModule the route's module key, e.g. 'src/app/routes/home.tsx'
 */
export function routeWeight(distDir, routeModule) {
  const { js, css } = staticClosure(readManifest(distDir), ['index.html', routeModule]);
  const sum = (/** @type {string[]} */ files) => files.reduce((n, f) => n + gzipBytes(distDir, f), 0);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css) };
}
