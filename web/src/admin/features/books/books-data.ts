/**
 * What "Close the books" reads and writes: the mirror's bookings and charges (Dexie,
 * docs/architecture.md "Admin data and sync"), so the exports work with no signal, turned into
 * CSV files by domain/exports/books.ts and csv.ts, and saved on the device (a Blob and an
 * <a download>).
 */
import { booksOf, bookingsTable, customersOf, customersTable, exportFileName, paymentsTable, type BooksRange } from '@domain/exports/books';
import { toCsv } from '@domain/exports/csv';
import type { AdminDb } from '@/admin/core/db';
import type { AdminBooking, AdminCharge } from '@/admin/core/model/records';

/** The three files the card offers. */
export type ExportKind = 'bookings' | 'payments' | 'customers';

/** The mirror's rows the books are made from. */
export interface BooksRows {
  bookings: AdminBooking[];
  charges: AdminCharge[];
}

/**
 * The mirror's bookings and charges, or null until both have been pulled to their end on this
 * device (a season's books from part of it would be wrong, not just short).
 */
export async function readBooksRows(db: AdminDb): Promise<BooksRows | null> {
  const cursors = await db.syncState.bulkGet(['bookings', 'charges']);
  if (!cursors.every((c) => c?.complete === true)) return null;
  const [bookings, charges] = await Promise.all([db.bookings.toArray(), db.charges.toArray()]);
  return { bookings, charges };
}

/**
 * The file of `kind` for `range` from `rows`: its name ('payments-2026.csv') and its CSV text,
 * with the UTF-8 BOM so Excel reads names with accents right. `nowMs` (epoch ms) says which unpaid
 * checkouts ran out (left out, domain/exports/books.ts).
 */
export function buildExport(kind: ExportKind, rows: BooksRows, range: BooksRange, nowMs: number): { fileName: string; csv: string } {
  const books = booksOf(rows.bookings, rows.charges, range, nowMs);
  const table = kind === 'bookings' ? bookingsTable(books) : kind === 'payments' ? paymentsTable(books) : customersTable(customersOf(books, rows.bookings));
  return { fileName: exportFileName(kind, range), csv: toCsv(table, { bom: true }) };
}

/**
 * The file of `kind` for `range` from what `db` holds now (read at the click, so the file has the
 * latest rows); null when the mirror is not complete yet.
 */
export async function exportFromDb(db: AdminDb, kind: ExportKind, range: BooksRange, nowMs: number): Promise<{ fileName: string; csv: string } | null> {
  const rows = await readBooksRows(db);
  return rows && buildExport(kind, rows, range, nowMs);
}

/** Saves `csv` on the device as `fileName` (no server involved: works offline). Browser only. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Let the browser start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
