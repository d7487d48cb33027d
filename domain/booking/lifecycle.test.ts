import { describe, expect, it } from 'vitest';
import { lifecycleOf, transition, LIFECYCLE_MESSAGES as M, type LifecycleEvent, type LifecycleState } from './lifecycle';

const s = (status: LifecycleState['status'], install: LifecycleState['install'] = 'scheduled', removal: LifecycleState['removal'] = 'none'): LifecycleState => ({
  status,
  install,
  removal,
  cancelReason: '',
});

describe('transition', () => {
  const cases: [string, LifecycleState, LifecycleEvent, LifecycleState | string][] = [
    ['the deposit confirms a pending booking', s('pending_payment'), { type: 'deposit_received' }, s('confirmed')],
    ['a second deposit event is refused', s('confirmed'), { type: 'deposit_received' }, M.notPending],
    ['a lost slot flags the payment', s('pending_payment'), { type: 'slot_lost' }, { ...s('payment_conflict', 'cancelled') }],
    ['a late payment after the hold ended is a conflict', s('cancelled', 'cancelled'), { type: 'slot_lost' }, { ...s('payment_conflict', 'cancelled') }],
    ['the hold expires', s('pending_payment', 'scheduled', 'scheduled'), { type: 'hold_ended', reason: 'hold_expired' }, { ...s('cancelled', 'cancelled', 'cancelled'), cancelReason: 'hold_expired' }],
    ['a confirmed booking has no hold to end', s('confirmed'), { type: 'hold_ended', reason: 'hold_expired' }, M.notPending],
    ['a scheduled visit moves', s('confirmed'), { type: 'visit_moved', visit: 'install' }, s('confirmed')],
    ['a done visit does not move', s('confirmed', 'done', 'scheduled'), { type: 'visit_moved', visit: 'install' }, M.visitDone],
    ['no removal to move', s('confirmed'), { type: 'visit_moved', visit: 'removal' }, M.noVisit],
    ['a cancelled booking does not move', s('cancelled', 'cancelled'), { type: 'visit_moved', visit: 'install' }, M.notConfirmed],
    ['the removal is held for its payment', s('confirmed'), { type: 'removal_held' }, s('confirmed', 'scheduled', 'held')],
    ['a held removal is released', s('confirmed', 'scheduled', 'held'), { type: 'removal_released' }, s('confirmed')],
    ['a held removal is added', s('confirmed', 'scheduled', 'held'), { type: 'removal_added' }, s('confirmed', 'scheduled', 'scheduled')],
    ['a second removal is refused', s('confirmed', 'scheduled', 'scheduled'), { type: 'removal_added' }, M.removalExists],
    ['the install done without removal completes', s('confirmed'), { type: 'visit_done', visit: 'install' }, s('completed', 'done')],
    ['the install done with a removal stays confirmed', s('confirmed', 'scheduled', 'scheduled'), { type: 'visit_done', visit: 'install' }, s('confirmed', 'done', 'scheduled')],
    ['the removal before the install is refused', s('confirmed', 'scheduled', 'scheduled'), { type: 'visit_done', visit: 'removal' }, M.installFirst],
    ['the removal done completes', s('confirmed', 'done', 'scheduled'), { type: 'visit_done', visit: 'removal' }, s('completed', 'done', 'done')],
    ['the customer cancels', s('confirmed', 'scheduled', 'held'), { type: 'cancel', by: 'customer' }, { ...s('cancelled', 'cancelled', 'none'), cancelReason: 'customer_cancelled' }],
    ['the owner cancels after the install', s('confirmed', 'done', 'scheduled'), { type: 'cancel', by: 'owner' }, { ...s('cancelled', 'done', 'cancelled'), cancelReason: 'owner_cancelled' }],
    ['a cancelled booking is not cancelled again', s('cancelled', 'cancelled'), { type: 'cancel', by: 'owner' }, M.alreadyCancelled],
    ['a completed booking is not cancelled', s('completed', 'done'), { type: 'cancel', by: 'owner' }, M.cancelFinished],
    ['a pending booking is not cancelled by hand', s('pending_payment'), { type: 'cancel', by: 'customer' }, M.notConfirmed],
  ];
  it.each(cases)('%s', (_name, from, event, expected) => {
    const got = transition(from, event);
    if (typeof expected === 'string') expect(got).toEqual({ ok: false, reason: expected });
    else expect(got).toEqual({ ok: true, state: expected });
  });
});

describe('lifecycleOf', () => {
  const row = { status: 'confirmed' as const, cancel_reason: '' as const, install_done_at: '', removal_done_at: '', removal_date: '', removal_time_slot: '', removal_hold: '' };
  it.each([
    ['a confirmed booking without removal', row, s('confirmed')],
    ['a removal held for a payment', { ...row, removal_date: '2027-01-05', removal_time_slot: '9-12', removal_hold: 'c1' }, s('confirmed', 'scheduled', 'held')],
    ['an installed booking with its removal', { ...row, install_done_at: 'x', removal_date: '2027-01-05', removal_time_slot: '9-12' }, s('confirmed', 'done', 'scheduled')],
    ['a cancelled booking', { ...row, status: 'cancelled', cancel_reason: 'owner_cancelled' }, { ...s('cancelled', 'cancelled'), cancelReason: 'owner_cancelled' }],
  ] as const)('%s', (_n, r, expected) => expect(lifecycleOf(r)).toEqual(expected));
});
