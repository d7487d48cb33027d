import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What the public pages load before idle (docs/architecture.md "What a page loads"): the entry
 * (web/src/main.tsx) and each public route module, with everything they import statically,
 * reach no admin code (web/src/admin) and, but for /booking itself, none of the booking
 * wizard's modules (web/src/features/booking: its state, schemas and steps). What they need of
 * those later comes by `import()`, which this walk does not follow. Type-only imports are
 * erased by the build and are not followed either. Nor do they load zod: a page validates with
 * it on submit or with its answer, loading its rules then (web/src/lib/on-demand.ts).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = path.join(ROOT, 'web', 'src');
const ROUTES = path.join(WEB, 'app', 'routes');
const ADMIN = path.join(WEB, 'admin') + path.sep;
const WIZARD = path.join(WEB, 'features', 'booking') + path.sep;
/** The owner's pages, which are not public. */
const ADMIN_ROUTE = /^(admin-|setup-admin)/;
/** The wizard's own page, the only public one that may load it before idle. */
const WIZARD_ROUTE = 'booking.tsx';

/** The specifiers `code` imports or re-exports with a value (not `import type`, not `import()`). */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\s+(?!type\s)([^;'"]*?)\sfrom\s+['"]([^'"]+)['"]/gm)) found.push(m[2]!);
  for (const m of code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  return found;
}

/** The source file `specifier` names from `from`, or null for a package, a stylesheet or data. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(WEB, specifier.slice(2));
  else if (specifier.startsWith('@domain/')) base = path.join(ROOT, 'domain', specifier.slice('@domain/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Is `specifier` the package `name` or a path inside it? */
const inPackage = (specifier: string, name: string) => specifier === name || specifier.startsWith(`${name}/`);

/**
 * Every source file `start` loads statically, each with the chain of imports that reaches it;
 * a package `start` reaches is listed under `package:<specifier>`.
 */
function staticGraph(start: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const next = resolve(file, specifier);
      if (!next && !specifier.startsWith('.') && !specifier.startsWith('@/') && !specifier.startsWith('@domain/')) {
        chains.set(`package:${specifier}`, [...chains.get(file)!, specifier]);
        continue;
      }
      if (!next || chains.has(next)) continue;
      chains.set(next, [...chains.get(file)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

const rel = (file: string) => path.relative(ROOT, file);
const publicRoutes = readdirSync(ROUTES).filter((f) => f.endsWith('.tsx') && !ADMIN_ROUTE.test(f));
/** The entry and the given route modules, as [name, file]. */
const starts = (routes: string[]): [string, string][] => [['main.tsx', path.join(WEB, 'main.tsx')], ...routes.map((f): [string, string] => [f, path.join(ROUTES, f)])];

describe('the public pages’ first script', () => {
  it('reads value imports, re-exports and side-effect imports, not type-only imports or import()', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from './b';",
      'import {\n  c,\n  type C,\n} from "@/c";',
      "export { d } from '@domain/d';",
      "import './e.css';",
      "const f = () => import('./f');",
    ].join('\n');
    expect(staticImports(code)).toEqual(['./a', '@/c', '@domain/d', './e.css']);
  });

  it('finds the public routes', () => {
    expect(publicRoutes).toEqual(expect.arrayContaining(['home.tsx', 'booking.tsx', 'consultation.tsx', 'my-booking.tsx', 'waitlist-offer.tsx']));
    expect(publicRoutes.some((f) => ADMIN_ROUTE.test(f))).toBe(false);
  });

  it.each(starts(publicRoutes))('%s imports no admin code before idle', (_name, start) => {
    const admin = [...staticGraph(start)].filter(([file]) => file.startsWith(ADMIN));
    expect(admin.map(([, chain]) => chain.map(rel).join(' → '))).toEqual([]);
  });

  it.each(starts(publicRoutes.filter((f) => f !== WIZARD_ROUTE)))('%s imports none of the booking wizard’s modules before idle', (_name, start) => {
    const wizard = [...staticGraph(start)].filter(([file]) => file.startsWith(WIZARD));
    expect(wizard.map(([, chain]) => chain.map(rel).join(' → '))).toEqual([]);
  });

  it.each(starts(publicRoutes))('%s loads no zod before idle', (_name, start) => {
    const zod = [...staticGraph(start)].filter(([node]) => node.startsWith('package:') && inPackage(node.slice('package:'.length), 'zod'));
    expect(zod.map(([, chain]) => chain.map((f) => (path.isAbsolute(f) ? rel(f) : f)).join(' → '))).toEqual([]);
  });
});

describe('what waits for its step or for idle (docs/architecture.md "What a page loads")', () => {
  const graph = (route: string) => [...staticGraph(path.join(ROUTES, route))];
  const chainsTo = (route: string, reached: (node: string) => boolean) =>
    graph(route)
      .filter(([node]) => reached(node))
      .map(([, chain]) => chain.map((f) => (path.isAbsolute(f) ? rel(f) : f)).join(' → '));

  it('/booking’s first step loads neither the wizard’s store (zustand and its persistence), its later steps’ transitions, a renewal link’s code, the address lookup nor the prices', () => {
    const later = [
      ...['renewal-prefill.ts', 'store.ts', 'wizard-changes.ts', path.join('api', 'calculate-distance.ts')].map((f) => path.join(WIZARD, f)),
      path.join(ROOT, 'domain', 'money', 'pricing.ts'),
    ];
    expect(chainsTo('booking.tsx', (node) => later.includes(node) || (node.startsWith('package:') && inPackage(node.slice('package:'.length), 'zustand')))).toEqual([]);
  });

  it('/consultation’s first script holds the calendar’s placeholder, not the calendar, its rules or its reads’ hooks', () => {
    const calendar = path.join(WEB, 'features', 'consultation', 'components', 'consultation-schedule.tsx');
    expect(existsSync(calendar)).toBe(true);
    expect(
      chainsTo('consultation.tsx', (node) => node === calendar || node === path.join(ROOT, 'domain', 'schedule', 'season.ts') || node === path.join(ROOT, 'domain', 'schedule', 'slots.ts')),
    ).toEqual([]);
  });
});
