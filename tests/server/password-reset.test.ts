/**
 * "Forgot password?" for staff (docs/decisions/034), against the real server with e-mail to an
 * SMTP sink: PocketBase's request-password-reset route answers 204 whatever the address; a
 * staff account's e-mail goes through the mail outbox with a link to /admin/reset-password on
 * APP_URL, at most 3 an hour per account; the link sets a new password once. Runs its own
 * PocketBase (SMTP_HOST set) with RATE_LIMITS=off: the per-account limit holds without the
 * per-IP ones, which tests/server/rate-limits.test.ts covers. One test uses the shared test
 * server, which has neither APP_URL nor SMTP.
 */
import type { ParsedMail } from 'mailparser';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { failureOf } from './admin-fixtures';
import { SUPERUSER } from './constants';
import { ownServerHooks } from './own-server';
import { baseUrl, request, superuser } from './support';

const APP_URL = 'https://adorned.example';
const PASSWORD = 'the-first-password-1';
const RESET_LINK = /https:\/\/adorned\.example\/admin\/reset-password\?token=([A-Za-z0-9._-]+)/;

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink?.stop());
// Registered after the sink's hooks: started after it and, after hooks running last first, stopped before it.
const own = ownServerHooks('password-reset', () => ({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), MAIL_FROM: 'hello@test.local', APP_URL }));

let accounts = 0;

/** A new admin account with PASSWORD: its id and e-mail address. */
async function newAdmin(): Promise<{ id: string; email: string }> {
  accounts += 1;
  const email = `reset-${accounts}-${Date.now().toString(36)}@test.local`;
  const rec = await own.su.collection('staff').create({ email, password: PASSWORD, passwordConfirm: PASSWORD, role: 'admin', name: 'Reset Admin' });
  return { id: rec.id, email };
}

/** Asks for a reset link as the login page does: the status and the parsed body of the answer. */
function requestReset(email: string) {
  return request({ base: own.server.url, route: '/api/collections/staff/request-password-reset', body: { email } });
}

const sentTo = (email: string) => (m: ParsedMail) => JSON.stringify(m.to ?? '').includes(email);
const mailsTo = (email: string) => sink.messages.filter(sentTo(email));

/** The outbox rows of reset e-mails for staff account `id`. */
const resetRows = (id: string) => own.su.collection('mail_log').getFullList({ filter: own.su.filter('kind = "staff_password_reset" && related_id = {:id}', { id }) });

/** The token of the reset link in `mail` (its HTML and its text part both carry the link). */
function tokenOf(mail: ParsedMail): string {
  const inHtml = RESET_LINK.exec(typeof mail.html === 'string' ? mail.html : '')?.[1];
  const inText = RESET_LINK.exec(mail.text ?? '')?.[1];
  expect(inHtml, 'the link in the HTML').toBeTruthy();
  expect(inText, 'the link in the text part').toBe(inHtml);
  return inHtml!;
}

const signIn = (email: string, password: string) => new PocketBase(own.server.url).collection('staff').authWithPassword(email, password);

/** Lets an e-mail that should not come have its chance to arrive. */
const settle = () => new Promise((r) => setTimeout(r, 500));

describe('asking for a reset link', () => {
  it('an unknown address: 204 with no body, and no e-mail', async () => {
    const res = await requestReset('nobody-here@test.local');
    expect(res).toEqual({ status: 204, body: null });
    await settle();
    expect(mailsTo('nobody-here@test.local')).toEqual([]);
    expect(await own.su.collection('mail_log').getFullList({ filter: 'to = "nobody-here@test.local"' })).toEqual([]);
  });

  it('a staff address: the same 204, and one e-mail with a link to our reset page on APP_URL', async () => {
    const admin = await newAdmin();
    expect(await requestReset(admin.email)).toEqual({ status: 204, body: null });

    const mail = await sink.waitFor(sentTo(admin.email));
    expect(mail.subject).toBe('Reset your Thoughtfully Adorned admin password');
    expect(mail.text).toContain(`the Thoughtfully Adorned admin account ${admin.email}`);
    expect(mail.text).toContain('The link works once, for 30 minutes.');
    expect(tokenOf(mail)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Never PocketBase's dashboard, where staff cannot sign in.
    expect(mail.html).not.toContain('/_/#/auth/confirm-password-reset/');

    // Recorded as sent once the SMTP conversation is over, after the answer.
    await expect.poll(async () => (await resetRows(admin.id)).map((r) => [r.to, r.status])).toEqual([[admin.email, 'sent']]);
    await settle();
    expect(mailsTo(admin.email)).toHaveLength(1);
  });

  it('the answer does not wait for the mail server, so its time does not tell that an e-mail went out', async () => {
    const admin = await newAdmin();
    sink.setGreetingDelay(2_000);
    try {
      const started = Date.now();
      expect(await requestReset(admin.email)).toEqual({ status: 204, body: null });
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(mailsTo(admin.email)).toEqual([]);
      await sink.waitFor(sentTo(admin.email));
    } finally {
      sink.setGreetingDelay(0);
    }
  });

  it('four requests for one account within the hour: three e-mails, and the fourth answer is the same 204', async () => {
    const admin = await newAdmin();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await requestReset(admin.email));
    expect(answers).toEqual(Array.from({ length: 4 }, () => ({ status: 204, body: null })));

    await sink.waitFor(() => mailsTo(admin.email).length === 3);
    await settle();
    expect(mailsTo(admin.email)).toHaveLength(3);
    expect(await resetRows(admin.id)).toHaveLength(3);

    // Another account has its own three.
    const other = await newAdmin();
    expect(await requestReset(other.email)).toEqual({ status: 204, body: null });
    await sink.waitFor(sentTo(other.email));
  });
});

describe("PocketBase's other auth e-mails", () => {
  const post = (route: string, body: unknown) => request({ base: own.server.url, route, body });

  it("the superusers' reset: four requests within the hour, three e-mails, the same 204 each time", async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post('/api/collections/_superusers/request-password-reset', { email: SUPERUSER.email }));
    expect(answers).toEqual(Array.from({ length: 4 }, () => ({ status: 204, body: null })));
    await sink.waitFor(() => mailsTo(SUPERUSER.email).length === 3);
    await settle();
    expect(mailsTo(SUPERUSER.email)).toHaveLength(3);
    const id = own.su.authStore.record!.id;
    expect(await resetRows(id)).toHaveLength(3);
  });

  it('verification, asked 30 times for a staff account: 204 each time, and no e-mail (superusers: PocketBase refuses)', async () => {
    const admin = await newAdmin();
    expect((await own.su.collection('staff').getOne(admin.id)).verified).toBe(false);
    const answers: { status: number; body: { message?: string } | null }[] = [];
    for (let i = 0; i < 30; i++) {
      answers.push(await post('/api/collections/staff/request-verification', { email: admin.email }));
      answers.push(await post('/api/collections/_superusers/request-verification', { email: SUPERUSER.email }));
    }
    expect(answers.filter((_, i) => i % 2 === 0 && answers[i]!.status !== 204)).toEqual([]);
    expect(answers.filter((_, i) => i % 2 === 1).every((a) => a.status === 400 && a.body?.message === 'All superusers are verified by default.')).toBe(true);
    await settle();
    expect(mailsTo(admin.email)).toEqual([]);
    expect(sink.messages.filter((m) => /verif/i.test(m.subject ?? ''))).toEqual([]);
  });
});

describe('using the link', () => {
  it('sets the new password: it signs in, the old one no longer does, and the link works only once', async () => {
    const admin = await newAdmin();
    await requestReset(admin.email);
    const token = tokenOf(await sink.waitFor(sentTo(admin.email)));
    const confirm = (body: Record<string, string>) => request({ base: own.server.url, route: '/api/collections/staff/confirm-password-reset', body });

    // PocketBase's own checks: the collection's 12 characters, and the confirmation.
    const short = await confirm({ token, password: 'too-short', passwordConfirm: 'too-short' });
    expect(short.status).toBe(400);
    expect(short.body.data).toHaveProperty('password');
    const unequal = await confirm({ token, password: 'a-new-password-456', passwordConfirm: 'a-new-password-457' });
    expect(unequal.status).toBe(400);
    expect(unequal.body.data).toHaveProperty('passwordConfirm');

    expect((await confirm({ token, password: 'a-new-password-456', passwordConfirm: 'a-new-password-456' })).status).toBe(204);
    const auth = await signIn(admin.email, 'a-new-password-456');
    expect(auth.record.id).toBe(admin.id);
    expect((await failureOf(signIn(admin.email, PASSWORD))).status).toBe(400);

    const again = await confirm({ token, password: 'another-password-789', passwordConfirm: 'another-password-789' });
    expect(again.status).toBe(400);
    expect(again.body.data).toHaveProperty('token');
    await signIn(admin.email, 'a-new-password-456');
  });
});

describe('the reset e-mails in the outbox', () => {
  it('admins cannot read them (each holds a live link to an account); other e-mails they can', async () => {
    const admin = await newAdmin();
    await requestReset(admin.email);
    await sink.waitFor(sentTo(admin.email));
    const other = await own.su.collection('mail_log').create({ to: 'holly@example.com', subject: 'Your booking', kind: 'booking_confirmation', status: 'logged' });

    const pb = new PocketBase(own.server.url);
    await pb.collection('staff').authWithPassword(admin.email, PASSWORD);
    const seen = await pb.collection('mail_log').getFullList();
    expect(seen.map((m) => m.id)).toContain(other.id);
    expect(seen.filter((m) => m.kind === 'staff_password_reset')).toEqual([]);
    const [row] = await resetRows(admin.id);
    expect((await failureOf(pb.collection('mail_log').getOne(row!.id))).status).toBe(404);
  });

  it('one held back past its link (30 minutes) is not sent any more', async () => {
    const admin = await newAdmin();
    const old = new Date(Date.now() - 31 * 60_000).toISOString().replace('T', ' ');
    const row = await own.su
      .collection('mail_log')
      .create({
        key: `staff_password_reset:${admin.id}:1`,
        to: admin.email,
        subject: 'Reset your Thoughtfully Adorned admin password',
        kind: 'staff_password_reset',
        html: '<p>a dead link</p>',
        status: 'queued',
        attempts: 3,
        queued_at: old,
        next_attempt_at: old,
        related_id: admin.id,
      });
    const job = await request({ base: own.server.url, route: '/api/fn/jobs/deliver-mail', body: {}, token: own.su.authStore.token });
    expect(job.status).toBe(200);
    expect((await own.su.collection('mail_log').getOne(row.id)).status).toBe('skipped');
    await settle();
    expect(mailsTo(admin.email)).toEqual([]);
  });
});

describe('without APP_URL and SMTP (the shared test server)', () => {
  it('the link is on the address the request came to, and the e-mail is only logged', async () => {
    const shared = superuser();
    const email = `reset-shared-${Date.now().toString(36)}@test.local`;
    const staff = await shared.collection('staff').create({ email, password: PASSWORD, passwordConfirm: PASSWORD, role: 'admin' });
    try {
      expect(await request({ route: '/api/collections/staff/request-password-reset', body: { email } })).toEqual({ status: 204, body: null });
      // Queued before the answer, logged right after it.
      const rows = () => shared.collection('mail_log').getFullList({ filter: shared.filter('kind = "staff_password_reset" && related_id = {:id}', { id: staff.id }) });
      await expect.poll(async () => (await rows()).map((r) => r.status)).toEqual(['logged']);
      expect((await rows())[0]!.html).toContain(`<a href="${baseUrl()}/admin/reset-password?token=`);
    } finally {
      await shared.collection('staff').delete(staff.id);
    }
  });
});
