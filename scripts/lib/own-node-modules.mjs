// @ts-check
/**
 * The test runs refuse a `node_modules` shared with another checkout (a symlink, or a folder
 * that resolves elsewhere): a suite run while another checkout installs or builds into the same
 * folder fails at random, which reads as a flaky test.
 */
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * Throws an Error with a plain sentence when `root/node_modules` is missing, a symlink, or not
 * inside `root`.
 * @param {string} root the checkout's root folder
 */
export function assertOwnNodeModules(root) {
  const dir = path.join(root, 'node_modules');
  let stat;
  try {
    stat = lstatSync(dir);
  } catch {
    throw new Error(`${dir} is missing: run \`npm ci\` in this checkout first.`);
  }
  if (stat.isSymbolicLink() || realpathSync(dir) !== path.join(realpathSync(root), 'node_modules')) {
    throw new Error(`${dir} is shared with another checkout (it is a link to ${realpathSync(dir)}): give this checkout its own with \`npm ci\`.`);
  }
}
