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
