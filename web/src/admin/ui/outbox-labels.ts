/**
 * What the admin reads about queued work (docs/decisions/016, "a
 * status chip always shows online / offline, the time of the last sync and how many changes
 * wait"): one line per outbox entry (the label of its action's spec) and the chip's text.
 */
import { actionLabel } from '@/admin/core/outbox/action-registry';
import type { OutboxEntry } from '@/admin/core/model/outbox-entry';

/** A short description of what an entry does, e.g. 'Note: "Gate code 1234"', 'Balance charge' (its action's label). */
export function entryLabel(entry: Pick<OutboxEntry, 'kind' | 'payload'>): string {
  return actionLabel(entry);
}

export interface SyncChipState {
  online: boolean;
  /** Epoch ms of the last completed sync (pull or flush), or null. */
  lastSyncAt: number | null;
  /** Entries queued or being sent. */
  waiting: number;
  /** Entries that need the admin. */
  needsAttention: number;
  /** The outbox waits for a new sign-in. */
  pausedForSignIn: boolean;
}

/** "h:mm a" of an instant in the business time zone ('—' when null); `format` for tests. */
export type TimeFormatter = (ms: number) => string;

/**
 * The chip's short text, e.g. 'Offline · synced 10:42 AM · 3 waiting', 'Online · synced
 * 10:42 AM', 'Online · sign in to send 2'.
 */
export function syncChipText(s: SyncChipState, time: TimeFormatter): string {
  const parts = [s.online ? 'Online' : 'Offline'];
  parts.push(s.lastSyncAt === null ? 'not synced yet' : `synced ${time(s.lastSyncAt)}`);
  if (s.pausedForSignIn && s.waiting > 0) parts.push(`sign in to send ${s.waiting}`);
  else if (s.waiting > 0) parts.push(`${s.waiting} waiting`);
  if (s.needsAttention > 0) parts.push(`${s.needsAttention} need${s.needsAttention === 1 ? 's' : ''} attention`);
  return parts.join(' · ');
}
