// @ts-check
/** Process helpers for the build, start and test scripts (no shell: arguments are passed as-is). */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs a command with inherited output; resolves when it exits 0, rejects otherwise.
 * `held` keeps the command's output (stdout and stderr, in order) and prints it in one block
 * when the command ends, so it does not interleave with a command run beside it.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, quiet?: boolean, held?: boolean }} [opts]
 * @returns {Promise<string>} the captured stdout when `quiet`, else ''
 */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? ROOT,
      env: opts.env ?? process.env,
      stdio: opts.quiet || opts.held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let out = '';
    let err = '';
    /** @type {Buffer[]} */
    const held = [];
    if (opts.held) {
      child.stdout?.on('data', (d) => held.push(d));
      child.stderr?.on('data', (d) => held.push(d));
    } else {
      child.stdout?.on('data', (d) => (out += d));
      child.stderr?.on('data', (d) => (err += d));
    }
    child.on('error', reject);
    const closed = new Promise((r) => child.on('close', r));
    child.on('exit', async (code) => {
      // The last of the output may arrive after the exit: wait for the pipes to close, but not
      // for a process the command left behind holding them.
      if (opts.quiet || opts.held) await Promise.race([closed, new Promise((r) => setTimeout(r, 2000))]);
      if (opts.held) process.stdout.write(Buffer.concat(held));
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}${err ? `\n${err}` : ''}`));
    });
  });
}

/**
 * Path of the npm-installed binary `name` (node_modules/.bin).
 * @param {string} name
 */
export function bin(name) {
  return path.join(ROOT, 'node_modules', '.bin', name);
}
