// @ts-check
/**
 * A Vitest reporter that prints the 10 slowest test files of the run (each file's own duration,
 * setup and collection included), beside the default reporter.
 */
import { slowestFiles } from './slowest.mjs';

export default class SlowestFilesReporter {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} modules */
  onTestRunEnd(modules) {
    const files = modules.map((m) => {
      const d = m.diagnostic();
      return { file: m.relativeModuleId, ms: d.duration + d.setupDuration + d.collectDuration + d.prepareDuration };
    });
    if (files.length) console.log(`\n${slowestFiles('Vitest', files)}`);
  }
}
