/**
 * What the admin reads about queued work (docs/decisions/016, "a
 * status chip always shows online / offline, the time of the last sync and how many changes
 * wait"): one line per outbox entry and the chip's text. Pure.
 */
import { formatCents } from '@domain/money';
import { formatSlotRange } from '@domain/slots';
import { formatDateField } from './format';
import { paymentMethodText } from '@domain/recorded-payments';
import type { OutboxEntry } from '@/admin/core/model/outbox-entry';

const JOB_LABELS: Record<string, string> = {
  note: 'Note',
  photo: 'Photo',
  install_done: 'Install done',
  removal_done: 'Removal done',
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A short description of what an entry does, e.g. 'Note: "Gate code 1234"', 'Balance charge'. */
export function entryLabel(entry: Pick<OutboxEntry, 'kind' | 'payload'>): string {
  const p = entry.payload;
  switch (entry.kind) {
    case 'job_event': {
      const label = JOB_LABELS[str(p.kind)] ?? 'On-site action';
      const text = str(p.text);
      if (!text) return label;
      const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
      return `${label}: “${short}”`;
    }
    case 'charge': {
      const damages = p.additionalCharges && typeof p.additionalCharges === 'object';
      const estimate = typeof p.estimateCents === 'number' ? ` (about ${formatCents(p.estimateCents)})` : '';
      return `${damages ? 'Damages and balance charge' : 'Balance charge'}${estimate}`;
    }
    case 'review_request':
      return str(p.stage) === 'post_install' ? 'Review request (after install)' : 'Review request (after removal)';
    case 'admin_notes':
      return 'Booking notes edit';
    case 'payment': {
      const amount = typeof p.amountCents === 'number' ? formatCents(p.amountCents) : '';
      return `${paymentMethodText(str(p.method), str(p.checkNumber), str(p.note))} payment${amount ? ` of ${amount}` : ''}`;
    }
    case 'payment_void':
      return `Void of a payment: “${str(p.reason)}”`;
    case 'consultation_status':
      return `Consultation: ${({ confirm: 'confirm', reschedule: 'move', complete: 'mark done', cancel: 'cancel' } as Record<string, string>)[str(p.action)] ?? str(p.action)}`;
    case 'visit_move':
      return `Move the ${str(p.visit) === 'removal' ? 'removal' : 'installation'} to ${formatDateField(str(p.date))}, ${formatSlotRange(str(p.timeSlot))}`;
    case 'booking_cancel':
      return p.refund ? 'Cancel the booking, refund the deposit' : 'Cancel the booking, keep the deposit';
  }
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
