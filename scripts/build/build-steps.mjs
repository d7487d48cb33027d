// @ts-check
/**
 * The build steps of docs/architecture.md: the PocketBase binary (pb/ → bin/pocketbase), the JSVM types
 * for the hooks, the hooks (TypeScript → pb_hooks/*.pb.js + pb_hooks/lib/app.js), the web
 * app (web/ → web/dist), and the self-contained release of all of them (release/).
 */
import { appendFileSync, mkdirSync, rmSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { HOOK_LIBRARIES, hookLibraryOptions } from './hook-libraries.mjs';
import { loadRouteTable, registrationSource } from './hook-registrations.mjs';
import { buildRelease } from './release.mjs';
import { ROOT, run } from '../lib/run.mjs';

export { hookLibraryOptions };

export const PB_BIN = path.join(ROOT, 'bin', 'pocketbase');
const HOOKS = path.join(ROOT, 'pb_hooks');
/** Builds bin/pocketbase from pb/ with Go (incremental: fast when nothing changed). */
export async function buildServer() {
  await run('go', ['build', '-o', PB_BIN, '.'], { cwd: path.join(ROOT, 'pb') });
}

/** Writes PocketBase's JSVM declarations to pb_hooks/types/types.d.ts (needs bin/pocketbase). */
export async function generateHookTypes() {
  const tmp = path.join(ROOT, '.tmp', 'typegen');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(path.join(tmp, 'empty'), { recursive: true });
  await run(
    PB_BIN,
    ['migrate', 'history-sync', '--dir', path.join(tmp, 'data'), '--typesDir', path.join(HOOKS, 'types'), '--hooksDir', path.join(tmp, 'empty'), '--migrationsDir', path.join(tmp, 'empty')],
    { quiet: true },
  );
  rmSync(tmp, { recursive: true, force: true });
}

/**
 * Compiles the hooks. Registrations are transformed file by file (no bundling, which would
 * rewrite `require` into a helper the JSVM handler cannot see); each library of
 * HOOK_LIBRARIES is one CommonJS bundle that includes domain/.
 */
export async function buildHooks() {
  const src = path.join(HOOKS, 'src');
  for (const f of readdirSync(HOOKS)) if (f.endsWith('.pb.js')) rmSync(path.join(HOOKS, f));
  await esbuild.build({
    entryPoints: [path.join(src, 'main.ts')],
    outfile: path.join(HOOKS, 'main.pb.js'),
    bundle: false,
    format: 'esm',
    target: 'es2020',
    logLevel: 'warning',
  });
  /** @type {string | undefined} */
  let appCode;
  for (const name of HOOK_LIBRARIES) {
    const built = await esbuild.build({ ...hookLibraryOptions(name), write: false });
    const out = built.outputFiles?.[0];
    if (!out) throw new Error(`The hooks library ${name} was not built.`);
    mkdirSync(path.dirname(out.path), { recursive: true });
    writeFileSync(out.path, out.contents);
    if (name === 'app') appCode = out.text;
  }
  // The routes and jobs of route-table.ts, and the declared routes read from the library just
  // built, follow the record hooks in the same file.
  appendFileSync(path.join(HOOKS, 'main.pb.js'), registrationSource(await loadRouteTable(appCode)));
  // The environment check pb/env.go runs before PocketBase starts: a script defining the global
  // `serverEnv` for a plain goja runtime (no require, no JSVM).
  await esbuild.build({
    entryPoints: [path.join(src, 'env', 'server-env.ts')],
    outfile: path.join(HOOKS, 'lib', 'server-env.js'),
    bundle: true,
    format: 'iife',
    globalName: 'serverEnv',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2020',
    minify: true,
    tsconfig: path.join(HOOKS, 'tsconfig.json'),
    logLevel: 'warning',
  });
}

/**
 * Builds the web app into `outDir` (web/dist) with Vite, then prerenders the public pages with
 * React's server renderer in node (scripts/build/prerender.mjs): no browser is needed or launched.
 */
export async function buildWeb(outDir = path.join(ROOT, 'web', 'dist')) {
  const { build } = await import('vite');
  // The manifest tells the prerender each page's stylesheets (it removes it afterwards).
  await build({ configFile: path.join(ROOT, 'web', 'vite.config.ts'), logLevel: 'warn', build: { outDir, manifest: true } });
  const { prerender } = await import('./prerender.mjs');
  await prerender(outDir);
}

export const STRIPE_MOCK_BIN = path.join(ROOT, 'bin', 'stripe-mock');

/** Installs Stripe's own stripe-mock (a Go module) into bin/ for the payment tests. */
export async function buildStripeMock() {
  await run('go', ['install', 'github.com/stripe/stripe-mock@v0.203.0'], { env: { ...process.env, GOBIN: path.join(ROOT, 'bin') } });
}

/** Every build step in order. */
export async function buildAll() {
  await buildServer();
  await generateHookTypes();
  await buildHooks();
  await buildWeb();
  buildRelease();
}
