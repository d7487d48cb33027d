/**
 * The pure shape of a command: one change the server makes on request (docs/architecture.md
 * "The path of a command"). A command names itself, parses its input, states how a replay is
 * recognised, and decides from the state the server loaded what changes, which e-mails and
 * which answer follow, or why it refuses. Nothing here reads a record, a clock or a header:
 * the server's one runner (pb_hooks/src/lib/commands/run-command.ts) loads the state, applies
 * the changes and queues the e-mails inside one transaction, and answers. Pure.
 */
import type { ParseResult } from '../contact-schema';

/**
 * Why a command was refused: the HTTP status and a plain sentence for the person who sees it.
 * 4xx only for the caller's mistakes or a state that forbids the change (docs/decisions/022).
 */
export interface Refusal {
  status: number;
  message: string;
}

/** A value for a record field, as PocketBase stores it (JSON fields take plain objects). */
export type FieldValue = string | number | boolean | null | readonly unknown[] | { readonly [key: string]: unknown };

/**
 * One write, as data. `create` makes a record (with `id` when the command fixes it, as the
 * phone's client-made ids do); `update` sets fields of an existing record. `attach` names an
 * uploaded file of the request (its form field) to store in the field of the same name.
 */
export type Change =
  { op: 'create'; collection: string; id?: string; fields: Record<string, FieldValue>; attach?: string } | { op: 'update'; collection: string; id: string; fields: Record<string, FieldValue> };

/** What a command does: the writes, the e-mails queued with them, and the answer. */
export interface Decision<Mail, Answer> {
  changes: Change[];
  /** Plain descriptions of e-mails; the server composes each and queues it in mail_log. */
  mails: Mail[];
  answer: Answer;
}

export type Outcome<Mail, Answer> = Decision<Mail, Answer> | Refusal;

/**
 * How a replay of a command is recognised, so it is applied once (docs/decisions/016):
 * - `key`: the `Idempotency-Key` header, stored in `request_keys` with a fingerprint of the
 *   request inside the command's transaction; a replay gets the stored answer, the same key with
 *   another request is a 422. `header` says whether a request without one is refused.
 * - `client-id`: the phone's client-made id of an offline action (`key` reads it from the
 *   input) is that key, stored the same way; it also becomes the record's id.
 * `reused`: the command's own 422 sentence for a key that came with another request (the
 * runner's store answers it; OWNERSHIP_MESSAGES.idempotencyKeyReused when omitted).
 * - `natural`: applying it again changes nothing (the same state is reached), so no key is
 *   stored; `header` 'required' still asks for one (the outbox sends one with every entry).
 * `fingerprint` is the text whose SHA-256 tells a replay from a reuse of the key or id.
 */
export type Idempotency<Input> =
  | { by: 'key'; header: 'required' | 'optional'; fingerprint: (input: Input) => string; reused?: string }
  | { by: 'client-id'; key: (input: Input) => string; fingerprint: (input: Input) => string; reused?: string }
  | { by: 'natural'; header: 'required' | 'none'; why: string };

/** What the request carried besides its JSON (or form) fields: the uploaded files' names and sizes. */
export interface Upload {
  field: string;
  name: string;
  size: number;
}

/**
 * A command. `parse` checks the request body (and uploads) into the input, or says what is
 * wrong (a 400); `decide` is the rule, from the loaded state, the input and the server's clock.
 */
export interface Command<Input, State, Mail, Answer> {
  name: string;
  parse: (body: Record<string, unknown>, uploads: readonly Upload[]) => ParseResult<Input>;
  idempotency: Idempotency<Input>;
  decide: (state: State, input: Input, nowMs: number) => Outcome<Mail, Answer>;
}

/** True when `outcome` is a refusal. */
export function isRefusal<M, A>(outcome: Outcome<M, A>): outcome is Refusal {
  return 'status' in outcome && 'message' in outcome && !('changes' in outcome);
}

/** A refusal with `status` and `message`. */
export function refuse(status: number, message: string): Refusal {
  return { status, message };
}

/** A decision with no e-mail. */
export function decided<A>(changes: Change[], answer: A): Decision<never, A> {
  return { changes, mails: [], answer };
}

/** A PocketBase datetime ("2026-11-20 15:04:05.000Z") for an epoch-ms instant, as a change stores it. */
export function pbDate(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

/**
 * A command's `decide` that first needs one record of its state, `state[key]` (null or undefined:
 * the server found none, refused with a 404 and the sentence `notFound`); `decide` takes that
 * record, then the state, the input and the server's clock (epoch ms) as ever.
 */
export function whenFound<State, Input, Mail, Answer, K extends keyof State>(
  key: K,
  notFound: string,
  decide: (row: NonNullable<State[K]>, state: State, input: Input, nowMs: number) => NoInfer<Outcome<Mail, Answer>>,
): (state: State, input: Input, nowMs: number) => Outcome<Mail, Answer> {
  return (state, input, nowMs) => {
    const row = state[key];
    return row === null || row === undefined ? refuse(404, notFound) : decide(row, state, input, nowMs);
  };
}
