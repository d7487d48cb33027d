/**
 * Every kind of offline action, listed once (docs/architecture.md "Admin data and sync", "Adding
 * an offline action"; docs/decisions/016). The outbox sends, applies and undoes entries through
 * the spec of their kind (admin-outbox.ts), the mutations queue them with their key and
 * optimistic row (mutations.ts), and the outbox dialog labels them (ui/outbox-labels.ts): a new
 * action is its spec file (which lists itself, `OutboxActions`) and the screen that queues it.
 */
import type { AdminDb } from '../db';
import type { OutboxEntry } from '../model/outbox-entry';
import type { Mirror } from '../sync/mirror';
import type { ActionEntry, ActionSpec, Payload } from './action-spec';

/**
 * The offline actions by kind. Each spec file under `actions/` adds its own member, its kind
 * and its spec's type (declaration merging):
 *
 *     declare module '../action-registry' {
 *       interface OutboxActions {
 *         customer_notes: typeof customerNotesAction;
 *       }
 *     }
 *
 * so a new action needs no line here (docs/decisions/066); never remove one whose entries may
 * still wait on a phone.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the spec files
export interface OutboxActions {}

type AnyAction = OutboxActions[keyof OutboxActions];

/** Whether an export of a spec file is a spec (defineAction). */
function isSpec(v: unknown): v is AnyAction {
  const s = v as Partial<Record<'kind' | 'send' | 'apply' | 'undo' | 'label', unknown>> | null;
  return (
    typeof s === 'object' && s !== null && typeof s.kind === 'string' && typeof s.send === 'function' && typeof s.apply === 'function' && typeof s.undo === 'function' && typeof s.label === 'function'
  );
}

/** Every spec of `actions/*-action.ts`, found by the bundler (Vite's glob import), in the files' order. */
export const OUTBOX_ACTIONS: readonly AnyAction[] = Object.values(import.meta.glob<Record<string, unknown>>('./actions/*-action.ts', { eager: true })).flatMap((m) => Object.values(m).filter(isSpec));

type Check<T extends true> = T;
/** Fails to compile when a spec file lists its spec under another name than its kind. */
export type OutboxActionsByKind = Check<{ [K in keyof OutboxActions]: OutboxActions[K]['kind'] extends K ? true : false }[keyof OutboxActions]>;

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
