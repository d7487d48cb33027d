/**
 * Renewals for the next season (domain/customers/renewals.ts; POST /api/fn/jobs/renewals, GET
 * /api/fn/renewal, POST /api/fn/unsubscribe): once the 2027 season's renewals open, every
 * customer of 2026 gets one renewal e-mail however often the job runs, restarts or races, none
 * goes to the unsubscribed or the already booked; the link opens the wizard's prefill and books
 * before public booking opens, one owner per slot. A server of its own with a frozen clock:
 * Monday, August 2, 2027 at noon in New York (renewals open August 1, public booking September 1,
 * early bird until August 31).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { stageBooking, staffToken } from './charge-fixtures';
import { bookingRequest, request, superuserAt, template } from './support';
import { SEASON_2027_RENEWALS as SEASON_2027 } from '../support/seasons.mjs';
import { RENEWAL_LINK_MESSAGES, renewalEndedMessage } from '../../domain/customers/renewals';

type Server = Awaited<ReturnType<typeof startServer>>;

const SUBJECT = 'Reserve your week again for Christmas 2027';

describe('renewals on August 2, 2027', () => {
  let server: Server;
  let su: PocketBase;
  let dataDir: string;
  let admin: string;
  let seasonId = '';

  const call = (method: 'GET' | 'POST', route: string, body?: unknown, token?: string) => request({ base: server.url, method, route, body, token });
  const runJob = () => call('POST', '/api/fn/jobs/renewals', {}, su.authStore.token);
  const renewalMails = () => su.collection('mail_log').getFullList({ filter: su.filter('subject = {:s}', { s: SUBJECT }), sort: 'to' });
  const perRecipient = async () => {
    const counts: Record<string, number> = {};
    for (const m of await renewalMails()) counts[m.to] = (counts[m.to] ?? 0) + 1;
    return counts;
  };
  const mailTo = async (to: string) => (await renewalMails()).find((m) => m.to === to)!;
  const reserveToken = (body: string) => /\/booking\?renewal=([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-renewals-'));
    server = await startServer({ dataDir, template: template(), env: { APP_NOW: '2027-08-02T16:00:00Z', RATE_LIMITS: 'off' } });
    su = await superuserAt(server.url);
    admin = await staffToken(su, 'admin');
    seasonId = (await su.collection('seasons').create({ ...SEASON_2027, renewals_open: '2027-08-03' })).id;
    const last = { install_date: '2026-11-24', removal_date: '2026-12-28', deposit_paid_at: '2026-11-01 15:00:00.000Z' };
    await stageBooking(su, { ...last, customer_name: 'Ann Lee', customer_email: 'Ann@Example.com', selected_addons: [{ id: 'stockings', quantity: 3, price: 9000 }] });
    await stageBooking(su, { ...last, customer_name: 'Bob Ray', customer_email: 'bob@example.com' });
    await stageBooking(su, { ...last, customer_name: 'Cy Unsub', customer_email: 'cy@example.com' });
    await stageBooking(su, { ...last, customer_name: 'Dee Booked', customer_email: 'dee@example.com' });
    await stageBooking(su, { customer_name: 'Dee Booked', customer_email: 'dee@example.com', install_date: '2027-11-20', removal_date: '2027-12-30' });
    await stageBooking(su, { ...last, customer_name: 'Eve Gone', customer_email: 'eve@example.com', status: 'cancelled', cancel_reason: 'customer_cancelled' });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('only a superuser runs the job, and only admins read renewals', async () => {
    expect((await call('POST', '/api/fn/jobs/renewals', {})).status).toBe(401);
    expect([401, 403]).toContain((await call('POST', '/api/fn/jobs/renewals', {}, admin)).status);
    expect((await call('GET', '/api/collections/renewals/records')).body.items).toEqual([]);
    const member = await staffToken(su, '');
    expect((await call('GET', '/api/collections/renewals/records', undefined, member)).body.items ?? []).toEqual([]);
    expect([401, 403]).toContain((await call('POST', '/api/fn/jobs/renewals', {}, member)).status);
    expect((await call('POST', '/api/collections/renewals/records', { email_key: 'x@example.com', season: 2027 }, admin)).status).toBe(403);
  });

  it('sends nothing before renewals open', async () => {
    expect((await runJob()).body).toEqual({ season: null, due: 0, queued: 0, skipped: 0 });
    await su.collection('seasons').update(seasonId, { renewals_open: SEASON_2027.renewals_open });
    expect(await perRecipient()).toEqual({});
  });

  it('a wrong unsubscribe token is a 404', async () => {
    const bad = await call('POST', '/api/fn/unsubscribe', { e: 'cy@example.com', t: 'A'.repeat(43) });
    expect(bad).toMatchObject({ status: 404, body: { message: 'This link is not valid.' } });
  });

  it('the job run twice, restarted and replayed sends one e-mail per returning customer, none to the already booked or cancelled', async () => {
    const first = await runJob();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ season: 2027, due: 3, queued: 3, skipped: 0 });
    expect((await runJob()).body).toEqual({ season: 2027, due: 0, queued: 0, skipped: 0 });
    await Promise.all([runJob(), runJob()]);
    expect(await perRecipient()).toEqual({ 'Ann@Example.com': 1, 'bob@example.com': 1, 'cy@example.com': 1 });
    const rows = await su.collection('renewals').getFullList({ sort: 'email_key' });
    expect(rows.map((r) => [r.email_key, r.season, r.proposed_install_date, r.proposed_install_slot, r.proposed_removal_date, r.proposed_removal_slot])).toEqual([
      ['ann@example.com', 2027, '2027-11-23', '9-15', '2027-12-27', '9-15'],
      ['bob@example.com', 2027, '2027-11-23', '9-15', '2027-12-27', '9-15'],
      ['cy@example.com', 2027, '2027-11-23', '9-15', '2027-12-27', '9-15'],
    ]);
    // The token is stored only as its SHA-256.
    const ann = await mailTo('Ann@Example.com');
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toBe(reserveToken(ann.body));
  });

  it('the renewal e-mail says last year’s choices, the proposed week and the early-bird price, with the one-click unsubscribe headers', async () => {
    const ann = await mailTo('Ann@Example.com');
    expect(ann.kind).toBe('renewal');
    expect(ann.body).toContain('Elevated Arbor');
    expect(ann.body).toContain('Stockings × 3');
    expect(ann.body).toContain('7 Holly Court, Columbia, MD 21044');
    expect(ann.body).toContain('Installation: Tuesday, November 23, 2027, 9 AM - 3 PM');
    expect(ann.body).toMatch(/Early-bird price: \$[\d,.]+ instead of \$[\d,.]+ when you book by Tuesday, August 31, 2027\./);
    expect(ann.body).toContain('Reserve my week again');
    expect(reserveToken(ann.body)).not.toBe('');
    expect(ann.headers['List-Unsubscribe']).toMatch(/^<http:\/\/[^>]+\/api\/fn\/unsubscribe\?e=ann%40example\.com&t=[A-Za-z0-9_-]{43}>$/);
    expect(ann.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(ann.body).toMatch(/\/unsubscribe\?e=ann%40example\.com&t=[A-Za-z0-9_-]{43}/);
  });

  it('the link opens the wizard’s prefill, its contact masked until the customer types their e-mail; a bad token is a 404', async () => {
    const token = reserveToken((await mailTo('Ann@Example.com')).body);
    // Last year's choices as they were booked…
    const lastYear = { packageSlug: 'elevated-arbor', treeSize: '7.5-9ft', addons: { stockings: 3 }, luxeFinish: false, removalRequested: false, extraTree: false, keepOrnaments: false };
    // …and the proposed week a year on, in the 2027 season, with its early-bird price.
    const proposed = { installDate: '2027-11-23', installSlot: '9-15', removalDate: '2027-12-27', removalSlot: '9-15', season: 2027 };
    const choices = { ...lastYear, ...proposed, earlyBird: { until: '2027-08-31', label: 'Early-bird price until Tuesday, August 31, 2027' } };
    const masked = await call('GET', `/api/fn/renewal?token=${token}`);
    expect(masked.status, JSON.stringify(masked.body)).toBe(200);
    expect(masked.body).toEqual({ ...choices, name: 'A••• L•••', email: 'A•••@E•••.com', phone: '•••-•••-••42', address: '••• (on file)', contactMasked: true });
    for (const secret of ['Ann Lee', 'Lee', 'ann@example.com', 'example', '555-0142', '0142', 'Holly', '21044']) expect(JSON.stringify(masked.body).toLowerCase()).not.toContain(secret.toLowerCase());

    expect(await call('POST', '/api/fn/renewal', { token, email: 'bob@example.com' })).toMatchObject({ status: 403, body: { message: RENEWAL_LINK_MESSAGES.wrongEmail } });
    expect(await call('POST', '/api/fn/renewal', { token })).toMatchObject({ status: 400, body: { message: RENEWAL_LINK_MESSAGES.emailMissing } });
    const full = await call('POST', '/api/fn/renewal', { token, email: ' ann@EXAMPLE.com ' });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body).toEqual({ ...choices, name: 'Ann Lee', email: 'Ann@Example.com', phone: '(410) 555-0142', address: '7 Holly Court, Columbia, MD 21044', contactMasked: false });
    expect(await call('POST', '/api/fn/renewal', { token: 'x'.repeat(43), email: 'ann@example.com' })).toMatchObject({ status: 404, body: { message: 'This link is not valid.' } });
    expect(await call('GET', `/api/fn/renewal?token=${'x'.repeat(43)}`)).toMatchObject({ status: 404, body: { message: 'This link is not valid.' } });
    expect((await call('GET', '/api/fn/renewal?token=short')).status).toBe(404);
  });

  it('none to the unsubscribed: the one-click POST of the e-mail’s header, idempotent', async () => {
    const cy = await mailTo('cy@example.com');
    const url = new URL(/^<(.+)>$/.exec(cy.headers['List-Unsubscribe'])![1]!);
    const oneClick = () => fetch(`${server.url}${url.pathname}${url.search}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect((await oneClick()).status).toBe(200);
    const at = (await su.collection('customers').getFirstListItem("email_key = 'cy@example.com'")).unsubscribed_at;
    expect(at).not.toBe('');
    expect((await oneClick()).status).toBe(200);
    expect((await su.collection('customers').getFirstListItem("email_key = 'cy@example.com'")).unsubscribed_at).toBe(at);
    // The page's JSON body works as well; a token for another key does not.
    const t = url.searchParams.get('t')!;
    expect((await call('POST', '/api/fn/unsubscribe', { e: 'cy@example.com', t })).status).toBe(200);
    expect((await call('POST', '/api/fn/unsubscribe', { e: 'bob@example.com', t })).status).toBe(404);

    // Cy's renewal, still queued when cy unsubscribed, is not sent; nor Bob's, who booked 2027 by
    // phone meanwhile; Ann's is (logged: no SMTP here).
    const phoned = await stageBooking(su, { customer_name: 'Bob Ray', customer_email: 'BOB@example.com', install_date: '2027-12-04', removal_date: '2027-12-30' });
    expect((await call('POST', '/api/fn/jobs/deliver-mail', {}, su.authStore.token)).status).toBe(200);
    expect((await renewalMails()).map((m) => [m.to, m.status])).toEqual([
      ['Ann@Example.com', 'logged'],
      ['bob@example.com', 'skipped'],
      ['cy@example.com', 'skipped'],
    ]);
    await su.collection('bookings').update(phoned.id, { status: 'cancelled', cancel_reason: 'customer_cancelled' });
  });

  it('a returning customer books before public opening with the link; two racing for one slot: one owner, 409 for the other', async () => {
    const annToken = reserveToken((await mailTo('Ann@Example.com')).body);
    const bobToken = reserveToken((await mailTo('bob@example.com')).body);
    const visit = { installDate: '2027-11-23', installTimeSlot: '9-15', removalDate: '2027-12-27', removalTimeSlot: '9-15' };
    const checkout = (email: string, renewalToken?: string) =>
      call('POST', '/api/fn/create-booking-checkout', { bookingData: bookingRequest({ ...visit, customerEmail: email }), ...(renewalToken ? { renewalToken } : {}) });

    const closed = await checkout('walkin@example.com');
    expect(closed).toMatchObject({ status: 409, body: { message: 'Booking for the 2027 season opens on Wednesday, September 1.' } });

    const [a, b] = await Promise.all([checkout('Ann@Example.com', annToken), checkout('bob@example.com', bobToken)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? a : b;
    const owners = await su.collection('bookings').getFullList({ filter: "install_date = '2027-11-23' && install_time_slot = '9-15' && status != 'cancelled'" });
    expect(owners.map((o) => o.id)).toEqual([won.body.bookingId]);

    // The server priced the early bird; paying the deposit sends a confirmation without List-Unsubscribe.
    const rec = await su.collection('bookings').getOne(won.body.bookingId);
    expect(rec.price_lines.some((l: { code: string }) => l.code === 'early-bird')).toBe(true);
    expect((await call('POST', '/api/fn/demo-checkout/pay', { sessionId: won.body.sessionId })).status).toBe(200);
    const confirmation = await su.collection('mail_log').getFirstListItem(su.filter('related_id = {:id} && kind = {:k}', { id: won.body.bookingId, k: 'booking_confirmation' }));
    expect(confirmation.headers ?? {}).toEqual({});
  });

  it('a customer who unsubscribed before their first renewal gets none; one staged at the same time does', async () => {
    const secret = (await su.collection('server_secrets').getFirstListItem("key = 'manage_links'")).value as string;
    const t = createHmac('sha256', secret).update('unsubscribe:fay@example.com').digest('base64url');
    const last = { install_date: '2026-12-05', removal_date: '2027-01-09', deposit_paid_at: '2026-11-01 15:00:00.000Z' };
    await stageBooking(su, { ...last, customer_name: 'Fay Quiet', customer_email: 'fay@example.com' });
    await stageBooking(su, { ...last, customer_name: 'Gus New', customer_email: 'gus@example.com' });
    expect((await call('POST', '/api/fn/unsubscribe', { e: 'FAY@example.com ', t })).status).toBe(200);
    expect((await runJob()).body).toEqual({ season: 2027, due: 1, queued: 1, skipped: 0 });
    const counts = await perRecipient();
    expect(counts['fay@example.com']).toBeUndefined();
    expect(counts['gus@example.com']).toBe(1);
    expect(counts['dee@example.com']).toBeUndefined();
    expect(counts['eve@example.com']).toBeUndefined();
    // The job made gus a customers row with the booking's contact; fay's came from the unsubscribe.
    expect(await su.collection('customers').getFirstListItem("email_key = 'gus@example.com'")).toMatchObject({ name: 'Gus New', unsubscribed_at: '' });
    expect(await su.collection('customers').getFirstListItem("email_key = 'fay@example.com'")).toMatchObject({ name: 'Fay Quiet' });
  });

  it('erasing a customer takes their renewal: its key goes and its link stops opening', async () => {
    const token = reserveToken((await mailTo('bob@example.com')).body);
    expect((await call('GET', `/api/fn/renewal?token=${token}`)).status).toBe(200);
    const erased = await request({
      base: server.url,
      method: 'POST',
      route: '/api/fn/admin-customers/erase',
      body: { email: 'bob@example.com', confirm: 'bob@example.com' },
      token: admin,
      headers: { 'Idempotency-Key': `erase-renewal-${Date.now()}` },
    });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.counts.renewals).toBe(1);
    expect((await su.collection('renewals').getFullList()).some((r) => r.email_key === 'bob@example.com')).toBe(false);
    expect((await call('GET', `/api/fn/renewal?token=${token}`)).status).toBe(404);
    // The erased bookings are nobody's to renew.
    expect((await runJob()).body).toMatchObject({ due: 0, queued: 0 });
  });

  it('one renewal link books before public opening for its own customer only, once; strangers are refused with a sentence; it ends when public booking opens', async () => {
    const token = reserveToken((await mailTo('gus@example.com')).body);
    expect(token).not.toBe('');
    const visit = { installDate: '2027-11-26', installTimeSlot: '9-15', removalDate: '2027-12-28', removalTimeSlot: '9-15' };
    const checkout = (email: string, over: Record<string, unknown> = {}) =>
      call('POST', '/api/fn/create-booking-checkout', {
        bookingData: bookingRequest({ ...visit, customerEmail: email, ...over }),
        renewalToken: token,
        wizardId: `wizard-${email.replace(/\W/g, '-')}`,
      });

    const strangers = await Promise.all(['mallory@example.com', 'trent@example.com', 'eve.other@example.com', 'oscar@example.com'].map((e) => checkout(e)));
    for (const res of strangers) expect(res).toMatchObject({ status: 403, body: { message: RENEWAL_LINK_MESSAGES.otherCustomer } });

    const own = await checkout(' GUS@example.com');
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await su.collection('renewals').getFirstListItem("email_key = 'gus@example.com'")).used_by).toBe(own.body.bookingId);
    // Used up: a second checkout from another wizard, for another day, is refused while the first booking holds.
    const again = await call('POST', '/api/fn/create-booking-checkout', {
      bookingData: bookingRequest({ ...visit, installDate: '2027-11-27', customerEmail: 'gus@example.com' }),
      renewalToken: token,
      wizardId: 'another-tab-1',
    });
    expect(again).toMatchObject({ status: 409, body: { message: RENEWAL_LINK_MESSAGES.used } });
    expect((await call('POST', '/api/fn/demo-checkout/pay', { sessionId: own.body.sessionId })).status).toBe(200);
    expect(await checkout('gus@example.com', { installDate: '2027-11-28' })).toMatchObject({ status: 409, body: { message: RENEWAL_LINK_MESSAGES.used } });
    const booked = await su.collection('bookings').getFullList({ filter: "customer_email ~ 'gus@example.com' && install_date >= '2027-01-01'" });
    expect(booked.map((b) => b.id)).toEqual([own.body.bookingId]);

    // Public booking opens on September 1: the link answers that it has ended (a checkout needs no token then).
    const annToken = reserveToken((await mailTo('Ann@Example.com')).body);
    await server.stop();
    server = await startServer({ dataDir, env: { APP_NOW: '2027-09-01T16:00:00Z', RATE_LIMITS: 'off' } });
    const ended = renewalEndedMessage(2027);
    expect(await call('GET', `/api/fn/renewal?token=${annToken}`)).toMatchObject({ status: 410, body: { message: ended } });
    expect(await call('POST', '/api/fn/renewal', { token: annToken, email: 'ann@example.com' })).toMatchObject({ status: 410, body: { message: ended } });
  }, 60_000);
});
