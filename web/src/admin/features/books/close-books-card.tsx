import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { booksOf, newYorkDateOf, seasonOfDate, seasonsIn, type Books, type BooksRange } from '@domain/exports/books';
import { formatCents } from '@domain/money/cents';
import { businessToday, isYmd } from '@domain/schedule/calendar';
import { adminDb } from '@/admin/core/db';
import { reportError } from '@/admin/ui/report-error';
import { downloadCsv, exportFromDb, readBooksRows, type BooksRows, type ExportKind } from './books-data';
import './books.css';
import { HeadedRow, TableHead } from '@/admin/ui/table-head';

/** The range the owner picked: a season, or two dates (either may still be empty or out of order). */
export type RangeChoice = { mode: 'season'; season: number } | { mode: 'dates'; from: string; to: string };

/** The books' range of a choice; null while the dates are missing or the first is after the last. */
export function rangeOfChoice(choice: RangeChoice): BooksRange | null {
  if (choice.mode === 'season') return { season: choice.season };
  return isYmd(choice.from) && isYmd(choice.to) && choice.from <= choice.to ? { from: choice.from, to: choice.to } : null;
}

/** The seasons to pick from: those in the data and the current one (July–June, domain/exports/books.ts), newest first. */
export function seasonChoices(rows: BooksRows | null | undefined, today: string): number[] {
  const current = seasonOfDate(today);
  const years = new Set(seasonsIn(rows?.bookings ?? []));
  if (current !== null) years.add(current);
  return [...years].sort((a, b) => b - a);
}

const EXPORTS: [ExportKind, string][] = [
  ['bookings', 'Bookings CSV'],
  ['payments', 'Payments CSV'],
  ['customers', 'Customers CSV'],
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'YYYY-MM' as 'Nov 2026' (short, so five columns fit a 375 px phone). */
const monthName = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1] ?? ym} ${ym.slice(0, 4)}`;

export interface CloseBooksViewProps {
  /** undefined while the device reads; null until the mirror has all bookings and charges. */
  rows: BooksRows | null | undefined;
  seasons: number[];
  /** The season the picker starts on and returns to (the current one, July–June). */
  currentSeason: number;
  choice: RangeChoice;
  onChoice: (choice: RangeChoice) => void;
  /** The books of the chosen range (null when the range is not valid or the rows are not in). */
  books: Books | null;
  busy: ExportKind | null;
  onDownload: (kind: ExportKind) => void;
  summaryOpen: boolean;
  onSummary: (open: boolean) => void;
}

/**
 * "Close the books" as shown: the range picker (a season or two dates), the three downloads,
 * the totals by method, and the season summary by month (printed alone, books.css). Stateless,
 * so tests render it with any state.
 */
export function CloseBooksView({ rows, seasons, currentSeason, choice, onChoice, books, busy, onDownload, summaryOpen, onSummary }: CloseBooksViewProps) {
  const id = useId();
  const range = rangeOfChoice(choice);
  const empty = !!books && books.bookings.length === 0 && books.payments.length === 0;
  const label = range ? ('season' in range ? `Season ${range.season}` : `${range.from} to ${range.to}`) : '';
  return (
    <section aria-labelledby={`${id}-heading`} className="admin-panel books-card">
      <h2 id={`${id}-heading`}>Close the books</h2>
      <p className="muted">Bookings, payments and customers as spreadsheets (CSV), from the data on this device: works with no signal.</p>
      <fieldset className="admin-range books-range">
        <legend>Which books</legend>
        <div className="books-mode" role="radiogroup" aria-label="Range">
          <label className="admin-check">
            <input type="radio" name={`${id}-mode`} checked={choice.mode === 'season'} onChange={() => onChoice({ mode: 'season', season: currentSeason })} />A season
          </label>
          <label className="admin-check">
            <input type="radio" name={`${id}-mode`} checked={choice.mode === 'dates'} onChange={() => onChoice({ mode: 'dates', from: '', to: '' })} />
            Dates
          </label>
        </div>
        {choice.mode === 'season' ? (
          <div className="field">
            <label htmlFor={`${id}-season`}>Season</label>
            <select id={`${id}-season`} value={choice.season} onChange={(e) => onChoice({ mode: 'season', season: Number(e.target.value) })}>
              {seasons.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <>
            <div className="field">
              <label htmlFor={`${id}-from`}>First day</label>
              <input id={`${id}-from`} type="date" value={choice.from} onChange={(e) => onChoice({ ...choice, from: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-to`}>Last day</label>
              <input id={`${id}-to`} type="date" value={choice.to} onChange={(e) => onChoice({ ...choice, to: e.target.value })} />
            </div>
          </>
        )}
      </fieldset>
      <p className="muted books-rule">A booking counts by its install date; a payment or refund by the day it happened.</p>

      {rows === undefined || rows === null ? (
        <p role="status">Loading bookings…</p>
      ) : !range ? (
        <p role="status">Choose a first day on or before the last day.</p>
      ) : (
        <>
          {empty && <p role="status">No bookings in this range.</p>}
          <div className="admin-actions books-downloads">
            {EXPORTS.map(([kind, text]) => (
              <button key={kind} type="button" className="button" disabled={empty || busy !== null} onClick={() => onDownload(kind)}>
                {busy === kind ? 'Preparing…' : text}
              </button>
            ))}
            <button type="button" className="button button--primary" disabled={empty} aria-expanded={summaryOpen} onClick={() => onSummary(!summaryOpen)}>
              {summaryOpen ? 'Hide the summary' : 'Season summary'}
            </button>
          </div>
          {books && books.totals.length > 0 && (
            <table className="books-table books-totals">
              <caption>Totals by method, {label}</caption>
              <TableHead columns={['Method', 'In', 'Out', 'Net']} />
              <tbody>
                {books.totals.map((t) => (
                  <HeadedRow key={t.method} head={t.method} cells={[formatCents(t.inCents), formatCents(t.outCents), formatCents(t.netCents)]} />
                ))}
              </tbody>
            </table>
          )}
          {books && summaryOpen && !empty && <SeasonSummary books={books} label={label} />}
        </>
      )}
    </section>
  );
}

/** The printable summary: bookings, collected, refunded and outstanding by month, then the total. */
function SeasonSummary({ books, label }: { books: Books; label: string }) {
  const rows = [...books.summary.months, books.summary.total];
  return (
    <div className="books-summary">
      <h3>Season summary: {label}</h3>
      <p className="muted">Bookings and outstanding by install month; collected and refunded by the month the money moved. Printed {newYorkDateOf(new Date().toISOString())}.</p>
      <div className="books-scroll">
        <table className="books-table books-summary__table">
          <TableHead columns={['Month', 'Bookings', 'Collected', 'Refunded', 'Outstanding']} />
          <tbody>
            {rows.map((m) => (
              <HeadedRow
                key={m.month}
                className={m.month === 'Total' ? 'books-summary__total' : undefined}
                head={m.month === 'Total' ? 'Total' : monthName(m.month)}
                cells={[m.bookings, formatCents(m.collectedCents), formatCents(m.refundedCents), formatCents(m.outstandingCents)]}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-actions books-summary__actions">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
    </div>
  );
}

/** The card once opened (books-card.tsx loads it): the mirror's rows, the range chosen, the downloads and the summary. */
export function OpenBooks() {
  const rows = useLiveQuery(() => readBooksRows(adminDb()), []);
  const today = businessToday(new Date());
  const seasons = useMemo(() => seasonChoices(rows, today), [rows, today]);
  const currentSeason = seasonOfDate(today) ?? Number(today.slice(0, 4));
  const [choice, setChoice] = useState<RangeChoice>(() => ({ mode: 'season', season: currentSeason }));
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const range = rangeOfChoice(choice);
  const books = useMemo(() => {
    const r = rangeOfChoice(choice);
    return rows && r ? booksOf(rows.bookings, rows.charges, r, Date.now()) : null;
  }, [rows, choice]);

  const download = async (kind: ExportKind) => {
    if (!range) return;
    setBusy(kind);
    try {
      const file = await exportFromDb(adminDb(), kind, range, Date.now());
      if (!file) toast.error('Error', { description: 'The bookings are still loading on this device. Try again in a moment.' });
      else downloadCsv(file.fileName, file.csv);
    } catch (err) {
      reportError(err, 'Could not prepare the file');
    } finally {
      setBusy(null);
    }
  };

  return (
    <CloseBooksView
      rows={rows}
      seasons={seasons}
      currentSeason={currentSeason}
      choice={choice}
      onChoice={setChoice}
      books={books}
      busy={busy}
      onDownload={(kind) => void download(kind)}
      summaryOpen={summaryOpen}
      onSummary={setSummaryOpen}
    />
  );
}
