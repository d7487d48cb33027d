#!/usr/bin/env node
// @ts-check
/**
 * Writes the admin app's manifest screenshots (docs/decisions/016: the richer install dialog
 * of Android and desktop Chrome shows them) into web/public/screenshots: Booking Details with
 * its on-site actions on a phone (narrow, 1080 × 1920) and the schedule on a laptop (wide,
 * 1920 × 1080). The real app, built, on a temporary server with a few made-up
 * bookings, in Debian's Chromium. The outputs are committed; run this (after `npm run build`)
 * only to change them: `node scripts/images/make-app-screenshots.mjs`. CHROME_PATH overrides
 * /usr/bin/chromium.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import PocketBase from 'pocketbase';
import sharp from 'sharp';
import { storeAdminSession } from '../lib/admin-page.mjs';
import { ROOT } from '../lib/run.mjs';
import { startServer } from '../lib/server.mjs';
import { PAID_DEPOSIT } from '../lib/example-booking.mjs';

const OUT = path.join(ROOT, 'web', 'public', 'screenshots');
const SUPERUSER = { email: 'shots@shots.local', password: 'screenshots-superuser-password-1' };
const ADMIN = { email: 'owner@thoughtfullyadorned.local', password: 'screenshots-admin-password-1' };
const APP_NOW = '2026-11-20T17:00:00Z';

const CUSTOMERS = [
  ['Holly Berry', '2026-11-24', '9-15', 'elevated-arbor', '7.5-9ft'],
  ['Noel Winters', '2026-11-24', '9-12', 'adorned-arrangement', '5-7ft'],
  ['Ivy Greene', '2026-11-25', '9-18', 'curated-christmas', '10-12ft'],
  ['Carol Kingsley', '2026-11-27', '9-15', 'elevated-arbor', '7.5-9ft'],
  ['Gabriel Frost', '2026-12-01', '9-15', 'curated-christmas', '7.5-9ft'],
];

/** @param {PocketBase} su */
async function seed(su) {
  await su.collection('staff').create({ email: ADMIN.email, password: ADMIN.password, passwordConfirm: ADMIN.password, role: 'admin', name: 'Owner' });
  const ids = [];
  for (const [i, [name, install, slot, pkg, size]] of CUSTOMERS.entries()) {
    const rec = await su.collection('bookings').create({
      customer_name: name,
      customer_email: `${String(name).split(' ')[0]?.toLowerCase()}@example.com`,
      customer_phone: `(410) 555-01${String(40 + i)}`,
      customer_address: `${12 + i * 7} Holly Court, Ellicott City, MD 21043`,
      package_type: pkg,
      tree_size: size,
      install_date: install,
      install_time_slot: slot,
      removal_date: `2027-01-0${5 + (i % 4)}`,
      removal_time_slot: slot,
      style_color_palette: 'Ivory and gold',
      style_theme: 'Classic elegance',
      parking_instructions: 'Driveway on the left; the side door is open.',
      notes: 'Please bring the tall ladder: 12 ft ceilings.',
      ...PAID_DEPOSIT,
      payment_mode: 'demo',
      deposit_paid_at: '2026-11-10 15:00:00.000Z',
    });
    ids.push(rec.id);
  }
  return ids;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-screenshots-'));
const server = await startServer({ dataDir, superuser: SUPERUSER, env: { APP_NOW, RATE_LIMITS: 'off' } });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const su = new PocketBase(server.url);
  await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  const [first] = await seed(su);
  const auth = await new PocketBase(server.url).collection('staff').authWithPassword(ADMIN.email, ADMIN.password);
  mkdirSync(OUT, { recursive: true });

  /** @param {{ width: number, height: number, scale: number, file: string, open: (page: import('@playwright/test').Page) => Promise<void> }} shot */
  const take = async (shot) => {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, deviceScaleFactor: shot.scale });
    const page = await context.newPage();
    await storeAdminSession(page, server.url, auth.token, auth.record);
    await shot.open(page);
    const png = await page.screenshot();
    await sharp(png).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(path.join(OUT, shot.file));
    await context.close();
    console.log(`wrote web/public/screenshots/${shot.file}`);
  };

  const openDetails = async (/** @type {import('@playwright/test').Page} */ page) => {
    await page.goto(`${server.url}/admin/dashboard?tab=bookings`);
    await page.getByRole('button', { name: CUSTOMERS[0]?.[0] ?? '', exact: true }).click();
    await page.getByRole('dialog', { name: /Booking Details/ }).waitFor();
    await page.getByText(/synced \d/).waitFor();
  };
  await take({ width: 360, height: 640, scale: 3, file: 'admin-booking-narrow.png', open: openDetails });
  await take({
    width: 1280,
    height: 720,
    scale: 1.5,
    file: 'admin-schedule-wide.png',
    open: async (page) => {
      await page.goto(`${server.url}/admin/dashboard?tab=schedule`);
      await page.getByRole('heading', { name: /^Schedule for / }).waitFor();
      void first;
    },
  });
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
