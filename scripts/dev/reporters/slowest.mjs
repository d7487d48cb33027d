// @ts-check
/**
 * The slowest-files table both test reporters print at the end of a run, so the next slowdown
 * is seen the day it comes (`npm test`, scripts/dev/test.mjs).
 */

/**
 * Formats the `count` slowest files as lines `  12.3 s  path`, slowest first.
 * @param {string} title
 * @param {{ file: string, ms: number }[]} files durations in milliseconds
 * @param {number} [count]
 * @returns {string}
 */
export function slowestFiles(title, files, count = 10) {
  const top = [...files].sort((a, b) => b.ms - a.ms).slice(0, count);
  const lines = top.map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
  return [`${title}: the ${top.length} slowest of ${files.length} files`, ...lines].join('\n');
}
