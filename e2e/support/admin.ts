/**
 * Helpers of the admin end-to-end tests (docs/decisions/015): bookings made through the public API as a
 * customer would (checkout, then the demo payment), reviews and staff through the superuser
 * client, and the admin's sign-in.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { storeAdminSession as storeSessionAt } from '../../scripts/lib/admin-page.mjs';
import { e2eBaseUrl, e2eServer } from './constants';
import { superuserClient } from './db';
import { EXAMPLE_CHOICES, PAID_DEPOSIT } from '../../scripts/lib/example-booking.mjs';

export interface SeedBooking {
  name: string;
  email: string;
  installDate: string;
  installTimeSlot: string;
  /** null: no removal (where it is optional). */
  removalDate: string | null;
  removalTimeSlot: string | null;
  packageType?: string;
  treeSize?: string;
  selectedAddons?: string[];
}

export interface Checkout {
  url: string;
  sessionId: string;
  bookingId: string;
}

let addresses = 0;

/**
 * A client address of its own (TEST-NET-2, one per call in this run). The e2e server trusts
 * X-Forwarded-For, as production behind its proxy does (docs/decisions/014), so each test that
 * signs in gets its own budget of the per-IP login limit (10 per 5 minutes) instead of sharing
 * 127.0.0.1's with every other spec: the limit works, and the suite is not timed against it.
 */
export function ownAddress(): string {
  addresses += 1;
  return `198.51.${100 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** Requests of `context` (pages, their fetches) come from an address of their own (ownAddress). */
export function fromOwnAddress(context: BrowserContext): Promise<void> {
  return context.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
}

/** A PocketBase client at `url` whose requests come from an address of its own (ownAddress). */
export function clientFromOwnAddress(url = e2eBaseUrl()): PocketBase {
  const pb = new PocketBase(url);
  const address = ownAddress();
  pb.beforeSend = (reqUrl, options) => ({ url: reqUrl, options: { ...options, headers: { ...options.headers, 'X-Forwarded-For': address } } });
  return pb;
}

/** A POST as a customer of its own would make it (ownAddress: its own per-IP limits and hold caps). */
async function postJson<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${e2eBaseUrl()}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ownAddress(), ...headers }, body: JSON.stringify(body) });
  const json = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(`${path} → ${res.status} ${json.message ?? ''}`);
  return json;
}

/** A checkout through POST /api/fn/create-booking-checkout: the booking waits for its deposit. */
export function startCheckout(b: SeedBooking): Promise<Checkout> {
  return postJson<Checkout>(
    '/api/fn/create-booking-checkout',
    {
      bookingData: {
        customerName: b.name,
        customerEmail: b.email,
        customerPhone: '(410) 555-0142',
        customerAddress: '12 Holly Court, Ellicott City, MD 21043',
        packageType: b.packageType ?? 'elevated-arbor',
        treeSize: b.treeSize ?? '7.5-9ft',
        installDate: b.installDate,
        installTimeSlot: b.installTimeSlot,
        removalDate: b.removalDate,
        removalTimeSlot: b.removalTimeSlot,
        selectedAddons: b.selectedAddons ?? [],
        styleColorPalette: 'elegant',
        styleTheme: 'classic',
      },
    },
    { 'Idempotency-Key': `e2e-${b.email.replace(/[^A-Za-z0-9]/g, '-')}` },
  );
}

/** Pays a checkout's deposit on the demo payment route, as the demo page's Pay button does. */
export async function payDeposit(sessionId: string): Promise<void> {
  await postJson('/api/fn/demo-checkout/pay', { sessionId });
}

/** A booking whose deposit is paid (status confirmed), made through the public API. */
export async function paidBooking(b: SeedBooking): Promise<string> {
  const checkout = await startCheckout(b);
  await payDeposit(checkout.sessionId);
  return checkout.bookingId;
}

/** A submitted review waiting for approval (as submit-review leaves it). */
export async function submittedReview(name: string, text: string): Promise<string> {
  const pb = await superuserClient();
  const rec = await pb
    .collection('testimonials')
    .create({
      customer_name: name,
      rating: 5,
      review_text: text,
      package_type: 'premium',
      tree_size: '7.5-9ft',
      service_date: '2026-12-05',
      review_stage: 'post_removal',
      is_approved: false,
      submitted_at: '2026-11-20 12:00:00.000Z',
    });
  return rec.id;
}

/** Removes every staff account, so the first-admin setup can run in this test's data. */
export async function removeAllStaff(): Promise<void> {
  const pb = await superuserClient();
  for (const s of await pb.collection('staff').getFullList({ fields: 'id' })) await pb.collection('staff').delete(s.id);
}

/**
 * The first admin's one-time setup code, as the owner reads it from the server's data dir
 * (docs/decisions/023). The server writes it at start while no admin exists; after the staff was
 * emptied, a call without a code makes it write a new one.
 */
export async function readSetupCode(): Promise<string> {
  const file = path.join(e2eServer().dataDir, 'setup-code');
  if (!existsSync(file)) await fetch(`${e2eBaseUrl()}/api/fn/setup-admin`, { method: 'POST' });
  return readFileSync(file, 'utf8').trim();
}

/**
 * Fills the app's auth store at `origin` as a sign-in leaves it (the scripts' helper, so the
 * benches and the tests store it alike), so the next page of the admin opens signed in.
 */
export function storeAdminSession(page: Page, token: string, record: unknown, origin = e2eBaseUrl()): Promise<void> {
  return storeSessionAt(page, origin, token, record);
}

/**
 * Makes an admin `email` with `password` and display name `name` (superuser), signs in as them
 * from the owner's address and stores that session in `page` (the next admin page opens signed
 * in). Resolves with the new staff record.
 */
export async function signedInNewAdmin(page: Page, email: string, password: string, name: string) {
  const su = await superuserClient();
  const staff = await su.collection('staff').create({ email, password, passwordConfirm: password, role: 'admin', name });
  const auth = await clientFromOwnAddress().collection('staff').authWithPassword(email, password);
  await storeAdminSession(page, auth.token, auth.record);
  return staff;
}

/** Signs in on /admin/login and waits for the dashboard. */
export async function signInAdmin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

/** The sonner toast containing `text`. */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
}

/** Moves the schedule's calendar to `month` ('December 2026') with its previous and next buttons. */
export async function showMonth(calendar: ReturnType<Page['locator']>, month: string) {
  const target = Date.parse(`1 ${month}`);
  for (let i = 0; i < 24; i++) {
    const shown = (await calendar.getByRole('status').textContent()) ?? '';
    if (shown === month) return;
    const button = Date.parse(`1 ${shown}`) < target ? /next month/i : /previous month/i;
    await calendar.getByRole('button', { name: button }).click();
    await expect(calendar.getByRole('status')).not.toHaveText(shown);
  }
  throw new Error(`The calendar never showed ${month}`);
}

/**
 * On the Schedule tab (open, its list shown once the mirror holds the bookings): moves the
 * calendar to `month` ('December 2026') and opens `day` ('Tuesday, December 1, 2026'), which
 * must hold scheduled items. Resolves with the calendar.
 */
export async function openScheduleDay(page: Page, month: string, day: string) {
  await expect(page.getByRole('heading', { name: /^Schedule for / })).toBeVisible();
  const calendar = page.locator('.schedule__calendar');
  await showMonth(calendar, month);
  await calendar.getByRole('button', { name: new RegExp(`${day}, has scheduled items`) }).click();
  await expect(page.getByRole('heading', { name: `Schedule for ${day}` })).toBeVisible();
  return calendar;
}

/** Clicks the account action `name` (Logout, Change Password, Back to Website), opening the phone's Menu first when it is there. */
export async function accountAction(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole(name === 'Back to Website' ? 'link' : 'button', { name })
    .click();
}

/**
 * A confirmed demo booking with its $825 deposit paid, stored directly (superuser) rather than
 * through checkout: for dates no checkout can book (today, a Wednesday), so no other spec meets
 * it. `over` sets any field (install_date, removal_date, notes...). Resolves with the record.
 */
export async function storedPaidBooking(name: string, email: string, over: Record<string, unknown> = {}) {
  const su = await superuserClient();
  return su
    .collection('bookings')
    .create({
      customer_name: name,
      customer_email: email,
      customer_phone: '(410) 555-0142',
      customer_address: '12 Holly Court, Ellicott City, MD 21043',
      ...EXAMPLE_CHOICES,
      ...PAID_DEPOSIT,
      payment_mode: 'demo',
      ...over,
    });
}
