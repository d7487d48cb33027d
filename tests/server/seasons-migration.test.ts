import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { PB_BIN } from '../../scripts/build/build-steps.mjs';
import { superuserAt, template } from './support';

/**
 * Migration 1732000710_seasons.js: an existing `settings` `season` override becomes the
 * `seasons` record of its year (the missing windows from the pattern), and the old key stays.
 * The migration is reverted and applied again on a data dir whose override was set.
 */
it('carries the settings override into a seasons record', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-seasons-mig-'));
  let server = await startServer({ dataDir, template: template(), env: { APP_NOW: '2026-11-20T17:00:00Z', RATE_LIMITS: 'off' } });
  let su = await superuserAt(server.url);
  const row = await su.collection('settings').getFirstListItem("key='season'");
  await su.collection('settings').update(row.id, { value: { removal: { start: '2026-12-27', end: '2027-02-20' } } });
  await server.stop();
  const args = ['--dir', dataDir, '--migrationsDir', path.resolve('pb_migrations'), '--hooksDir', path.resolve('pb_hooks')];
  // Down to and including the seasons migration: the ones after it are reverted first (and applied again on start).
  const down = readdirSync(path.resolve('pb_migrations')).filter((f) => f.endsWith('.js') && f >= '1732000710_seasons.js').length;
  execFileSync(PB_BIN, ['migrate', 'down', String(down), ...args], { input: 'y\n' });
  server = await startServer({ dataDir, port: server.port, env: { APP_NOW: '2026-11-20T17:00:00Z', RATE_LIMITS: 'off' } });
  su = await superuserAt(server.url);
  const seasons = await su.collection('seasons').getFullList();
  expect(seasons).toHaveLength(1);
  expect(seasons[0]).toMatchObject({ year: 2026, removal_start: '2026-12-27', removal_end: '2027-02-20', install_start: '2026-11-16', install_end: '2026-12-23' });
  expect((await su.collection('settings').getFirstListItem("key='season'")).value).toEqual({ removal: { start: '2026-12-27', end: '2027-02-20' } });
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 120_000);
