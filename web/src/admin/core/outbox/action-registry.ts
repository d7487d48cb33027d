/**
 * Every kind of offline action, listed once (docs/architecture.md "Admin data and sync", "Adding
 * an offline action"; docs/decisions/016). The outbox sends, applies and undoes entries through
 * the spec of their kind (admin-outbox.ts), the mutations queue them with their key and
 * optimistic row (mutations.ts), and the outbox dialog labels them (ui/outbox-labels.ts): a new
 * action is its spec file, one line here, and the screen that queues it.
 */
import type { AdminDb } from '../db';
import type { OutboxEntry } from '../model/outbox-entry';
import type { Mirror } from '../sync/mirror';
import type { ActionEntry, ActionSpec, Payload } from './action-spec';
import { adminNotesAction } from './actions/admin-notes-action';
import { bookingCancelAction } from './actions/booking-cancel-action';
import { chargeAction } from './actions/charge-action';
import { consultationStatusAction } from './actions/consultation-status-action';
import { customerNotesAction } from './actions/customer-notes-action';
import { jobEventAction } from './actions/job-event-action';
import { paymentAction } from './actions/payment-action';
import { paymentVoidAction } from './actions/payment-void-action';
import { reviewRequestAction } from './actions/review-request-action';
import { visitMoveAction } from './actions/visit-move-action';

/** The offline actions. Add a spec here; never remove one whose entries may still wait on a phone. */
export const OUTBOX_ACTIONS = [
  jobEventAction,
  chargeAction,
  reviewRequestAction,
  adminNotesAction,
  paymentAction,
  paymentVoidAction,
  bookingCancelAction,
  visitMoveAction,
  consultationStatusAction,
  customerNotesAction,
] as const;

type AnyAction = (typeof OUTBOX_ACTIONS)[number];

/** What the outbox can send (OutboxEntry.kind): one per spec. */
export type OutboxKind = AnyAction['kind'];

/** The spec of kind `K`. */
export type ActionOf<K extends OutboxKind> = Extract<AnyAction, { kind: K }>;

/** What an entry of kind `K` carries. */
export type PayloadOf<K extends OutboxKind> = ActionOf<K> extends ActionSpec<K, infer P, unknown> ? P : never;

/** The server's answer to an entry of kind `K`. */
export type AnswerOf<K extends OutboxKind> = Awaited<ReturnType<ActionOf<K>['send']>>;

/** A spec with its types erased, as the outbox calls it for an entry of any kind. */
type ErasedSpec = ActionSpec<string, Payload, unknown>;

const BY_KIND: ReadonlyMap<string, ErasedSpec> = new Map(OUTBOX_ACTIONS.map((a) => [a.kind, a as unknown as ErasedSpec]));

/** The spec of `kind`, or undefined for a kind this version of the app does not know. */
export function actionFor(kind: string): ErasedSpec | undefined {
  return BY_KIND.get(kind);
}

/** Whether `entry` is of kind `kind`, its payload then typed (for screens showing queued entries). */
export function isEntryOf<K extends OutboxKind>(entry: OutboxEntry, kind: K): entry is OutboxEntry & ActionEntry<PayloadOf<K>> & { kind: K } {
  return entry.kind === kind;
}

/** The message of an entry whose kind this version of the app cannot send. */
export const UNKNOWN_KIND_MESSAGE = 'This version of the app cannot send this change. Reload the app to update it, or discard the change.';

/**
 * Sends one entry through its spec; resolves with the server's answer, rejects like the SDK.
 * An entry of a kind this version does not know (queued by a newer version, then the app went
 * back) is refused with a 4xx-shaped error, so it waits under 'Needs attention' rather than
 * blocking the queue or being dropped.
 */
export function sendEntry(entry: OutboxEntry): Promise<unknown> {
  const spec = actionFor(entry.kind);
  if (!spec) return Promise.reject(Object.assign(new Error(UNKNOWN_KIND_MESSAGE), { status: 400, response: { message: UNKNOWN_KIND_MESSAGE } }));
  return spec.send(entry);
}

/** Puts the records of a sent entry's answer into the mirror (its spec's apply). */
export async function applyAnswer(mirror: Mirror, entry: OutboxEntry, answer: unknown): Promise<void> {
  await actionFor(entry.kind)?.apply(mirror, entry, answer ?? {});
}

/** Undoes a discarded entry's optimistic change (its spec's undo). */
export async function undoLocalChange(db: AdminDb, entry: OutboxEntry): Promise<void> {
  await actionFor(entry.kind)?.undo(db, entry);
}

/** The line describing an entry in 'Changes on this device' (its spec's label). */
export function actionLabel(entry: Pick<OutboxEntry, 'kind' | 'payload'>): string {
  return actionFor(entry.kind)?.label(entry.payload) ?? 'A change this version of the app does not know';
}
