/**
 * POST /api/fn/setup-admin (SPEC.md §2 Admin login and setup; DESIGN.md decision 9;
 * docs/decisions/012): the first admin, once, atomically, with ADMIN_EMAIL and a password the
 * server generates.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { SERVER_NOW, SUPERUSER } from './constants';
import { anonymous, callFn, clearCollections, superuser } from './support';

const DEFAULT_EMAIL = 'admin@thoughtfullyadorned.local';
const EXISTS = 'An admin account already exists.';

async function admins(pb: PocketBase = superuser()) {
  return pb.collection('staff').getFullList({ filter: "role = 'admin'" });
}

describe('setup-admin on a server without ADMIN_EMAIL', () => {
  beforeEach(() => clearCollections('staff'));

  it('ten simultaneous calls create exactly one admin; the other nine get 409', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => callFn('POST', '/api/fn/setup-admin')));
    const created = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(created).toHaveLength(1);
    expect(refused.map((a) => a.status)).toEqual(Array(9).fill(409));
    for (const a of refused) expect(a.body.message).toBe(EXISTS);

    const list = await admins();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ email: DEFAULT_EMAIL, role: 'admin' });
  });

  it('returns the default e-mail and a generated password of 20+ characters that signs in', async () => {
    const res = await callFn('POST', '/api/fn/setup-admin');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['email', 'password']);
    expect(res.body.email).toBe(DEFAULT_EMAIL);
    expect(res.body.password).toMatch(/^[A-Za-z0-9]{20,}$/);

    const pb = anonymous();
    const auth = await pb.collection('staff').authWithPassword(res.body.email, res.body.password);
    expect(auth.record.role).toBe('admin');
  });

  it('never uses a password or e-mail sent by the caller, and two setups never share a password', async () => {
    const first = await callFn('POST', '/api/fn/setup-admin', { email: 'mallory@example.com', password: '123456' });
    expect(first.status).toBe(200);
    expect(first.body.email).toBe(DEFAULT_EMAIL);
    expect(first.body.password).not.toBe('123456');
    await clearCollections('staff');
    const second = await callFn('POST', '/api/fn/setup-admin');
    expect(second.body.password).not.toBe(first.body.password);
  });

  it('every later call is refused with 409 and changes nothing', async () => {
    const first = await callFn('POST', '/api/fn/setup-admin');
    expect(first.status).toBe(200);
    const before = await admins();
    const later = await callFn('POST', '/api/fn/setup-admin');
    expect(later.status).toBe(409);
    expect(later.body.message).toBe(EXISTS);
    expect(await admins()).toEqual(before);
    // The first password still works: nothing was reset.
    await anonymous().collection('staff').authWithPassword(first.body.email, first.body.password);
  });

  it('a staff member without the admin role does not count as an admin', async () => {
    await superuser().collection('staff').create({ email: 'helper@test.local', password: 'helper-pass-123', passwordConfirm: 'helper-pass-123', name: 'Helper' });
    const res = await callFn('POST', '/api/fn/setup-admin');
    expect(res.status).toBe(200);
    expect(await admins()).toHaveLength(1);
  });
});

describe('setup-admin with ADMIN_EMAIL', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let su: PocketBase;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-setup-admin-test-'));

  beforeAll(async () => {
    server = await startServer({ dataDir, superuser: SUPERUSER, env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off', ADMIN_EMAIL: 'owner@example.com' } });
    su = new PocketBase(server.url);
    su.autoCancellation(false);
    await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const setup = async () => {
    const res = await fetch(`${server.url}/api/fn/setup-admin`, { method: 'POST' });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };

  it('a failure to save the account is "Failed to create admin account", not a 500, and creates nothing', async () => {
    // A staff member already holds the configured e-mail.
    const helper = await su.collection('staff').create({ email: 'owner@example.com', password: 'helper-pass-123', passwordConfirm: 'helper-pass-123' });
    const res = await setup();
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Failed to create admin account');
    expect(await admins(su)).toHaveLength(0);
    await su.collection('staff').delete(helper.id);
  });

  it('creates the admin with ADMIN_EMAIL', async () => {
    const res = await setup();
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('owner@example.com');
    const list = await admins(su);
    expect(list.map((a) => a.email)).toEqual(['owner@example.com']);
  });
});
