// @ts-check
/**
 * `npm test`: everything. Lints (eslint.config.js), checks the formatting (Prettier,
 * .prettierrc.json; `npm run format` fixes it), builds, type-checks, then runs the unit
 * tests, the server tests against the real PocketBase binary, and the Playwright tests in
 * Chromium. A lint or formatting error stops the run at once (it is quick to fix, and a broken import boundary
 * is not worth a full build); after that every step runs even if an earlier one failed. The exit
 * code is non-zero if any failed.
 */
import { buildAll, buildStripeMock } from '../build/build-steps.mjs';
import { bin, run } from '../lib/run.mjs';

/** @type {[string, () => Promise<unknown>][]} */
const steps = [
  // package.json's `lint` script, so `npm test` lints exactly as `npm run lint` does.
  ['lint', () => run('npm', ['run', '--silent', 'lint'])],
  ['format', () => run(bin('prettier'), ['--check', '--log-level', 'warn', '.'])],
  ['build', () => buildAll().then(buildStripeMock)],
  ['typecheck web and domain', () => run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])],
  ['typecheck hooks', () => run(bin('tsc'), ['-p', 'pb_hooks/tsconfig.json', '--noEmit'])],
  ['unit tests', () => run(bin('vitest'), ['run', '--project', 'unit'])],
  ['server tests', () => run(bin('vitest'), ['run', '--project', 'server'])],
  ['end-to-end tests', () => run(bin('playwright'), ['test'])],
];

let passed = 0;
let failed = 0;
for (const [name, step] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  try {
    await step();
    passed++;
    console.log(`--- ${name}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (err) {
    failed++;
    console.error(`--- ${name}: FAILED\n${err instanceof Error ? err.message : String(err)}`);
    if (name === 'lint' || name === 'format' || name === 'build') break;
  }
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
