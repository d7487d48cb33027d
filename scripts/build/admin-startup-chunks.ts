/**
 * The admin's shared startup code in one chunk (docs/architecture.md "What a page loads"; the
 * owner's day on a slow phone, docs/decisions/060). Left to itself, Rolldown cuts a chunk for
 * every set of entries (the app's entry and each `import()` target) that load the same modules,
 * so the admin's routes and lazy parts (tabs, cards, dialogs) cut the code the admin's routes
 * share into several small chunks: each one more request and module to evaluate before the
 * owner's day shows.
 *
 * The admin's core: the modules an admin route imports statically that no public page can ever
 * load (from the entry or a public route, by any import, static or dynamic) and more than one
 * admin route can. One chunk, loaded by every admin route; the sign-in pages evaluate a few
 * modules they do not use, none with an effect at load (the dashboard's own code, which opens the
 * device's copy as it loads, stays in the dashboard's chunk, and so does each route's own code).
 * A public page loads exactly what it loaded before, and no public chunk changes but for the
 * admin chunks' names in the entry's map of them. Everything else is left to Rolldown.
 *
 * The admin's copies: the domain modules the admin shares with the public pages made a dozen
 * more small chunks, one for each set of pages that share them. The admin imports its own copy
 * of each (`adminImportOf`), a module of its own that goes with the admin's code; the public
 * pages keep the originals (docs/decisions/068).
 */

/** The owner's pages among the route modules (as tests/lint/public-imports.test.ts reads them). */
export const ADMIN_ROUTE = /^(admin-|setup-admin)/;

/** The name of the admin's core chunk. */
export const ADMIN_CORE_CHUNK = 'admin-core';

const ROUTE_MODULE = /[\\/]web[\\/]src[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx$/;

/** The parts of Rolldown's module info (`getModuleInfo`) this reads. */
export interface ModuleLinks {
  isEntry: boolean;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

/** The route module's name ('admin-dashboard') if `id` is an admin route's module, else null. */
export function adminRouteOf(id: string): string | null {
  const name = ROUTE_MODULE.exec(id)?.[1];
  return name && ADMIN_ROUTE.test(name) ? name : null;
}

/**
 * The modules of the admin's core, from the build's module graph.
 * @param ids every module id of the build
 * @param infoOf a module's imports (Rolldown's `getModuleInfo`), null for an unknown id
 * @returns the ids that go into ADMIN_CORE_CHUNK; the rest is left to Rolldown's own splitting
 */
export function adminCoreModules(ids: Iterable<string>, infoOf: (id: string) => ModuleLinks | null): Set<string> {
  const all = [...ids];
  /** Every module reachable from `from` (static imports, and dynamic ones with `lazy`), never into an admin route but those in `from`. */
  const reach = (from: string[], lazy: boolean) => {
    const seen = new Set<string>();
    const stack = [...from];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id) || (adminRouteOf(id) && !from.includes(id))) continue;
      seen.add(id);
      const info = infoOf(id);
      if (info) stack.push(...info.importedIds, ...(lazy ? info.dynamicallyImportedIds : []));
    }
    return seen;
  };
  // Everything a public page can load: from the entry (whose router imports every route on
  // demand) by static and dynamic imports, never into an admin route.
  const publicReach = reach(
    all.filter((id) => infoOf(id)?.isEntry === true),
    true,
  );
  const routes = all.filter((id) => adminRouteOf(id) !== null);
  const routesReaching = new Map<string, number>();
  for (const route of routes) for (const id of reach([route], true)) routesReaching.set(id, (routesReaching.get(id) ?? 0) + 1);
  const core = new Set<string>();
  for (const id of reach(routes, false)) if (!adminRouteOf(id) && !publicReach.has(id) && (routesReaching.get(id) ?? 0) > 1) core.add(id);
  return core;
}

/**
 * The suffix of the admin's own copy of a module (`/app/domain/catalog.ts?admin-copy`): a module
 * id of its own, so Rolldown can put it in the admin's chunks while the public pages keep the
 * original in theirs (docs/decisions/068).
 */
export const ADMIN_COPY = '?admin-copy';

const ADMIN_SOURCE = /[\\/]web[\\/]src[\\/]admin[\\/]/;
const DOMAIN_MODULE = /[\\/]domain[\\/][\w/\\-]+\.ts$/;

/**
 * Whether the module `importer` is the admin's: under web/src/admin, an admin route's module, or
 * one of the admin's copies (so a copy's own imports are copies too).
 */
export function isAdminSide(importer: string): boolean {
  return importer.endsWith(ADMIN_COPY) || ADMIN_SOURCE.test(importer) || adminRouteOf(importer) !== null;
}

/**
 * The id the admin imports `resolved` by: its copy when it is a module of domain/ (pure: no state
 * and no effect at load, docs/architecture.md, so two copies behave as one) that the app's entry
 * does not load (`entryReach`: the entry's static imports, which every page loads anyway, so a
 * copy would only be downloaded twice), else `resolved` itself.
 * @param resolved a resolved module id (absolute path)
 * @param entryReach the ids the entry reaches by static imports
 */
export function adminImportOf(resolved: string, entryReach: ReadonlySet<string>): string {
  const copied = DOMAIN_MODULE.test(resolved) && !resolved.includes('node_modules') && !entryReach.has(resolved);
  return copied ? `${resolved}${ADMIN_COPY}` : resolved;
}

/**
 * Every module `start` reaches by static imports, `start` among them.
 * @param start a module id
 * @param importsOf a module's static imports (Rolldown's `this.load` gives them), once it is loaded
 */
export async function staticReachOf(start: string, importsOf: (id: string) => Promise<readonly string[]>): Promise<Set<string>> {
  const seen = new Set<string>([start]);
  let wave = [start];
  while (wave.length) {
    const next = (await Promise.all(wave.map(importsOf))).flat().filter((id) => !seen.has(id));
    for (const id of next) seen.add(id);
    wave = [...new Set(next)];
  }
  return seen;
}
