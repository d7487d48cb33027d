// @ts-check
/**
 * The self-contained release `npm run build` leaves in release/ (docs/architecture.md reading 14,
 * docs/decisions/014-production.md): everything the server needs, runnable from any directory
 * without Node or the repository. The binary finds its parts beside itself (pb/layout.go):
 *
 *   release/pocketbase         our PocketBase build
 *   release/pb_hooks/          the compiled hooks (*.pb.js; lib/: app.js, date-reads.js, server-env.js)
 *   release/pb_migrations/     every migration, and helpers/ (the frozen modules they require,
 *                              docs/decisions/067-frozen-migration-helpers.md)
 *   release/pb_public/         the web app (web/dist, prerendered pages included)
 *   release/deploy/            the systemd unit and the production environment template
 *   release/README.md, VERSION
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/run.mjs';

export const RELEASE_DIR = path.join(ROOT, 'release');

/** The files of `dir` whose names match `pattern` (not recursive). */
const filesOf = (/** @type {string} */ dir, /** @type {RegExp} */ pattern) => readdirSync(dir).filter((f) => pattern.test(f));

/**
 * Assembles the release from the build output (bin/pocketbase, pb_hooks, web/dist) into `dest`,
 * replacing what was there.
 * @param {string} [dest]
 */
export function buildRelease(dest = RELEASE_DIR) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(path.join(dest, 'pb_hooks', 'lib'), { recursive: true });
  copyFileSync(path.join(ROOT, 'bin', 'pocketbase'), path.join(dest, 'pocketbase'));
  chmodSync(path.join(dest, 'pocketbase'), 0o755);
  for (const f of filesOf(path.join(ROOT, 'pb_hooks'), /\.pb\.js$/)) copyFileSync(path.join(ROOT, 'pb_hooks', f), path.join(dest, 'pb_hooks', f));
  for (const f of filesOf(path.join(ROOT, 'pb_hooks', 'lib'), /\.js$/)) copyFileSync(path.join(ROOT, 'pb_hooks', 'lib', f), path.join(dest, 'pb_hooks', 'lib', f));
  mkdirSync(path.join(dest, 'pb_migrations'));
  for (const f of filesOf(path.join(ROOT, 'pb_migrations'), /\.js$/)) copyFileSync(path.join(ROOT, 'pb_migrations', f), path.join(dest, 'pb_migrations', f));
  cpSync(path.join(ROOT, 'pb_migrations', 'helpers'), path.join(dest, 'pb_migrations', 'helpers'), { recursive: true });
  // .vite/ holds the build's records (manifest, prerender report), not the site.
  const webDist = path.join(ROOT, 'web', 'dist');
  cpSync(webDist, path.join(dest, 'pb_public'), { recursive: true, filter: (src) => path.relative(webDist, src).split(path.sep)[0] !== '.vite' });
  cpSync(path.join(ROOT, 'deploy'), path.join(dest, 'deploy'), { recursive: true });
  copyFileSync(path.join(ROOT, 'README.md'), path.join(dest, 'README.md'));
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() || 'unknown';
  writeFileSync(path.join(dest, 'VERSION'), `${version} (${commit}), built ${new Date().toISOString()}\n`);
}
