/**
 * Consultation confirmation and review-request e-mails delivered over real SMTP to a sink
 * (docs/decisions/005; docs/product.md §7 send-confirmation-email and send-review-request), and recorded in
 * mail_log as sent. Runs its own PocketBase with SMTP_HOST set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { SERVER_NOW, SUPERUSER } from './constants';
import { template } from './support';
import { consultationRequest, reviewedBooking } from './review-fixtures';

describe('customer e-mails over SMTP', () => {
  let sink: SmtpSink;
  let server: Awaited<ReturnType<typeof startServer>>;
  let su: PocketBase;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-customer-mail-'));

  const post = (route: string, body: unknown, token?: string) =>
    fetch(`${server.url}${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) }, body: JSON.stringify(body) });

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({
      dataDir,
      template: template(),
      env: { APP_NOW: SERVER_NOW, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), MAIL_FROM: 'hello@test.local', APP_URL: 'https://shop.example' },
    });
    su = new PocketBase(server.url);
    await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a consultation request sends the customer a confirmation with the visit in an ICS file, and nothing the sender typed (the address is not confirmed)', async () => {
    const res = await post('/api/fn/consultation-request', consultationRequest({ customerEmail: 'fern@example.com', date: '2026-12-02', timeSlot: '18:30' }));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };

    const mail = await sink.waitFor((m) => JSON.stringify(m.to ?? '').includes('fern@example.com'));
    expect(mail.subject).toBe('Consultation requested: Wednesday, December 2, 2026 at 6:30 PM');
    expect(mail.text).toMatch(/^Hello,\s*$/m);
    expect(mail.text).toContain("We'll contact you soon to confirm your consultation.");
    for (const typed of ['Holly Berry', 'Two trees', 'Evergreen', '555-0101']) expect(mail.text).not.toContain(typed);
    const ics = mail.attachments.find((a) => a.filename === 'consultation.ics');
    expect(ics?.contentType).toMatch(/text\/calendar/);
    const body = ics!.content.toString('utf8');
    expect(body).toContain('DTSTART;TZID=America/New_York:20261202T183000');
    expect(body).toContain('DTEND;TZID=America/New_York:20261202T190000');
    expect(body).not.toContain('LOCATION');
    expect(body).not.toContain('Holly Berry');
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(1);

    await sink.waitFor((m) => m.subject?.startsWith('New consultation request: Holly Berry') ?? false);
    const logged = await su.collection('mail_log').getFullList({ filter: su.filter('related_id = {:id}', { id }) });
    expect(logged.map((l) => [l.kind, l.status]).sort()).toEqual([
      ['business_notice', 'sent'],
      ['consultation_confirmation', 'sent'],
    ]);
  });

  it('a review request sends the personal link, built on APP_URL', async () => {
    const booking = await su.collection('bookings').create(reviewedBooking('rowan@example.com'));
    const res = await post('/api/fn/send-review-request', { booking_id: booking.id, review_stage: 'post_install' }, su.authStore.token);
    expect(res.status).toBe(200);
    const { reviewUrl, mailStatus } = (await res.json()) as { reviewUrl: string; mailStatus: string };
    expect(mailStatus).toBe('sent');
    expect(reviewUrl).toMatch(/^https:\/\/shop\.example\/submit-review\?token=[A-Za-z0-9]{48}$/);

    const mail = await sink.waitFor((m) => JSON.stringify(m.to ?? '').includes('rowan@example.com'));
    expect(mail.subject).toBe('How did we do? Review your Thoughtfully Adorned service (after installation)');
    expect(mail.text).toContain(reviewUrl);
    expect(mail.text).toContain('Curated Christmas, 10–12 ft');
    expect(mail.html).toContain(`href="${reviewUrl}"`);
  });
});
