/**
 * The server's one command path (docs/architecture.md "The path of a command"): a route on it
 * declares its command (domain/commands/) and how the server reads the state and words the
 * answer, and runCommand does the rest, in this order:
 *
 * 1. who may call: the declaration's `caller`, or the route's in route-table.ts (admin: 401
 *    signed out, 403 others);
 * 2. the `Idempotency-Key` header as the command's idempotency asks (400 missing or malformed);
 * 3. the body (JSON, or multipart with the uploads it declares; 507 when the disk is short of
 *    room for them), parsed by the command (400 with its sentence);
 * 4. a key used before: its stored answer (422 for another request, 409 while the first one is
 *    still at its e-mail; lib/commands/request-keys.ts);
 * 5. one `$app.runInTransaction`: the state loaded, `decide`, and unless it refuses, its
 *    changes written, the derived money (`balance_remaining`, `payment_status`) of each booking
 *    they touched recomputed from its ledger (ledger-records.ts recomputeBookingMoney),
 *    its e-mails queued in mail_log (lib/mail/mail-outbox.ts) and the key
 *    stored with the answer, all committed together; a refusal writes nothing and stores no key;
 * 6. after the commit: the e-mails sent (or left to the deliver-mail job, `deliver: 'by-job'`),
 *    the answer worded (it may read the records as stored),
 *    the key's answer completed, and the answer sent; with `deliver: 'after-answer'` the
 *    answer is sent first and the e-mails after it, so a slow mail server never holds it;
 * 7. last, the command's declared `afterCommit` step (a move's freed slots offered to the
 *    waitlist), after the answer and its e-mails, best effort: it never changes the answer.
 *
 * No route on it calls the mailer or handles replays itself.
 */
import { OWNERSHIP_MESSAGES } from '@domain/booking/ownership';
import { isRefusal, type Change, type Command, type Outcome, type Refusal, type Upload } from '@domain/commands/command';
import type { ParseResult } from '@domain/contact-schema';
import { ROUTES, type Caller } from '../../route-table';
import { answerOfReplay, completeRequestKey, insertRequestKey, requestKeyTaken, type RequestKeyClaim } from './request-keys';
import { requireAdmin, staffIdOf } from '../staff-auth';
import { nowMs } from '../clock';
import { answerJsonAhead, apiError, appOrigin, badRequest, idempotencyKeyHeader, readJsonObject } from '../http';
import { deliverMail, queueMail, type QueuedMail } from '../mail/mail-outbox';
import type { MailStatus } from '../mail/send-mail';
import { deriveBookingMoney, recomputeBookingMoney } from '../ledger-records';
import { requireUploadRoom } from '../upload-room';
import { logError } from '../log';

/** What the server knows of the request besides its input, for loading the state. */
export interface CommandContext {
  /** The staff member calling ('' for a superuser or anyone else). */
  staffId: string;
  /** The public origin for links (lib/http.ts appOrigin). */
  origin: string;
  /** SHA-256 of the command's fingerprint of this request ('' for a naturally idempotent one). */
  fingerprint: string;
}

/** How a mail went right after the commit ('queued': the deliver-mail job retries it). */
export type SentStatus = MailStatus | 'queued';

/**
 * A command bound to its route on the server. `load` reads, inside the transaction, the plain
 * state `decide` needs; `composeMail` turns each mail of a decision into the message queued (it
 * runs after the changes, so it reads the records as changed); `respond` words the answer once
 * the mails went. A command's key is stored under its `command.name`.
 */
export interface ServerCommand<Input, State, Mail, Answer> {
  command: Command<Input, State, Mail, Answer>;
  /** Its path: the route it answers (or, for a step of an outside call, the route that runs it). */
  path: string;
  /**
   * Who may call, when the declaration is its own route (docs/decisions/066): the build finds
   * every exported declaration with a `caller` under lib/ and registers POST `path` for it, so
   * the route needs no line in route-table.ts, no handler and no export in lib/app.ts. Absent:
   * a handler listed in route-table.ts runs it (a command made for the request), or it is a
   * step of an outside call (run-outside-call.ts).
   */
  caller?: Caller;
  /** Multipart file fields it takes; `diskLow` the 507 sentence while the data disk is short of room. */
  uploads?: { fields: readonly string[]; diskLow: string; what: string };
  /**
   * The request's fields for `parse` when the command does not read a JSON body: none (a POST
   * without a body is fine), or the query and a body of its own (the one-click unsubscribe).
   */
  fields?: (e: core.RequestEvent) => Record<string, unknown>;
  load: (tx: CoreApp, input: Input, ctx: CommandContext) => State;
  composeMail?: (tx: CoreApp, mail: Mail) => QueuedMail;
  respond: (app: CoreApp, answer: Answer, mails: SentStatus[]) => unknown;
  /** A write a unique index refused (two requests at the same instant), as the refusal to answer, or null. */
  writeRefusal?: (err: unknown) => Refusal | null;
  /**
   * 'by-job': the e-mails are left to the deliver-mail job, not sent before the answer (a public
   * route whose answer must take the same time whether it mailed or not); 'after-answer': sent
   * right after the answer has gone (http.ts answerJsonAhead), for a customer's screen that
   * waits on the answer and words nothing from the mail's outcome (`respond` sees 'queued');
   * 'now' when omitted.
   */
  deliver?: 'now' | 'by-job' | 'after-answer';
  /**
   * A keyed command whose replay is worded afresh from the first request's stored answer rather
   * than repeating its worded answer: the key then stores the decision's answer, and a replay
   * answers `reword` of it (the owner's move: the booking as it is now, so an old retry never
   * shows it as it was; docs/decisions/036 and 060).
   */
  reword?: (app: CoreApp, stored: Record<string, unknown>) => unknown;
  /**
   * A step after the commit of a change (not of a refusal or a replay), given the state loaded
   * in its transaction (the record as it was) and the decision's answer: the freed slots of a
   * move offered to the waitlist (lib/freed-slots.ts). Best effort, as such a step is: it runs
   * after the answer and its e-mails have gone (runCommand) or after `respond` (a job's
   * executeCommand), and a failure is logged, never answered; a job catches up
   * (docs/decisions/064).
   */
  afterCommit?: (app: CoreApp, state: State, answer: Answer) => void;
  /** The answer of a keyed request that died between its commit and its e-mail (request-keys.ts answerOfReplay). */
  completeAbandoned?: (app: CoreApp, partial: Record<string, unknown>, keyWrittenAtMs: number) => Record<string, unknown>;
}

/**
 * Step 1: who may call the POST route `path`, from the declaration's own `caller`
 * (docs/decisions/066) or else from the route's `caller` in route-table.ts (admin: 401 signed
 * out, 403 others; superuser: 403). Also the first step of a declared outside call and of a
 * read (run-outside-call.ts, runRead).
 */
export function authorize(e: core.RequestEvent, declared: { path: string; caller?: Caller }): void {
  const caller = declared.caller ?? ROUTES.find((r) => r.path === declared.path && r.method === 'POST')?.caller;
  // A command bound to a path nothing declares is our mistake, never the caller's.
  if (!caller) throw apiError(500, 'This action is not available right now.');
  if (caller === 'admin') requireAdmin(e);
  else if (caller === 'superuser' && !e.hasSuperuserAuth()) throw apiError(403, 'Only a superuser may do this.');
}

/** A file of the request and the form field it came in. */
export type UploadedFile = { field: string; file: filesystem.File };

/** The body's fields (JSON, or a multipart form's first values) and the files of `fields`. */
function readBody(e: core.RequestEvent, fields: readonly string[]): { body: Record<string, unknown>; files: UploadedFile[] } {
  const contentType = String(e.request!.header.get('Content-Type') ?? '').toLowerCase();
  if (fields.length === 0 || !contentType.startsWith('multipart/form-data')) return { body: readJsonObject(e), files: [] };
  const raw = e.requestInfo().body as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    const v = raw[key];
    body[key] = Array.isArray(v) ? v[0] : v;
  }
  const files: UploadedFile[] = [];
  for (const field of fields) {
    try {
      for (const f of e.findUploadedFiles(field)) if (f) files.push({ field, file: f });
    } catch {
      // No file part of that name: findUploadedFiles reports it as an error.
    }
  }
  return { body, files };
}

/**
 * Writes `changes` through `tx`, in order; `attach` takes the request's file of that field.
 * Returns the ids of the bookings whose row or charges it wrote, for recomputeBookingMoney.
 */
function applyChanges(tx: CoreApp, changes: readonly Change[], files: UploadedFile[]): Set<string> {
  const touched = new Set<string>();
  for (const c of changes) {
    let rec: core.Record;
    if (c.op === 'create') {
      rec = new Record(tx.findCollectionByNameOrId(c.collection));
      if (c.id) rec.set('id', c.id);
      rec.load(c.fields as Record<string, unknown>);
      if (c.attach) {
        const upload = files.find((f) => f.field === c.attach);
        if (upload) rec.set(c.attach, upload.file);
      }
      // A booking being made has no charges: its derived money is its row's alone.
      if (c.collection === 'bookings') deriveBookingMoney(tx, rec, []);
    } else {
      rec = tx.findRecordById(c.collection, c.id);
      rec.load(c.fields as Record<string, unknown>);
    }
    tx.save(rec);
    if (c.collection === 'bookings') touched.add(rec.id);
    else if (c.collection === 'charges' && rec.getString('booking')) touched.add(rec.getString('booking'));
  }
  return touched;
}

/**
 * How one run of a command ended: refused (nothing written), answered (`unsent`: the ids of its
 * e-mails for the caller to send once it has answered, `answerFirst`; `after`: its afterCommit
 * step, left to that caller to run last), or a replay of a key taken meanwhile.
 */
export type CommandRun = { kind: 'refused'; refusal: Refusal } | { kind: 'answered'; body: unknown; unsent: string[]; after: (() => void) | null } | { kind: 'key-taken' };

/** Runs a command's step after its commit, best effort: a failure is logged and never reaches the answer. */
function runAfterCommit(name: string, step: () => void): void {
  try {
    step();
  } catch (err) {
    logError(`${name}: the step after the commit failed: ${String(err)}`);
  }
}

/**
 * Steps 5 and 6 of the file's comment for a parsed `input`: the one transaction (the key of
 * `claim` stored in it), then the e-mails and the worded answer. For routes through runCommand,
 * and for jobs that make the same change (ctx without a caller, no claim, no files).
 * `answerFirst` (runCommand only): a command delivering 'after-answer' leaves its e-mails in
 * `unsent` for the caller to send after answering, and its `afterCommit` step in `after` to run
 * last; any other caller has them sent and run here.
 */
export function executeCommand<Input, State, Mail, Answer>(
  app: CoreApp,
  sc: ServerCommand<Input, State, Mail, Answer>,
  input: Input,
  ctx: CommandContext,
  claim: RequestKeyClaim | null = null,
  files: UploadedFile[] = [],
  answerFirst = false,
): CommandRun {
  const { command } = sc;
  // Every path through the transaction sets one of them; a failed transaction throws instead.
  let outcome: Outcome<Mail, Answer> | null = null;
  let loaded: { state: State } | null = null;
  let keyTakenMeanwhile = false;
  let mailIds: string[] = [];
  try {
    app.runInTransaction((tx) => {
      // A request with the same key got into its transaction first (same instant).
      if (claim && requestKeyTaken(tx, claim.key)) {
        keyTakenMeanwhile = true;
        return;
      }
      const state = sc.load(tx, input, ctx);
      const decision = command.decide(state, input, nowMs());
      outcome = decision;
      loaded = { state };
      if (isRefusal(decision)) return;
      // The derived money of every booking the command wrote, from its ledger (docs/decisions/061):
      // no command writes `balance_remaining` or `payment_status` itself.
      for (const bookingId of applyChanges(tx, decision.changes, files)) recomputeBookingMoney(tx, bookingId);
      mailIds = decision.mails.map((m) => {
        if (!sc.composeMail) throw new Error(`${command.name}: a decision with mail needs composeMail`);
        return queueMail(tx, sc.composeMail(tx, m));
      });
      if (claim) insertRequestKey(tx, claim, decision.answer as Record<string, unknown>);
    });
  } catch (err) {
    const refusal = sc.writeRefusal?.(err);
    if (refusal) return { kind: 'refused', refusal };
    throw err;
  }
  if (keyTakenMeanwhile) return { kind: 'key-taken' };
  const done = outcome as Outcome<Mail, Answer> | null;
  if (!done) throw apiError(500, 'This action could not be completed. Please try again.');
  if (isRefusal(done)) return { kind: 'refused', refusal: done };

  const afterAnswer = answerFirst && sc.deliver === 'after-answer';
  const sent: SentStatus[] = sc.deliver === 'by-job' || afterAnswer ? mailIds.map(() => 'queued' as const) : deliverMail(app, mailIds);
  const body = sc.respond(app, done.answer, sent);
  if (claim) completeRequestKey(app, claim.key, (sc.reword ? done.answer : body) as Record<string, unknown>);
  const step = sc.afterCommit;
  const state = (loaded as { state: State } | null)?.state as State;
  const after = step ? () => runAfterCommit(command.name, () => step(app, state, done.answer)) : null;
  if (after && !answerFirst) after();
  return { kind: 'answered', body, unsent: afterAnswer ? mailIds : [], after: answerFirst ? after : null };
}

/**
 * For a caller outside the route table (a PocketBase record hook) that ran a command delivering
 * 'after-answer' through executeCommand (`answerFirst` true): `answer` sends its answer (and
 * flushes it), then the e-mails of `run` go (and its afterCommit step), so the mail server's
 * time is not the answer's.
 */
export function answerThenSend(app: CoreApp, run: CommandRun, answer: () => void): void {
  answer();
  if (run.kind !== 'answered') return;
  if (run.unsent.length > 0) deliverMail(app, run.unsent);
  run.after?.();
}

/**
 * The store's claim for a keyed `command`'s request `input` under `key` (the Idempotency-Key, or
 * for a `client-id` command the client-made id in the input): its fingerprint's SHA-256 and the
 * command's own 422 sentence. Null for a naturally idempotent command or without a key. Built
 * by readRequest for runCommand and for the routes declared around an outside call
 * (run-outside-call.ts), which ask replayOf and executeCommand with it.
 */
export function claimFor<Input>(command: Pick<Command<Input, never, never, never>, 'name' | 'idempotency'>, key: string, input: Input): RequestKeyClaim | null {
  const idem = command.idempotency;
  if (idem.by === 'natural') return null;
  const k = idem.by === 'client-id' ? idem.key(input) : key;
  if (!k) return null;
  const claim: RequestKeyClaim = { key: k, route: command.name, fingerprint: $security.sha256(idem.fingerprint(input)) };
  if (idem.reused) claim.reused = idem.reused;
  return claim;
}

/**
 * Step 4 for `claim` (none: null): the answer of the key's first request, worded as `sc` words a
 * replay (`reword`, or the stored answer itself), or null when the key is new. Throws 422 with
 * the command's sentence when the key came with another request, 409 while the first request
 * is still at its e-mail (request-keys.ts answerOfReplay). Also for the key taken meanwhile
 * (executeCommand's 'key-taken').
 */
export function replayOf(app: CoreApp, sc: Pick<ServerCommand<never, never, never, never>, 'reword' | 'completeAbandoned'>, claim: RequestKeyClaim | null): { body: unknown } | null {
  if (!claim) return null;
  const complete = (partial: Record<string, unknown>, writtenAtMs: number) => (sc.completeAbandoned ? sc.completeAbandoned(app, partial, writtenAtMs) : partial);
  const stored = answerOfReplay(app, claim, complete);
  if (!stored) return null;
  return { body: sc.reword ? sc.reword(app, stored) : stored };
}

/** A request read by steps 2 and 3: its key ('' without one), body, uploads, parsed input and store claim. */
export interface ReadRequest<Input> {
  key: string;
  body: Record<string, unknown>;
  files: UploadedFile[];
  input: Input;
  /** The store's claim (claimFor), null for a naturally idempotent command or without a key. */
  claim: RequestKeyClaim | null;
  /** SHA-256 of the command's fingerprint of the input ('' for a naturally idempotent one). */
  fingerprint: string;
}

/**
 * Steps 2 and 3 for `command`: the `Idempotency-Key` header as its idempotency asks (400
 * `keyMissing` without one when required, default OWNERSHIP_MESSAGES.idempotencyKeyInvalid; 400
 * malformed), the body (`fields`, or JSON, or multipart with `uploads`' files; 507 when the disk
 * is short of room for them), parsed by the command (400 with its sentence). Shared by
 * runCommand and runOutsideCall (run-outside-call.ts).
 */
export function readRequest<Input>(
  e: core.RequestEvent,
  command: Pick<Command<Input, never, never, never>, 'name' | 'parse' | 'idempotency'>,
  opts: { fields?: (e: core.RequestEvent) => Record<string, unknown>; uploads?: ServerCommand<Input, never, never, never>['uploads']; keyMissing?: string } = {},
): ReadRequest<Input> {
  const idem = command.idempotency;
  const wantsKey = idem.by === 'key' || (idem.by === 'natural' && idem.header === 'required');
  const key = wantsKey ? idempotencyKeyHeader(e, idem.header === 'required' ? (opts.keyMissing ?? OWNERSHIP_MESSAGES.idempotencyKeyInvalid) : undefined) : '';

  const { body, files } = opts.fields ? { body: opts.fields(e), files: [] } : readBody(e, opts.uploads?.fields ?? []);
  if (files.length > 0 && opts.uploads) requireUploadRoom(opts.uploads.diskLow, opts.uploads.what);
  const uploads: Upload[] = files.map((f) => ({ field: f.field, name: f.file.originalName || f.file.name, size: f.file.size }));
  const parsed = command.parse(body, uploads);
  if (!parsed.ok) throw badRequest(parsed.message);
  const input = parsed.value;

  const claim = claimFor(command, key, input);
  const fingerprint = claim?.fingerprint ?? (idem.by === 'natural' ? '' : $security.sha256(idem.fingerprint(input)));
  return { key, body, files, input, claim, fingerprint };
}

/** Runs `sc` for request `e` (see the file's comment) and answers 200 with its answer, or throws the refusal. */
export function runCommand<Input, State, Mail, Answer>(e: core.RequestEvent, sc: ServerCommand<Input, State, Mail, Answer>): void {
  authorize(e, sc);
  const { input, claim, fingerprint, files } = readRequest(e, sc.command, { fields: sc.fields, uploads: sc.uploads });
  const earlier = replayOf($app, sc, claim);
  if (earlier) return e.json(200, earlier.body);

  const run = executeCommand($app, sc, input, { staffId: staffIdOf(e), origin: appOrigin(e), fingerprint }, claim, files, true);
  if (run.kind === 'key-taken') return e.json(200, replayOf($app, sc, claim)?.body ?? {});
  if (run.kind === 'refused') throw apiError(run.refusal.status, run.refusal.message);
  if (run.kind !== 'answered') throw apiError(500, 'This action could not be completed. Please try again.');
  if (run.unsent.length === 0) e.json(200, run.body);
  else {
    answerJsonAhead(e, 200, run.body);
    deliverMail($app, run.unsent);
  }
  run.after?.();
}

/**
 * A read by POST (a token or a body to check; docs/decisions/064): who may call, the body
 * parsed, then the answer loaded outside any transaction. No key, no write, no e-mail.
 */
export interface ServerRead<Input> {
  /** Its path in route-table.ts, where who may call it is declared. */
  path: string;
  /** The JSON body into its input, or a sentence for a 400 (checks that need the data belong in `answer`). */
  parse: (body: Record<string, unknown>) => ParseResult<Input>;
  /** The 200 answer for `input`; a dead token or a refused e-mail throws its own 4xx (apiError). */
  answer: (app: CoreApp, input: Input) => unknown;
}

/** Runs read `q` for request `e`: who may call, the JSON body (400 when malformed) and `parse`, then 200 with its answer. */
export function runRead<Input>(e: core.RequestEvent, q: ServerRead<Input>): void {
  authorize(e, q);
  const parsed = q.parse(readJsonObject(e));
  if (!parsed.ok) throw badRequest(parsed.message);
  return e.json(200, q.answer($app, parsed.value));
}

/** A read's `parse` that takes the JSON body as it is, for a read whose checks need the data (a token first, then the rest). */
export function bodyAsIs(body: Record<string, unknown>): ParseResult<Record<string, unknown>> {
  return { ok: true, value: body };
}

/**
 * The read of a customer's link page at `path`: `open` finds the record the body's token opens at
 * `now` (epoch ms; a dead link throws its 404), and `view` shows it as the page does at that time.
 */
export function linkPageRead(
  path: string,
  open: (app: CoreApp, body: Record<string, unknown>, now: number) => core.Record,
  view: (r: core.Record, now: number) => unknown,
): ServerRead<Record<string, unknown>> {
  return {
    path,
    parse: bodyAsIs,
    answer(app, body) {
      const now = nowMs();
      return view(open(app, body, now), now);
    },
  };
}
