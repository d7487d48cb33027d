/**
 * A server in Stripe mode with everything it talks to, for the tests of money and mail at the
 * edges: stripe-mock behind the Stripe stand-in (tests/support/stripe-stand-in.ts), a real SMTP
 * sink, and our PocketBase on a data dir of its own that survives a restart or a kill -9.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startStripeMock, type StripeMock } from '../support/stripe-mock';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { staffToken, stripeEnv } from './charge-fixtures';
import { SUPERUSER } from './constants';
import { template } from './support';

export interface StripeWorld {
  standIn: StripeStandIn;
  /** The sink the server sends to (replace it with one on the same port after stopping it). */
  sink: SmtpSink;
  server: Awaited<ReturnType<typeof startServer>>;
  /** A superuser client of the current server. */
  su: PocketBase;
  /** A staff admin's token on the current server. */
  admin: string;
  /** Starts the server (again) on the same data dir with its clock frozen at `now` (ISO). */
  start: (now: string) => Promise<void>;
  stop: () => Promise<void>;
}

/** The refunds the server asked Stripe for (through the stand-in) of payment intent `intent`. */
export function refundsOf(w: StripeWorld, intent: string) {
  return w.standIn.seen.filter((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === intent);
}

/** Starts stripe-mock, the stand-in, the sink and the server at `now`. */
export async function startStripeWorld(now: string): Promise<StripeWorld> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-stripe-world-'));
  const mock: StripeMock = await startStripeMock();
  const world = { standIn: await startStripeStandIn(mock), sink: await startSmtpSink() } as StripeWorld;
  let fresh = true;
  world.start = async (at: string) => {
    // The first start copies the template; a restart keeps the data dir as the last one left it.
    const from = fresh ? template() : undefined;
    fresh = false;
    world.server = await startServer({
      dataDir,
      template: from,
      env: { APP_NOW: at, RATE_LIMITS: 'off', ...stripeEnv(world.standIn.url), SMTP_HOST: '127.0.0.1', SMTP_PORT: String(world.sink.port) },
    });
    world.su = new PocketBase(world.server.url);
    world.su.autoCancellation(false);
    await world.su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
    world.admin = await staffToken(world.su, 'admin');
  };
  world.stop = async () => {
    await world.server?.stop();
    await world.sink?.stop();
    await world.standIn?.stop();
    await mock.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  await world.start(now);
  return world;
}

/**
 * For a test file or a `describe` block: stripe-mock behind the Stripe stand-in, started before
 * its tests (`script` then gives the stand-in its scripted answers) and stopped after them.
 * Answers a holder whose `standIn` is set once beforeAll has run. Register it before the server
 * that calls it (ownServerHooks): after hooks run last first, so the server stops first.
 */
export function standInHooks(script?: (standIn: StripeStandIn) => void): { standIn: StripeStandIn } {
  const holder = {} as { standIn: StripeStandIn };
  let mock: StripeMock | undefined;
  beforeAll(async () => {
    mock = await startStripeMock();
    holder.standIn = await startStripeStandIn(mock);
    script?.(holder.standIn);
  });
  afterAll(async () => {
    await holder.standIn?.stop();
    await mock?.stop();
  });
  return holder;
}
