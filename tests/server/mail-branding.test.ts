/**
 * Every e-mail is the business's own (lib/mail/layout.ts, send-mail.ts): sent from its name
 * (MAIL_FROM with a display name is accepted), each link in it on the address the request that
 * caused it came in on when APP_URL is unset (the Host, never the Origin header: lib/http.ts
 * appOrigin), a Message-ID made from its outbox key (the same on a resent copy,
 * docs/decisions/021), and the customer's calendar files iTIP (RFC 5546) read by ical.js:
 * REQUEST for a new or moved visit, CANCEL for a cancelled one, with ORGANIZER, ATTENDEE, one
 * UID per visit and a rising SEQUENCE. Runs its own PocketBase with SMTP to a sink.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { messageIdFor } from '../../pb_hooks/src/lib/mail/message-id';
import { itipProblems, readItip } from '../support/itip';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { SERVER_NOW } from './constants';
import { consultationRequest, reviewedBooking } from './review-fixtures';
import { bookingRequest, superuserAt, template } from './support';

const SENDER = { address: 'bookings@test.local', name: 'Thoughtfully Adorned' };
/** The calendar files' ORGANIZER: the address the e-mail is from (docs/decisions/049). */
const ORGANIZER = `mailto:${SENDER.address}`;
const EVIL = 'https://evil.example';

describe('the business’s e-mails, without APP_URL', () => {
  let sink: SmtpSink;
  let server: Awaited<ReturnType<typeof startServer>>;
  let su: PocketBase;
  let admin: SignedInStaff;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-mail-branding-'));
  let seq = 0;

  /** POST JSON to the server as reached at `host` (the Host header), with a spoofed Origin. */
  function postVia(host: string, route: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${server.url}${route}`, { method: 'POST', headers: { Host: host, Origin: EVIL, 'Content-Type': 'application/json', ...headers } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  }

  const hostA = () => `shop-a.test:${server.port}`;
  const hostB = () => `shop-b.test:${server.port}`;
  const to = (m: ParsedMail) => (m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : undefined);
  const mailTo = (address: string, subject: RegExp) => sink.waitFor((m) => to(m) === address && subject.test(m.subject ?? ''));
  const links = (m: ParsedMail) => [...String(m.html).matchAll(/href="([^"]+)"/g)].map((x) => x[1]!.replace(/&amp;/g, '&'));
  const textLinks = (m: ParsedMail) => (m.text ?? '').match(/https?:\/\/\S+/g) ?? [];
  const icsOf = (m: ParsedMail) => m.attachments.find((a) => a.filename?.endsWith('.ics'))!.content.toString('utf8');
  /** The MIME type and `method` parameter of the .ics part of `m` (RFC 6047 §2.4). */
  const icsPartType = (m: ParsedMail) => {
    const header = m.attachments.find((a) => a.filename?.endsWith('.ics'))?.headers.get('content-type') as { value: string; params: Record<string, string> } | undefined;
    return [header?.value, header?.params.method];
  };
  const fromOf = (m: ParsedMail) => (m.from?.value[0]?.address ? `mailto:${m.from.value[0].address}` : '');
  const calendarLink = (m: ParsedMail) => /<a href="([^"]+)"><span[^>]*>Add to calendar<\/span><\/a>/.exec(String(m.html))?.[1] ?? '';
  const tokenOf = (m: ParsedMail) => /\/my-booking\?token=([A-Za-z0-9_-]{43})/.exec(String(m.html))![1]!;

  /** Every link of `m`, in both parts, is on `host`; there is at least one. */
  function expectLinksOn(m: ParsedMail, host: string) {
    const all = [...links(m), ...textLinks(m)];
    expect(all.length, m.subject).toBeGreaterThan(0);
    for (const l of all) expect(l.startsWith(`http://${host}/`), `${m.subject}: ${l}`).toBe(true);
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({
      dataDir,
      template: template(),
      env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), MAIL_FROM: `${SENDER.name} <${SENDER.address}>` },
    });
    su = await superuserAt(server.url);
    admin = await signedInStaff('admin', { url: server.url, superuserClient: su });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a booking paid at one address: its e-mails link there with real buttons, its calendar file a REQUEST from the business to the customer', async () => {
    const email = 'ivy.branding@example.com';
    const checkout = await postVia(hostA(), '/api/fn/create-booking-checkout', { bookingData: bookingRequest({ customerEmail: email, customerName: 'Ivy Green', installDate: '2026-12-05' }) });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect((await postVia(hostA(), '/api/fn/demo-checkout/pay', { sessionId: checkout.body.sessionId })).status).toBe(200);

    const confirmation = await mailTo(email, /^Booking confirmed/);
    const receipt = await mailTo(email, /^Receipt: Deposit/);
    expectLinksOn(confirmation, hostA());
    expectLinksOn(receipt, hostA());
    expect(String(confirmation.html)).toMatch(/<a href="http:\/\/shop-a\.test:\d+\/my-booking\?token=[A-Za-z0-9_-]{43}"><span[^>]*>Manage your booking<\/span><\/a>/);
    expect(confirmation.text).toMatch(/^Thoughtfully Adorned\nYour booking is confirmed\n\nBooking reference: TA-[A-Z0-9]{8}\nInstallation: Saturday, December 5, 2026/);

    const ics = icsOf(confirmation);
    expect(itipProblems(ics)).toEqual([]);
    // The part says its method as the file does (RFC 6047), and the organizer is who the e-mail is from.
    expect(icsPartType(confirmation)).toEqual(['text/calendar', 'REQUEST']);
    expect(fromOf(confirmation)).toBe(ORGANIZER);
    const file = readItip(ics);
    expect(file.method).toBe('REQUEST');
    expect(file.events.map((e) => [e.sequence, e.status, e.organizer, e.attendees])).toEqual([
      [0, 'CONFIRMED', ORGANIZER, [`mailto:${email}`]],
      [0, 'CONFIRMED', ORGANIZER, [`mailto:${email}`]],
    ]);
    expect(new Set(file.events.map((e) => e.uid)).size).toBe(2);

    // 'Add to calendar': the same visits, UIDs and SEQUENCE as the attachment, by the manage link's token.
    const calendar = calendarLink(confirmation);
    expect(calendar).toMatch(/^http:\/\/shop-a\.test:\d+\/api\/fn\/visits\.ics\?token=[A-Za-z0-9_-]{43}$/);
    const served = await fetch(`${server.url}${new URL(calendar).pathname}${new URL(calendar).search}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/calendar/);
    const servedFile = readItip(await served.text());
    expect([servedFile.method, servedFile.events.map((e) => [e.uid, e.sequence])]).toEqual([file.method, file.events.map((e) => [e.uid, e.sequence])]);
  });

  it('a moved visit keeps its UID at a higher SEQUENCE; a cancelled booking is a CANCEL of the same UIDs, ORGANIZER and ATTENDEE', async () => {
    const email = 'ivy.branding@example.com';
    const confirmation = await mailTo(email, /^Booking confirmed/);
    const first = readItip(icsOf(confirmation));

    const moved = await postVia(hostB(), '/api/fn/my-booking/move', { token: tokenOf(confirmation), visit: 'removal', date: '2026-12-29', timeSlot: '9-15' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const change = await mailTo(email, /^Your removal has moved/);
    expectLinksOn(change, hostB());
    const movedFile = readItip(icsOf(change));
    expect(itipProblems(icsOf(change))).toEqual([]);
    expect(movedFile.method).toBe('REQUEST');
    expect(movedFile.events.map((e) => e.uid)).toEqual(first.events.map((e) => e.uid));
    expect(movedFile.events.map((e) => e.sequence)).toEqual([1, 1]);
    expect(movedFile.events[1]!.start).toBe('2026-12-29T09:00:00');
    expect(icsPartType(change)).toEqual(['text/calendar', 'REQUEST']);
    // The owner's notice of the move carries the moved visits too, as her own PUBLISH copy.
    const ownerNotice = await mailTo('hello@thoughtfullyadorned.com', /^Moved by the customer: Ivy Green, removal/);
    expect(icsPartType(ownerNotice)).toEqual(['text/calendar', 'PUBLISH']);
    const ownerFile = readItip(icsOf(ownerNotice));
    expect(ownerFile.events.map((e) => [e.uid, e.sequence])).toEqual(movedFile.events.map((e) => [e.uid, e.sequence]));
    expect(ownerFile.events[1]!.start).toBe('2026-12-29T09:00:00');

    expect(calendarLink(change).startsWith(`http://${hostB()}/api/fn/visits.ics?token=`)).toBe(true);
    const cancelled = await postVia(hostB(), '/api/fn/my-booking/cancel', { token: tokenOf(change) });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const cancel = await mailTo(email, /^Your booking is cancelled/);
    const cancelIcs = icsOf(cancel);
    expect(itipProblems(cancelIcs)).toEqual([]);
    const cancelFile = readItip(cancelIcs);
    expect(cancelFile.method).toBe('CANCEL');
    expect(icsPartType(cancel)).toEqual(['text/calendar', 'CANCEL']);
    expect(fromOf(cancel)).toBe(ORGANIZER);
    expect(cancelFile.events.map((e) => [e.uid, e.sequence, e.status, e.organizer, e.attendees])).toEqual(first.events.map((e) => [e.uid, 2, 'CANCELLED', ORGANIZER, [`mailto:${email}`]]));
    // The cancelled booking's link stays, read-only (docs/decisions/027): its calendar link serves the CANCEL too.
    const calendar = new URL(calendarLink(change));
    const served = await fetch(`${server.url}${calendar.pathname}${calendar.search}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const servedFile = readItip(await served.text());
    expect([servedFile.method, servedFile.events.map((e) => [e.uid, e.status])]).toEqual(['CANCEL', first.events.map((e) => [e.uid, 'CANCELLED'])]);
  });

  it('the owner’s actions and a consultation: each e-mail’s links on the address the request came in on', async () => {
    const hostC = `office.test:${server.port}`;
    const asAdmin = (route: string, body: unknown, key = `branding-${++seq}-${Date.now()}`) => postVia(hostC, route, body, { Authorization: admin.token, 'Idempotency-Key': key });

    const requested = await postVia(hostA(), '/api/fn/consultation-request', consultationRequest({ customerEmail: 'fern.branding@example.com', date: '2026-12-02', timeSlot: '18:30' }));
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const asked = await mailTo('fern.branding@example.com', /^Consultation requested/);
    const askedFile = readItip(icsOf(asked));
    expect([askedFile.method, askedFile.events[0]!.status, askedFile.events[0]!.attendees]).toEqual(['REQUEST', 'TENTATIVE', ['mailto:fern.branding@example.com']]);
    expect(itipProblems(icsOf(asked))).toEqual([]);

    expect((await asAdmin('/api/fn/consultations/status', { id: requested.body.id, action: 'complete' })).status).toBe(200);
    const thanks = await mailTo('fern.branding@example.com', /^Thank you for your consultation/);
    expectLinksOn(thanks, hostC);
    expect(links(thanks)).toContain(`http://${hostC}/booking`);

    const booking = await su.collection('bookings').create(reviewedBooking('rowan.branding@example.com'));
    expect((await asAdmin('/api/fn/send-review-request', { booking_id: booking.id, review_stage: 'post_install' })).status).toBe(200);
    expectLinksOn(await mailTo('rowan.branding@example.com', /^How did we do\?/), hostC);

    const phone = await asAdmin('/api/fn/admin-bookings/create', { bookingData: bookingRequest({ customerEmail: 'phoebe.branding@example.com', installDate: '2026-12-04' }), deposit: 'link' });
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    expectLinksOn(await mailTo('phoebe.branding@example.com', /^Pay your deposit/), hostC);
  });

  it('every message is from the business’s name, with the Message-ID of its outbox key', async () => {
    const rows = await su.collection('mail_log').getFullList({ sort: 'created_at' });
    const kinds = new Set(rows.map((r) => r.kind));
    for (const kind of ['booking_confirmation', 'business_notice', 'receipt', 'booking_change', 'consultation_confirmation', 'consultation_update', 'review_request', 'deposit_link']) {
      expect(kinds, kind).toContain(kind);
    }
    for (const row of rows) {
      const m = await sink.waitFor((x) => to(x) === row.to && x.subject === row.subject);
      expect(m.from?.value, row.subject).toEqual([SENDER]);
      expect(m.messageId, row.subject).toBe(messageIdFor(row.key, SENDER.address));
    }
    expect(new Set(rows.map((r) => messageIdFor(r.key, SENDER.address))).size).toBe(rows.length);
  });

  it('a copy sent again (delivery is at least once) is the same message to the mail client', async () => {
    const [row] = await su.collection('mail_log').getFullList({ filter: 'kind = "deposit_link"' });
    const before = sink.messages.filter((m) => m.subject === row!.subject).length;
    // As after a crash between the send and its record: the row is queued again and due.
    await su.collection('mail_log').update(row!.id, { status: 'queued', next_attempt_at: '2000-01-01 00:00:00.000Z' });
    const res = await fetch(`${server.url}/api/fn/jobs/deliver-mail`, { method: 'POST', headers: { Authorization: su.authStore.token } });
    expect(res.status).toBe(200);
    await expect.poll(() => sink.messages.filter((m) => m.subject === row!.subject).length, { timeout: 10_000 }).toBe(before + 1);
    const copies = sink.messages.filter((m) => m.subject === row!.subject);
    expect(new Set(copies.map((m) => m.messageId))).toEqual(new Set([messageIdFor(row!.key, SENDER.address)]));
  });
});
