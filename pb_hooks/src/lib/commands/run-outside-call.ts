/**
 * The runner's two-phase path for a route that calls out (Stripe, the routing service;
 * docs/decisions/048 and 063, docs/architecture.md "The path of a command"). An outside call
 * never runs inside a transaction: it would hold PocketBase's one writer for as long as the
 * call takes, and a retried transaction would call twice. Such a route is declared, as data, by
 * an OutsideCall: with its `caller` it is the route itself (declared-routes.ts,
 * docs/decisions/066), else its handler is the one line `runOutsideCall(e, <its declaration>);`:
 *
 * 1. the runner's request steps (run-command.ts, the same functions as runCommand's): who may
 *    call, from the declaration's `caller` or the route's in route-table.ts; the key header as `request`'s
 *    idempotency asks; the body (or the declaration's own `fields`, e.g. a verified Stripe
 *    event), parsed by `request`;
 * 2. a key used before (the one store, request-keys.ts): the first answer (`reword` of it) or
 *    the 422 for another request, before any outside call;
 * 3. the declaration's `steps`, in decision 048's order: its ServerCommands through the
 *    runner's `executeCommand` (each its own transaction; `run.command`) and its outside calls
 *    between them, outside every transaction; the key's claim goes to the command that makes
 *    the change it keys (`run.keyed`);
 * 4. the answer: 200 with what `steps` returned (or `answerWith`'s status), a refusal as its
 *    4xx or 5xx, a key taken meanwhile by the same key's request as that request's answer.
 */
import type { Command, Refusal } from '@domain/commands/command';
import { staffIdOf } from '../staff-auth';
import { apiError, appOrigin } from '../http';
import type { Caller } from '../../route-table';
import type { RequestKeyClaim } from './request-keys';
import { authorize, executeCommand, readRequest, replayOf, type CommandContext, type ServerCommand } from './run-command';

/** The request as the runner read it, for a declaration's `steps`. */
export interface OutsideRequest<Input> {
  e: core.RequestEvent;
  /** The parsed input of `request`. */
  input: Input;
  /** The Idempotency-Key ('' without one). */
  key: string;
  /** The request's fields as read (the JSON body, or `fields`'s). */
  body: Record<string, unknown>;
  /** The store's claim for the key (null: none). */
  claim: RequestKeyClaim | null;
  /** The context `load` gets: the staff member, the public origin, the fingerprint's SHA-256. */
  ctx: CommandContext;
}

/** How a declaration's steps run a command of theirs. */
export interface OutsideRun {
  /**
   * `sc` on `input` through the runner's executeCommand (one transaction, its e-mails after the
   * commit): its worded answer; its refusal thrown as the API error.
   */
  command<I, S, M, A>(sc: ServerCommand<I, S, M, A>, input: I, ctx?: CommandContext): unknown;
  /**
   * The same, with the request's key stored in the command's transaction (the command that makes
   * the change the key stands for); a key taken meanwhile answers that request's answer.
   */
  keyed<I, S, M, A>(sc: ServerCommand<I, S, M, A>, input: I): unknown;
  /** As `keyed`, with a refusal returned rather than thrown, for a route that words one of them itself. */
  keyedOrRefused<I, S, M, A>(sc: ServerCommand<I, S, M, A>, input: I): { body: unknown } | { refusal: Refusal };
}

/** An answer other than 200 (e.g. the phone booking's 409 with its code). */
export interface StatusAnswer {
  readonly answerStatus: number;
  readonly answerBody: unknown;
}

/** `body` answered with `status` rather than 200. */
export function answerWith(status: number, body: unknown): StatusAnswer {
  return { answerStatus: status, answerBody: body };
}

function isStatusAnswer(v: unknown): v is StatusAnswer {
  return typeof v === 'object' && v !== null && 'answerStatus' in v && 'answerBody' in v;
}

/**
 * A route around an outside call, declared as data. `request` reads and keys it (a command, or
 * its `name`, `parse` and `idempotency` alone when no single command decides); `reword` words a
 * replay from the key's stored answer (absent: the stored answer); `steps` are its commands
 * and outside calls in docs/decisions/048's order, returning the answer.
 */
export interface OutsideCall<Input> {
  /** Its path: the route it answers. */
  path: string;
  /** Who may call, when the declaration is its own route (ServerCommand's `caller`, docs/decisions/066). */
  caller?: Caller;
  request: Pick<Command<Input, never, never, never>, 'name' | 'parse' | 'idempotency'>;
  /** The 400 sentence for a missing key header when one is required (default: OWNERSHIP_MESSAGES.idempotencyKeyInvalid). */
  keyMissing?: string;
  /** The request's fields when they are not a JSON body (the Stripe webhook's verified event). */
  fields?: (e: core.RequestEvent) => Record<string, unknown>;
  reword?: (app: CoreApp, stored: Record<string, unknown>, req: OutsideRequest<Input>) => unknown;
  steps: (req: OutsideRequest<Input>, run: OutsideRun) => unknown;
}

/** Thrown by `run.keyed` when the key was taken meanwhile: the runner answers that request's answer. */
class KeyTaken {
  readonly keyTaken = true;
}

/**
 * For a step whose own write found the request's key taken meanwhile (the checkout's own
 * transaction, the pending charge): the runner answers that request's answer.
 */
export function keyTakenMeanwhile(): never {
  throw new KeyTaken();
}

/** Runs the declared outside call `oc` for request `e` (see the file's comment) and answers. */
export function runOutsideCall<Input>(e: core.RequestEvent, oc: OutsideCall<Input>): void {
  authorize(e, oc);
  const { key, body, input, claim, fingerprint } = readRequest(e, oc.request, { fields: oc.fields, keyMissing: oc.keyMissing });
  const req: OutsideRequest<Input> = { e, input, key, body, claim, ctx: { staffId: staffIdOf(e), origin: appOrigin(e), fingerprint } };
  const replay = { reword: (app: CoreApp, stored: Record<string, unknown>) => (oc.reword ? oc.reword(app, stored, req) : stored) };
  const earlier = replayOf($app, replay, claim);
  if (earlier) return e.json(200, earlier.body);

  const attempt = <I, S, M, A>(sc: ServerCommand<I, S, M, A>, i: I, ctx: CommandContext, withKey: RequestKeyClaim | null): { body: unknown } | { refusal: Refusal } => {
    const done = executeCommand($app, sc, i, ctx, withKey);
    if (done.kind === 'key-taken') throw new KeyTaken();
    if (done.kind === 'refused') return { refusal: done.refusal };
    if (done.kind !== 'answered') throw apiError(500, 'This action could not be completed. Please try again.');
    return { body: done.body };
  };
  const execute = <I, S, M, A>(sc: ServerCommand<I, S, M, A>, i: I, ctx: CommandContext, withKey: RequestKeyClaim | null): unknown => {
    const done = attempt(sc, i, ctx, withKey);
    if ('refusal' in done) throw apiError(done.refusal.status, done.refusal.message);
    return done.body;
  };
  const run: OutsideRun = {
    command: (sc, i, ctx) => execute(sc, i, ctx ?? req.ctx, null),
    keyed: (sc, i) => execute(sc, i, req.ctx, claim),
    keyedOrRefused: (sc, i) => attempt(sc, i, req.ctx, claim),
  };
  let answer: unknown;
  try {
    answer = oc.steps(req, run);
  } catch (err) {
    if (err instanceof KeyTaken) return e.json(200, replayOf($app, replay, claim)?.body ?? {});
    throw err;
  }
  if (isStatusAnswer(answer)) return e.json(answer.answerStatus, answer.answerBody);
  return e.json(200, answer);
}
