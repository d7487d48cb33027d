// @ts-check
/**
 * Starts the real PocketBase binary with our hooks, migrations and built web app, on a given
 * port and data dir. Used by `npm start`, the server tests and the end-to-end tests.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, run } from './run.mjs';
import { PB_BIN } from '../build/build-steps.mjs';

/** A listener on 127.0.0.1 at `port` (0: a port the OS picks). @param {number} port @returns {Promise<net.Server>} */
function listenOn(port) {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(port, '127.0.0.1', () => resolve(srv));
  });
}

/**
 * Ports below Linux's ephemeral range (32768–60999 by default), which the OS never picks for a
 * listener on port 0 nor for an outgoing connection: the end-to-end servers take theirs here,
 * so the server tests run beside them (on ports the OS picks) can never be given one of them
 * between its choice and its server's start, nor during a restart.
 */
export const BELOW_EPHEMERAL = { from: 20_000, to: 32_000 };

/** A listener on a free port of `range`, tried at random. @param {{ from: number, to: number }} range @returns {Promise<net.Server>} */
async function listenInRange(range) {
  for (let tries = 0; tries < 200; tries++) {
    const port = range.from + Math.floor(Math.random() * (range.to - range.from));
    try {
      return await listenOn(port);
    } catch {
      /* taken: try another */
    }
  }
  throw new Error(`No free port between ${range.from} and ${range.to}`);
}

/**
 * `count` distinct free TCP ports on 127.0.0.1: all are held open until every one is known, so
 * none repeats. Free when returned; another process may still take one before it is used.
 * `range`: take them from that range (BELOW_EPHEMERAL) instead of letting the OS pick.
 * @param {number} count
 * @param {{ from: number, to: number }} [range]
 * @returns {Promise<number[]>}
 */
export async function freePorts(count, range) {
  /** @type {net.Server[]} */
  const servers = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await (range ? listenInRange(range) : listenOn(0)));
    return servers.map((srv) => {
      const addr = srv.address();
      return typeof addr === 'object' && addr ? addr.port : 0;
    });
  } finally {
    await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  }
}

/** A free TCP port on 127.0.0.1. @returns {Promise<number>} */
export async function freePort() {
  const [port] = await freePorts(1);
  return /** @type {number} */ (port);
}

/**
 * The `serve` arguments for a port and data dir. Hooks are reloaded on change only in
 * development (`watchHooks`): elsewhere a rebuild must never restart a running server.
 * @param {number} port
 * @param {string} dataDir
 * `publicDir` is the built web app to serve (default web/dist); `root` a checkout whose built
 * pb_hooks, pb_migrations and web/dist to serve instead of this one's (a bench's earlier build).
 * @param {{ watchHooks?: boolean, publicDir?: string, root?: string }} [opts]
 */
export function serveArgs(port, dataDir, opts = {}) {
  return [
    'serve',
    '--http',
    `127.0.0.1:${port}`,
    '--dir',
    dataDir,
    '--hooksDir',
    path.join(opts.root ?? ROOT, 'pb_hooks'),
    '--migrationsDir',
    path.join(opts.root ?? ROOT, 'pb_migrations'),
    '--publicDir',
    opts.publicDir ?? path.join(opts.root ?? ROOT, 'web', 'dist'),
    `--hooksWatch=${opts.watchHooks ? 'true' : 'false'}`,
    // PocketBase guesses "go run" (and logs every SQL query) when its binary sits in a temp
    // dir, as in a fresh clone under /tmp; only `npm run dev` wants that.
    `--dev=${opts.watchHooks ? 'true' : 'false'}`,
  ];
}

/** The data-dir flags of a PocketBase command run on `dataDir` with this checkout's migrations and hooks. */
const dirArgs = (/** @type {string} */ dataDir) => ['--dir', dataDir, '--migrationsDir', path.join(ROOT, 'pb_migrations'), '--hooksDir', path.join(ROOT, 'pb_hooks')];

/**
 * Creates or updates a superuser in a data dir (the server must not be running on it).
 * @param {string} dataDir
 * @param {string} email
 * @param {string} password
 */
export async function upsertSuperuser(dataDir, email, password) {
  mkdirSync(dataDir, { recursive: true });
  await run(PB_BIN, ['superuser', 'upsert', email, password, ...dirArgs(dataDir)], { quiet: true });
}

/**
 * Polls `url` until it answers 200 or `timeoutMs` passes.
 * @param {string} url
 * @param {number} timeoutMs
 */
export async function waitForHttp(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

/**
 * @typedef {{ url: string, port: number, dataDir: string, pid: number | undefined, stop: () => Promise<void>, crash: () => Promise<void>, output: () => string }} RunningServer
 * `crash` ends the process with SIGKILL (kill -9: no shutdown, as a power cut or the OOM killer);
 * `pid` is the server process's id (the benches read its memory).
 */

/**
 * Spawns a server command and waits until it says it listens (its start message) and
 * `${url}/api/health` answers 200; rejects if it exits first (e.g. its port was taken) or stays
 * silent for 60 s.
 * @param {{ bin: string, args: string[], cwd: string, url: string, port: number, dataDir: string, env?: NodeJS.ProcessEnv, log?: boolean, capture?: boolean }} opts
 *   `log` passes its stdout through; `capture` keeps stdout and stderr for `output()`
 *   (otherwise stderr is passed through).
 * @returns {Promise<RunningServer>}
 */
export async function spawnServer(opts) {
  const child = spawn(opts.bin, opts.args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errorTail = '';
  let banner = '';
  /** @type {() => void} */
  let onBound = () => {};
  // Our server prints its start message (pb/main.go printWelcome, after PocketBase's listener
  // holds the port) only once it listens: the health check alone could be answered by another
  // server that took the port first (a test run beside the end-to-end servers), and the tests
  // would then talk to the wrong server.
  const bound = new Promise((resolve) => (onBound = () => resolve(undefined)));
  child.stdout?.on('data', (d) => {
    if (opts.capture) output += d;
    else if (opts.log) process.stdout.write(d);
    banner = (banner + d).slice(-4096);
    if (banner.includes(' is running at ')) onBound();
  });
  child.stderr?.on('data', (d) => {
    if (opts.capture) output += d;
    else process.stderr.write(d);
    errorTail = (errorTail + d).slice(-4096);
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const silent = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`PocketBase did not say it started on ${opts.url} within 60 s`)), 60_000);
  });
  try {
    await Promise.race([
      Promise.all([bound, waitForHttp(`${opts.url}/api/health`, 60_000)]),
      silent,
      exited.then((code) => {
        // PocketBase prints a failure to serve (its port taken) on stdout.
        const said = output || `${banner}${errorTail}`;
        throw new Error(`PocketBase exited early with ${code}${said ? `:\n${said}` : ''}`);
      }),
    ]);
  } catch (err) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return {
    url: opts.url,
    port: opts.port,
    dataDir: opts.dataDir,
    pid: child.pid,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    crash: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Makes `dir` a template data dir: every migration applied and the superuser saved, as a fresh
 * server's first start would leave it (PocketBase's own tests copy a prepared data dir the same
 * way). A server started with `template: dir` begins from a copy, without migrating again: our
 * migrations (`migrate up`) take about a second of CPU, and `superuser upsert` alone applies
 * only PocketBase's own. No migration reads the clock, so one template serves every APP_NOW.
 * @param {string} dir
 * @param {{ email: string, password: string }} superuser
 */
export async function makeTemplateDataDir(dir, superuser) {
  mkdirSync(dir, { recursive: true });
  await run(PB_BIN, ['migrate', 'up', ...dirArgs(dir)], { quiet: true });
  await upsertSuperuser(dir, superuser.email, superuser.password);
}

/**
 * Starts our PocketBase build from the repository in the background and waits until it is healthy.
 * Replication is off (REPLICA_DIR=off) unless `env` sets REPLICA_DIR: a test's server would
 * otherwise leave a `<data dir>-replica` beside its temp data dir (docs/decisions/041).
 * `template` (made by makeTemplateDataDir) is copied into `dataDir` first, which must then be
 * new or empty: the server starts migrated, with the template's superuser.
 * `root`: serve another checkout's build (serveArgs).
 * @param {{ port?: number, dataDir: string, template?: string, publicDir?: string, root?: string, env?: Record<string, string>, superuser?: { email: string, password: string }, log?: boolean, capture?: boolean }} opts
 * @returns {Promise<RunningServer>}
 */
export async function startServer(opts) {
  mkdirSync(opts.dataDir, { recursive: true });
  if (opts.template) {
    if (readdirSync(opts.dataDir).length > 0) throw new Error(`${opts.dataDir} is not empty: a template is copied only into a new data dir`);
    cpSync(opts.template, opts.dataDir, { recursive: true });
  }
  if (opts.superuser) await upsertSuperuser(opts.dataDir, opts.superuser.email, opts.superuser.password);
  // A free port may be taken by another process before the server binds it: with a port of our
  // own choosing, try another (the port is checked free, not reserved).
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await freePort());
    try {
      return await spawnServer({
        bin: PB_BIN,
        args: serveArgs(port, opts.dataDir, { publicDir: opts.publicDir, root: opts.root }),
        cwd: ROOT,
        url: `http://127.0.0.1:${port}`,
        port,
        dataDir: opts.dataDir,
        env: { ...process.env, REPLICA_DIR: 'off', ...opts.env },
        log: opts.log,
        capture: opts.capture,
      });
    } catch (err) {
      if (opts.port !== undefined || attempt >= 3 || !String(err).includes('address already in use')) throw err;
    }
  }
}
