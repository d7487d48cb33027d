// @ts-check
/**
 * Writes the registrations of pb_hooks/src/route-table.ts (every `/api/fn/` route and every
 * job) and of the declared routes (a command or an outside call exported with its `caller`
 * from a file under pb_hooks/src/lib/, docs/decisions/066) as JSVM source: one `routerAdd` /
 * `cronAdd` per entry, each handler requiring its library inside itself, because the JSVM
 * compiles a handler from its own source text and it sees no file-scope name (docs/architecture.md
 * "Facts about PocketBase's JSVM").
 */
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT } from '../lib/run.mjs';
import { hookLibraryOptions } from './hook-libraries.mjs';

/**
 * @typedef {{ method: 'GET' | 'POST', path: string, caller: 'anyone' | 'admin' | 'superuser', library: string, handler: string | null, declared?: true }} RouteEntry
 * @typedef {{ name: string, schedule: string, handler: string, why: string }} JobEntry
 */

/**
 * The declared routes of the hooks library `app` given as its CommonJS bundle's text (the
 * build's own output, or bundled in memory when omitted): POST, path and caller, by path.
 * Evaluating the bundle runs no JSVM call: its modules only declare at load.
 * @param {string} [appCode]
 * @returns {Promise<RouteEntry[]>}
 */
export async function loadDeclaredRoutes(appCode) {
  const code = appCode ?? (await esbuild.build({ ...hookLibraryOptions('app'), write: false })).outputFiles?.[0]?.text ?? '';
  const mod = { exports: /** @type {Record<string, unknown>} */ ({}) };
  new Function('module', 'exports', code)(mod, mod.exports);
  const declared = /** @type {Record<string, { path: string, caller: RouteEntry['caller'] }>} */ (mod.exports.DECLARED_ROUTES ?? {});
  return Object.values(declared)
    .map((d) => /** @type {RouteEntry} */ ({ method: 'POST', path: d.path, caller: d.caller, library: 'app', handler: null, declared: true }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The whole route table: route-table.ts's ROUTES (read by bundling it in memory; its imports
 * are types only) followed by the declared routes (loadDeclaredRoutes of `appCode`), and its JOBS.
 * @param {string} [appCode] the hooks library's bundle when already built
 * @returns {Promise<{ ROUTES: readonly RouteEntry[], JOBS: readonly JobEntry[] }>}
 */
export async function loadRouteTable(appCode) {
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, 'pb_hooks', 'src', 'route-table.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const table = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return { ROUTES: [...table.ROUTES, ...(await loadDeclaredRoutes(appCode))], JOBS: table.JOBS };
}

/**
 * The JSVM source registering `table`.
 * @param {Awaited<ReturnType<typeof loadRouteTable>>} table
 * @returns {string}
 */
export function registrationSource(table) {
  const q = JSON.stringify;
  const lines = ['', '// Generated from pb_hooks/src/route-table.ts and the declared routes of pb_hooks/src/lib/ by scripts/build/hook-registrations.mjs.'];
  for (const r of table.ROUTES) {
    const guard = r.caller === 'superuser' ? ', $apis.requireSuperuserAuth()' : '';
    // The hooks library's routes run inside withRequestOrigin (lib/http.ts): links in the
    // e-mails they cause point to the address the request came in on when APP_URL is unset.
    const run = r.declared ? `lib.runDeclared(e, lib.DECLARED_ROUTES[${q(r.path)}])` : `lib.${r.handler}(e)`;
    const call =
      r.library === 'app'
        ? `(e) => { const lib = require(\`\${__hooks}/lib/app.js\`); return lib.withRequestOrigin(e, () => ${run}); }`
        : `(e) => require(\`\${__hooks}/lib/${r.library}.js\`).${r.handler}(e)`;
    lines.push(`routerAdd(${q(r.method)}, ${q(r.path)}, ${call}${guard});`);
  }
  for (const j of table.JOBS) {
    lines.push(`// ${j.why}`, `cronAdd(${q(j.name)}, ${q(j.schedule)}, () => {`, `  require(\`\${__hooks}/lib/app.js\`).${j.handler}($app);`, '});');
  }
  return `${lines.join('\n')}\n`;
}
