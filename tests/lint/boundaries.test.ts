import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of docs/architecture.md "Conventions", as eslint.config.js enforces them (docs/decisions/017:
 * "`npm test` fails on a lint error, including a cross-feature import"). Each snippet is linted
 * as if it were a file at the given path; the files need not exist.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });
/**
 * The same config without `import-x/no-cycle`, which walks the real import graph from every
 * snippet (about 2 s each); the cycle has its own test below with the full config.
 */
const eslintNoCycle = new ESLint({ cwd: ROOT, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

/** The messages ESLint (without the cycle rule) gives `code` placed at `file` (relative to the repository root). */
async function lint(file: string, code: string) {
  const [result] = await eslintNoCycle.lintText(code, { filePath: path.join(ROOT, file) });
  return result?.messages ?? [];
}

/** A module that imports `specifier` and uses what it imported. */
const importing = (specifier: string, kind: 'value' | 'type' = 'value') =>
  kind === 'type' ? `import type { X } from '${specifier}';\nexport type Y = X;\n` : `import { x } from '${specifier}';\nexport const y = x;\n`;

const crossings: [name: string, file: string, specifier: string, kind?: 'value' | 'type'][] = [
  ['a feature imports another feature from its own folder', 'web/src/features/booking/x.ts', '../admin/format'],
  ['a feature imports another feature from a subfolder', 'web/src/features/booking/components/x.tsx', '../../reviews/pagination'],
  ['a feature imports another feature through features/', 'web/src/features/booking/components/x.tsx', '../../../features/admin/format'],
  ['a feature imports another feature through the alias', 'web/src/features/booking/components/x.tsx', '@/features/admin/format'],
  ['a feature imports another feature, types only', 'web/src/features/site/home/x.tsx', '../../booking/wizard-state', 'type'],
  ['a feature imports app/', 'web/src/features/booking/components/x.tsx', '../../../app/router'],
  ['a feature at its root imports app/', 'web/src/features/payment/x.tsx', '../../app/routes/home'],
  ['a feature imports app/ through the alias', 'web/src/features/site/home/x.tsx', '@/app/router'],
  ['domain imports web/', 'domain/x.ts', '../web/src/lib/paths'],
  ['domain imports pb_hooks/', 'domain/x.ts', '../pb_hooks/src/lib/app'],
  ['the shared lib imports a feature', 'web/src/lib/x.ts', '../features/booking/store'],
  ['the shared lib imports a feature through the alias', 'web/src/lib/api/x.ts', '@/features/booking/store'],
  ['a shared component imports app/', 'web/src/components/layout/x.tsx', '../../app/router', 'type'],
  ['the hooks import web/', 'pb_hooks/src/lib/x.ts', '../../../web/src/lib/paths'],
  ['domain imports through the web alias', 'domain/x.ts', '@/lib/paths'],
  ['domain code imports fast-check', 'domain/money/x.ts', 'fast-check'],
  ['domain code imports vitest', 'domain/x.ts', 'vitest'],
  ['a route climbs two levels instead of using @/', 'web/src/app/routes/x.tsx', '../../features/booking/store'],
  ['a feature climbs two levels within itself', 'web/src/features/booking/components/x.tsx', '../../booking/store'],
  ['a feature climbs three levels to the shared lib', 'web/src/features/booking/components/x.tsx', '../../../lib/paths'],
  ['an admin feature imports another admin feature', 'web/src/admin/features/bookings/x.tsx', '@/admin/features/on-site/on-site-section'],
  ['an admin feature imports another from its own folder', 'web/src/admin/features/overview/x.tsx', '../schedule/schedule-view'],
  ['an admin feature imports the shell', 'web/src/admin/features/reviews/x.tsx', '@/admin/features/shell/dashboard-page'],
  ['admin core imports an admin feature', 'web/src/admin/core/x.ts', '@/admin/features/bookings/bookings-tab'],
  ['admin core imports an admin feature relatively', 'web/src/admin/core/x.ts', '../features/shell/dashboard-page'],
  ['admin core imports the admin ui', 'web/src/admin/core/sync/x.ts', '@/admin/ui/format', 'type'],
  ['admin core imports the device layer', 'web/src/admin/core/outbox/x.ts', '@/admin/device/photo-resize'],
  ['the admin device layer imports the admin ui', 'web/src/admin/device/x.ts', '../ui/format'],
  ['the admin ui imports an admin feature', 'web/src/admin/ui/x.tsx', '@/admin/features/bookings/bookings-tab'],
  ['a public feature imports the admin', 'web/src/features/booking/x.ts', '@/admin/ui/format'],
  ['the admin imports a public feature', 'web/src/admin/ui/x.tsx', '@/features/booking/store'],
  ['an admin feature imports app/', 'web/src/admin/features/shell/x.tsx', '@/app/router'],
  ['the shared lib imports the admin', 'web/src/lib/x.ts', '@/admin/core/db'],
  ['an admin feature calls a core/api write itself', 'web/src/admin/features/schedule/x.tsx', '@/admin/core/api/admin-waitlist'],
  ['an admin feature reads through a core/api file, types only', 'web/src/admin/features/settings/x.tsx', '@/admin/core/api/get-settings', 'type'],
  ['the admin shell calls core/api itself', 'web/src/admin/features/shell/x.tsx', '@/admin/core/api/sign-out-everywhere'],
];

const legal: [name: string, file: string, specifier: string][] = [
  ['a feature imports its own module', 'web/src/features/booking/components/x.tsx', '../store'],
  ['a feature imports its own module through the alias', 'web/src/features/booking/components/x.tsx', '@/features/booking/store'],
  ['a feature imports the shared lib', 'web/src/features/booking/components/x.tsx', '@/lib/paths'],
  ['a feature imports a shared component', 'web/src/features/site/home/x.tsx', '@/components/ui/simple-page'],
  ['a feature imports domain', 'web/src/features/booking/x.ts', '@domain/money/pricing'],
  ['a route imports a feature', 'web/src/app/routes/x.tsx', '@/features/booking/store'],
  ['a route imports its neighbour one level up', 'web/src/app/routes/x.tsx', '../router'],
  ['the hooks import domain', 'pb_hooks/src/lib/x.ts', '@domain/money/pricing'],
  ['a domain test imports fast-check', 'domain/money/x.test.ts', 'fast-check'],
  ['test support imports fast-check', 'tests/support/x.ts', 'fast-check'],
  ['the admin shell imports an admin feature', 'web/src/admin/features/shell/x.tsx', '@/admin/features/bookings/bookings-tab'],
  ['an admin feature imports its own module', 'web/src/admin/features/bookings/x.tsx', './bookings-tab'],
  ['an admin feature imports admin core, device and ui', 'web/src/admin/features/on-site/x.tsx', '@/admin/core/mutations'],
  ['the admin ui imports admin core', 'web/src/admin/ui/x.tsx', '@/admin/core/session/admin-session'],
  ['the admin device layer imports admin core', 'web/src/admin/device/x.ts', '../core/model/outbox-entry'],
  ['admin core imports within itself', 'web/src/admin/core/sync/x.ts', '../db'],
  ['the admin imports the shared lib', 'web/src/admin/core/api/x.ts', '@/lib/pb'],
  ['a route imports an admin page', 'web/src/app/routes/x.tsx', '@/admin/features/auth/login-page'],
  ['an admin feature writes through core/mutations', 'web/src/admin/features/schedule/x.tsx', '@/admin/core/mutations'],
  ['an admin feature reads through core/reads', 'web/src/admin/features/settings/x.tsx', '@/admin/core/reads'],
  ['admin core calls its own api', 'web/src/admin/core/outbox/x.ts', '../api/move-visit'],
];

// ESLint's first lint loads the config, the plugins and the TypeScript resolver (seconds on a
// busy machine): done once here, so no test's own time includes it.
beforeAll(() => lint('domain/x.ts', 'export const x = 1;\n'), 60_000);

describe('import boundaries', () => {
  it.each(crossings)('%s: an error', async (_name, file, specifier, kind = 'value') => {
    const messages = await lint(file, importing(specifier, kind));
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: 'no-restricted-imports', severity: 2 }));
  });

  it.each(legal)('%s: no problem', async (_name, file, specifier) => {
    expect(await lint(file, importing(specifier))).toEqual([]);
  });
});

describe('other rules', () => {
  it('wants type-only imports marked', async () => {
    const messages = await lint('web/src/lib/x.ts', `import { Foo } from './foo';\nexport const f = (v: Foo) => v;\n`);
    expect(messages.map((m) => m.ruleId)).toEqual(['@typescript-eslint/consistent-type-imports']);
  });

  it('finds an unused import', async () => {
    const messages = await lint('domain/x.ts', `import { x } from './y';\nexport const z = 1;\n`);
    expect(messages.map((m) => m.ruleId)).toEqual(['@typescript-eslint/no-unused-vars']);
  });

  it('finds a hook called conditionally', async () => {
    const code = `import { useState } from 'react';\nexport function useX(on: boolean) {\n  if (on) useState(0);\n}\n`;
    const messages = await lint('web/src/lib/x.ts', code);
    expect(messages.map((m) => m.ruleId)).toEqual(['react-hooks/rules-of-hooks']);
  });

  it('finds a console call in the app and the hooks, not in scripts', async () => {
    const code = `export function f() {\n  console.log('x');\n}\n`;
    expect((await lint('web/src/admin/core/x.ts', code)).map((m) => m.ruleId)).toEqual(['no-console']);
    expect((await lint('pb_hooks/src/lib/x.ts', code)).map((m) => m.ruleId)).toEqual(['no-console']);
    expect(await lint('scripts/x.mjs', code)).toEqual([]);
  });

  it("refuses the SDK's pb client in an admin screen, not its error helper", async () => {
    const usesPb = `import { pb } from '@/lib/pb';\nexport const x = () => pb.send('/api/fn/x', {});\n`;
    expect(await lint('web/src/admin/features/settings/x.tsx', usesPb)).toContainEqual(expect.objectContaining({ ruleId: 'no-restricted-imports', severity: 2 }));
    expect(await lint('web/src/admin/features/settings/x.tsx', importing('@/lib/pb').replace('{ x }', '{ errorMessage as x }'))).toEqual([]);
    expect(await lint('web/src/admin/core/api/x.ts', usesPb)).toEqual([]);
  });

  it('finds an import cycle', async () => {
    // Cycles need files that exist: two, written for the test and removed after it.
    const dir = path.join(ROOT, 'web/src/lib', `cycle-fixture-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(path.join(dir, 'a.ts'), `import { b } from './b';\nexport const a = () => b;\n`);
      writeFileSync(path.join(dir, 'b.ts'), `import { a } from '@/lib/cycle-fixture-${process.pid}/a';\nexport const b = () => a;\n`);
      const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(result?.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
