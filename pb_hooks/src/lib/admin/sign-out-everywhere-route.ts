/**
 * 'Sign out of all devices' (docs/decisions/043-admin-sessions.md): the lost-phone case.
 *
 * PocketBase signs a staff token with the record's `tokenKey`; a new key makes every token
 * issued before it fail (401 on any request, the renewal included), and PocketBase drops the
 * realtime subscriptions that were authorised by the old key. The caller's account is the
 * one signed out: the back office has one admin account (setup-admin makes it once), so these
 * are all its sessions, and a second account an operator added keeps its own. The caller's
 * token ends too; its device keeps the work it has not sent (the outbox), which goes out once
 * the same admin signs in again.
 *
 * On the command runner (lib/commands/run-command.ts); the rule is
 * domain/commands/sign-out-everywhere-command.ts.
 */
import { signOutEverywhereCommand, type SignOutEverywhereState } from '@domain/commands/sign-out-everywhere-command';
import { refuse } from '@domain/commands/command';
import { logError } from '../log';
import { runCommand, type ServerCommand } from '../commands/run-command';

/** PocketBase's own token key length (core.Record refreshTokenKey). */
const TOKEN_KEY_LENGTH = 50;

export const signOutEverywhere: ServerCommand<Record<string, never>, SignOutEverywhereState, never, { staffId: string }> = {
  command: signOutEverywhereCommand,
  path: '/api/fn/admin-session/sign-out-everywhere',
  fields: () => ({}),
  load: (_tx, _input, ctx) => ({ staffId: ctx.staffId, freshTokenKey: $security.randomString(TOKEN_KEY_LENGTH) }),
  // Nothing changed when the write fails: a retry is safe.
  writeRefusal(err) {
    logError(`sign out everywhere: ${String(err)}`);
    return refuse(503, 'The devices could not be signed out just now. Please try again in a moment.');
  },
  respond(app, a) {
    app.logger().info('Every session of a staff account was ended', 'staff', a.staffId);
    return { signedOut: true };
  },
};

/**
 * POST /api/fn/admin-session/sign-out-everywhere (admin): rotates the caller's token key → 200
 * `{ signedOut: true }`. 401/403 for callers who are not admins, 400 for a superuser (who has no
 * staff sessions); 503 when the write fails (nothing changed then: a retry is safe).
 */
export function signOutEverywhereRoute(e: core.RequestEvent): void {
  runCommand(e, signOutEverywhere);
}
