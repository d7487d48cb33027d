/**
 * One stable manage link per booking (docs/decisions/027; pb_hooks/src/lib/my-booking/
 * manage-links.ts): the link of the first e-mail keeps working after a move, an added removal
 * and a receipt, and shows a cancelled booking read-only; it expires 30 days after the last
 * visit, following the visits; the owner's "Send a fresh link" ends it (admins only); the
 * customer's "E-mail me my link" answers one sentence for known and unknown addresses, e-mails
 * the links once queued mail is delivered, and is limited per address; a stale `from` is
 * refused; mail_log keeps no token once sent. Its own server with an SMTP sink, demo mode,
 * the clock frozen at 2026-11-20 12:00 in New York (SERVER_NOW, through mail-server.ts).
 */
import { createHash } from 'node:crypto';
import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { SELF_SERVICE_MESSAGES as M } from '../../domain/booking/self-service';
import { MANAGE_LINK_MESSAGES } from '../../domain/commands/manage-link-commands';
import { expectNoRead } from './admin-fixtures';
import { bookingRequest, request } from './support';
import { mailServerHooks } from './mail-server';

/** The file's own server with mail, an admin and a staff member (mail-server.ts). */
const srv = mailServerHooks('stable-link');

const post = (route: string, body: unknown, token: string | null = null, headers: Record<string, string> = {}) => request({ base: srv.server.url, route, body, token, headers });
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');
const TOKEN = /\/my-booking\?token=([A-Za-z0-9_-]{43})/;

let n = 0;
/** A paid demo booking of `email` with `over`, and the token of its confirmation as the customer received it. */
async function paid(over: Record<string, unknown> = {}) {
  const email = `stable.${++n}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await post('/api/fn/create-booking-checkout', { bookingData: bookingRequest({ customerEmail: email, installDate: '2026-12-04', ...over }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await post('/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId })).status).toBe(200);
  const mail = await srv.sink.waitFor((m) => JSON.stringify(m.to).includes(email) && /Your booking is confirmed|confirm/i.test(m.subject ?? '') && TOKEN.test(m.text ?? ''));
  return { id: res.body.bookingId as string, email, token: TOKEN.exec(mail.text ?? '')![1]! };
}

const view = (token: string) => post('/api/fn/my-booking', { token });
/** Every token the sink received for `email`, in order. */
const tokensMailedTo = (email: string) => srv.sink.messages.filter((m) => JSON.stringify(m.to).includes(email)).flatMap((m) => [...(m.text ?? '').matchAll(new RegExp(TOKEN, 'g'))].map((x) => x[1]!));
const deliverMail = () => post('/api/fn/jobs/deliver-mail', {}, srv.su.authStore.token);
const linksOf = (id: string) => srv.su.collection('booking_links').getFullList({ filter: srv.su.filter('booking = {:id}', { id }), sort: 'created_at' });

describe('the link of the first e-mail', () => {
  it('keeps working after a move, an added removal and a receipt; every e-mail carries it; its expiry follows the last visit', async () => {
    const noRemoval = { packageType: 'adorned-arrangement', removalDate: null, removalTimeSlot: null, selectedAddons: ['ornament-boost'] };
    const { id, email, token } = await paid(noRemoval);
    expect((await linksOf(id)).map((l) => [l.token_hash, l.expires_at])).toEqual([[sha256(token), '2027-01-04 05:00:00.000Z']]);

    const moved = await post('/api/fn/my-booking/move', { token, visit: 'install', date: '2026-12-05', timeSlot: '9-15', from: { date: '2026-12-04', timeSlot: '9-15' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await view(token)).body.install).toMatchObject({ date: '2026-12-05' });

    // Free with the ornament boost: booked at once; the link now lives until 30 days after the removal.
    const added = await post('/api/fn/my-booking/add-removal', { token, date: '2027-01-12', timeSlot: '9-15', from: { date: '', timeSlot: '' } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await view(token)).body.removal).toMatchObject({ date: '2027-01-12' });
    expect((await linksOf(id)).map((l) => [l.expires_at, l.revoked_at])).toEqual([['2027-02-12 05:00:00.000Z', '']]);

    // Demo mode: 'Pay online' opens the demo payment page, paid there as a customer would.
    const paidBalance = await post('/api/fn/my-booking/pay-balance', { token });
    expect(paidBalance.status, JSON.stringify(paidBalance.body)).toBe(200);
    const sessionId = new URL(paidBalance.body.url as string).searchParams.get('session_id')!;
    expect((await post('/api/fn/demo-checkout/pay', { sessionId })).status).toBe(200);
    await srv.sink.waitFor((m) => JSON.stringify(m.to).includes(email) && /Receipt: Balance/.test(m.subject ?? ''));
    expect((await view(token)).body).toMatchObject({ balanceCents: 0, install: { date: '2026-12-05' } });

    // The confirmation, the deposit's receipt, both change letters and the balance's receipt: one link.
    const mailed = tokensMailedTo(email);
    expect(mailed.length).toBeGreaterThanOrEqual(5);
    expect(new Set(mailed)).toEqual(new Set([token]));
    expect(await linksOf(id)).toHaveLength(1);
  });

  it('shows a cancelled booking read-only, and a stale cancel changes nothing', async () => {
    const { id, token } = await paid({ installDate: '2026-12-11', removalDate: '2026-12-29' });
    const stale = await post('/api/fn/my-booking/cancel', { token, from: { date: '2026-12-04', timeSlot: '9-15' } });
    expect(stale).toMatchObject({ status: 409, body: { message: M.staleRequest } });
    expect((await srv.su.collection('bookings').getOne(id)).status).toBe('confirmed');

    expect((await post('/api/fn/my-booking/cancel', { token, from: { date: '2026-12-11', timeSlot: '9-15' } })).status).toBe(200);
    const shown = await view(token);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ status: 'cancelled', options: { moveInstall: false, moveRemoval: false, cancel: false, payBalance: false, addRemoval: false } });
    expect((await post('/api/fn/my-booking/move', { token, visit: 'install', date: '2026-12-12', timeSlot: '9-15' })).status).toBe(409);
  });

  it('stops 30 days after the last visit: a removal moved later extends it, and past it the link is dead', async () => {
    const { id, token } = await paid({ installDate: '2026-12-18', removalDate: '2026-12-30' });
    expect((await linksOf(id))[0]!.expires_at).toBe('2027-01-30 05:00:00.000Z');
    const later = await post('/api/fn/my-booking/move', { token, visit: 'removal', date: '2027-01-13', timeSlot: '9-15', from: { date: '2026-12-30', timeSlot: '9-15' } });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const [link] = await linksOf(id);
    expect(link!.expires_at).toBe('2027-02-13 05:00:00.000Z');
    // The server's clock is frozen; the expiry is moved to before it instead.
    await srv.su.collection('booking_links').update(link!.id, { expires_at: '2026-11-20 16:59:59.000Z' });
    expect(await view(token)).toMatchObject({ status: 404, body: { message: M.invalidLink } });
  });

  it("answers a move before its e-mails are sent: the customer's page never waits on the mail server, and both e-mails follow", async () => {
    const { id, email, token } = await paid({ customerName: 'Mo Ahead', installDate: '2026-11-28', removalDate: '2027-01-09' });
    const reference = `TA-${id.slice(0, 8).toUpperCase()}`;
    const aboutTheMove = () => srv.sink.messages.filter((m) => (m.subject ?? '') === `Your installation has moved (${reference})` || (m.subject ?? '').startsWith('Moved by the customer: Mo Ahead'));
    // A mail server slow to greet: each e-mail of the move is held this long.
    srv.sink.setGreetingDelay(3_000);
    try {
      const moved = await post('/api/fn/my-booking/move', { token, visit: 'install', date: '2026-12-01', timeSlot: '9-15', from: { date: '2026-11-28', timeSlot: '9-15' } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      // The whole answer, the booking as moved, while neither e-mail has reached the mail server yet.
      expect(moved.body).toMatchObject({ moved: true, view: { install: { date: '2026-12-01', timeSlot: '9-15' } } });
      expect(aboutTheMove()).toEqual([]);
      // Then the customer's and the owner's, each once.
      await srv.sink.waitFor(() => aboutTheMove().length === 2, 20_000);
    } finally {
      srv.sink.setGreetingDelay(0);
    }
    expect(aboutTheMove().filter((m) => JSON.stringify(m.to).includes(email))).toHaveLength(1);
    expect((await srv.su.collection('mail_log').getFullList({ filter: srv.su.filter('related_id = {:id} && status = "queued"', { id }) })).map((r) => r.subject)).toEqual([]);
  }, 40_000);
});

describe('the secret the links are derived from', () => {
  it('is readable by the hooks and superusers only: anonymous, staff and the srv.admin can neither list nor view it', async () => {
    const [row] = await srv.su.collection('server_secrets').getFullList({ filter: "key = 'manage_links'" });
    expect(row!.value).toMatch(/^.{64}$/);
    const anonymous = new PocketBase(srv.server.url);
    for (const pb of [anonymous, srv.member.pb, srv.admin.pb]) await expectNoRead(pb, 'server_secrets', row!.id);
  });
});

describe("the owner's 'Send a fresh link'", () => {
  const send = (bookingId: string, token: string | null, key = `fresh-${Math.random()}`) => post('/api/fn/admin-bookings/send-link', { bookingId }, token, { 'Idempotency-Key': key });

  it('is for admins only: anonymous 401, staff 403, and neither ends the link', async () => {
    const { id, token } = await paid({ installDate: '2026-12-13', removalDate: '2026-12-31' });
    expect((await send(id, null)).status).toBe(401);
    expect((await send(id, srv.member.token)).status).toBe(403);
    expect((await view(token)).status).toBe(200);
  });

  it('ends the old token at once, e-mails the new one (sent once for a retried key), and mail_log keeps no token', async () => {
    const { id, email, token } = await paid({ installDate: '2026-12-15', removalDate: '2027-01-02' });
    const key = `fresh-${id}`;
    const both = await Promise.all([send(id, srv.admin.token, key), send(id, srv.admin.token, key)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0]!.body).toEqual({ sent: true, email });
    expect(await view(token)).toMatchObject({ status: 404, body: { message: M.invalidLink } });

    const mail = await srv.sink.waitFor((m) => JSON.stringify(m.to).includes(email) && /Your new booking link/.test(m.subject ?? ''));
    const fresh = TOKEN.exec(mail.text ?? '')![1]!;
    expect(fresh).not.toBe(token);
    expect((await view(fresh)).body).toMatchObject({ status: 'confirmed', install: { date: '2026-12-15' } });
    expect((await srv.su.collection('bookings').getOne(id)).link_version).toBe(1);
    const links = await linksOf(id);
    expect(links.filter((l) => !l.revoked_at).map((l) => l.token_hash)).toEqual([sha256(fresh)]);

    const rows = await srv.su.collection('mail_log').getFullList({ filter: srv.su.filter("related_id = {:id} && kind = 'manage_link'", { id }) });
    expect(rows.map((r) => r.status)).toEqual(['sent']);
    expect(`${rows[0]!.body}${rows[0]!.html}`).not.toContain(fresh);
    expect(rows[0]!.body).toContain('/my-booking?token=removed-after-sending');
    const history = await srv.su.collection('job_events').getFullList({ filter: srv.su.filter("booking = {:id} && kind = 'owner_change'", { id }) });
    expect(history.map((h) => h.text)).toEqual([`Sent a fresh manage link to ${email}; the earlier link no longer works.`]);
  });

  it('answers 404 for no such booking and needs a key', async () => {
    expect(await send('nosuchbooking00', srv.admin.token)).toMatchObject({ status: 404, body: { message: MANAGE_LINK_MESSAGES.notFound } });
    expect((await post('/api/fn/admin-bookings/send-link', { bookingId: 'x' }, srv.admin.token)).status).toBe(400);
  });
});

describe("the customer's 'E-mail me my link'", () => {
  const ask = (email: unknown) => post('/api/fn/my-booking/send-link', { email });

  it('answers the same for a known and an unknown address; the known one gets its link once the outbox delivers', async () => {
    const { email, token } = await paid({ installDate: '2026-12-22', removalDate: '2027-01-06' });
    const known = await ask(email.toUpperCase());
    const unknown = await ask('nobody.booked@example.com');
    expect(known).toEqual({ status: 200, body: { message: MANAGE_LINK_MESSAGES.requested } });
    expect(unknown).toEqual(known);
    expect((await ask('not an address')).status).toBe(400);

    // Queued, not sent before the answer: the deliver-mail job sends it.
    const queued = await srv.su.collection('mail_log').getFullList({ filter: srv.su.filter("kind = 'manage_link_request' && to = {:to}", { to: email }) });
    expect(queued.map((r) => r.status)).toEqual(['queued']);
    expect(await srv.su.collection('mail_log').getFullList({ filter: "kind = 'manage_link_request' && to = 'nobody.booked@example.com'" })).toHaveLength(0);
    expect((await deliverMail()).status).toBe(200);
    const mail = await srv.sink.waitFor((m) => JSON.stringify(m.to).includes(email) && /Your booking link/.test(m.subject ?? ''));
    expect(TOKEN.exec(mail.text ?? '')![1]).toBe(token);
    const [row] = await srv.su.collection('mail_log').getFullList({ filter: srv.su.filter("kind = 'manage_link_request' && to = {:to}", { to: email }) });
    expect(row!.status).toBe('sent');
    expect(`${row!.body}${row!.html}`).not.toContain(token);
  });

  it('e-mails an address at most 3 times an hour, with the same answer after that', async () => {
    const { email } = await paid({ installDate: '2026-12-20', removalDate: '2027-01-05' });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask(email));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const rows = await srv.su.collection('mail_log').getFullList({ filter: srv.su.filter("kind = 'manage_link_request' && to = {:to}", { to: email }) });
    expect(rows).toHaveLength(3);
  });
});
