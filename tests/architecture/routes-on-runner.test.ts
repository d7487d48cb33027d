/**
 * Every POST route is a declared command through the runner (docs/architecture.md "The path of
 * a command", docs/decisions/047): its handler in pb_hooks/src/lib is the one line
 * `runCommand(e, <its server command>)`, or, for a route around a Stripe or routing call (never
 * inside a transaction, docs/decisions/048), `runOutsideCall(e, <its declaration>)`, the
 * runner's two-phase path (docs/decisions/063). A declared route (a declaration exported with
 * its `caller`, docs/decisions/066) has no handler of its own: `runDeclared` runs it through
 * one of the two. The routes still outside are an explicit allow-list, each with why, so a new
 * route outside the runner fails, and so does one moved onto it but still listed (shrink the list).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../pb_hooks/src/route-table';
import { loadDeclaredRoutes } from '../../scripts/build/hook-registrations.mjs';

const LIB = fileURLToPath(new URL('../../pb_hooks/src/lib', import.meta.url));

/** The POST routes whose handler is not a runCommand one-liner, and why each still is not. */
const OUTSIDE: Record<string, string> = {};

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
 * Whether a handler's body is the one statement `runCommand(e, <its server command>);` or
 * `runOutsideCall(e, <its declaration>);`, for a read by POST
 * `runRead(e, <its read>);` and for a job run now `runJob(e, <its job>);` (docs/decisions/063,
 * 064) (a `return` before it and comment lines allowed; the
 * command may be made for the request, as `waitlistJoin(e.realIP())`).
 */
export function isRunnerOneLiner(body: string): boolean {
  const lines = body.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('//'));
  return lines.length === 1 && /^\s*(return )?(runCommand|runOutsideCall|runRead|runJob)\(e, .+\);$/.test(lines[0] ?? '');
}

const POSTS = ROUTES.filter((r) => r.method === 'POST');
const outside = POSTS.filter((r) => !isRunnerOneLiner(handlerBody(r.handler) ?? '')).map((r) => r.path);
const DECLARED = await loadDeclaredRoutes();

describe('POST routes on the command runner', () => {
  it('finds every POST handler in pb_hooks/src/lib', () => {
    expect(POSTS.filter((r) => handlerBody(r.handler) === null).map((r) => r.handler)).toEqual([]);
  });

  it('tells a runner one-liner from a handler with its own steps', () => {
    const oneLiners = [
      '  runCommand(e, bookingAdminNotes);',
      '  // who may call: the route table\n  runCommand(e, waitlistJoin(e.realIP()));',
      '  runOutsideCall(e, ownerCancelCall);',
      '  runRead(e, myBookingRead);',
      '  runJob(e, deliverMailJob);',
    ];
    const ownSteps = [
      '  requireAdmin(e);\n  runCommand(e, x);',
      '  return e.json(200, { ok: true });',
      '  runCommand(e, ownerMove);\n  slotsFreed($app, dates);',
      '  const input = parseForCommand(ownerCancel, readJsonObject(e));\n  runOutsideCall(e, ownerCancelCall);',
      '  runOutsideCalls(e, x);',
      '  const body = readJsonObject(e);\n  return e.json(200, calculateDistance(body.address));',
      '  runReadNow(e, x);',
    ];
    expect(oneLiners.filter((body) => !isRunnerOneLiner(body))).toEqual([]);
    expect(ownSteps.filter((body) => isRunnerOneLiner(body))).toEqual([]);
  });

  it('runs a declared route through runCommand or runOutsideCall and nothing else', () => {
    const body = handlerBody('runDeclared') ?? '';
    const statements = body.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('//'));
    expect(statements.map((line) => line.trim())).toEqual(["if ('steps' in route) runOutsideCall(e, route);", 'else runCommand(e, route);']);
  });

  it('leaves outside the runner only the allow-listed routes', () => {
    expect(outside.slice().sort()).toEqual(Object.keys(OUTSIDE).sort());
  });

  it('counts them', () => {
    console.log(`POST routes: ${POSTS.length + DECLARED.length}; declared: ${DECLARED.length}; listed and on the runner: ${POSTS.length - outside.length}; outside: ${outside.length}`);
    expect(DECLARED.length).toBeGreaterThan(0);
    expect(outside.length).toBe(Object.keys(OUTSIDE).length);
  });
});
