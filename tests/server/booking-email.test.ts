/**
 * Confirmation e-mails once the deposit is paid: delivered over real SMTP to a sink with the ICS
 * attachment, recorded in mail_log; and a failing SMTP server never breaks the booking.
 * Each scenario runs its own PocketBase with SMTP_HOST set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../../scripts/lib/server.mjs';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { SERVER_NOW, SUPERUSER } from './constants';
import { bookingRequest, template } from './support';

type Server = Awaited<ReturnType<typeof startServer>>;

async function bookAndPay(url: string, email: string, over: Record<string, unknown> = {}): Promise<string> {
  const post = (route: string, body: unknown) => fetch(`${url}${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const checkout = await post('/api/fn/create-booking-checkout', { bookingData: bookingRequest({ customerEmail: email, ...over }) });
  expect(checkout.status, await checkout.clone().text()).toBe(200);
  const { sessionId, bookingId } = (await checkout.json()) as { sessionId: string; bookingId: string };
  const pay = await post('/api/fn/demo-checkout/pay', { sessionId });
  expect(pay.status).toBe(200);
  return bookingId;
}

async function superuserOn(url: string): Promise<PocketBase> {
  const pb = new PocketBase(url);
  await pb.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  return pb;
}

describe('booking confirmation e-mail over SMTP', () => {
  let sink: SmtpSink;
  let server: Server;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-mail-test-'));

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ dataDir, template: template(), env: { APP_NOW: SERVER_NOW, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), MAIL_FROM: 'bookings@test.local' } });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the customer a confirmation with an ICS of both visits, and the business a notice', async () => {
    const bookingId = await bookAndPay(server.url, 'ivy@example.com');
    const mail = await sink.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes('ivy@example.com'));
    expect(mail.subject).toBe('Booking confirmed: Elevated Arbor, 7.5–9 ft on Tuesday, November 24, 2026');
    // MAIL_FROM without a display name: the business's name, not PocketBase's default 'Support'.
    expect(mail.from?.value).toEqual([{ address: 'bookings@test.local', name: 'Thoughtfully Adorned' }]);
    expect(mail.text).toContain('Deposit paid: $825');
    expect(mail.text).toContain('Removal: Monday, December 28, 2026, 9 AM - 3 PM');
    const ics = mail.attachments.find((a) => a.filename === 'visits.ics');
    expect(ics?.contentType).toMatch(/text\/calendar/);
    const body = ics!.content.toString('utf8');
    expect(body).toContain('DTSTART;TZID=America/New_York:20261124T090000');
    expect(body).toContain('DTSTART;TZID=America/New_York:20261228T090000');
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(2);

    const notice = await sink.waitFor((m) => m.subject?.startsWith('New booking: Jane Doe') ?? false);
    await sink.waitFor((m) => m.subject?.startsWith('Receipt: Deposit of $825') ?? false);
    const pb = await superuserOn(server.url);
    const logged = await pb.collection('mail_log').getFullList({ filter: pb.filter('related_id = {:id}', { id: bookingId }) });
    expect(logged.map((l) => [l.kind, l.status]).sort()).toEqual([
      ['booking_confirmation', 'sent'],
      ['business_notice', 'sent'],
      ['receipt', 'sent'],
    ]);
    expect(notice.text).toContain('Booking reference: TA-');
    // 'Open in the admin': the booking's details on the dashboard, on the site's address.
    expect(notice.text).toContain(`Open in the admin: ${server.url}/admin/dashboard?booking=${bookingId}`);
    expect(String(notice.html)).toContain(`href="${server.url}/admin/dashboard?booking=${bookingId}"`);
  });

  it('says everything the customer chose and must know, in the same words in text and HTML; the owner gets the notes and parking', async () => {
    const bookingId = await bookAndPay(server.url, 'juniper@example.com', {
      installDate: '2026-11-28',
      removalDate: '2026-12-29',
      selectedAddons: ['ornament-boost'],
      styleColorPalette: 'Ivory & Gold',
      notes: 'Gate code 4321 <side gate>',
      parkingInstructions: 'Driveway on the left',
    });
    const mail = await sink.waitFor((m) => JSON.stringify(m.to ?? '').includes('juniper@example.com') && (m.subject?.startsWith('Booking confirmed') ?? false));
    const text = mail.text ?? '';
    for (const line of [
      `Booking reference: TA-${bookingId.slice(0, 8).toUpperCase()}`,
      'Installation: Saturday, November 28, 2026, 9 AM - 3 PM, arriving between 9 AM and 10 AM',
      'Add-ons: Ornament Boost (25-pack)',
      'Ornament Boost (25-pack): $100',
      'Style: Palette: Ivory & Gold',
      'Special requests: Gate code 4321 <side gate>',
      'Parking: Driveway on the left',
      'Before your visit',
      '- Clear the area around the tree and keep pets secured during our visit.',
      'Our policies',
    ]) {
      expect(text).toContain(line);
    }
    // Every line of the text part is in the HTML part, escaped, and nothing is left unescaped;
    // a button ('Label: address' in the text part) is a link to that address labelled 'Label'.
    const html = String(mail.html);
    // The text a reader sees in the HTML part: its tags taken out (links keep their text).
    const htmlText = html.replace(/<[^>]+>/g, '');
    const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    for (const line of text.split('\n').filter(Boolean)) {
      const button = /^(.+): (https?:\/\/\S+)$/.exec(line);
      if (button) expect(html).toMatch(new RegExp(`<a href="${escape(button[2]!).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"><span[^>]*>${escape(button[1]!)}</span></a>`));
      else expect(htmlText).toContain(escape(line.replace(/^- /, '')));
    }
    expect(html).not.toMatch(/>https?:\/\//);
    expect(html).toMatch(/<a href="[^"]+\/my-booking\?token=[A-Za-z0-9_-]{43}">/);
    expect(html).not.toContain('<side gate>');

    const notice = await sink.waitFor((m) => (m.subject?.startsWith('New booking: Jane Doe') ?? false) && (m.text ?? '').includes('Gate code 4321'));
    expect(notice.text).toContain('Parking: Driveway on the left');
    expect(notice.text).toContain('Add-ons: Ornament Boost (25-pack)');
  });
});

describe('a failing SMTP server', () => {
  let server: Server;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-mail-fail-'));

  beforeAll(async () => {
    const closedPort = await freePort();
    server = await startServer({ dataDir, template: template(), env: { APP_NOW: SERVER_NOW, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(closedPort) } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never breaks the booking: deposit confirmed, the failure logged and the e-mails queued for a retry', async () => {
    const bookingId = await bookAndPay(server.url, 'rowan@example.com');
    const pb = await superuserOn(server.url);
    const booking = await pb.collection('bookings').getOne(bookingId);
    expect(booking.payment_status).toBe('deposit_paid');
    const logged = await pb.collection('mail_log').getFullList({ filter: pb.filter('related_id = {:id}', { id: bookingId }) });
    expect(logged.map((l) => l.kind).sort()).toEqual(['booking_confirmation', 'business_notice', 'receipt']);
    // The mail outbox keeps them: tried once, due again in a minute (docs/decisions/021).
    expect(logged.every((l) => l.status === 'queued' && l.error !== '' && l.attempts === 1 && l.next_attempt_at > l.queued_at)).toBe(true);
  });
});
