import 'fake-indexeddb/auto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { booksOf } from '@domain/exports/books';
import { UTF8_BOM } from '@domain/exports/csv';
import { AdminDb } from '@/admin/core/db';
import type { AdminBooking, AdminCharge } from '@/admin/core/model/records';
import { exportFromDb, type BooksRows } from './books-data';
import { CloseBooksCard } from './books-card';
import { CloseBooksView, rangeOfChoice, seasonChoices, type CloseBooksViewProps, type RangeChoice } from './close-books-card';

const NOW = Date.parse('2026-11-27T12:00:00Z');

const booking = (over: Partial<AdminBooking> = {}) =>
  ({
    id: 'b1',
    created_at: '2026-11-01 15:00:00.000Z',
    updated_at: '2026-11-01 15:00:00.000Z',
    customer_name: 'Ann "Nan" Lee',
    customer_email: 'ann@example.com',
    customer_phone: '555-0100',
    customer_address: '1 Elm St',
    package_type: 'elevated-arbor',
    tree_size: '7.5-9ft',
    install_date: '2026-12-05',
    install_time_slot: '9:00 AM',
    removal_date: '',
    removal_time_slot: '',
    status: 'confirmed',
    payment_status: 'deposit_paid',
    total_price: 165_000,
    deposit_amount: 82_500,
    deposit_paid_at: '2026-11-01 15:00:00.000Z',
    ...over,
  }) as AdminBooking;

const cash = (over: Partial<AdminCharge> = {}) =>
  ({
    id: 'c1',
    booking: 'b1',
    created_at: '2026-12-05 20:00:00.000Z',
    updated_at: '2026-12-05 20:00:00.000Z',
    kind: 'balance',
    amount: 82_500,
    status: 'succeeded',
    method: 'cash',
    ...over,
  }) as AdminCharge;

function view(over: Partial<CloseBooksViewProps> = {}): string {
  const rows: BooksRows = { bookings: [booking()], charges: [cash()] };
  const choice: RangeChoice = { mode: 'season', season: 2026 };
  const props: CloseBooksViewProps = {
    rows,
    seasons: [2026, 2025],
    currentSeason: 2026,
    choice,
    onChoice: () => {},
    books: booksOf(rows.bookings, rows.charges, { season: 2026 }, NOW),
    busy: null,
    onDownload: () => {},
    summaryOpen: false,
    onSummary: () => {},
    ...over,
  };
  return renderToStaticMarkup(<CloseBooksView {...props} />);
}

describe('the range picker', () => {
  it('a season, or two dates in order', () => {
    expect(rangeOfChoice({ mode: 'season', season: 2025 })).toEqual({ season: 2025 });
    expect(rangeOfChoice({ mode: 'dates', from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(rangeOfChoice({ mode: 'dates', from: '2026-11-30', to: '2026-11-01' })).toBeNull();
    expect(rangeOfChoice({ mode: 'dates', from: '', to: '2026-11-01' })).toBeNull();
  });

  it('offers the seasons in the data and the current one, newest first', () => {
    expect(seasonChoices({ bookings: [booking({ install_date: '2024-12-01' })], charges: [] }, '2026-11-27')).toEqual([2026, 2024]);
    // In January the season being closed is still last year's.
    expect(seasonChoices(null, '2027-01-10')).toEqual([2026]);
  });

  it('shows a labelled season select with each season, the chosen one selected', () => {
    const html = view();
    expect(html).toMatch(/<label for="[^"]+-season">Season<\/label>/);
    expect(html).toContain('<option value="2026" selected="">2026</option>');
    expect(html).toContain('<option value="2025">2025</option>');
  });

  it('shows two labelled date fields in dates mode, and asks for an ordered range', () => {
    const html = view({ choice: { mode: 'dates', from: '2026-12-01', to: '2026-11-01' }, books: null });
    expect(html).toContain('First day');
    expect(html).toContain('Last day');
    expect(html).toContain('type="date"');
    expect(html).toContain('Choose a first day on or before the last day.');
    expect(html).not.toContain('Payments CSV');
  });
});

describe('the card', () => {
  it('starts closed, reading nothing, with a button that opens it', () => {
    const html = renderToStaticMarkup(<CloseBooksCard />);
    expect(html).toContain('Close the books');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('Open the books');
    expect(html).not.toContain('Loading bookings');
  });

  it('loading until the device holds every booking and charge', () => {
    expect(view({ rows: undefined, books: null })).toContain('Loading bookings…');
    expect(view({ rows: null, books: null })).toContain('Loading bookings…');
  });

  it('the empty state, the downloads disabled', () => {
    const html = view({ books: booksOf([], [], { season: 2030 }, NOW), choice: { mode: 'season', season: 2030 } });
    expect(html).toContain('No bookings in this range.');
    expect(html).toMatch(/<button type="button" class="button" disabled="">Payments CSV<\/button>/);
  });

  it('three downloads, and the totals by method on screen', () => {
    const html = view();
    for (const label of ['Bookings CSV', 'Payments CSV', 'Customers CSV', 'Season summary']) expect(html).toContain(label);
    expect(html).toContain('Totals by method, Season 2026');
    expect(html).toMatch(/<th scope="row">card<\/th><td>\$825<\/td><td>\$0<\/td><td>\$825<\/td>/);
    expect(html).toMatch(/<th scope="row">cash<\/th><td>\$825<\/td>/);
    expect(html).not.toContain('books-summary');
  });

  it('the season summary by month with its total and a print button', () => {
    const html = view({ summaryOpen: true });
    expect(html).toContain('Season summary: Season 2026');
    expect(html).toContain('Nov 2026');
    expect(html).toContain('Dec 2026');
    expect(html).toMatch(/<th scope="row">Total<\/th><td>1<\/td><td>\$1,650<\/td><td>\$0<\/td><td>\$0<\/td>/);
    expect(html).toContain('>Print</button>');
  });
});

describe('a download builds the CSV from what Dexie holds', () => {
  let db: AdminDb;
  let n = 0;
  beforeEach(() => {
    db = new AdminDb(`books-test-${++n}`, { indexedDB, IDBKeyRange });
  });
  afterEach(async () => {
    await db.delete();
  });

  const complete = async () => {
    await db.syncState.bulkPut([
      { collection: 'bookings', cursorUpdatedAt: '', cursorId: '', complete: true },
      { collection: 'charges', cursorUpdatedAt: '', cursorId: '', complete: true },
    ]);
  };

  it('nothing until the bookings and charges are pulled to their end', async () => {
    await db.bookings.put(booking());
    expect(await exportFromDb(db, 'payments', { season: 2026 }, NOW)).toBeNull();
  });

  it('the payments file: its name, the BOM, the header, the rows and a Total per method', async () => {
    await db.bookings.bulkPut([booking(), booking({ id: 'b2', customer_name: '=HYPERLINK("x")', install_date: '2025-12-06', deposit_paid_at: '2025-11-02 15:00:00.000Z' })]);
    await db.charges.put(cash());
    await complete();
    const file = await exportFromDb(db, 'payments', { season: 2026 }, NOW);
    expect(file?.fileName).toBe('payments-2026.csv');
    expect(file?.csv).toBe(
      `${UTF8_BOM}Date,Booking ID,Customer,What,Method,Direction,Amount\r\n` +
        '2026-11-01,b1,"Ann ""Nan"" Lee",deposit,card,payment,825.00\r\n' +
        '2026-12-05,b1,"Ann ""Nan"" Lee",balance,cash,payment,825.00\r\n' +
        'Total,,,,card,total (net of refunds),825.00\r\n' +
        'Total,,,,cash,total (net of refunds),825.00\r\n',
    );
  });

  it('the bookings and customers files of a date range, a formula neutralised', async () => {
    await db.bookings.put(booking({ customer_name: '=HYPERLINK("x")' }));
    await complete();
    const range = { from: '2026-12-01', to: '2026-12-31' };
    const bookings = await exportFromDb(db, 'bookings', range, NOW);
    expect(bookings?.fileName).toBe('bookings-2026-12-01_2026-12-31.csv');
    expect(bookings?.csv.split('\r\n')[1]).toContain(`"'=HYPERLINK(""x"")"`);
    const customers = await exportFromDb(db, 'customers', range, NOW);
    expect(customers?.csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",ann@example.com,555-0100,1 Elm St,1,2026,825.00`);
  });
});
