/**
 * Anonymous forms' e-mails (docs/architecture.md "Anonymous forms' e-mails"): an address nobody
 * has confirmed gets nothing the sender typed. Six waitlist joins for six strangers' addresses,
 * each named with markup and a link, and a consultation request with the same words in every
 * field: the e-mails the SMTP sink receives greet with a plain 'Hello,' and hold none of it.
 * A server of its own with an SMTP sink (the per-caller limits off, as on the shared server); a
 * second with the limits on: one connection's anonymous forms e-mail at most 3 different
 * addresses an hour, then 429 with a sentence, counted across the forms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { type SmtpSink } from '../support/smtp-sink';
import { stageBooking } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { waitlistJoinBody } from './fixtures';
import { consultationRequest } from './review-fixtures';
import { request, template } from './support';
import { startMailServer, type MailServer } from './mail-server';
import { OWNERSHIP_MESSAGES } from '../../domain/booking/ownership';

const SPAM = '<b>Buy pills</b> http://spam.example';
/** Whatever of SPAM a mail could carry: the words, the link, the tag in any escaping. */
const TYPED = ['Buy pills', 'spam.example', '<b>', '&lt;b&gt;'];
/** Saturday, December 5, 2026: its two 7.5–9 ft times taken, so it can be waited for. */
const DAY = '2026-12-05';

let mail: MailServer;
let server: MailServer['server'];
let sink: SmtpSink;
let su: PocketBase;

beforeAll(async () => {
  mail = await startMailServer('anonymous-mail');
  ({ server, sink, su } = mail);
  for (const [i, slot] of ['9-15', '15-21'].entries()) {
    await stageBooking(su, { customer_email: `full.${i}@example.com`, install_date: DAY, install_time_slot: slot, removal_date: '', removal_time_slot: '' });
  }
}, 60_000);
afterAll(() => mail?.stop());

const post = (route: string, body: unknown, token: string | null = null) => request({ base: server.url, route, body, token });
const to = (m: ParsedMail, address: string) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(address));
/** Everything of a delivered mail a reader sees: subject, text, HTML and attachments. */
const whole = (m: ParsedMail) => [m.subject ?? '', m.text ?? '', typeof m.html === 'string' ? m.html : '', ...m.attachments.map((a) => a.content.toString('utf8'))].join('\n');

describe('e-mails to addresses nobody confirmed', () => {
  it('six waitlist joins for six strangers send six e-mails with nothing the sender typed', async () => {
    const addresses = Array.from({ length: 6 }, (_, i) => `stranger.${i}@example.com`);
    for (const email of addresses) {
      const res = await post('/api/fn/waitlist/join', waitlistJoinBody(DAY, { name: SPAM, email }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await post('/api/fn/jobs/deliver-mail', {}, su.authStore.token)).status).toBe(200);
    for (const email of addresses) {
      const mail = await sink.waitFor((m) => to(m, email) && /waitlist/i.test(m.subject ?? ''));
      expect(mail.text).toMatch(/^Hello,\s*$/m);
      for (const typed of TYPED) expect(whole(mail), `${email}: ${typed}`).not.toContain(typed);
    }
  });

  it('a consultation request e-mails its time and our words only; the business notice keeps what was typed', async () => {
    const res = await post(
      '/api/fn/consultation-request',
      consultationRequest({ customerName: SPAM, customerEmail: 'stranger.c@example.com', customerAddress: `1 ${SPAM}, Ellicott City, MD 21043`, notes: SPAM }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await sink.waitFor((m) => to(m, 'stranger.c@example.com'));
    expect(mail.subject).toBe('Consultation requested: Wednesday, November 25, 2026 at 10:30 AM');
    expect(mail.text).toMatch(/^Hello,\s*$/m);
    for (const typed of [...TYPED, '555-0101']) expect(whole(mail), typed).not.toContain(typed);
    const notice = await sink.waitFor((m) => (m.subject ?? '').startsWith('New consultation request'));
    expect(notice.text).toContain('Buy pills');
  });
});

describe('the per-connection limit on addresses, the limits on', () => {
  let limited: Awaited<ReturnType<typeof startServer>>;
  const limitedDir = mkdtempSync(path.join(os.tmpdir(), 'pb-anonymous-limit-'));
  beforeAll(async () => {
    limited = await startServer({ dataDir: limitedDir, template: template(), env: { APP_NOW: SERVER_NOW } });
  }, 60_000);
  afterAll(async () => {
    await limited?.stop();
    rmSync(limitedDir, { recursive: true, force: true });
  });
  const at = (route: string, body: unknown) => request({ base: limited.url, route, body });
  const join = (email: string) => at('/api/fn/waitlist/join', waitlistJoinBody(DAY, { email }));

  it('three different addresses an hour per connection across the anonymous forms, then 429 with a sentence; an address already e-mailed passes', async () => {
    // Three addresses: a join, 'E-mail me my link', a consultation request (answered as usual: the day is free, nothing booked).
    const one = await join('one@example.com');
    expect(one, JSON.stringify(one.body)).toMatchObject({ status: 409, body: { message: 'Saturday, December 5 has a free time for this tree — book it instead.' } });
    const two = await at('/api/fn/my-booking/send-link', { email: 'two@example.com' });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    const three = await at('/api/fn/consultation-request', consultationRequest({ customerEmail: 'three@example.com' }));
    expect(three.status, JSON.stringify(three.body)).toBe(200);
    // A fourth, by any of the forms: refused.
    for (const refused of [
      await join('four@example.com'),
      await at('/api/fn/my-booking/send-link', { email: 'four@example.com' }),
      await at('/api/fn/consultation-request', consultationRequest({ customerEmail: 'four@example.com', timeSlot: '11:00' })),
    ]) {
      expect(refused).toMatchObject({ status: 429, body: { message: OWNERSHIP_MESSAGES.tooManyAddresses } });
    }
    // The same addresses again are not counted twice.
    expect((await join('one@example.com')).status).not.toBe(429);
    expect((await at('/api/fn/my-booking/send-link', { email: 'TWO@example.com' })).status).toBe(200);
  });
});
