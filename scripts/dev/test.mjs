// @ts-check
/**
 * `npm test`: everything. Lints (eslint.config.js), checks the formatting (Prettier,
 * .prettierrc.json; `npm run format` fixes it) and type-checks the web app and domain side by
 * side; builds (with no browser to be found, which proves the build needs none:
 * docs/decisions/019); then type-checks the hooks beside the Go tests of `pb/` and the unit
 * tests, and runs the server tests against the real PocketBase binary beside the Playwright tests
 * in Chromium (niced: the server tests go first): both mostly wait on their servers, so side by
 * side they leave the CPU less idle (docs/benchmarks.md "Where the suite's time goes"); the
 * server tests' output is held and printed in one block when they end. A lint, formatting or
 * build error stops the run at once (each is quick to fix, and a broken import boundary is not
 * worth a full build); after that every step runs even if an
 * earlier one failed. The test runners print their 10 slowest files; the run starts with the
 * machine's speed (scripts/lib/machine-speed.mjs) and ends with the time of each step and the
 * speed again. The exit code is non-zero if any step failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStripeMock } from '../build/build-steps.mjs';
import { envWithoutBrowser } from '../lib/no-browser.mjs';
import { assertOwnNodeModules } from '../lib/own-node-modules.mjs';
import { machineSpeedLine } from '../lib/machine-speed.mjs';
import { ROOT, bin, run } from '../lib/run.mjs';

try {
  assertOwnNodeModules(ROOT);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

const VITEST_REPORTERS = ['--reporter=default', `--reporter=${path.join(ROOT, 'scripts/dev/reporters/vitest-slowest.mjs')}`];

/** Tells the tests that web/dist is this run's production build, made with no browser to be found. */
const BUILT_ENV = { ...process.env, BUILT_WITHOUT_BROWSER: '1' };

/** The build, run in a child process whose environment holds no browser. */
async function buildWithoutBrowser() {
  const nowhere = mkdtempSync(path.join(os.tmpdir(), 'no-browser-'));
  try {
    await run(process.execPath, [path.join(ROOT, 'scripts/build/build.mjs')], { env: envWithoutBrowser(process.env, nowhere) });
  } finally {
    rmSync(nowhere, { recursive: true, force: true });
  }
  await buildStripeMock();
}

/**
 * Each stage is a list of steps run side by side; stages run in order. `stops` marks the steps
 * whose failure ends the run.
 * @type {{ name: string, run: () => Promise<unknown>, stops?: boolean }[][]}
 */
const stages = [
  [
    // package.json's `lint` script, so `npm test` lints exactly as `npm run lint` does.
    { name: 'lint', run: () => run('npm', ['run', '--silent', 'lint']), stops: true },
    { name: 'format', run: () => run(bin('prettier'), ['--check', '--log-level', 'warn', '.']), stops: true },
    { name: 'typecheck web and domain', run: () => run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']) },
  ],
  [{ name: 'build (no browser on the PATH)', run: buildWithoutBrowser, stops: true }],
  [
    { name: 'typecheck hooks', run: () => run(bin('tsc'), ['-p', 'pb_hooks/tsconfig.json', '--noEmit']) },
    { name: 'Go tests (pb/)', run: () => run('go', ['test', './...'], { cwd: path.join(ROOT, 'pb') }) },
    { name: 'unit tests', run: () => run(bin('vitest'), ['run', '--project', 'unit', ...VITEST_REPORTERS], { env: BUILT_ENV }) },
  ],
  [
    { name: 'server tests', run: () => run(bin('vitest'), ['run', '--project', 'server', ...VITEST_REPORTERS], { env: BUILT_ENV, held: true }) },
    // At a lower CPU priority (its browsers and servers too): the server tests, slowed most by the
    // contention (each waits on its server's CPU), go first; the end-to-end step, mostly waiting on
    // timers and pages, loses less than they gain (docs/benchmarks.md).
    { name: 'end-to-end tests', run: () => run('nice', ['-n', '10', bin('playwright'), 'test']) },
  ],
];

/** @type {{ name: string, seconds: number, ok: boolean }[]} */
const results = [];
// Printed first and last so the run's times compare across machines and loads.
const speedAtStart = machineSpeedLine();
console.log(speedAtStart);
const runStarted = Date.now();
for (const stage of stages) {
  console.log(`\n=== ${stage.map((s) => s.name).join(' + ')} ===`);
  const outcomes = await Promise.all(
    stage.map(async (step) => {
      const started = Date.now();
      try {
        await step.run();
        const seconds = (Date.now() - started) / 1000;
        console.log(`--- ${step.name}: ok (${seconds.toFixed(1)} s)`);
        results.push({ name: step.name, seconds, ok: true });
        return true;
      } catch (err) {
        const seconds = (Date.now() - started) / 1000;
        console.error(`--- ${step.name}: FAILED (${seconds.toFixed(1)} s)\n${err instanceof Error ? err.message : String(err)}`);
        results.push({ name: step.name, seconds, ok: false });
        return !step.stops;
      }
    }),
  );
  if (outcomes.includes(false)) break;
}

console.log('\nTime per step:');
for (const r of results) console.log(`${r.seconds.toFixed(1).padStart(8)} s  ${r.ok ? 'ok    ' : 'FAILED'}  ${r.name}`);
console.log(`${((Date.now() - runStarted) / 1000).toFixed(1).padStart(8)} s  total`);
const failed = results.filter((r) => !r.ok).length;
console.log(`at the start: ${speedAtStart}\nat the end:   ${machineSpeedLine()}`);
console.log(`\nsteps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
