/**
 * The routes that are their declaration (docs/decisions/066): a ServerCommand or OutsideCall
 * exported with a `caller` from any file of pb_hooks/src/lib/ is a POST route, registered by the
 * build without a line in route-table.ts or an export in lib/app.ts. The build finds them by
 * bundling the hooks library (scripts/build/hook-registrations.mjs); this file finds them again
 * by importing every file of lib/ here, so the build's list can miss none, and no command with
 * a path is left without a route.
 */
import { describe, expect, it } from 'vitest';
import { libraryFiles } from '../../scripts/build/hook-libraries.mjs';
import { loadRouteTable, registrationSource } from '../../scripts/build/hook-registrations.mjs';

const MODULES = import.meta.glob<Record<string, unknown>>(['../../pb_hooks/src/lib/**/*.ts', '!**/*.test.ts', '!**/*.type-test.ts', '!**/*.d.ts'], { eager: true });
// The lib's modules use the JSVM's globals in their types only, so they are imported by glob
// (not type-checked with the tests) and its own predicate is taken from it.
const { isDeclaredRoute } = MODULES['../../pb_hooks/src/lib/commands/declared-routes.ts'] as { isDeclaredRoute: (v: unknown) => boolean };
const EXPORTS = Object.entries(MODULES).flatMap(([file, m]) => Object.entries(m).map(([name, value]) => ({ file, name, value })));

/**
 * Every exported command bound to an `/api/fn/` path (ServerCommand) or outside call, with or
 * without a caller (the commands of jobs and record hooks have none).
 */
const WITH_PATH = EXPORTS.filter(({ value }) => {
  const v = value as Record<string, unknown> | null;
  if (typeof v !== 'object' || v === null || typeof v.path !== 'string' || !v.path.startsWith('/api/fn/')) return false;
  return (typeof v.command === 'object' && typeof v.load === 'function') || (typeof v.request === 'object' && typeof v.steps === 'function');
});

const TABLE = await loadRouteTable();
const DECLARED = TABLE.ROUTES.filter((r) => r.declared);

describe('declared routes', () => {
  it('the build bundles every file of pb_hooks/src/lib/ this test imports (but lib/app.ts and lib/date-reads.ts, the libraries)', () => {
    const here = Object.keys(MODULES).map((f) => f.replace('../../pb_hooks/src/lib/', ''));
    expect([...libraryFiles(), 'app.ts', 'date-reads.ts'].sort()).toEqual(here.sort());
  });

  it("the route table's declared POST routes are exactly the exported declarations with a caller (path, caller)", () => {
    const here = [...new Map(EXPORTS.filter(({ value }) => isDeclaredRoute(value)).map(({ value }) => [(value as { path: string }).path, value as { path: string; caller: string }])).values()];
    expect(here.length).toBeGreaterThanOrEqual(10);
    expect(DECLARED.map((r) => ({ method: r.method, path: r.path, caller: r.caller })).sort((a, b) => a.path.localeCompare(b.path))).toEqual(
      here.map((d) => ({ method: 'POST', path: d.path, caller: d.caller })).sort((a, b) => a.path.localeCompare(b.path)),
    );
  });

  it('the offline actions of the admin are declared routes', () => {
    const paths = DECLARED.filter((r) => r.caller === 'admin').map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/fn/job-events', '/api/fn/booking-admin-notes', '/api/fn/customer-notes', '/api/fn/booking-payments', '/api/fn/booking-payments/void']));
  });

  it('no route is both listed in route-table.ts and declared, nor registered twice', () => {
    const keys = TABLE.ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('every command or outside call exported with a path has its route (declared, or a handler in route-table.ts)', () => {
    const routed = new Set(TABLE.ROUTES.filter((r) => r.method === 'POST').map((r) => r.path));
    const unrouted = WITH_PATH.filter(({ value }) => !routed.has((value as { path: string }).path)).map(({ file, name }) => `${file} ${name}`);
    expect(unrouted).toEqual([]);
  });

  it('registers a declared route through the library’s DECLARED_ROUTES, a listed one through its handler', () => {
    const source = registrationSource({
      ROUTES: [
        { method: 'POST', path: '/api/fn/x', caller: 'admin', library: 'app', handler: null, declared: true },
        { method: 'POST', path: '/api/fn/jobs/y', caller: 'superuser', library: 'app', handler: 'yRoute' },
      ],
      JOBS: [],
    });
    expect(source).toContain(
      'routerAdd("POST", "/api/fn/x", (e) => { const lib = require(`${__hooks}/lib/app.js`); return lib.withRequestOrigin(e, () => lib.runDeclared(e, lib.DECLARED_ROUTES["/api/fn/x"])); });',
    );
    expect(source).toContain(
      'routerAdd("POST", "/api/fn/jobs/y", (e) => { const lib = require(`${__hooks}/lib/app.js`); return lib.withRequestOrigin(e, () => lib.yRoute(e)); }, $apis.requireSuperuserAuth());',
    );
  });
});
