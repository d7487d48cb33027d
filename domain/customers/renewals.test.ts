import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../schedule/calendar';
import { patternSeasonRecord, type SeasonRecord } from '../schedule/seasons';
import { maskedContact, proposeRenewal, RENEWAL_LINK_MESSAGES, renewalCheckoutRefusal, renewalLinkEnded, renewalSeason, renewalsDue, type RenewalBookingRow, type RenewalFacts } from './renewals';

const SEASON: SeasonRecord = { ...patternSeasonRecord(2027), renewalsOpen: '2027-08-01', publicOpens: '2027-09-01' };
const NOW = Date.parse('2027-08-02T16:00:00Z');

function booking(over: Partial<RenewalBookingRow> = {}): RenewalBookingRow {
  return {
    id: 'b1',
    customer_email: 'Ann@Example.com ',
    status: 'completed',
    deposit_paid_at: '2026-11-01 10:00:00.000Z',
    install_date: '2026-11-24',
    install_time_slot: '9-15',
    removal_date: '2026-12-28',
    removal_time_slot: '9-15',
    tree_size: '7.5-9ft',
    holdExpiresAtMs: NaN,
    ...over,
  };
}

function facts(over: Partial<RenewalFacts> = {}): RenewalFacts {
  return { today: '2027-08-02', nowMs: NOW, season: SEASON, bookings: [booking()], unsubscribed: new Set(), renewed: new Set(), ...over };
}

const keys = (f: RenewalFacts) => renewalsDue(f).map((d) => d.emailKey);

describe('renewalsDue', () => {
  const cases: [string, Partial<RenewalFacts>, string[]][] = [
    ['a customer of last season is due, by the normalised key', {}, ['ann@example.com']],
    ['not before renewals open', { today: '2027-07-31' }, []],
    ['from the opening day', { today: '2027-08-01' }, ['ann@example.com']],
    ['not once the season’s installations are over', { today: '2027-12-24' }, []],
    ['not without a renewals date', { season: { ...SEASON, renewalsOpen: '' } }, []],
    ['not when unsubscribed', { unsubscribed: new Set(['ann@example.com']) }, []],
    ['not twice: a renewal row exists for the season', { renewed: new Set(['ann@example.com']) }, []],
    ['not for a cancelled booking', { bookings: [booking({ status: 'cancelled' })] }, []],
    ['not for an unpaid booking', { bookings: [booking({ deposit_paid_at: '', status: 'pending_payment' })] }, []],
    ['not when already booked in the new season', { bookings: [booking(), booking({ id: 'b2', install_date: '2027-11-20', deposit_paid_at: '', status: 'confirmed' })] }, []],
    [
      'not while an unpaid hold in the new season runs',
      { bookings: [booking(), booking({ id: 'b2', install_date: '2027-11-20', deposit_paid_at: '', status: 'pending_payment', holdExpiresAtMs: NOW + 60_000 })] },
      [],
    ],
    [
      'a hold in the new season that ended does not count',
      { bookings: [booking(), booking({ id: 'b2', install_date: '2027-11-20', deposit_paid_at: '', status: 'pending_payment', holdExpiresAtMs: NOW - 1 })] },
      ['ann@example.com'],
    ],
    ['a cancelled booking in the new season does not count', { bookings: [booking(), booking({ id: 'b2', install_date: '2027-11-20', status: 'cancelled' })] }, ['ann@example.com']],
    ['never an erased customer', { bookings: [booking({ customer_email: 'erased-b1@erased.invalid' })] }, []],
    ['a customer from two seasons ago is due too', { bookings: [booking({ install_date: '2025-11-25', removal_date: '2025-12-29' })] }, ['ann@example.com']],
    [
      'each key once, sorted',
      { bookings: [booking({ id: 'z', customer_email: 'zed@example.com' }), booking({ id: 'a1' }), booking({ id: 'a2', customer_email: 'ann@example.com', install_date: '2025-11-25' })] },
      ['ann@example.com', 'zed@example.com'],
    ],
  ];
  it.each(cases)('%s', (_name, over, expected) => {
    expect(keys(facts(over))).toEqual(expected);
  });

  it('makes the renewal from the latest paid booking', () => {
    const due = renewalsDue(
      facts({ bookings: [booking({ id: 'old', install_date: '2025-11-25' }), booking({ id: 'new' }), booking({ id: 'gone', install_date: '2026-12-01', status: 'cancelled' })] }),
    );
    expect(due.map((d) => d.booking.id)).toEqual(['new']);
  });
});

describe('renewalSeason', () => {
  it('is the earliest season whose renewals are open and whose installations are not over', () => {
    const next = { ...patternSeasonRecord(2028), renewalsOpen: '2027-08-15' };
    expect(renewalSeason('2027-07-31', [SEASON, next])).toBeNull();
    expect(renewalSeason('2027-08-20', [next, SEASON])?.year).toBe(2027);
    expect(renewalSeason('2027-12-24', [SEASON, next])?.year).toBe(2028);
    expect(renewalSeason('2027-08-20', [{ ...SEASON, renewalsOpen: '' }])).toBeNull();
  });
});

describe('proposeRenewal', () => {
  const cases: [string, Partial<RenewalBookingRow>, SeasonRecord, Set<string>, ReturnType<typeof proposeRenewal>][] = [
    ['52 weeks on, same weekday and slots', {}, SEASON, new Set(), { installDate: '2027-11-23', installSlot: '9-15', removalDate: '2027-12-27', removalSlot: '9-15' }],
    // Wednesday November 17, 2027 is 52 weeks after Wednesday November 18, 2026: not a work day, so Friday.
    ['onto the nearest later work day', { install_date: '2026-11-18' }, SEASON, new Set(), { installDate: '2027-11-19', installSlot: '9-15', removalDate: '2027-12-27', removalSlot: '9-15' }],
    ['off a blocked day', {}, SEASON, new Set(['2027-11-23']), { installDate: '2027-11-26', installSlot: '9-15', removalDate: '2027-12-27', removalSlot: '9-15' }],
    // 52 weeks after December 23, 2026 is December 22, 2027 (a Wednesday); the window ends the 23rd (Thursday): neither a work day, so the nearest earlier (Tuesday 21st).
    [
      'the nearest earlier work day at the window’s end',
      { install_date: '2026-12-23', removal_date: '2027-01-05' },
      SEASON,
      new Set(),
      { installDate: '2027-12-21', installSlot: '9-15', removalDate: '2028-01-04', removalSlot: '9-15' },
    ],
    [
      'into the window when last year was earlier',
      { install_date: '2026-10-30' },
      SEASON,
      new Set(),
      { installDate: '2027-11-16', installSlot: '9-15', removalDate: '2027-12-27', removalSlot: '9-15' },
    ],
    ['no removal without one last year', { removal_date: '', removal_time_slot: '' }, SEASON, new Set(), { installDate: '2027-11-23', installSlot: '9-15', removalDate: '', removalSlot: '' }],
    [
      'a slot not offered for the size is left to the customer',
      { install_time_slot: '7-8' },
      SEASON,
      new Set(),
      { installDate: '2027-11-23', installSlot: '', removalDate: '2027-12-27', removalSlot: '9-15' },
    ],
    ['the removal clamped into its window', { removal_date: '2027-02-20' }, SEASON, new Set(), { installDate: '2027-11-23', installSlot: '9-15', removalDate: '2028-01-31', removalSlot: '9-15' }],
  ];
  it.each(cases)('%s', (_name, over, season, blocked, expected) => {
    expect(proposeRenewal(booking(over), season, '2027-08-02', blocked)).toEqual(expected);
  });

  it('whatever last year’s dates, the proposal is in the windows, on a work day, after today, and the removal after the install', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 90 }),
        fc.subarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1 }),
        fc.integer({ min: 0, max: 150 }),
        (startOffset, span, workDays, todayOffset) => {
          const install = addDays('2026-10-01', startOffset);
          const season = { ...SEASON, workDays };
          const today = addDays('2027-08-01', todayOffset);
          const p = proposeRenewal(booking({ install_date: install, removal_date: addDays(install, span) }), season, today);
          if (!p.installDate) return;
          expect(p.installDate >= season.install.start && p.installDate <= season.install.end && p.installDate > today).toBe(true);
          expect(workDays).toContain(weekdayOf(p.installDate));
          if (p.removalDate) expect(p.removalDate > p.installDate && p.removalDate >= season.removal.start && p.removalDate <= season.removal.end).toBe(true);
        },
      ),
    );
  });
});

describe('a renewal link bound to its customer (docs/decisions/058)', () => {
  const made = (over: Partial<RenewalBookingRow> = {}, wizard = 'wizard-a') => ({
    ...booking({ install_date: '2027-11-23', deposit_paid_at: '', status: 'pending_payment', holdExpiresAtMs: NOW + 60_000, ...over }),
    wizard_id: wizard,
  });
  const ann = { emailKey: 'ann@example.com', madeBooking: null };

  it('masks the contact to a first letter per word and the last two digits', () => {
    expect(maskedContact({ name: 'Ann  Lee', email: 'Ann@Example.co.uk', phone: '(410) 555-0142', address: '7 Holly Court' })).toEqual({
      name: 'A••• L•••',
      email: 'A•••@E•••.uk',
      phone: '•••-•••-••42',
      address: '••• (on file)',
    });
  });

  it("opens the season to the renewal's own e-mail only", () => {
    expect(renewalCheckoutRefusal(ann, { email: ' ANN@example.com', wizardId: '' }, NOW)).toBeNull();
    expect(renewalCheckoutRefusal(ann, { email: 'mallory@example.com', wizardId: '' }, NOW)).toEqual({ status: 403, message: RENEWAL_LINK_MESSAGES.otherCustomer });
  });

  it.each([
    ['a running hold of another wizard', made({}, 'wizard-b'), 409],
    ['a paid booking', made({ deposit_paid_at: '2027-08-02 10:00:00.000Z', status: 'confirmed' }), 409],
    ['a hold that ran out', made({ holdExpiresAtMs: NOW - 1 }), null],
    ['a cancelled booking', made({ status: 'cancelled' }), null],
  ] as const)('judges the booking made with it: %s', (_why, b, status) => {
    const r = renewalCheckoutRefusal({ ...ann, madeBooking: b }, { email: 'ann@example.com', wizardId: 'wizard-c' }, NOW);
    expect(r?.status ?? null).toBe(status);
  });

  it('lets the same wizard replace its own hold', () => {
    expect(renewalCheckoutRefusal({ ...ann, madeBooking: made() }, { email: 'ann@example.com', wizardId: 'wizard-a' }, NOW)).toBeNull();
  });

  it('ends on the public opening date, never without one', () => {
    expect(renewalLinkEnded('2027-08-31', SEASON)).toBe(false);
    expect(renewalLinkEnded('2027-09-01', SEASON)).toBe(true);
    expect(renewalLinkEnded('2027-12-01', { publicOpens: '' })).toBe(false);
  });
});
