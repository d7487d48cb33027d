/**
 * GET /api/fn/admin-first-run (docs/decisions/059): the Overview's first-run checklist reads the
 * business's sender address (from MAIL_FROM) and whether a season has been saved. Its own server,
 * started with a sender, so the shared server's seasons and settings are untouched. Who may call
 * it: tests/server/admin-access.test.ts.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffToken } from './charge-fixtures';
import { startOwnServer, type OwnServer, type Server } from './own-server';
import { request } from './support';
import { SEASON_2027_DATES } from '../support/seasons.mjs';

describe("the admin's first-run facts", () => {
  let own: OwnServer;
  let server: Server;
  let su: PocketBase;
  let admin: string;

  beforeAll(async () => {
    // An SMTP host nobody answers on: nothing here sends mail; MAIL_FROM needs a host to apply.
    own = await startOwnServer('first-run', { SMTP_HOST: '127.0.0.1', SMTP_PORT: '9', MAIL_FROM: 'Thoughtfully Adorned <hello@thoughtfullyadorned.com>' });
    ({ server, su } = own);
    admin = await staffToken(su, 'admin');
  }, 60_000);

  afterAll(() => own?.stop());

  it('answers the sender address, and whether a season is saved, once one is', async () => {
    const facts = () => request({ base: server.url, route: '/api/fn/admin-first-run', token: admin });
    expect((await facts()).body).toEqual({ senderAddress: 'hello@thoughtfullyadorned.com', seasonSaved: false });
    await su.collection('seasons').create(SEASON_2027_DATES);
    expect((await facts()).body).toEqual({ senderAddress: 'hello@thoughtfullyadorned.com', seasonSaved: true });
  });
});
