// @ts-check
/**
 * A Playwright reporter that prints the 10 slowest spec files of the run (the sum of their
 * tests' durations, retries included), beside the list reporter.
 */
import path from 'node:path';
import { slowestFiles } from './slowest.mjs';

export default class SlowestFilesReporter {
  /** @type {Map<string, number>} */
  #ms = new Map();

  /**
   * @param {import('@playwright/test/reporter').TestCase} test
   * @param {import('@playwright/test/reporter').TestResult} result
   */
  onTestEnd(test, result) {
    const file = path.relative(process.cwd(), test.location.file);
    this.#ms.set(file, (this.#ms.get(file) ?? 0) + result.duration);
  }

  onEnd() {
    const files = [...this.#ms].map(([file, ms]) => ({ file, ms }));
    if (files.length) console.log(`\n${slowestFiles('Playwright', files)}`);
  }

  printsToStdio() {
    return false;
  }
}
