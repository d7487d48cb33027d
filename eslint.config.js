// @ts-check
/**
 * `npm run lint` (run early by `npm test`). A small rule set where each rule prevents a real bug
 * (docs/architecture.md "Conventions"): TypeScript's recommended checks, the rules of hooks,
 * type-only imports marked, no unused code, and the import boundaries of docs/architecture.md "Conventions":
 *
 * - `domain/` imports nothing from `web/` or `pb_hooks/` (nor `pb_hooks/` from `web/`), and its
 *   files other than tests import no test library (fast-check, vitest);
 * - a feature (`web/src/features/<a>/`) never imports another feature (`features/<b>/`);
 * - nothing under `features/`, `lib/` or `components/` imports from `app/` (routes compose
 *   features; `paths` lives in `web/src/lib/paths.ts`), and the shared `lib/` and
 *   `components/` import no feature.
 *
 * - the admin area (`web/src/admin/`) is layered one way, core ← device ← ui ← features: a layer
 *   imports only the layers below it, an admin feature never imports another (except `shell`,
 *   which composes them), and the admin and the public site never import each other;
 * - an admin feature reaches the server only through `core/mutations.ts` and `core/reads.ts`:
 *   no `core/api/` file, no `pb` client;
 *
 * Under web/src an import never climbs two levels (`../../x`): it says `@/x` (the alias of
 * web/src, beside `@domain/`).
 *
 * The boundaries use ESLint's own `no-restricted-imports`, which matches the import's text, not
 * the resolved file (no resolver to configure, and it works on files that do not exist, as in
 * tests/lint/boundaries.test.ts). A relative path's meaning depends on how deep the importing
 * file sits, so the feature rules are generated per feature and per folder depth.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** The feature folders under web/src/features, read now so a new feature is covered at once. */
const features = readdirSync(`${root}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The admin area's features, read now like the public ones. */
const adminFeatures = readdirSync(`${root}/web/src/admin/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The admin area's layers, lowest first: each imports only the ones before it. */
const ADMIN_LAYERS = ['core', 'device', 'ui'];

/** Deepest folder level inside a feature that gets its own rules (0: the feature's own folder). */
const MAX_FEATURE_DEPTH = 5;

/** `../` repeated `n` times, as a regular expression. @param {number} n */
const up = (n) => `(?:\\.\\./){${n}}`;

/** @typedef {{ regex: string, message: string, importNames?: string[] }} Pattern */

/**
 * The patterns that keep a file of web/src/features/<feature>/ (at `depth` folders below it) out
 * of other features and out of app/.
 * @param {string} feature
 * @param {number} depth
 * @returns {Pattern[]}
 */
function featurePatterns(feature, depth) {
  const otherFeature = `features/(?!${feature}/)`;
  const crossFeature = `A feature never imports another feature (docs/architecture.md "Conventions"): move the shared piece to web/src/lib or web/src/components.`;
  const appImport = `Nothing under features/ imports from app/: routes compose features, not the other way round (paths: web/src/lib/paths.ts).`;
  return [
    // From the feature's folder, `depth + 1` levels up is features/, one more is web/src.
    { regex: `^${up(depth + 1)}(?!${feature}/)[^./]`, message: crossFeature },
    { regex: `^(?:${up(depth + 2)}|@/)${otherFeature}`, message: crossFeature },
    { regex: `^(?:${up(depth + 2)}|@/)app(?:/|$)`, message: appImport },
    { regex: `^(?:${up(depth + 2)}|@/)admin(?:/|$)`, message: publicImportsAdmin },
  ];
}

const publicImportsAdmin = 'The public site never imports the admin area (web/src/admin/): share through web/src/lib, web/src/components or domain/.';
const adminImportsPublic = 'The admin area imports no public feature and nothing from app/: share through web/src/lib, web/src/components or domain/.';

/**
 * The patterns of a file of web/src/admin/<layer>/ (core, device, ui) at `depth` folders below
 * the layer's folder: no layer above it, no public feature, not app/.
 * @param {string} layer
 * @param {number} depth
 * @returns {Pattern[]}
 */
function adminLayerPatterns(layer, depth) {
  const above = [...ADMIN_LAYERS.slice(ADMIN_LAYERS.indexOf(layer) + 1), 'features'];
  return [
    {
      regex: `^(?:${up(depth + 1)}|@/admin/)(?:${above.join('|')})(?:/|$)`,
      message: `The admin area is layered core ← device ← ui ← features (docs/architecture.md "The admin area"): admin/${layer} imports none of ${above.join(', ')}.`,
    },
    { regex: `^(?:${up(depth + 2)}|@/)(?:features|app)(?:/|$)`, message: adminImportsPublic },
  ];
}

/**
 * The admin writes one way (docs/architecture.md "Admin data and sync"): a file of
 * web/src/admin/features/<feature>/ at `depth` folders below it reaches the server only through
 * core/mutations.ts (writes, or the outbox it queues to) and core/reads.ts (reads not in the
 * mirror): never a core/api/ file, nor the SDK's `pb` client itself.
 * @param {number} depth
 * @returns {Pattern[]}
 */
function adminServerDoors(depth) {
  return [
    {
      regex: `^(?:${up(depth + 2)}|@/admin/)core/api(?:/|$)`,
      message:
        'An admin screen writes through @/admin/core/mutations (or the outbox) and reads the server through @/admin/core/reads, never a core/api/ file (docs/architecture.md "Admin data and sync").',
    },
    {
      regex: '^@/lib/pb$',
      importNames: ['pb'],
      message:
        'An admin screen does not call the server with pb: writes go through @/admin/core/mutations, reads through @/admin/core/reads, the session through core/session (docs/architecture.md "Admin data and sync").',
    },
  ];
}

/**
 * The patterns of a file of web/src/admin/features/<feature>/ at `depth` folders below it: no
 * other admin feature (the shell composes them and is exempt), no public feature, not app/.
 * @param {string} feature
 * @param {number} depth
 * @returns {Pattern[]}
 */
function adminFeaturePatterns(feature, depth) {
  const cross = `An admin feature never imports another (docs/architecture.md "The admin area"): pass it in from the shell, or move the shared piece to admin/ui or admin/core.`;
  const patterns = [{ regex: `^(?:${up(depth + 3)}|@/)(?:features|app)(?:/|$)`, message: adminImportsPublic }, ...adminServerDoors(depth)];
  if (feature === 'shell') return patterns;
  return [...patterns, { regex: `^${up(depth + 1)}(?!${feature}/)[^./]`, message: cross }, { regex: `^(?:${up(depth + 2)}|@/admin/)features/(?!${feature}/)`, message: cross }];
}

/** Every file of web/src: `@/` rather than a `../../` chain. */
const webPatterns = [
  {
    regex: `^${up(2)}`,
    message: "Under web/src, import through the '@/' alias (web/src) rather than climbing two or more levels with '../../'.",
  },
];

/** web/src/lib and web/src/components are shared: they import no feature and not app/. */
const sharedPatterns = [
  {
    regex: `^(?:(?:\\.\\./)+|@/)(?:features|app|admin)(?:/|$)`,
    message: 'web/src/lib and web/src/components are shared by the features: they import no feature, nothing from app/ and nothing from admin/.',
  },
];

/** domain/ is pure and shared: nothing from web/ or pb_hooks/. */
const domainPattern = {
  regex: `^(?:(?:\\.\\./)+(?:web|pb_hooks)(?:/|$)|@/)`,
  message: 'domain/ holds pure rules shared by the web app and the hooks: it imports nothing from web/ or pb_hooks/ (docs/architecture.md "Conventions").',
};

/** What domain/ files other than tests may not import: the test libraries. */
const testLibraryPatterns = [
  {
    regex: '^(?:fast-check|vitest)(?:/|$)',
    message: 'domain/ ships in the product: only its *.test.ts files import fast-check or vitest; test support goes in tests/support/ (docs/architecture.md "Layers").',
  },
];

/**
 * One `no-restricted-imports` setting (flat config replaces a rule's options rather than merging
 * them, so each group of files gets all its patterns in one place).
 * @param {Pattern[]} patterns
 */
const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      'bin/**',
      'pb_data/**',
      'web/dist/**',
      'web/dev-dist/**',
      'web/public/**',
      'pb_hooks/lib/**',
      'pb_hooks/types/**',
      '.cache/**',
      'pb_hooks/*.pb.js',
      'pb_migrations/**',
      'release/**',
      'deploy/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // No import cycles anywhere (a cycle is a layer running back up; types count too, since a
    // type cycle is a design cycle). The resolver reads the tsconfigs' `@/` and `@domain/` paths.
    // Packages are not walked (`ignoreExternal`): nothing in node_modules imports our code, so no
    // cycle runs through one, and walking them was about 40 % of the lint's CPU time
    // (docs/benchmarks.md "Where the suite's time goes").
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings, // which files it parses for their imports, and with what
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'pb_hooks/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The app, the rules and the hooks say nothing on the console by themselves: the web app
    // logs through web/src/lib/log.ts, the hooks through pb_hooks/src/lib/log.ts. Scripts and tests
    // print what they measure.
    files: ['web/src/**/*.{ts,tsx}', 'domain/**/*.ts', 'pb_hooks/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
  {
    // The one door to the console on each side (the server's log is its standard error, which
    // the journal keeps).
    files: ['web/src/lib/log.ts', 'pb_hooks/src/lib/log.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The classic rules of hooks. eslint-plugin-react-hooks 7's `recommended` also holds the
    // React Compiler's rules (purity, refs, static-components, set-state-in-effect…), which
    // judge whether code is safe for that compiler; this app does not use it.
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Scripts drive Chromium: the callbacks they pass to page.evaluate run in the page.
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Tests read JSON answers loosely on purpose: a wrong field fails the assertion anyway.
    files: ['tests/**/*.ts', 'e2e/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // PocketBase's JSVM loads each handler's code with require() at call time, and the hooks'
    // types come from PocketBase's generated declarations (docs/architecture.md "Facts about PocketBase's
    // JSVM").
    files: ['pb_hooks/src/main.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/triple-slash-reference': 'off' },
  },
  // Boundaries.
  { files: ['domain/**/*.ts'], rules: restrictImports([domainPattern]) },
  {
    // The product's domain/ code imports no test library; test support lives in tests/support/.
    files: ['domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports([domainPattern, ...testLibraryPatterns]),
  },
  {
    files: ['pb_hooks/src/**/*.ts'],
    rules: restrictImports([{ regex: `^(?:(?:\\.\\./)+web(?:/|$)|@/)`, message: 'The hooks share code with the web app only through domain/.' }]),
  },
  { files: ['web/src/**/*.{ts,tsx}'], rules: restrictImports(webPatterns) },
  { files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'], rules: restrictImports([...webPatterns, ...sharedPatterns]) },
  ...features.flatMap((feature) =>
    Array.from({ length: MAX_FEATURE_DEPTH + 1 }, (_, depth) => ({
      files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: restrictImports([...webPatterns, ...featurePatterns(feature, depth)]),
    })),
  ),
  ...ADMIN_LAYERS.flatMap((layer) =>
    Array.from({ length: MAX_FEATURE_DEPTH + 1 }, (_, depth) => ({
      files: [`web/src/admin/${layer}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: restrictImports([...webPatterns, ...adminLayerPatterns(layer, depth)]),
    })),
  ),
  ...adminFeatures.flatMap((feature) =>
    Array.from({ length: MAX_FEATURE_DEPTH + 1 }, (_, depth) => ({
      files: [`web/src/admin/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: restrictImports([...webPatterns, ...adminFeaturePatterns(feature, depth)]),
    })),
  ),
);
