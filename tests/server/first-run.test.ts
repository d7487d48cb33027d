/**
 * GET /api/fn/admin-first-run (docs/decisions/059): the Overview's first-run checklist reads the
 * business's sender address (from MAIL_FROM) and whether a season has been saved. Its own server,
 * started with a sender, so the shared server's seasons and settings are untouched. Who may call
 * it: tests/server/admin-access.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ownServerHooks } from './own-server';
import { request } from './support';
import { SEASON_2027_DATES } from '../support/seasons.mjs';

describe("the admin's first-run facts", () => {
  // An SMTP host nobody answers on: nothing here sends mail; MAIL_FROM needs a host to apply.
  const own = ownServerHooks('first-run', { SMTP_HOST: '127.0.0.1', SMTP_PORT: '9', MAIL_FROM: 'Thoughtfully Adorned <hello@thoughtfullyadorned.com>' }, { admin: true });

  it('answers the sender address, and whether a season is saved, once one is', async () => {
    const facts = () => request({ base: own.server.url, route: '/api/fn/admin-first-run', token: own.admin });
    expect((await facts()).body).toEqual({ senderAddress: 'hello@thoughtfullyadorned.com', seasonSaved: false });
    await own.su.collection('seasons').create(SEASON_2027_DATES);
    expect((await facts()).body).toEqual({ senderAddress: 'hello@thoughtfullyadorned.com', seasonSaved: true });
  });
});
