/**
 * Every POST route is a declared command through the runner (docs/architecture.md "The path of
 * a command", docs/decisions/047): its handler in pb_hooks/src/lib is the one line
 * `runCommand(e, <its server command>)`. The routes still outside are an explicit allow-list,
 * each with why (docs/architecture.md "Around an outside call": a Stripe or routing call never
 * happens inside a transaction, docs/decisions/048), so a new route outside the runner fails,
 * and so does one moved onto it but still listed (shrink the list).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../pb_hooks/src/route-table';

const LIB = fileURLToPath(new URL('../../pb_hooks/src/lib', import.meta.url));

/** The POST routes whose handler is not a runCommand one-liner, and why each still is not. */
const OUTSIDE: Record<string, string> = {
  // Around a Stripe call: commands composed around it, outside any transaction (docs/decisions/048).
  '/api/fn/create-booking-checkout': 'checkout: the hold, then Stripe Checkout, then the session',
  '/api/fn/verify-booking-payment': 'reads the session from Stripe, then settles the deposit',
  '/api/fn/charge-booking-balance': 'the pending charge, Stripe, then its outcome',
  '/api/fn/booking-payments': 'closes an open payment link at Stripe first',
  '/api/fn/admin-bookings/cancel': 'closes payment links and refunds at Stripe',
  '/api/fn/admin-bookings/create': 'the phone booking and its payment link at Stripe',
  '/api/fn/my-booking/cancel': 'closes payment links and refunds at Stripe',
  '/api/fn/my-booking/pay-balance': 'a payment page at Stripe',
  '/api/fn/my-booking/add-removal': 'a payment page at Stripe when the removal costs',
  '/api/fn/demo-checkout/pay': 'the demo page of Stripe Checkout (demoSessionRoute)',
  '/api/fn/demo-checkout/cancel': 'the demo page of Stripe Checkout (demoSessionRoute)',
  '/api/fn/stripe-webhook': "Stripe's signed events, answered by their own handlers",
};

/** Every .ts file under `dir` but tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const TEXTS = sources(LIB).map((path) => readFileSync(path, 'utf8'));

/** The body of `export function <name>(…) {…}` (to the first line that is a lone `}`), or null. */
export function handlerBody(name: string, texts: readonly string[] = TEXTS): string | null {
  const head = new RegExp(`export function ${name}\\([^)]*\\)[^{]*\\{\\n`);
  for (const text of texts) {
    const m = head.exec(text);
    if (!m) continue;
    const start = m.index + m[0].length;
    const end = text.indexOf('\n}', start);
    return text.slice(start, end < 0 ? undefined : end);
  }
  return null;
}

/**
 * Whether a handler's body is the one statement `runCommand(e, <its server command>);`, or for a
 * read by POST `runRead(e, <its read>);` and for a job run now `runJob(e, <its job>);`
 * (docs/decisions/064) (a `return` before it and comment lines allowed; the command may be made
 * for the request, as `waitlistJoin(e.realIP())`).
 */
export function isRunnerOneLiner(body: string): boolean {
  const lines = body.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('//'));
  return lines.length === 1 && /^\s*(return )?(runCommand|runRead|runJob)\(e, .+\);$/.test(lines[0] ?? '');
}

const POSTS = ROUTES.filter((r) => r.method === 'POST');
const outside = POSTS.filter((r) => !isRunnerOneLiner(handlerBody(r.handler) ?? '')).map((r) => r.path);

describe('POST routes on the command runner', () => {
  it('finds every POST handler in pb_hooks/src/lib', () => {
    expect(POSTS.filter((r) => handlerBody(r.handler) === null).map((r) => r.handler)).toEqual([]);
  });

  it('tells a runner one-liner from a handler with its own steps', () => {
    expect(isRunnerOneLiner('  runCommand(e, bookingAdminNotes);')).toBe(true);
    expect(isRunnerOneLiner('  requireAdmin(e);\n  runCommand(e, x);')).toBe(false);
    expect(isRunnerOneLiner('  // who may call: the route table\n  runCommand(e, waitlistJoin(e.realIP()));')).toBe(true);
    expect(isRunnerOneLiner('  return e.json(200, { ok: true });')).toBe(false);
    expect(isRunnerOneLiner('  runCommand(e, ownerMove);\n  slotsFreed($app, dates);')).toBe(false);
    expect(isRunnerOneLiner('  runRead(e, myBookingRead);')).toBe(true);
    expect(isRunnerOneLiner('  runJob(e, deliverMailJob);')).toBe(true);
    expect(isRunnerOneLiner('  const body = readJsonObject(e);\n  return e.json(200, calculateDistance(body.address));')).toBe(false);
    expect(isRunnerOneLiner('  runReadNow(e, x);')).toBe(false);
  });

  it('leaves outside the runner only the allow-listed routes', () => {
    expect(outside.slice().sort()).toEqual(Object.keys(OUTSIDE).sort());
  });

  it('counts them', () => {
    console.log(`POST routes: ${POSTS.length}; on the runner: ${POSTS.length - outside.length}; outside: ${outside.length}`);
    expect(outside.length).toBe(Object.keys(OUTSIDE).length);
  });
});
