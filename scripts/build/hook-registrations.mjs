// @ts-check
/**
 * Writes the registrations of pb_hooks/src/route-table.ts (every `/api/fn/` route and every
 * job) as JSVM source: one `routerAdd` / `cronAdd` per entry, each handler requiring its
 * library inside itself, because the JSVM compiles a handler from its own source text and it
 * sees no file-scope name (docs/architecture.md "Facts about PocketBase's JSVM").
 */
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT } from '../lib/run.mjs';

/**
 * The route table's ROUTES and JOBS, read by bundling route-table.ts in memory (its imports
 * are types only).
 * @returns {Promise<{ ROUTES: readonly { method: string, path: string, caller: string, library: string, handler: string }[], JOBS: readonly { name: string, schedule: string, handler: string, why: string }[] }>}
 */
export async function loadRouteTable() {
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, 'pb_hooks', 'src', 'route-table.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/**
 * The JSVM source registering `table`.
 * @param {Awaited<ReturnType<typeof loadRouteTable>>} table
 * @returns {string}
 */
export function registrationSource(table) {
  const q = JSON.stringify;
  const lines = ['', '// Generated from pb_hooks/src/route-table.ts by scripts/build/hook-registrations.mjs.'];
  for (const r of table.ROUTES) {
    const guard = r.caller === 'superuser' ? ', $apis.requireSuperuserAuth()' : '';
    // The hooks library's routes run inside withRequestOrigin (lib/http.ts): links in the
    // e-mails they cause point to the address the request came in on when APP_URL is unset.
    const call =
      r.library === 'app'
        ? `(e) => { const lib = require(\`\${__hooks}/lib/app.js\`); return lib.withRequestOrigin(e, () => lib.${r.handler}(e)); }`
        : `(e) => require(\`\${__hooks}/lib/${r.library}.js\`).${r.handler}(e)`;
    lines.push(`routerAdd(${q(r.method)}, ${q(r.path)}, ${call}${guard});`);
  }
  for (const j of table.JOBS) {
    lines.push(`// ${j.why}`, `cronAdd(${q(j.name)}, ${q(j.schedule)}, () => {`, `  require(\`\${__hooks}/lib/app.js\`).${j.handler}($app);`, '});');
  }
  return `${lines.join('\n')}\n`;
}
