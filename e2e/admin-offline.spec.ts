import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import sharp from 'sharp';
import type { BrowserContext, Page } from '@playwright/test';
import { startServer } from '../scripts/lib/server.mjs';
import { expect, test, waitForApp } from './support/fixtures';
import { E2E_NOW, e2eBaseUrl } from './support/constants';
import { superuserClient } from './support/db';
import { accountAction, clientFromOwnAddress, fromOwnAddress, ownAddress, paidBooking, storeAdminSession, storedPaidBooking, toast } from './support/admin';
import { waitForMail } from './support/mail';
import { EXAMPLE_CHOICES, PAID_DEPOSIT } from '../scripts/lib/example-booking.mjs';

/**
 * The offline-first admin in Chromium at 375 px (docs/decisions/016): after one online sign-in the
 * dashboard opens with no network; on-site actions (install done, a note, a photo, damages with
 * the balance charge) are queued on the phone and applied exactly once when the connection
 * returns, whether the browser went offline or the server stopped and came back; a second
 * device sees the changes through realtime, and a deletion reaches it; a session that expires
 * offline keeps the work, asks for a login when the connection is back, and the work is sent
 * only under the account that did it; 'Sign out of all devices' ends a lost phone's session
 * and the work queued on it is kept (docs/decisions/043). Also: the admin's web manifest is
 * linked only on admin pages.
 */

test.describe.configure({ mode: 'serial' });
// The service worker is what this spec tests: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ viewport: { width: 375, height: 740 }, serviceWorkers: 'allow' });
test.beforeEach(({ context }) => fromOwnAddress(context));

const RUN = Date.now();
const PASSWORD = `offline-admin-password-${RUN}`;

interface Session {
  token: string;
  record: unknown;
  id: string;
}

/** An admin account on the server at `url` (made by its superuser `su`), signed in once. */
async function adminSession(url: string, su: PocketBase): Promise<Session> {
  const email = `offline-${RUN}-${Math.random().toString(36).slice(2, 8)}@test.local`;
  const rec = await su.collection('staff').create({ email, password: PASSWORD, passwordConfirm: PASSWORD, role: 'admin', name: 'Offline Admin' });
  const auth = await clientFromOwnAddress(url).collection('staff').authWithPassword(email, PASSWORD);
  return { token: auth.token, record: auth.record, id: rec.id };
}

let mainSession: Promise<Session> | null = null;
const session = () => (mainSession ??= superuserClient().then((su) => adminSession(e2eBaseUrl(), su)));

/** Opens the dashboard at `origin` with `s` stored as after a sign-in, on `tab`. */
async function openDashboard(page: Page, s: Session, tab = 'bookings', origin = e2eBaseUrl()): Promise<void> {
  await storeAdminSession(page, s.token, s.record, origin);
  await page.goto(`${origin}/admin/dashboard?tab=${tab}`);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

/** Waits until the service worker controls the page (a reload after its first install). */
async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await waitForApp(page);
  }
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

const chip = (page: Page) => page.getByTestId('sync-status');

/** Waits until the chip says the first pull has finished ('synced …'). */
async function synced(page: Page): Promise<void> {
  await expect(chip(page)).toContainText(/synced \d/);
}

/** Opens Booking Details of `name` from the Bookings tab. */
async function openBooking(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  const details = page.getByRole('dialog', { name: /Booking Details/ });
  await expect(details).toBeVisible();
  return details;
}

/** A large phone-camera-like JPEG (4032 × 3024), which the app must make smaller. */
function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 4032, height: 3024, channels: 3, background: { r: 30, g: 90, b: 50 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Records, on the open Booking Details, install done, a note and a photo; each shows queued. */
async function recordOnSite(page: Page, details: ReturnType<Page['getByRole']>, note: string, photo: Buffer, installDate: string): Promise<void> {
  await markInstallDone(page, details, installDate);
  await expect(details.locator('.admin-onsite__done')).toContainText('Install done');
  await expect(details.locator('.admin-onsite__done')).toContainText('Queued');
  await details.getByLabel('Note', { exact: true }).fill(note);
  await details.getByRole('button', { name: 'Add note' }).click();
  const noteItem = details.locator('.admin-onsite__event', { hasText: note });
  await expect(noteItem).toContainText('Queued');
  await details.locator('input[type="file"]').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  const photoItem = details.locator('.admin-onsite__event', { hasText: 'Photo' });
  await expect(photoItem).toContainText('Queued');
  await expect(photoItem.getByRole('img')).toBeVisible();
}

// Olive's job is moved to the real clock's tomorrow, a date other specs may book (every spec
// shares one server): it goes back to its own date once this file is done.
let movedToTomorrow: string | null = null;
test.afterAll(async () => {
  if (movedToTomorrow) await (await superuserClient()).collection('bookings').update(movedToTomorrow, { install_date: '2026-12-12' });
});

/** Tomorrow in New York by the real clock (the browser's, which the schedule and prefetch use). */
function realTomorrow(): string {
  return realDay(1);
}

/** The real date `offset` days from now in New York (the phone's clock, not the e2e server's). */
function realDay(offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offset * 86_400_000));
}

/** Marks the install done on `scope`, confirming when the phone asks (a visit after the real today). */
async function markInstallDone(page: Page, scope: ReturnType<Page['getByRole']>, installDate: string): Promise<void> {
  await scope.getByRole('button', { name: 'Mark install done' }).click();
  if (installDate <= realDay()) return;
  const ask = page.getByRole('alertdialog', { name: 'Mark the install done already?' });
  await expect(ask).toContainText('which has not come yet');
  await ask.getByRole('button', { name: 'Mark install done' }).click();
}

/** An inspiration image uploaded as the booking wizard does it; its public URL. */
async function uploadInspiration(): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 170, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new File([new Uint8Array(png)], 'wish.png', { type: 'image/png' }));
  form.append('wizardId', `wizard_e2e_${Date.now()}`);
  const rec = await new PocketBase(e2eBaseUrl()).collection('inspiration_images').create(form);
  return `${e2eBaseUrl()}/api/files/inspiration_images/${rec.id}/${rec.image}`;
}

/** On the server: the booking's job events by kind, and its charges. */
async function serverState(bookingId: string) {
  const su = await superuserClient();
  const events = await su.collection('job_events').getFullList({ filter: su.filter('booking = {:b}', { b: bookingId }), sort: 'created_at' });
  const charges = await su.collection('charges').getFullList({ filter: su.filter('booking = {:b}', { b: bookingId }) });
  const booking = await su.collection('bookings').getOne(bookingId);
  return { events, charges, booking };
}

test('the admin manifest is linked on admin pages only, and is complete', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  await page.goto('/admin/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/admin.webmanifest');
  const manifest = await (await fetch(`${e2eBaseUrl()}${href}`)).json();
  expect(manifest).toMatchObject({ id: '/admin/', start_url: '/admin/dashboard', scope: '/admin/', display: 'standalone', short_name: 'Adorned Admin' });
  expect(manifest.name).toBeTruthy();
  expect(manifest.description).toBeTruthy();
  expect(manifest.theme_color).toBeTruthy();
  expect(manifest.background_color).toBeTruthy();
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((i: { sizes: string; purpose: string }) => i.sizes === size && i.purpose === purpose);
      expect(icon, `${size} ${purpose}`).toBeTruthy();
      expect((await fetch(`${e2eBaseUrl()}${icon.src}`)).status).toBe(200);
    }
  }
  expect(manifest.screenshots.length).toBeGreaterThanOrEqual(2);
  for (const shot of manifest.screenshots) expect((await fetch(`${e2eBaseUrl()}${shot.src}`)).status).toBe(200);
});

test('offline: reload, mark install done, a note, a photo, damages with the balance charge; back online each is applied once', async ({ page, context }) => {
  const s = await session();
  const name = `Olive Offline ${RUN}`;
  const bookingId = await paidBooking({ name, email: `olive.${RUN}@example.com`, installDate: '2026-12-12', installTimeSlot: '9-15', removalDate: '2027-01-15', removalTimeSlot: '9-15' });
  // Tomorrow's job (by the browser's clock), with an inspiration image to have at the door.
  const image = await uploadInspiration();
  await (await superuserClient()).collection('bookings').update(bookingId, { install_date: realTomorrow(), style_inspiration_images: [image] });
  movedToTomorrow = bookingId;
  await openDashboard(page, s);
  await synced(page);
  await underServiceWorker(page);
  await synced(page);
  // The images of the next 14 days' jobs are fetched ahead into the service worker's cache.
  await expect.poll(() => page.evaluate(async (url) => !!(await (await caches.open('inspiration-images')).match(url)), image), { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(chip(page)).toContainText('Offline');
  // Everything to read is on the phone: the schedule, then the booking's details.
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await expect(page.getByRole('heading', { name: /^Schedule for / })).toBeVisible();
  await page.getByRole('tab', { name: 'Bookings' }).click();

  const details = await openBooking(page, name);
  await expect(details).toContainText('12 Holly Court');
  await expect(details).toContainText('(410) 555-0142');
  const wish = details.getByRole('img', { name: 'Inspiration image 1' });
  await wish.scrollIntoViewIfNeeded();
  await expect.poll(() => wish.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  const photo = await cameraPhoto();
  await recordOnSite(page, details, `Gate code ${RUN}`, photo, realTomorrow());

  // Damages with the balance: queued, never shown as charged.
  await details.getByRole('button', { name: 'Record Damages & Charge' }).click();
  const damages = page.getByRole('dialog', { name: 'Record Damages & Charge' });
  await damages.getByRole('checkbox', { name: /Small pieces/ }).check();
  await damages.getByRole('spinbutton', { name: 'Small pieces quantity' }).fill('2');
  await damages.getByRole('button', { name: 'Charge $835' }).click();
  await damages.getByRole('button', { name: 'Yes, charge $835' }).click();
  await expect(toast(page, 'Charge queued')).toBeVisible();
  await expect(damages).toBeHidden();
  await expect(details.locator('.admin-outbox-item', { hasText: 'Damages and balance charge' })).toContainText('Queued');
  await expect(page.getByText(/Charged \$/)).toHaveCount(0);
  await expect(details.getByText('Queued', { exact: true }).first()).toBeVisible();
  await expect(chip(page)).toHaveAttribute('data-waiting', '4');

  // Nothing reached the server meanwhile.
  let state = await serverState(bookingId);
  expect(state.events).toHaveLength(0);
  expect(state.charges).toHaveLength(0);

  await context.setOffline(false);
  await expect(chip(page)).toHaveAttribute('data-waiting', '0', { timeout: 20_000 });
  await expect(chip(page)).toContainText('Online');
  // Exactly 'Queued': the state pills (a toast such as 'Charge queued' may sit in the dialog's top layer).
  await expect(details.getByText('Queued', { exact: true })).toHaveCount(0);

  state = await serverState(bookingId);
  expect(state.events.map((e) => e.kind)).toEqual(['install_done', 'note', 'photo']);
  expect(state.events.find((e) => e.kind === 'note')?.text).toBe(`Gate code ${RUN}`);
  expect(state.booking.install_done_at).not.toBe('');
  expect(state.charges.map((c) => [c.status, c.amount])).toEqual([['succeeded', 82500 + 1000]]);
  expect(state.booking).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });

  // The photo went up made smaller on the phone: at most 1600 px, JPEG.
  const su = await superuserClient();
  const photoEvent = state.events.find((e) => e.kind === 'photo')!;
  const file = await fetch(su.files.getURL(photoEvent, photoEvent.photo, { token: await su.files.getToken() }));
  const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
  expect(meta.format).toBe('jpeg');
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1600);
  expect(photo.length).toBeGreaterThan(Number(file.headers.get('content-length') ?? Infinity));

  // Applied once: a reload (which flushes again) changes nothing.
  await page.reload();
  await waitForApp(page);
  await expect(chip(page)).toHaveAttribute('data-waiting', '0');
  state = await serverState(bookingId);
  expect(state.events).toHaveLength(3);
  expect(state.charges).toHaveLength(1);
});

test('offline: a cash payment at the door counts at once as pending and a removal is moved; both survive a reload and are applied once when back online, each e-mailed', async ({ page, context }) => {
  const s = await session();
  const name = `Cathy Cash ${RUN}`;
  const email = `cathy.${RUN}@example.com`;
  // On a Wednesday no other spec books, paid deposit, $825 due.
  const booking = await storedPaidBooking(name, email, { install_date: '2026-12-16', removal_date: '2027-01-13', deposit_paid_at: '2026-11-10 15:00:00.000Z' });
  await openDashboard(page, s);
  await synced(page);
  await underServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await waitForApp(page);
  await expect(chip(page)).toContainText('Offline');
  const details = await openBooking(page, name);
  // A question inside the dialog, answered 'Cancel', closes only itself.
  await details.getByRole('button', { name: 'Mark install done' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Mark the install done already?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(details).toBeVisible();
  // Confirmed by a slip of the thumb, then taken back with Undo: it never leaves the phone.
  await details.getByRole('button', { name: 'Mark install done' }).click();
  await ask.getByRole('button', { name: 'Mark install done' }).click();
  await expect(details.locator('.admin-onsite__done')).toContainText('Install done');
  await details.locator('.admin-onsite__done').getByRole('button', { name: 'Undo' }).click();
  await expect(details.getByRole('button', { name: 'Mark install done' })).toBeVisible();
  const payments = details.getByRole('group', { name: 'Payments at the door' });
  await expect(payments).toContainText('Balance due: $825');
  await payments.getByRole('button', { name: 'Record a payment' }).click();
  const form = payments.getByRole('form', { name: 'Record a payment' });
  await expect(form.getByLabel('Amount ($)')).toHaveValue('825');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect(payments).toContainText('Balance due: $0');
  await expect(payments).toContainText('$825 pending');
  await expect(payments.getByRole('list', { name: 'Payments recorded' })).toContainText('Cash: $825');
  await expect(payments.getByRole('list', { name: 'Payments recorded' })).toContainText('Queued');
  // The charge button would take the same money again: it waits for the sync.
  await expect(details.getByRole('button', { name: 'Record Damages & Charge' })).toBeDisabled();
  // Nor can it be deleted while money is in flight; the menu says why.
  await details.getByRole('button', { name: 'More actions' }).click();
  await expect(details.getByRole('button', { name: 'Delete Booking' })).toBeDisabled();
  await expect(details).toContainText('A payment for this booking is still in progress.');
  await details.getByRole('button', { name: 'More actions' }).click();

  // The customer asked, at the door, for a later removal: moved offline, checked on sync.
  await details.getByRole('button', { name: 'Move the removal' }).click();
  const move = page.getByRole('dialog', { name: 'Move the removal' });
  await expect(move).toContainText('Offline: the move is checked');
  await move.getByLabel('New date').fill('2027-01-28');
  await move.getByRole('radio', { name: '9 AM - 3 PM' }).check();
  await move.getByRole('button', { name: 'Move the removal' }).click();
  await expect(toast(page, 'Move queued')).toBeVisible();
  await expect(move).toBeHidden();
  await expect(details).toContainText('Move the removal to');
  await expect(details).toContainText('queued on this phone');

  // A reload offline keeps it, still pending, also in the Bookings list.
  await page.reload();
  await waitForApp(page);
  await expect(page.locator('tr', { hasText: name })).toContainText('$825 pending');
  expect((await serverState(booking.id)).charges).toHaveLength(0);

  await context.setOffline(false);
  await expect(chip(page)).toHaveAttribute('data-waiting', '0', { timeout: 20_000 });
  await expect(page.locator('tr', { hasText: name })).toContainText('$0 Paid');
  const state = await serverState(booking.id);
  expect(state.charges.map((c) => [c.method, c.amount, c.status, c.created_by])).toEqual([['cash', 82500, 'succeeded', s.id]]);
  expect(state.booking).toMatchObject({ payment_status: 'paid', balance_remaining: 0, removal_date: expect.stringMatching(/^2027-01-28/), removal_time_slot: '9-15' });
  expect(state.events.map((e) => [e.kind, e.created_by])).toEqual([['owner_change', s.id]]);
  const receipt = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Receipt: Balance payment of $825'));
  expect(receipt.text).toContain('Method: Cash');
  const moved = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your removal has moved'));
  expect(moved.text).toContain('Thursday, January 28, 2027');
});

test('the server stopped and restarted instead: the queued actions are applied once when it is back', async ({ browser }) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-e2e-offline-'));
  const superuser = { email: 'offline-su@test.local', password: 'offline-superuser-password-1' };
  const env = { APP_NOW: E2E_NOW, RATE_LIMITS: 'off', SMTP_HOST: '' };
  let server = await startServer({ dataDir, superuser, env });
  const context: BrowserContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  try {
    const su = new PocketBase(server.url);
    await su.collection('_superusers').authWithPassword(superuser.email, superuser.password);
    const s = await adminSession(server.url, su);
    const name = `Stella Stopped ${RUN}`;
    const booking = await su
      .collection('bookings')
      .create({
        customer_name: name,
        customer_email: 'stella@example.com',
        customer_phone: '(410) 555-0142',
        customer_address: '12 Holly Court, Ellicott City, MD 21043',
        ...EXAMPLE_CHOICES,
        removal_date: '2027-01-05',
        ...PAID_DEPOSIT,
        payment_mode: 'demo',
      });

    const page = await context.newPage();
    await openDashboard(page, s, 'bookings', server.url);
    await synced(page);
    await underServiceWorker(page);
    await synced(page);

    const port = new URL(server.url).port;
    await server.stop();
    await page.reload();
    await waitForApp(page);
    const details = await openBooking(page, name);
    await recordOnSite(page, details, `Ladder in the garage ${RUN}`, await cameraPhoto(), EXAMPLE_CHOICES.install_date);
    await expect(chip(page)).toHaveAttribute('data-waiting', '3');
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await chip(page).click();
    const changes = page.getByRole('dialog', { name: 'Changes on this device' });
    await expect(changes).toContainText('No connection to the server');
    await changes.getByRole('button', { name: 'Close', exact: true }).click();

    server = await startServer({ dataDir, env, port: Number(port) });
    // No `online` event: the realtime reconnect or the backoff timer sends them.
    await expect(chip(page)).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
    const events = await su.collection('job_events').getFullList({ filter: su.filter('booking = {:b}', { b: booking.id }) });
    expect(events.map((e) => e.kind).sort()).toEqual(['install_done', 'note', 'photo']);
    expect((await su.collection('bookings').getOne(booking.id)).install_done_at).not.toBe('');
  } finally {
    await context.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a second device sees the changes through realtime, and a booking deleted on one disappears from the other', async ({ browser }) => {
  const s = await session();
  const keep = `Rita Realtime ${RUN}`;
  const gone = `Gus Gone ${RUN}`;
  const keepId = await paidBooking({ name: keep, email: `rita.${RUN}@example.com`, installDate: '2026-12-13', installTimeSlot: '9-15', removalDate: '2027-01-16', removalTimeSlot: '9-15' });
  // Confirmed but unpaid, so it may be deleted (a booking money moved for is cancelled instead).
  await storedPaidBooking(gone, `gus.${RUN}@example.com`, { install_date: '2026-12-15', removal_date: '2027-01-17', payment_status: 'pending', balance_remaining: 165000 });

  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The phone's clock runs as the real one, and is moved on past the done mark's Undo window.
  await phone.clock.install();
  try {
    const a = await phone.newPage();
    const b = await laptop.newPage();
    await openDashboard(a, s);
    await openDashboard(b, s);
    await synced(a);
    await synced(b);

    const onLaptop = await openBooking(b, keep);
    const onPhone = await openBooking(a, keep);
    const note = `Seen on the laptop ${RUN}`;
    await onPhone.getByLabel('Note', { exact: true }).fill(note);
    await onPhone.getByRole('button', { name: 'Add note' }).click();
    await expect(onLaptop.locator('.admin-onsite__event', { hasText: note })).toBeVisible({ timeout: 5_000 });
    await markInstallDone(a, onPhone, '2026-12-13');
    // A done mark leaves the phone once its Undo window (6 s) is over.
    const undo = onPhone.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeVisible();
    await a.clock.fastForward(6_000);
    await expect(undo).toBeHidden();
    await expect(onLaptop.locator('.admin-onsite__done')).toContainText('Install done');
    await expect(onLaptop.getByText('Queued')).toHaveCount(0);
    const su = await superuserClient();
    expect((await su.collection('job_events').getFullList({ filter: su.filter('booking = {:b}', { b: keepId }) })).length).toBe(2);

    // The later edit of the admin's own notes wins on both.
    await onLaptop.getByLabel('Admin notes').fill('Bring the tall ladder');
    await onLaptop.getByRole('button', { name: 'Save notes' }).click();
    await expect(onPhone.getByLabel('Admin notes')).toHaveValue('Bring the tall ladder', { timeout: 5_000 });

    await onPhone.getByRole('button', { name: 'Close', exact: true }).click();
    await onLaptop.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(a.getByRole('button', { name: gone, exact: true })).toBeVisible();
    const details = await openBooking(b, gone);
    await details.getByRole('button', { name: 'More actions' }).click();
    await details.getByRole('button', { name: 'Delete Booking' }).click();
    await b.getByRole('alertdialog', { name: 'Delete this booking?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(b, 'Booking deleted successfully')).toBeVisible();
    await expect(a.getByRole('button', { name: gone, exact: true })).toHaveCount(0, { timeout: 5_000 });
  } finally {
    await phone.close();
    await laptop.close();
  }
});

test('a session that expired offline: work goes on, the admin is asked to log in, and the queue is sent only under that account', async ({ page, context }) => {
  test.setTimeout(120_000);
  const su = await superuserClient();
  const name = `Eve Expired ${RUN}`;
  const bookingId = await paidBooking({ name, email: `eve.${RUN}@example.com`, installDate: '2026-12-18', installTimeSlot: '9-15', removalDate: '2027-01-19', removalTimeSlot: '9-15' });
  const emailA = `expiring-a-${RUN}@test.local`;
  const emailB = `other-b-${RUN}@test.local`;
  const a = await su.collection('staff').create({ email: emailA, password: PASSWORD, passwordConfirm: PASSWORD, role: 'admin', name: 'A' });
  const b = await su.collection('staff').create({ email: emailB, password: PASSWORD, passwordConfirm: PASSWORD, role: 'admin', name: 'B' });

  // A token that lives 15 s: staff tokens last 15 s while it is made, then as before.
  const staff = await su.collections.getOne('staff');
  const duration = staff.authToken.duration;
  await su.collections.update('staff', { authToken: { ...staff.authToken, duration: 15 } });
  let short: { token: string; record: unknown };
  try {
    const auth = await clientFromOwnAddress().collection('staff').authWithPassword(emailA, PASSWORD);
    short = { token: auth.token, record: auth.record };
  } finally {
    await su.collections.update('staff', { authToken: { ...staff.authToken, duration } });
  }
  // A poor connection: every renewal of the session fails, so it runs out.
  await context.route('**/api/collections/staff/auth-refresh', (route) => route.abort());
  await openDashboard(page, { ...short, id: a.id });
  await synced(page);
  await underServiceWorker(page);
  await synced(page);

  // Offline until the session has run out: the server refuses the token from then on.
  await context.setOffline(true);
  await expect
    .poll(async () => (await fetch(`${e2eBaseUrl()}/api/collections/staff/auth-refresh`, { method: 'POST', headers: { Authorization: short.token, 'X-Forwarded-For': ownAddress() } })).status, {
      timeout: 30_000,
      intervals: [250],
    })
    .toBe(401);
  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const details = await openBooking(page, name);
  const note = `Written after the session ran out ${RUN}`;
  await details.getByLabel('Note', { exact: true }).fill(note);
  await details.getByRole('button', { name: 'Add note' }).click();
  await expect(details.locator('.admin-onsite__event', { hasText: note })).toContainText('Queued');

  // Back online: the expired session is ended and the admin asked to log in; nothing was sent.
  await context.unroute('**/api/collections/staff/auth-refresh');
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(toast(page, 'Your session has ended. Please log in again.')).toBeVisible();
  const notes = () => su.collection('job_events').getFullList({ filter: su.filter('booking = {:b}', { b: bookingId }) });
  expect(await notes()).toHaveLength(0);

  // Another admin signs in on this phone: A's work is not sent under B's account.
  await page.getByLabel('Email').fill(emailB);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await synced(page);
  await expect(chip(page)).toHaveAttribute('data-waiting', '1');
  // B's own note, queued after A's, is sent: the outbox has run under B and passed A's by.
  const noteB = `Written by the other admin ${RUN}`;
  await page.getByRole('tab', { name: 'Bookings' }).click();
  const detailsB = await openBooking(page, name);
  await detailsB.getByLabel('Note', { exact: true }).fill(noteB);
  await detailsB.getByRole('button', { name: 'Add note' }).click();
  await expect.poll(async () => (await notes()).map((e) => [e.text, e.created_by])).toEqual([[noteB, b.id]]);
  await expect(chip(page)).toHaveAttribute('data-waiting', '1');
  await detailsB.getByRole('button', { name: 'Close', exact: true }).click();
  await accountAction(page, 'Logout');
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();

  // A signs in again: the queue is sent, once, as A.
  await page.getByLabel('Email').fill(emailA);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(chip(page)).toHaveAttribute('data-waiting', '0', { timeout: 15_000 });
  const sent = (await notes()).filter((e) => e.created_by === a.id);
  expect(sent.map((e) => [e.kind, e.text, e.created_by])).toEqual([['note', note, a.id]]);
});

test('sign out of all devices: the lost phone loses access at once, and its queued work is kept and sent after the next log in', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const su = await superuserClient();
  const name = `Lou Lostphone ${RUN}`;
  // Stored on Wednesdays no checkout can book, so no other spec meets it.
  const booking = await storedPaidBooking(name, `lou.${RUN}@example.com`, { install_date: '2027-02-03', removal_date: '2027-02-10' });
  const owner = await adminSession(e2eBaseUrl(), su);
  const email = String((owner.record as { email: string }).email);

  // The phone: signed in, then offline in a customer's house, a note queued.
  await openDashboard(page, owner);
  await synced(page);
  await page.context().setOffline(true);
  const note = `Queued before the sign-out ${RUN}`;
  const details = await openBooking(page, name);
  await details.getByLabel('Note', { exact: true }).fill(note);
  await details.getByRole('button', { name: 'Add note' }).click();
  await expect(details.locator('.admin-onsite__event', { hasText: note })).toContainText('Queued');

  // The laptop signs every device out.
  const laptopContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await fromOwnAddress(laptopContext);
  const laptop = await laptopContext.newPage();
  try {
    const auth = await clientFromOwnAddress().collection('staff').authWithPassword(email, PASSWORD);
    await openDashboard(laptop, { token: auth.token, record: auth.record, id: owner.id });
    await accountAction(laptop, 'Sign out of all devices');
    const ask = laptop.getByRole('alertdialog', { name: 'Sign out of all devices?' });
    await expect(ask).toContainText('this one included');
    await ask.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(laptop.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
    await expect(toast(laptop, 'Signed out of all devices')).toBeVisible();
  } finally {
    await laptopContext.close();
  }
  // The phone's token, issued before it, is refused.
  const renewal = await fetch(`${e2eBaseUrl()}/api/collections/staff/auth-refresh`, { method: 'POST', headers: { Authorization: owner.token } });
  expect(renewal.status).toBe(401);

  // The phone gets signal: it is signed out, the note is still on it and not on the server.
  await page.context().setOffline(false);
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(toast(page, 'Your session has ended. Please log in again.')).toBeVisible();
  const notes = () => su.collection('job_events').getFullList({ filter: su.filter('booking = {:b}', { b: booking.id }) });
  expect(await notes()).toHaveLength(0);

  // The owner logs in again on the phone: the kept note is sent, once.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(chip(page)).toHaveAttribute('data-waiting', '0', { timeout: 15_000 });
  expect((await notes()).map((e) => [e.kind, e.text, e.created_by])).toEqual([['note', note, owner.id]]);
});
