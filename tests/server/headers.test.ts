/**
 * Production hygiene of every response and of the data on disk (docs/decisions/014):
 * the security headers on pages, the API, uploaded files and errors; CORS only for APP_URL's
 * origin; per-IP limits that see each client behind a trusted proxy; owner-only data files; no
 * HTML for a missing asset; no secret in the request log; the first-start message; and the one
 * clear message (exit code 1) for a wrong environment.
 *
 * One server of its own with rate limits on, APP_URL on another origin and X-Forwarded-For
 * trusted; the shared server (no APP_URL, no proxy) for the defaults.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase, { type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServerEnv } from '../../pb_hooks/src/env/server-env';
import { PB_BIN } from '../../scripts/build/build-steps.mjs';
import { freePort, serveArgs, startServer } from '../../scripts/lib/server.mjs';
import { SERVER_NOW } from './constants';
import { PNG, imageForm } from './image-fixtures';
import { baseUrl, superuserAt, template } from './support';

const APP_URL = 'https://shop.example';
const EVIL = 'https://evil.example';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; " +
  "connect-src 'self'; media-src 'self'; object-src 'none'; frame-src 'none'; worker-src 'self'; manifest-src 'self'; " +
  "base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const FILE_CSP = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";
const PERMISSIONS =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(), geolocation=(), ' +
  'gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), ' +
  'screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()';

/**
 * The headers every response carries. Uploaded files have their own CSP and no
 * X-Frame-Options (PocketBase drops it for files; their CSP's frame-ancestors refuses framing).
 */
function expectSecurityHeaders(res: Response, csp = CSP, frame: string | null = 'DENY') {
  expect({
    csp: res.headers.get('content-security-policy'),
    referrer: res.headers.get('referrer-policy'),
    permissions: res.headers.get('permissions-policy'),
    nosniff: res.headers.get('x-content-type-options'),
    frame: res.headers.get('x-frame-options'),
    opener: res.headers.get('cross-origin-opener-policy'),
    hsts: res.headers.get('strict-transport-security'),
  }).toEqual({ csp, referrer: 'strict-origin-when-cross-origin', permissions: PERMISSIONS, nosniff: 'nosniff', frame, opener: 'same-origin', hsts: null });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-headers-test-'));
let server: Awaited<ReturnType<typeof startServer>>;
let su: PocketBase;
let image: RecordModel;
const imagePath = () => `/api/files/inspiration_images/${image.id}/${image.image}`;

beforeAll(async () => {
  server = await startServer({ dataDir, template: template(), capture: true, env: { APP_NOW: SERVER_NOW, APP_URL, TRUSTED_PROXY_HEADERS: 'X-Forwarded-For' } });
  su = await superuserAt(server.url);
  image = await new PocketBase(server.url).collection('inspiration_images').create(imageForm(PNG, 'porch.png', 'image/png'));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each<[string, () => string, number, string]>([
    ['the home page (prerendered)', () => '/', 200, 'text/html'],
    ['a prerendered content page', () => '/services', 200, 'text/html'],
    ['the booking page', () => '/booking', 200, 'text/html'],
    ['a page only the app renders', () => '/booking-success', 200, 'text/html'],
    ['the health check', () => '/api/health', 200, 'application/json'],
    ['an unknown API route (404)', () => '/api/nope', 404, 'application/json'],
  ])('%s carries every header', async (_name, route, status, type) => {
    const res = await fetch(`${server.url}${route()}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain(type);
    expectSecurityHeaders(res);
  });

  it('an uploaded image is served inline with its own sandboxing CSP, nosniff and the other headers', async () => {
    const res = await fetch(`${server.url}${imagePath()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename=${image.image}`);
    expectSecurityHeaders(res, FILE_CSP, null);
  });

  it('a missing /assets/ file is a 404 without the HTML page or the immutable cache', async () => {
    const res = await fetch(`${server.url}/assets/missing.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).not.toContain('<html');
    expectSecurityHeaders(res);
  });

  it('a real asset keeps its immutable cache', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[^"]+\.css/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${server.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('HSTS only when the trusted proxy says the request came over HTTPS', async () => {
    const https = await fetch(`${server.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000');
    // The shared server trusts no proxy: a client's own X-Forwarded-Proto means nothing.
    const direct = await fetch(`${baseUrl()}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });

  it('pages contain no inline script (the CSP would block it)', async () => {
    for (const route of ['/', '/services', '/booking', '/booking-success']) {
      const html = await (await fetch(`${server.url}${route}`)).text();
      const inline = [...html.matchAll(/<script\b([^>]*)>/g)].filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !/type="application\/ld\+json"/.test(attrs!));
      expect(inline, route).toEqual([]);
    }
  });
});

describe('CORS', () => {
  const preflight = (base: string, origin: string) => fetch(`${base}/api/collections/bookings/records`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });

  it("grants APP_URL's origin", async () => {
    const res = await fetch(`${server.url}/api/health`, { headers: { Origin: APP_URL } });
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_URL);
    expect((await preflight(server.url, APP_URL)).headers.get('access-control-allow-origin')).toBe(APP_URL);
  });

  it('grants nothing to another origin', async () => {
    const res = await fetch(`${server.url}/api/health`, { headers: { Origin: EVIL } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(server.url, EVIL)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('grants nothing to any other origin when APP_URL is not set', async () => {
    const res = await fetch(`${baseUrl()}/api/health`, { headers: { Origin: EVIL } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(baseUrl(), EVIL)).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('per-IP limits behind the trusted proxy', () => {
  const login = (ip: string, identity = 'nobody@example.com') =>
    fetch(`${server.url}/api/collections/staff/auth-with-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ identity, password: 'wrong-password-123' }),
    }).then((r) => r.status);

  it('two clients with different forwarded addresses get separate login budgets (10 per 5 minutes)', async () => {
    const first: number[] = [];
    for (let i = 0; i < 11; i++) first.push(await login('203.0.113.10'));
    expect(first.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(first[10]).toBe(429);
    expect(await login('203.0.113.11')).toBe(400);
    // The proxy's own address (the socket) is not the budget either.
    expect(await login('198.51.100.7, 203.0.113.12')).toBe(400);
  });

  it('limits password changes per client', async () => {
    const email = 'staff-limit@example.com';
    const password = 'a-long-staff-password-1';
    const staff = await su.collection('staff').create({ email, password, passwordConfirm: password, role: 'admin' });
    const res = await fetch(`${server.url}/api/collections/staff/auth-with-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.20' },
      body: JSON.stringify({ identity: email, password }),
    });
    const { token } = (await res.json()) as { token: string };
    const change = (ip: string) =>
      fetch(`${server.url}/api/collections/staff/records/${staff.id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: token, 'X-Forwarded-For': ip },
        body: JSON.stringify({ oldPassword: 'not-the-password', password: 'another-password-12', passwordConfirm: 'another-password-12' }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await change('203.0.113.20'));
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await change('203.0.113.21')).toBe(400);
  });

  it('the first-admin route has its own per-IP rule', async () => {
    const settings = await su.settings.getAll();
    const rules = settings.rateLimits.rules as { label: string; audience: string; maxRequests: number; duration: number }[];
    expect(rules).toContainEqual({ label: 'POST /api/fn/setup-admin', audience: '', maxRequests: 5, duration: 600 });
    expect(rules).toContainEqual({ label: 'staff:auth', audience: '', maxRequests: 10, duration: 300 });
    expect(rules).toContainEqual({ label: '_superusers:auth', audience: '', maxRequests: 10, duration: 300 });
    expect(rules).toContainEqual({ label: 'staff:update', audience: '', maxRequests: 10, duration: 300 });
  });

  it('the first-admin route answers 429 after 5 calls from one address, and another address still gets its answer', async () => {
    const setup = (ip: string) => fetch(`${server.url}/api/fn/setup-admin`, { method: 'POST', headers: { 'X-Forwarded-For': ip } }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await setup('203.0.113.30'));
    // No code: refused (403), or an admin already exists on this server (409). Wrong codes count too.
    expect(statuses.slice(0, 5).every((s) => s === 403 || s === 409)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect([403, 409]).toContain(await setup('203.0.113.31'));
  });
});

describe('data on disk', () => {
  const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

  it('the data directory and database files are readable by their owner only', () => {
    expect(mode(dataDir)).toBe('700');
    for (const f of readdirSync(dataDir).filter((n) => /\.db(-wal|-shm)?$/.test(n))) expect(mode(path.join(dataDir, f)), f).toBe('600');
    expect(existsSync(path.join(dataDir, 'data.db'))).toBe(true);
    expect(mode(path.join(dataDir, 'data.db'))).toBe('600');
  });

  it('uploaded files too', () => {
    const dir = path.join(dataDir, 'storage', image.collectionId, image.id);
    expect(mode(path.join(dataDir, 'storage'))).toBe('700');
    expect(mode(path.join(dir, image.image))).toBe('600');
  });

  it('backups are on by default: daily at 08:00 UTC (03:00 in New York in winter), the last 14 kept', async () => {
    const settings = await su.settings.getAll();
    expect(settings.backups).toMatchObject({ cron: '0 8 * * *', cronMaxKeep: 14 });
  });
});

describe('the request log', () => {
  it('keeps no token, session id or password from URLs and referers', async () => {
    const probe = `probe${Date.now()}`;
    await fetch(`${server.url}/api/fn/review-link?token=SECRET-TOKEN-123&probe=${probe}`, { headers: { Referer: `${APP_URL}/submit-review?token=SECRET-REFERER-456&password=hunter2` } });
    await fetch(`${server.url}/api/fn/demo-checkout?session_id=SECRET-SESSION-789&probe=${probe}`);
    const deadline = Date.now() + 15_000;
    let logs: { data: Record<string, unknown>; message: string }[] = [];
    while (Date.now() < deadline) {
      logs = (await su.logs.getList(1, 200, { filter: `data.url ~ '${probe}'` })).items as never;
      if (logs.length >= 2) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(logs.length).toBe(2);
    const text = JSON.stringify(logs);
    for (const secret of ['SECRET-TOKEN-123', 'SECRET-REFERER-456', 'hunter2', 'SECRET-SESSION-789']) expect(text).not.toContain(secret);
    expect(text).toContain('token=REDACTED');
  });
});

describe('first start', () => {
  it('tells a newcomer the address, the demo mode and how to create the first admin, without the superuser installer', () => {
    const out = server.output();
    expect(out).toContain(`Thoughtfully Adorned is running at ${APP_URL} (listening on 127.0.0.1:${server.port})`);
    expect(out).toContain('Payments: DEMO MODE – no card is charged.');
    expect(out).toContain(`No admin yet: open ${APP_URL}/setup-admin to create the first one.`);
    expect(out).not.toContain('pbinstall');
    expect(out).not.toContain('go run');
  });
});

describe('a wrong environment', () => {
  /** Runs `serve` on a fresh dir with extra variables; resolves with its exit code and output. */
  async function serveWith(env: Record<string, string>) {
    const dir = path.join(os.tmpdir(), `pb-env-test-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    const child = spawn(PB_BIN, serveArgs(await freePort(), dir), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(timer);
    const created = existsSync(dir);
    rmSync(dir, { recursive: true, force: true });
    return { code, stdout, stderr, created };
  }

  it.each<[string, Record<string, string>, string[]]>([
    ['a malformed APP_URL', { APP_URL: 'shop.example' }, ["  - APP_URL is not a web address: use the site's public origin, like https://www.example.com."]],
    ['a malformed MAIL_FROM', { MAIL_FROM: 'Bookings <bookings>' }, ['  - MAIL_FROM is not an e-mail address: use bookings@example.com, or with a name, Thoughtfully Adorned <bookings@example.com>.']],
    [
      'a Stripe key without its webhook secret',
      { STRIPE_SECRET_KEY: 'sk_test_123' },
      ['  - STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set: the signing secret (whsec_…) of the webhook endpoint APP_URL/api/fn/stripe-webhook.'],
    ],
  ])('%s stops the start with the one clear message and exit code 1, before touching the data dir', async (_name, env, lines) => {
    const res = await serveWith(env);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(
      ['Cannot start: the environment needs fixing.', ...lines, 'Set them in the environment (deploy/production.env.example lists every variable) and start again.', ''].join('\n'),
    );
    expect(res.stdout).toBe('');
    expect(res.created).toBe(false);
  });

  it('production without its variables lists all of them at once', async () => {
    const env = { APP_ENV: 'production', APP_URL: '', STRIPE_SECRET_KEY: '', SMTP_HOST: '', MAIL_FROM: '', ADMIN_EMAIL: '' };
    const res = await serveWith(env);
    expect(res.code).toBe(1);
    // The check's own message, whose every line pb_hooks/src/env/server-env.test.ts pins: the five variables, at once.
    const checked = checkServerEnv(env);
    if (checked.ok) throw new Error('the check passed a production environment without its variables');
    expect(checked.message.split('\n')).toHaveLength(7);
    expect(res.stderr.split('\n').slice(0, 6)).toEqual(checked.message.split('\n').slice(0, 6));
  });
});
