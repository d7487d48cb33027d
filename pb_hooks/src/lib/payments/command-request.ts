/**
 * For an admin route that calls Stripe around its commands (docs/architecture.md "The path of
 * a command"; a Stripe call never runs inside a transaction): the runner's request steps
 * (lib/commands/run-command.ts 1 to 3: the admin check, the Idempotency-Key header, the JSON
 * body parsed by the command) so the route can call Stripe before or between its commands,
 * each run through `executeCommand`, and `answerRun` to answer as runCommand does. Routes
 * without a Stripe call use runCommand itself.
 */
import type { Command } from '@domain/commands/command';
import { requireAdmin, staffIdOf } from '../staff-auth';
import type { CommandContext, CommandRun } from '../commands/run-command';
import { apiError, appOrigin, badRequest, idempotencyKeyHeader, readJsonObject } from '../http';

/** A checked admin request: its Idempotency-Key, the command's input and the context for `load`. */
export interface AdminCommandRequest<Input> {
  key: string;
  input: Input;
  ctx: CommandContext;
}

/**
 * Checks request `e` for `command`: 401/403 unless the admin (the route table's `caller`), 400
 * with `keyMissing` without a well-formed Idempotency-Key, 400 with the command's sentence for
 * a malformed body. `ctx.fingerprint` is '' (the command's server side computes its own).
 */
export function adminCommandRequest<Input, State, Mail, Answer>(e: core.RequestEvent, command: Command<Input, State, Mail, Answer>, keyMissing: string): AdminCommandRequest<Input> {
  requireAdmin(e);
  const key = idempotencyKeyHeader(e, keyMissing);
  const parsed = command.parse(readJsonObject(e), []);
  if (!parsed.ok) throw badRequest(parsed.message);
  return { key, input: parsed.value, ctx: { staffId: staffIdOf(e), origin: appOrigin(e), fingerprint: '' } };
}

/**
 * Answers `e` with `run` as runCommand does: 200 with its answer, or its refusal; for a key
 * taken meanwhile by a request of the same key, 200 with `replay`'s answer (run-command.ts replayOf).
 */
export function answerRun(e: core.RequestEvent, run: CommandRun, replay?: () => { body: unknown } | null): void {
  if (run.kind === 'refused') throw apiError(run.refusal.status, run.refusal.message);
  if (run.kind === 'key-taken' && replay) return e.json(200, replay()?.body ?? {});
  if (run.kind !== 'answered') throw apiError(500, 'This action could not be completed. Please try again.');
  return e.json(200, run.body);
}
