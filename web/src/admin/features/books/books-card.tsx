/**
 * "Close the books" as the Overview first shows it: closed, with a button. The open card
 * (close-books-card.tsx: the range, the downloads, the summary, domain/exports/) loads on the
 * first tap, so the dashboard's first look neither parses it nor reads the whole mirror.
 */
import { lazy, Suspense, useId, useState } from 'react';
import './books.css';

const OpenBooks = lazy(() => import('./close-books-card').then((m) => ({ default: m.OpenBooks })));

/**
 * "Close the books" (the Overview, beside the Revenue): the owner's exports of a season or date
 * range, computed on the device from the mirror (domain/exports/books.ts), so it works offline.
 * Closed until the owner opens it: open, it reads every booking and charge again at each change
 * of the mirror, which the Overview's first look and a first pull should not pay for.
 */
export function CloseBooksCard() {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (open)
    return (
      <Suspense fallback={<p role="status">Loading the books…</p>}>
        <OpenBooks />
      </Suspense>
    );
  return (
    <section aria-labelledby={`${id}-heading`} className="admin-panel books-card">
      <h2 id={`${id}-heading`}>Close the books</h2>
      <p className="muted">Bookings, payments and customers as spreadsheets (CSV), from the data on this device: works with no signal.</p>
      <button type="button" className="button" aria-expanded={false} onClick={() => setOpen(true)}>
        Open the books
      </button>
    </section>
  );
}
