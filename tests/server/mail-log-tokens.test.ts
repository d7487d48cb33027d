/**
 * `mail_log` keeps no working manage link (docs/decisions/027, domain/mail/redaction.ts): once the
 * confirmation has left over SMTP, its stored body and HTML no longer carry the token that opens
 * the booking (admins read the log, every backup holds it); the customer's e-mail keeps the link,
 * which still works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink } from '../support/smtp-sink';
import { bookingRequest, superuserAt } from './support';
import { startMailServer, type MailServer } from './mail-server';

let mail: MailServer;
let server: MailServer['server'];
let sink: SmtpSink;

beforeAll(async () => {
  mail = await startMailServer('mail-log-tokens');
  ({ server, sink } = mail);
}, 60_000);
afterAll(() => mail?.stop());

const post = async (route: string, body: unknown) => {
  const res = await fetch(`${server.url}${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
};

describe('a sent confirmation', () => {
  it('is stored without the manage token; the e-mail keeps the link, which opens the booking', async () => {
    const checkout = await post('/api/fn/create-booking-checkout', { bookingData: bookingRequest({ customerEmail: 'token.keeper@example.com' }) });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect((await post('/api/fn/demo-checkout/pay', { sessionId: checkout.body.sessionId })).status).toBe(200);

    const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes('token.keeper@example.com') && /my-booking\?token=/.test(m.text ?? ''));
    const token = /\/my-booking\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
    expect(String(mail.html)).toContain(token);
    expect((await post('/api/fn/my-booking', { token })).status).toBe(200);

    const su = await superuserAt(server.url);
    const rows = await su.collection('mail_log').getFullList({ filter: su.filter('related_id = {:id}', { id: checkout.body.bookingId }) });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(`${r.body}${r.html}`).not.toContain(token);
      expect(`${r.body}${r.html}`).not.toMatch(/my-booking\?token=[A-Za-z0-9_-]{43}/);
    }
    const confirmation = rows.find((r) => r.kind === 'booking_confirmation')!;
    expect(confirmation.status).toBe('sent');
    expect(confirmation.body).toContain('/my-booking?token=removed-after-sending');
  });
});
