import { describe, expect, it } from 'vitest';
import { entryLabel, syncChipText, type SyncChipState } from './outbox-labels';

describe('entryLabel', () => {
  it.each<[string, Parameters<typeof entryLabel>[0], string]>([
    ['a note', { kind: 'job_event', payload: { kind: 'note', text: 'Gate code 1234' } }, 'Note: “Gate code 1234”'],
    ['a long note', { kind: 'job_event', payload: { kind: 'note', text: 'x'.repeat(80) } }, `Note: “${'x'.repeat(57)}…”`],
    ['install done', { kind: 'job_event', payload: { kind: 'install_done', text: '' } }, 'Install done'],
    ['a photo', { kind: 'job_event', payload: { kind: 'photo' } }, 'Photo'],
    ['a balance charge', { kind: 'charge', payload: { additionalCharges: null } }, 'Balance charge'],
    ['damages', { kind: 'charge', payload: { additionalCharges: { items: { small: 1 } }, estimateCents: 87000 } }, 'Damages and balance charge (about $870)'],
    ['a review request', { kind: 'review_request', payload: { stage: 'post_install' } }, 'Review request (after install)'],
    ['notes edit', { kind: 'admin_notes', payload: {} }, 'Booking notes edit'],
    ['a check at the door', { kind: 'payment', payload: { method: 'check', checkNumber: '1042', note: '', amountCents: 82500 } }, 'Check no. 1042 payment of $825'],
    ['a void', { kind: 'payment_void', payload: { reason: 'Twice' } }, 'Void of a payment: “Twice”'],
    ['a consultation moved', { kind: 'consultation_status', payload: { action: 'reschedule' } }, 'Consultation: move'],
    ['a move', { kind: 'visit_move', payload: { visit: 'removal', date: '2027-01-05', timeSlot: '9-15' } }, 'Move the removal to Tuesday, January 5, 2027, 9 AM - 3 PM'],
    ['a cancellation', { kind: 'booking_cancel', payload: { refund: true } }, 'Cancel the booking, refund the deposit'],
    ['a cancellation with her own amount', { kind: 'booking_cancel', payload: { refund: true, refundCents: 30000, message: 'Sorry' } }, 'Cancel the booking, refund $300'],
    ['a kind of a newer version', { kind: 'from_a_newer_version', payload: {} }, 'A change this version of the app does not know'],
  ])('%s', (_n, entry, label) => expect(entryLabel(entry)).toBe(label));
});

describe('syncChipText', () => {
  const base: SyncChipState = { online: true, lastSyncAt: 1, waiting: 0, needsAttention: 0, pausedForSignIn: false };
  const time = () => '10:42 AM';
  it.each<[Partial<SyncChipState>, string]>([
    [{}, 'Online · synced 10:42 AM'],
    [{ online: false, waiting: 3 }, 'Offline · synced 10:42 AM · 3 waiting'],
    [{ lastSyncAt: null }, 'Online · not synced yet'],
    [{ waiting: 2, pausedForSignIn: true }, 'Online · synced 10:42 AM · sign in to send 2'],
    [{ needsAttention: 1 }, 'Online · synced 10:42 AM · 1 needs attention'],
    [{ waiting: 1, needsAttention: 2 }, 'Online · synced 10:42 AM · 1 waiting · 2 need attention'],
  ])('%o → %s', (over, text) => expect(syncChipText({ ...base, ...over }, time)).toBe(text));
});
