/**
 * The app's one outbox (one per page), over the admin's database and the real server, created
 * on first use (docs/decisions/016). Entries are sent only for the signed-in admin whose
 * session is usable; each is sent, its answer put into the mirror and, when discarded, its
 * optimistic change undone by the spec of its kind (outbox/action-registry.ts).
 */
import { adminMirror } from './admin-data';
import { adminDb } from './db';
import { currentAdmin } from './session/admin-session';
import { Outbox } from './outbox/outbox';
import { applyAnswer, sendEntry, undoLocalChange } from './outbox/action-registry';
import { logWarning } from '@/lib/log';

let instance: Outbox | null = null;

export function adminOutbox(): Outbox {
  instance ??= new Outbox(adminDb(), {
    send: sendEntry,
    // currentAdmin() is null while the token has expired: work waits for the sign-in.
    account: () => currentAdmin()?.id ?? null,
    onSent: (entry, answer) => applyAnswer(adminMirror(), entry, answer),
    onDiscard: (entry) => undoLocalChange(adminDb(), entry),
    onFailure: (entry, failure) => logWarning(`Outbox: ${entry.kind} ${entry.id} not sent (${failure.status}): ${failure.message}`),
  });
  return instance;
}
