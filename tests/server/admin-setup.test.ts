/**
 * POST /api/fn/setup-admin (docs/product.md §2 Admin login and setup; docs/architecture.md reading 9;
 * docs/decisions/012 and 023): the first admin, once, atomically, with ADMIN_EMAIL and a
 * password the server generates, and only for the caller who has the one-time setup code that
 * the server prints at start and keeps in its data dir (mode 0600).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { SERVER_NOW } from './constants';
import { ownServerHooks, type Server } from './own-server';
import { expectClearSentence } from './fixtures';

const DEFAULT_EMAIL = 'admin@thoughtfullyadorned.local';
const EXISTS = 'An admin account already exists.';
const WRONG_CODE = /^The setup code is not right\./;

/** A server of the describe block's own (its data dir is where the code lives), its output kept, with a signed-in superuser. */
const ownServer = (env: Record<string, string> = {}) => ownServerHooks('setup-admin-test', env, { capture: true });

const codeFile = (dataDir: string) => path.join(dataDir, 'setup-code');
const readCode = (dataDir: string) => readFileSync(codeFile(dataDir), 'utf8').trim();

async function setup(server: Server, body?: unknown) {
  const res = await fetch(`${server.url}/api/fn/setup-admin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

const admins = (su: PocketBase) => su.collection('staff').getFullList({ filter: "role = 'admin'" });

describe('setup-admin on a fresh server without ADMIN_EMAIL', () => {
  const ctx = ownServer();

  it('prints a setup code at start and keeps it in a file only its owner can read', () => {
    const code = readCode(ctx.dataDir);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(statSync(codeFile(ctx.dataDir)).mode & 0o777).toBe(0o600);
    expect(ctx.server.output()).toContain(`Setup code: ${code}`);
  });

  it('without the code, or with a wrong one, refuses with 403 and a plain sentence, and creates nothing', async () => {
    for (const body of [undefined, {}, { code: '' }, { code: 'AAAA-BBBB-CCCC' }, { code: 12 }]) {
      const res = await setup(ctx.server, body);
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(WRONG_CODE);
      expectClearSentence(res.body.message);
    }
    expect(await admins(ctx.su)).toHaveLength(0);
  });

  it('a restart with no admin keeps the same code', async () => {
    const before = readCode(ctx.dataDir);
    await ctx.server.stop();
    ctx.server = await startServer({ dataDir: ctx.dataDir, port: ctx.server.port, capture: true, env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off' } });
    expect(readCode(ctx.dataDir)).toBe(before);
    expect(ctx.server.output()).toContain(`Setup code: ${before}`);
  }, 60_000);

  it('ten simultaneous calls with the right code (any case, any spacing) create exactly one admin; the other nine get 409', async () => {
    // The login page offers setup only while it is open.
    const status = async () => (await fetch(`${ctx.server.url}/api/fn/setup-admin`).then((r) => r.json())) as { open: boolean };
    expect(await status()).toEqual({ open: true });
    const code = readCode(ctx.dataDir);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => setup(ctx.server, { code: i % 2 ? code.toLowerCase() : code.replace(/-/g, ' ') })));
    const created = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(created).toHaveLength(1);
    expect(refused.map((a) => a.status)).toEqual(Array(9).fill(409));
    for (const a of refused) expect(a.body.message).toBe(EXISTS);

    const list = await admins(ctx.su);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ email: DEFAULT_EMAIL, role: 'admin' });
    expect(Object.keys(created[0]!.body).sort()).toEqual(['email', 'password']);
    expect(created[0]!.body.password).toMatch(/^[A-Za-z0-9]{20,}$/);
    // The password signs in.
    const auth = await new PocketBase(ctx.server.url).collection('staff').authWithPassword(created[0]!.body.email!, created[0]!.body.password!);
    expect(auth.record.role).toBe('admin');
    expect(await status()).toEqual({ open: false });
  });

  it('the code dies with the first admin: its file is gone, the code reused gets 409 and nothing is reset', async () => {
    expect(existsSync(codeFile(ctx.dataDir))).toBe(false);
    const before = await admins(ctx.su);
    const reused = await setup(ctx.server, { code: 'ABCD-EFGH-JKMN' });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(EXISTS);
    expect(await admins(ctx.su)).toEqual(before);
  });

  it('a restart with an admin prints no code and writes no file', async () => {
    await ctx.server.stop();
    ctx.server = await startServer({ dataDir: ctx.dataDir, port: ctx.server.port, capture: true, env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off' } });
    expect(ctx.server.output()).not.toContain('Setup code');
    expect(existsSync(codeFile(ctx.dataDir))).toBe(false);
  }, 60_000);

  it('with every admin deleted, a call makes and logs a new code (never reusing the old one) instead of opening the door', async () => {
    for (const a of await admins(ctx.su)) await ctx.su.collection('staff').delete(a.id);
    const res = await setup(ctx.server, { code: '' });
    expect(res.status).toBe(403);
    const fresh = readCode(ctx.dataDir);
    expect(statSync(codeFile(ctx.dataDir)).mode & 0o777).toBe(0o600);
    expect(ctx.server.output()).toContain(`a new setup code is ${fresh}`);
    expect((await setup(ctx.server, { code: fresh })).status).toBe(200);
  });

  it('a staff member without the admin role does not count as an admin', async () => {
    for (const a of await admins(ctx.su)) await ctx.su.collection('staff').delete(a.id);
    await ctx.su.collection('staff').create({ email: 'helper@test.local', password: 'helper-pass-123', passwordConfirm: 'helper-pass-123', name: 'Helper' });
    await setup(ctx.server, {}); // makes the code
    const res = await setup(ctx.server, { code: readCode(ctx.dataDir), email: 'mallory@example.com', password: '123456' });
    expect(res.status).toBe(200);
    // The e-mail is the one typed on the setup page (the code shows the caller runs the server);
    // never the password sent by the caller.
    expect(res.body.email).toBe('mallory@example.com');
    expect(res.body.password).not.toBe('123456');
    expect(await admins(ctx.su)).toHaveLength(1);
  });
});

describe('setup-admin with ADMIN_EMAIL', () => {
  const ctx = ownServer({ ADMIN_EMAIL: 'owner@example.com' });

  it('a failure to save the account is "Failed to create admin account", not a 500, and creates nothing', async () => {
    // A staff member already holds the configured e-mail.
    const helper = await ctx.su.collection('staff').create({ email: 'owner@example.com', password: 'helper-pass-123', passwordConfirm: 'helper-pass-123' });
    const res = await setup(ctx.server, { code: readCode(ctx.dataDir) });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Failed to create admin account');
    expect(await admins(ctx.su)).toHaveLength(0);
    expect(existsSync(codeFile(ctx.dataDir))).toBe(true);
    await ctx.su.collection('staff').delete(helper.id);
  });

  it('creates the admin with ADMIN_EMAIL', async () => {
    const res = await setup(ctx.server, { code: readCode(ctx.dataDir) });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('owner@example.com');
    expect((await admins(ctx.su)).map((a) => a.email)).toEqual(['owner@example.com']);
  });
});

describe('the owner types their e-mail on the setup page', () => {
  const ctx = ownServer({ ADMIN_EMAIL: 'configured@example.com' });

  it('an address that is not one is a 400 with the sentence, once the code is right, and creates nothing', async () => {
    expect((await setup(ctx.server, { code: 'WRONG-CODE-0000', email: 'owner@' })).status).toBe(403);
    const res = await setup(ctx.server, { code: readCode(ctx.dataDir), email: 'owner@' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid e-mail address.');
    expect(await admins(ctx.su)).toHaveLength(0);
    expect(existsSync(codeFile(ctx.dataDir))).toBe(true);
  });

  it('creates the admin with the typed address (lower case) instead of ADMIN_EMAIL', async () => {
    const res = await setup(ctx.server, { code: readCode(ctx.dataDir), email: '  Owner@Example.com ' });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('owner@example.com');
    expect((await admins(ctx.su)).map((a) => a.email)).toEqual(['owner@example.com']);
    const signIn = new PocketBase(ctx.server.url);
    await signIn.collection('staff').authWithPassword('owner@example.com', res.body.password!);
    expect(signIn.authStore.isValid).toBe(true);
  });
});
