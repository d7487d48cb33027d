/**
 * A consultation's own manage link (consultations/consultation-links.ts; the rules are
 * domain/commands/consultation-manage-command.ts): derived as a booking's is but under its own
 * kind, stored as a hash in consultation_links, valid until 7 days after the consultation
 * (following a move). Through it the customer sees the consultation, moves it to another free
 * Wednesday slot (the same sentences as a new request) or cancels it (the slot freed, the owner
 * e-mailed); a stale `from` changes nothing; a booking's token opens no consultation and a
 * consultation's token no booking; without a valid token nothing personal is answered. Its own
 * server with an SMTP sink, demo mode, the clock frozen at 2026-11-20 12:00 in New York.
 */
import { createHash, createHmac } from 'node:crypto';
import PocketBase from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { SELF_SERVICE_MESSAGES } from '../../domain/booking/self-service';
import { CONSULTATION_SLOT_TAKEN, UNKNOWN_CONSULTATION_SLOT } from '../../domain/consultations/consultation';
import { MY_CONSULTATION_MESSAGES as M } from '../../domain/consultations/consultation-link';
import { expectNoRead } from './admin-fixtures';
import { consultationRequest } from './review-fixtures';
import { bookingRequest, request } from './support';
import { mailServerHooks } from './mail-server';

/** The file's own server with mail, an admin and a staff member (mail-server.ts). */
const srv = mailServerHooks('my-consultation');
let secret = '';

beforeAll(async () => {
  const [row] = await srv.su.collection('server_secrets').getFullList({ filter: "key = 'manage_links'" });
  secret = row!.value as string;
});

const post = (route: string, body: unknown, token: string | null = null) => request({ base: srv.server.url, route, body, token });
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');
/** The token the server derives for `message` (HMAC-SHA256 under the links' secret, 43 base64url characters). */
const derived = (message: string) => createHmac('sha256', secret).update(message).digest('base64url');
const view = (token: unknown) => post('/api/fn/my-consultation', { token });
const linksOf = (id: string) => srv.su.collection('consultation_links').getFullList({ filter: srv.su.filter('consultation = {:id}', { id }) });
const mailsOf = (id: string) => srv.su.collection('mail_log').getFullList({ filter: srv.su.filter('related_id = {:id}', { id }), sort: 'created_at' });

let n = 0;
/** A consultation request at `date` and `timeSlot`, and the token of its link (version 0). */
async function requested(date: string, timeSlot: string) {
  const res = await post('/api/fn/consultation-request', consultationRequest({ date, timeSlot, customerEmail: `consult.${++n}@example.com` }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.id as string;
  return { id, token: derived(`consultation:${id}:0`) };
}

const LINK = /\/my-consultation\?token=([A-Za-z0-9_-]{43})/;

describe('the consultation link', () => {
  it("is in the confirmation e-mail as 'Manage your consultation', opens the view, and every later e-mail carries the same one", async () => {
    const email = `mailed.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await post('/api/fn/consultation-request', consultationRequest({ date: '2026-12-09', timeSlot: '10:00', customerEmail: email }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await srv.sink.waitFor((m) => JSON.stringify(m.to).includes(email) && /Consultation requested/.test(m.subject ?? ''));
    expect(mail.text).toContain('Manage your consultation: ');
    const token = LINK.exec(mail.text ?? '')![1]!;
    expect(token).toBe(derived(`consultation:${res.body.id}:0`));
    expect(await view(token)).toMatchObject({ status: 200, body: { date: '2026-12-09', timeSlot: '10:00', status: 'pending' } });

    expect((await post('/api/fn/my-consultation/move', { token, date: '2026-12-09', timeSlot: '16:00', from: { date: '2026-12-09', timeSlot: '10:00' } })).status).toBe(200);
    const moved = await srv.sink.waitFor((m) => JSON.stringify(m.to).includes(email) && /Your consultation has moved/.test(m.subject ?? ''));
    expect(LINK.exec(moved.text ?? '')?.[1]).toBe(token);
    // The stored copy of a sent e-mail keeps no token.
    const logged = await mailsOf(res.body.id as string);
    expect(logged.filter((m) => String(m.body).includes(token))).toEqual([]);
  });

  it('opens the view; its hash alone is stored, until 7 days after the consultation', async () => {
    const { id, token } = await requested('2026-11-25', '10:30');
    const shown = await view(token);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toEqual({
      status: 'pending',
      date: '2026-11-25',
      timeSlot: '10:30',
      dateLabel: 'Wednesday, November 25, 2026',
      timeLabel: '10:30 AM',
      customerName: 'Holly Berry',
      address: '42 Evergreen Lane, Ellicott City, MD 21043',
      changeable: true,
    });
    expect((await linksOf(id)).map((l) => [l.token_hash, l.expires_at])).toEqual([[sha256(token), '2026-12-03 05:00:00.000Z']]);
  });

  it('moves to another free Wednesday (pending again, both e-mailed, the link follows); a stale, taken or wrong day is refused', async () => {
    const { id, token } = await requested('2026-11-25', '11:00');
    await requested('2026-12-02', '09:00');
    const from = { date: '2026-11-25', timeSlot: '11:00' };
    const move = (date: string, timeSlot: string, f: unknown = from) => post('/api/fn/my-consultation/move', { token, date, timeSlot, from: f });

    expect(await move('2026-12-02', '09:00')).toMatchObject({ status: 409, body: { message: CONSULTATION_SLOT_TAKEN } });
    expect(await move('2026-12-03', '09:00')).toMatchObject({ status: 400, body: { message: 'Consultations are held on Wednesdays only.' } });
    expect(await move('2026-12-02', '09:10')).toMatchObject({ status: 400, body: { message: UNKNOWN_CONSULTATION_SLOT } });
    expect(await move('2026-12-02', '14:00', { date: '2026-11-25', timeSlot: '10:00' })).toMatchObject({ status: 409, body: { message: M.staleRequest } });
    expect(await move('2026-11-25', '11:00')).toMatchObject({ status: 409, body: { message: M.sameSlot } });
    expect((await post('/api/fn/my-consultation/move', { token, date: '2026-12-02', timeSlot: '14:00' })).status).toBe(400);
    expect(await mailsOf(id)).toHaveLength(2); // the request's confirmation and notice only

    await srv.su.collection('consultation_requests').update(id, { status: 'confirmed' });
    const moved = await move('2026-12-02', '14:00');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ moved: true, view: { status: 'pending', date: '2026-12-02', timeSlot: '14:00', changeable: true } });
    expect(await srv.su.collection('consultation_requests').getOne(id)).toMatchObject({ consultation_date: '2026-12-02', consultation_time_slot: '14:00', status: 'pending', ics_sequence: 1 });
    expect((await linksOf(id)).map((l) => l.expires_at)).toEqual(['2026-12-10 05:00:00.000Z']);
    // The same request again names a time the consultation no longer has.
    expect(await move('2026-12-02', '14:00')).toMatchObject({ status: 409, body: { message: M.staleRequest } });

    const sent = await mailsOf(id);
    expect(sent.slice(2).map((m) => [m.kind, m.subject])).toEqual([
      ['consultation_update', 'Your consultation has moved: Wednesday, December 2, 2026 at 2:00 PM'],
      ['business_notice', 'Consultation moved by the customer: Holly Berry, now Wednesday, December 2, 2026 at 2:00 PM'],
    ]);
    // The old slot is free again.
    expect((await post('/api/fn/consultation-request', consultationRequest({ date: '2026-11-25', timeSlot: '11:00', customerEmail: 'next@example.com' }))).status).toBe(200);
  });

  it('cancels (the slot freed, the owner e-mailed); then the page is read-only', async () => {
    const { id, token } = await requested('2026-12-02', '15:00');
    const from = { date: '2026-12-02', timeSlot: '15:00' };
    expect(await post('/api/fn/my-consultation/cancel', { token, from: { date: '2026-12-02', timeSlot: '15:30' } })).toMatchObject({ status: 409, body: { message: M.staleRequest } });
    const cancelled = await post('/api/fn/my-consultation/cancel', { token, from });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ cancelled: true, view: { status: 'cancelled', changeable: false } });
    expect((await post('/api/fn/my-consultation/cancel', { token, from })).status).toBe(200);
    expect(await view(token)).toMatchObject({ status: 200, body: { status: 'cancelled', changeable: false } });
    expect(await post('/api/fn/my-consultation/move', { token, date: '2026-12-09', timeSlot: '10:00', from })).toMatchObject({ status: 409, body: { message: M.readOnly } });

    const sent = await mailsOf(id);
    expect(sent.slice(2).map((m) => [m.kind, m.to, m.subject])).toEqual([
      ['consultation_update', expect.stringContaining('@example.com'), 'Your consultation is cancelled'],
      ['business_notice', expect.any(String), 'Consultation cancelled by the customer: Holly Berry, Wednesday, December 2, 2026 at 3:00 PM'],
    ]);
    expect((await post('/api/fn/consultation-request', consultationRequest({ date: '2026-12-02', timeSlot: '15:00', customerEmail: 'after@example.com' }))).status).toBe(200);
  });

  it('stops 7 days after the consultation (the expiry moved before the frozen clock)', async () => {
    const { id, token } = await requested('2026-11-25', '12:00');
    const [link] = await linksOf(id);
    await srv.su.collection('consultation_links').update(link!.id, { expires_at: '2026-11-20 16:59:59.000Z' });
    expect(await view(token)).toEqual({ status: 404, body: expect.objectContaining({ message: SELF_SERVICE_MESSAGES.invalidLink }) });
  });
});

describe('no personal data without a valid token', () => {
  it('no token, a malformed or unknown one: the one 404 sentence and nothing else', async () => {
    await requested('2026-11-25', '13:00');
    for (const token of [undefined, '', 'short', 'A'.repeat(43)]) {
      const res = await view(token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(SELF_SERVICE_MESSAGES.invalidLink);
      expect(JSON.stringify(res.body)).not.toMatch(/Holly|Evergreen|example\.com|2026-11-25/);
    }
    expect((await post('/api/fn/my-consultation/cancel', { from: { date: '2026-11-25', timeSlot: '13:00' } })).status).toBe(404);
  });

  it("a booking's token opens no consultation, a consultation's token no booking, and the booking kind of a consultation's id nothing", async () => {
    const { id, token } = await requested('2026-11-25', '13:30');
    const email = `booker.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await post('/api/fn/create-booking-checkout', { bookingData: bookingRequest({ customerEmail: email, installDate: '2026-12-04' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await post('/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId })).status).toBe(200);
    const bookingToken = derived(`${res.body.bookingId}:0`);
    expect((await post('/api/fn/my-booking', { token: bookingToken })).status).toBe(200);

    expect((await view(bookingToken)).status).toBe(404);
    expect((await post('/api/fn/my-consultation/cancel', { token: bookingToken, from: { date: '2026-12-04', timeSlot: '9-15' } })).status).toBe(404);
    expect((await post('/api/fn/my-booking', { token })).status).toBe(404);
    expect((await post('/api/fn/my-booking/cancel', { token, from: { date: '2026-11-25', timeSlot: '13:30' } })).status).toBe(404);
    expect((await view(derived(`${id}:0`))).status).toBe(404);
  });

  it('consultation_links is for the hooks alone', async () => {
    const { id } = await requested('2026-11-25', '14:00');
    const [link] = await linksOf(id);
    for (const pb of [new PocketBase(srv.server.url), srv.member.pb, srv.admin.pb]) await expectNoRead(pb, 'consultation_links', link!.id);
  });
});
