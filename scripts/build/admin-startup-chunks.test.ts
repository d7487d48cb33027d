import { describe, expect, it } from 'vitest';
import { ADMIN_COPY, adminCoreModules, adminImportOf, adminRouteOf, isAdminSide, staticReachOf, type ModuleLinks } from './admin-startup-chunks';

const R = '/app/web/src/app/routes';

/** A module graph: id → [static imports, dynamic imports]; 'main' is the entry. */
function graph(links: Record<string, [string[], string[]?]>) {
  const info = (id: string): ModuleLinks | null => {
    const l = links[id];
    return l ? { isEntry: id === 'main', importedIds: l[0], dynamicallyImportedIds: l[1] ?? [] } : null;
  };
  return adminCoreModules(Object.keys(links), info);
}

describe('adminRouteOf', () => {
  it.each([
    [`${R}/admin-dashboard.tsx`, 'admin-dashboard'],
    [`${R}/setup-admin.tsx`, 'setup-admin'],
    [`${R}/home.tsx`, null],
    ['/app/web/src/admin/core/db.ts', null],
  ])('%s → %s', (id, name) => expect(adminRouteOf(id)).toBe(name));
});

describe('adminCoreModules (the admin’s shared startup code, one chunk)', () => {
  const links: Record<string, [string[], string[]?]> = {
    main: [['router'], []],
    router: [[], [`${R}/home.tsx`, `${R}/admin-dashboard.tsx`, `${R}/admin-login.tsx`]],
    [`${R}/home.tsx`]: [['cents'], ['toast']],
    toast: [['sonner']],
    sonner: [[]],
    cents: [[]],
    [`${R}/admin-dashboard.tsx`]: [['dashboard-page', 'db', 'sync', 'cents', 'sonner'], ['customers-tab']],
    'dashboard-page': [[]],
    'customers-tab': [['sync', 'tab-only']],
    'tab-only': [[]],
    [`${R}/admin-login.tsx`]: [['login-page', 'db'], ['forgot']],
    'login-page': [[]],
    forgot: [['sync']],
    db: [['dexie']],
    dexie: [[]],
    sync: [[]],
  };

  it('groups what two admin routes load, at start or later, and no public page can', () => {
    expect([...graph(links)].sort()).toEqual(['db', 'dexie', 'sync']);
  });

  it('leaves out code a public page loads, at start or on demand, and each route’s own code', () => {
    const core = graph(links);
    for (const id of ['cents', 'sonner', 'dashboard-page', 'login-page', `${R}/admin-dashboard.tsx`, `${R}/admin-login.tsx`]) expect(core.has(id), id).toBe(false);
  });

  it('leaves the admin’s lazy parts lazy', () => {
    const core = graph(links);
    expect(core.has('tab-only')).toBe(false);
    expect(core.has('customers-tab')).toBe(false);
  });

  it('leaves out an admin module once a public page can load it on demand', () => {
    const shared = { ...links, [`${R}/home.tsx`]: [['cents'], ['toast', 'sync']] as [string[], string[]] };
    expect([...graph(shared)].sort()).toEqual(['db', 'dexie']);
  });
});

describe('the admin’s copies of the domain modules (docs/decisions/068)', () => {
  it.each([
    ['/app/web/src/admin/core/db.ts', true],
    [`${R}/admin-dashboard.tsx`, true],
    [`${R}/setup-admin.tsx`, true],
    [`/app/domain/catalog.ts${ADMIN_COPY}`, true],
    ['/app/domain/catalog.ts', false],
    [`${R}/booking.tsx`, false],
    ['/app/web/src/lib/pb.ts', false],
    ['/app/web/src/components/ui/date-field.tsx', false],
  ])('isAdminSide(%s) → %s', (id, admin) => expect(isAdminSide(id)).toBe(admin));

  it('gives the admin a copy of a domain module the entry does not load', () => {
    expect(adminImportOf('/app/domain/money/cents.ts', new Set())).toBe(`/app/domain/money/cents.ts${ADMIN_COPY}`);
  });

  it('keeps the original of a module the entry loads, and of any module outside domain/', () => {
    expect(adminImportOf('/app/domain/business.ts', new Set(['/app/domain/business.ts']))).toBe('/app/domain/business.ts');
    for (const id of ['/app/web/src/lib/pb.ts', '/app/node_modules/zod/index.js', '/app/node_modules/x/domain/y.ts', '/app/domain/data/zip-centroids.json']) {
      expect(adminImportOf(id, new Set()), id).toBe(id);
    }
  });

  it('staticReachOf follows static imports only, through cycles', async () => {
    const imports: Record<string, string[]> = { main: ['a', 'b'], a: ['c'], b: ['c', 'main'], c: [], lazy: [] };
    expect([...(await staticReachOf('main', async (id) => imports[id] ?? []))].sort()).toEqual(['a', 'b', 'c', 'main']);
  });
});
