/**
 * The POST routes that are their declaration (docs/decisions/066, docs/architecture.md "The
 * path of a command"): a ServerCommand (run-command.ts) or an OutsideCall (run-outside-call.ts)
 * exported from a file under lib/ with a `caller` is a route by itself. The build bundles the
 * hooks library from lib/app.ts and every other file of lib/ (scripts/build/hook-registrations.mjs
 * `appEntrySource`), collects those exports here as `DECLARED_ROUTES`, and writes one
 * registration per path into main.pb.js that runs `runDeclared(e, DECLARED_ROUTES[path])`. So
 * the route has no line in route-table.ts, no handler function and no export line in app.ts.
 */
import type { Caller } from '../../route-table';
import { runCommand, type ServerCommand } from './run-command';
import { runOutsideCall, type OutsideCall } from './run-outside-call';

/** A declaration that is its own POST route: its path and who may call it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a route of any command's types
export type DeclaredRoute = (ServerCommand<any, any, any, any> | OutsideCall<any>) & { path: string; caller: Caller };

const CALLERS: readonly string[] = ['anyone', 'admin', 'superuser'] satisfies Caller[];

/** Whether `v` is a ServerCommand or an OutsideCall with a `/api/fn/` path and a `caller`. */
export function isDeclaredRoute(v: unknown): v is DeclaredRoute {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  if (typeof d.path !== 'string' || !d.path.startsWith('/api/fn/') || !CALLERS.includes(String(d.caller))) return false;
  const isCommand = typeof d.command === 'object' && typeof d.load === 'function' && typeof d.respond === 'function';
  const isOutsideCall = typeof d.request === 'object' && typeof d.steps === 'function';
  return isCommand || isOutsideCall;
}

/**
 * The declared routes among the exports of `modules` (each a module's namespace), by path.
 * Throws when two declarations claim one path: the build fails rather than register one of them.
 */
export function declaredRoutesOf(modules: readonly Record<string, unknown>[]): Record<string, DeclaredRoute> {
  const byPath: Record<string, DeclaredRoute> = {};
  for (const m of modules) {
    for (const value of Object.values(m)) {
      if (!isDeclaredRoute(value) || byPath[value.path] === value) continue;
      if (byPath[value.path]) throw new Error(`Two declarations claim the route POST ${value.path}.`);
      byPath[value.path] = value;
    }
  }
  return byPath;
}

/** Runs the declared route `route` for request `e`: its command through runCommand, its outside call through runOutsideCall. */
export function runDeclared(e: core.RequestEvent, route: DeclaredRoute): void {
  if ('steps' in route) runOutsideCall(e, route);
  else runCommand(e, route);
}
