import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerKey } from './customer-key';
import { customerMatches, customerTimeline, groupCustomers, seasonYearOf, type CustomerBookingRow, type CustomerRecordRow, type CustomerSources } from './customers';

const booking = (id: string, email: string, install: string, created: string, extra: Partial<CustomerBookingRow> = {}): CustomerBookingRow => ({
  id,
  created_at: created,
  customer_name: 'Ann Lee',
  customer_email: email,
  customer_phone: '(555) 123-4567',
  customer_address: '1 Elm St, Princeton NJ 08540',
  install_date: install,
  ...extra,
});
const none: CustomerSources = { bookings: [], consultations: [], reviews: [], records: [] };
const record = (key: string, extra: Partial<CustomerRecordRow> = {}): CustomerRecordRow => ({
  id: 'r1',
  email_key: key,
  name: 'Ann (record)',
  phone: '',
  address: '',
  notes_parking: 'Driveway',
  notes_gate: '',
  notes_ornaments: '',
  notes_other: '',
  updated_at: '2026-01-01 00:00:00.000Z',
  ...extra,
});

describe('customerKey', () => {
  it.each([
    ['Ann@Example.com ', 'ann@example.com'],
    ['  ann@example.com', 'ann@example.com'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (email, key) => expect(customerKey(email)).toBe(key));
});

describe('seasonYearOf', () => {
  it.each([
    ['2025-12-05', 2025],
    ['2026-01-03', 2025],
    ['2026-07-01', 2026],
    ['', NaN],
  ])('%s → %s', (date, season) => expect(seasonYearOf(date)).toBe(season));
});

describe('groupCustomers', () => {
  it('puts one customer over e-mails that differ only in case and spaces, with both seasons', () => {
    const out = groupCustomers({
      ...none,
      bookings: [
        booking('b1', 'Ann@Example.com ', '2025-12-05', '2025-11-01 10:00:00.000Z', { customer_phone: '' }),
        booking('b2', 'ann@example.com', '2026-12-04', '2026-11-01 10:00:00.000Z', { customer_name: 'Ann Lee-Smith' }),
      ],
    });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ key: 'ann@example.com', name: 'Ann Lee-Smith', email: 'ann@example.com', phone: '(555) 123-4567', seasons: [2026, 2025], bookingIds: ['b1', 'b2'], record: null });
  });

  it('takes a review without an e-mail to its booking’s customer and merges the record', () => {
    const out = groupCustomers({
      bookings: [booking('b1', 'ann@example.com', '2025-12-05', '2025-11-01 10:00:00.000Z')],
      consultations: [
        { id: 'c1', created_at: '2025-10-01 10:00:00.000Z', customer_name: 'Ann', customer_email: 'ANN@example.com', customer_phone: '', customer_address: '', consultation_date: '2025-10-10' },
      ],
      reviews: [{ id: 't1', created_at: '2026-01-10 10:00:00.000Z', customer_name: 'Ann', customer_email: '', booking: 'b1', service_date: '' }],
      records: [record('ann@example.com')],
    });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ consultationIds: ['c1'], reviewIds: ['t1'], record: { notes_parking: 'Driveway' } });
  });

  it('lists a customer known only by the record, with the record’s contact', () => {
    expect(groupCustomers({ ...none, records: [record('bo@example.com', { phone: '555' })] })[0]).toMatchObject({
      key: 'bo@example.com',
      name: 'Ann (record)',
      phone: '555',
      email: 'bo@example.com',
      seasons: [],
    });
  });

  const emails = fc.constantFrom('ann@example.com', 'Ann@Example.com ', ' bo@example.com', 'BO@EXAMPLE.COM', 'cy@example.com');
  const date = fc.constantFrom('2024-12-01', '2025-01-02', '2025-11-30', '2025-12-20', '2026-12-05');
  const bookings = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 6 }), email: emails, install: date }), { selector: (b) => b.id, maxLength: 30 });

  it('puts every booking in exactly one customer, the one of its key (property)', () => {
    fc.assert(
      fc.property(bookings, (rows) => {
        const out = groupCustomers({ ...none, bookings: rows.map((r) => booking(r.id, r.email, r.install, '2025-01-01 00:00:00.000Z')) });
        const ids = out.flatMap((c) => c.bookingIds);
        expect(ids.sort()).toEqual(rows.map((r) => r.id).sort());
        for (const c of out) for (const id of c.bookingIds) expect(customerKey(rows.find((r) => r.id === id)!.email)).toBe(c.key);
        expect(new Set(out.map((c) => c.key)).size).toBe(out.length);
      }),
    );
  });

  it('gives a customer the seasons of their bookings’ installs, each once, newest first (property)', () => {
    fc.assert(
      fc.property(bookings, (rows) => {
        for (const c of groupCustomers({ ...none, bookings: rows.map((r) => booking(r.id, r.email, r.install, '2025-01-01 00:00:00.000Z')) })) {
          const expected = [...new Set(rows.filter((r) => customerKey(r.email) === c.key).map((r) => seasonYearOf(r.install)))].sort((a, b) => b - a);
          expect(c.seasons).toEqual(expected);
        }
      }),
    );
  });
});

describe('customerMatches', () => {
  const [ann] = groupCustomers({ ...none, bookings: [booking('b1', 'ann@example.com', '2025-12-05', '2025-11-01 10:00:00.000Z')] });
  it.each([
    ['', true],
    ['ann', true],
    ['LEE', true],
    ['example.com', true],
    ['5551234567', true],
    ['555-123', true],
    ['princeton', true],
    ['ann princeton', true],
    ['bo', false],
    ['ann trenton', false],
    ['999', false],
  ])('%j → %s', (q, hit) => expect(customerMatches(ann!, q)).toBe(hit));
});

describe('customerTimeline', () => {
  it('groups bookings, consultations and reviews by season, newest first', () => {
    const sources: CustomerSources = {
      bookings: [booking('b1', 'ann@example.com', '2025-12-05', '2025-11-01 10:00:00.000Z'), booking('b2', 'ann@example.com', '2026-12-04', '2026-11-01 10:00:00.000Z')],
      consultations: [
        { id: 'c1', created_at: '2025-10-01 10:00:00.000Z', customer_name: 'Ann', customer_email: 'ann@example.com', customer_phone: '', customer_address: '', consultation_date: '2025-10-10' },
      ],
      reviews: [{ id: 't1', created_at: '2026-01-10 10:00:00.000Z', customer_name: 'Ann', customer_email: '', booking: 'b1', service_date: '' }],
      records: [],
    };
    const [c] = groupCustomers(sources);
    expect(customerTimeline(c!, sources)).toEqual([
      { season: 2026, items: [{ kind: 'booking', id: 'b2', date: '2026-12-04' }] },
      {
        season: 2025,
        items: [
          { kind: 'booking', id: 'b1', date: '2025-12-05' },
          { kind: 'review', id: 't1', date: '2025-12-05' },
          { kind: 'consultation', id: 'c1', date: '2025-10-10' },
        ],
      },
    ]);
  });
});
