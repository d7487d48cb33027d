/**
 * GET /api/fn/admin-first-run (docs/decisions/059): the Overview's first-run checklist reads the
 * business's sender address (from MAIL_FROM) and whether a season has been saved. Its own server,
 * started with a sender, so the shared server's seasons and settings are untouched. Who may call
 * it: tests/server/admin-access.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { staffToken } from './charge-fixtures';
import { request, superuserAt, template } from './support';
import { SEASON_2027_DATES } from '../support/seasons.mjs';

describe("the admin's first-run facts", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let su: PocketBase;
  let dataDir: string;
  let admin: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-first-run-'));
    // An SMTP host nobody answers on: nothing here sends mail; MAIL_FROM needs a host to apply.
    const env = { APP_NOW: '2026-11-20T17:00:00Z', RATE_LIMITS: 'off', SMTP_HOST: '127.0.0.1', SMTP_PORT: '9', MAIL_FROM: 'Thoughtfully Adorned <hello@thoughtfullyadorned.com>' };
    server = await startServer({ dataDir, template: template(), env });
    su = await superuserAt(server.url);
    admin = await staffToken(su, 'admin');
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the sender address, and whether a season is saved, once one is', async () => {
    const facts = () => request({ base: server.url, route: '/api/fn/admin-first-run', token: admin });
    expect((await facts()).body).toEqual({ senderAddress: 'hello@thoughtfullyadorned.com', seasonSaved: false });
    await su.collection('seasons').create(SEASON_2027_DATES);
    expect((await facts()).body).toEqual({ senderAddress: 'hello@thoughtfullyadorned.com', seasonSaved: true });
  });
});
