// @ts-check
/**
 * The hooks libraries (docs/architecture.md "Facts about PocketBase's JSVM"): esbuild's options
 * for each, and the entry of `app`, which bundles lib/app.ts with every other file of
 * pb_hooks/src/lib/ so that the declared routes among their exports reach the library without
 * an export line (docs/decisions/066).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/run.mjs';

const HOOKS = path.join(ROOT, 'pb_hooks');
const LIB = path.join(HOOKS, 'src', 'lib');

/**
 * Every file of pb_hooks/src/lib/ the hooks library `app` bundles besides lib/app.ts, relative
 * to lib/ with `/`: all `.ts` files but tests (`*.test.ts`, `*.type-test.ts`), declarations and
 * the two libraries' entries.
 * @returns {string[]}
 */
export function libraryFiles() {
  /** @param {string} dir @returns {string[]} */
  const walk = (dir) =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return walk(full);
        return name.endsWith('.ts') && !/\.(test|type-test|d)\.ts$/.test(name) ? [path.relative(LIB, full).split(path.sep).join('/')] : [];
      });
  return walk(LIB).filter((f) => f !== 'app.ts' && f !== 'date-reads.ts');
}

/**
 * The entry of the hooks library `app`, made by the build (never written to the repository):
 * lib/app.ts's exports, `runDeclared`, and `DECLARED_ROUTES`, the declared routes among the
 * exports of every file of `files` (lib/commands/declared-routes.ts), by path.
 * @param {string[]} [files] relative to pb_hooks/src/lib/
 * @returns {string}
 */
export function appEntrySource(files = libraryFiles()) {
  const q = JSON.stringify;
  return [
    '// Made by scripts/build/hook-libraries.mjs: lib/app.ts and the declared routes of every file of lib/.',
    "export * from './app';",
    "import { declaredRoutesOf } from './commands/declared-routes';",
    "export { runDeclared } from './commands/declared-routes';",
    ...files.map((f, i) => `import * as m${i} from ${q(`./${f.replace(/\.ts$/, '')}`)};`),
    `export const DECLARED_ROUTES = declaredRoutesOf([${files.map((_, i) => `m${i}`).join(', ')}]);`,
    '',
  ].join('\n');
}

/**
 * The CommonJS bundles handlers require, each with domain/: `app` holds everything, `date-reads`
 * only the booking calendar's read routes (docs/decisions/018).
 */
export const HOOK_LIBRARIES = ['app', 'date-reads'];

/**
 * esbuild's options for the hook library `name` (pb_hooks/src/lib/NAME.ts → pb_hooks/lib/NAME.js).
 * @param {string} name
 * @returns {import('esbuild').BuildOptions}
 */
export function hookLibraryOptions(name) {
  // `app`'s entry is lib/app.ts with the declared routes of every file of lib/ (docs/decisions/066).
  const entry =
    name === 'app' ? { stdin: { contents: appEntrySource(), resolveDir: LIB, sourcefile: 'app-entry.ts', loader: /** @type {const} */ ('ts') } } : { entryPoints: [path.join(LIB, `${name}.ts`)] };
  return {
    ...entry,
    outfile: path.join(HOOKS, 'lib', `${name}.js`),
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2020',
    tsconfig: path.join(HOOKS, 'tsconfig.json'),
    logLevel: 'warning',
  };
}
