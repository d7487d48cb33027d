import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useMemo, useState, type MouseEvent } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { paths } from '@/lib/paths';
import { balanceCell, compareNewestFirst, DepositState, depositState, isAbandonedCheckout, packageTitle, paymentDashboardUrl, STRIPE_PAYMENTS_URL } from '@domain/booking/display';
import { formatCents } from '@domain/money/cents';
import { formatSlotRange } from '@domain/schedule/slots';
import { adminDb } from '@/admin/core/db';
import { groupByBooking } from '@domain/money/booking-money';
import type { AdminBooking, AdminCharge } from '@/admin/core/model/records';
import { formatShortDate, treeSizeLabel } from '@/admin/ui/format';
import { CustomerCell } from '@/admin/ui/contact-links';
import { Pill } from '@/admin/ui/pill';
import { panelId, tabId, TabBar } from '@/admin/ui/tabs';
import { businessToday } from '@domain/schedule/calendar';
import { BOOKING_FILTER_EMPTY, BOOKING_FILTER_LABELS, BOOKING_FILTERS, bookingFilterOf, DEFAULT_BOOKING_FILTER, filterBookings, type BookingFilter } from './booking-filters';
import { BookingStatus } from '@domain/booking/lifecycle';
import { TableHead } from '@/admin/ui/table-head';
import { ShowMore } from '@/admin/ui/show-more';
import { SearchField } from '@/admin/ui/search-field';

/** Rows shown at first and added by 'Show more' (a season is a few hundred bookings). */
const PAGE = 50;

const stop = (e: MouseEvent) => e.stopPropagation();
const NO_CHARGES: readonly AdminCharge[] = [];

function DepositCell({ b }: { b: AdminBooking }) {
  const state = depositState(b);
  if (state === DepositState.Pending) return <>Pending</>;
  if (state === DepositState.Refunded) return <>Refunded</>;
  if (state === DepositState.RefundPending) return <>Refund pending</>;
  const url = paymentDashboardUrl(b);
  const text = `${formatCents(b.deposit_amount)} Paid`;
  return url ? (
    <a className="admin-link" href={url} target="_blank" rel="noreferrer" onClick={stop}>
      {text}
    </a>
  ) : (
    <>{text}</>
  );
}

/** The Balance Due cell from the booking's ledger over its mirrored charges (domain/booking/display.ts balanceCell). */
function BalanceCell({ b, charges, onCharge }: { b: AdminBooking; charges: readonly AdminCharge[]; onCharge: (id: string) => void }) {
  const cell = balanceCell(b, charges);
  switch (cell.kind) {
    case 'due':
      return (
        <button
          type="button"
          className="admin-amount-button"
          aria-label={`Balance due ${formatCents(cell.cents)} for ${b.customer_name}: record damages and charge`}
          onClick={(e) => {
            e.stopPropagation();
            onCharge(b.id);
          }}
        >
          {formatCents(cell.cents)}
        </button>
      );
    case 'owed':
      return <>{formatCents(cell.cents)}</>;
    // Payments on their way (one recorded on this phone counts at once): no charge button meanwhile.
    case 'pending':
      return (
        <>
          {formatCents(cell.cents)} <Pill tone="yellow">{formatCents(cell.pendingCents)} pending</Pill>
        </>
      );
    case 'paid':
      return <>$0 Paid</>;
    case 'nothing_due':
      return <>Nothing due</>;
    default:
      return <>$0</>;
  }
}

function visit(date: string, slot: string) {
  if (!date) return <>—</>;
  return (
    <span className="admin-cell">
      {formatShortDate(date)}
      <span className="muted">{formatSlotRange(slot)}</span>
    </span>
  );
}

function matches(b: AdminBooking, q: string): boolean {
  if (!q) return true;
  return [b.customer_name, b.customer_email, b.customer_phone, b.customer_address].some((v) => (v ?? '').toLowerCase().includes(q));
}

/**
 * The Bookings tab (docs/product.md §2): 'All Bookings (count)' newest first, with every column; a row
 * opens Booking Details, the Balance Due amount opens the damages dialog. A table on wide
 * screens, one card per booking on a phone. Checkouts that were never paid are left out unless
 * asked for; a search box filters by name, e-mail, phone or address, and the filters Upcoming,
 * Balance due, Cancelled and All (./booking-filters.ts, each with its count over the searched
 * list) narrow it further. The chosen filter is kept in the URL (`?filter=`), beside the tab.
 */
export function BookingsTab({ loaded, onOpen, onCharge }: { loaded: boolean; onOpen: (id: string) => void; onCharge: (id: string) => void }) {
  const bookings = useLiveQuery(() => adminDb().bookings.toArray(), []);
  // Every charge once, grouped by booking: each row's Balance Due is its ledger (docs/decisions/045).
  const charges = useLiveQuery(() => adminDb().charges.toArray(), []);
  const chargesOf = useMemo(() => groupByBooking(charges ?? []), [charges]);
  const [showAbandoned, setShowAbandoned] = useState(false);
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const q = useDeferredValue(query.trim().toLowerCase());
  const [params, setParams] = useSearchParams();
  const filter = bookingFilterOf(params.get('filter'));
  const chooseFilter = (next: BookingFilter) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === DEFAULT_BOOKING_FILTER) out.delete('filter');
        else out.set('filter', next);
        return out;
      },
      { replace: true },
    );

  const { listed, counts, abandoned, stripe } = useMemo(() => {
    const all = [...(bookings ?? [])].sort(compareNewestFirst);
    const now = Date.now();
    const isAbandoned = (b: AdminBooking) => isAbandonedCheckout(b, now);
    const searched = all.filter((b) => (showAbandoned || !isAbandoned(b)) && matches(b, q));
    return {
      ...filterBookings(searched, (id) => chargesOf.get(id) ?? NO_CHARGES, filter, businessToday(new Date(now))),
      abandoned: all.filter(isAbandoned).length,
      stripe: all.some((b) => b.payment_mode === 'stripe'),
    };
  }, [bookings, chargesOf, showAbandoned, q, filter]);

  if (!bookings || (!loaded && bookings.length === 0)) return <p role="status">Loading bookings…</p>;

  return (
    <section aria-labelledby="bookings-heading" className="admin-panel">
      <div className="admin-panel__head">
        <h2 id="bookings-heading">All Bookings ({counts.all})</h2>
        <Link to={paths.adminNewBooking} className="button button--primary">
          New booking
        </Link>
        {stripe && (
          <a className="admin-link" href={STRIPE_PAYMENTS_URL} target="_blank" rel="noreferrer">
            Open payment dashboard
          </a>
        )}
      </div>
      <div className="admin-filters">
        <SearchField id="booking-search" value={query} onChange={setQuery} />
        {abandoned > 0 && (
          <label className="admin-check">
            <input type="checkbox" checked={showAbandoned} onChange={(e) => setShowAbandoned(e.target.checked)} />
            <span>Show unpaid checkouts ({abandoned})</span>
          </label>
        )}
      </div>
      <TabBar
        label="Show bookings"
        idPrefix="booking-filter"
        value={filter}
        onChange={chooseFilter}
        tabs={BOOKING_FILTERS.map((id) => ({ id, label: `${BOOKING_FILTER_LABELS[id]} (${counts[id]})` }))}
        className="admin-tabs--filters"
      />
      <div role="tabpanel" id={panelId('booking-filter')} aria-labelledby={tabId('booking-filter', filter)}>
        {listed.length === 0 ? (
          <p className="admin-empty">{q ? `No ${filter === 'all' ? '' : `${BOOKING_FILTER_LABELS[filter].toLowerCase()} `}bookings match “${query.trim()}”.` : BOOKING_FILTER_EMPTY[filter]}</p>
        ) : (
          <table className="admin-table">
            <TableHead columns={['Customer', 'Package', 'Tree Size', 'Install Date', 'Removal Date', 'Total Price', 'Deposit Status', 'Balance Due']} />
            <tbody>
              {listed.slice(0, limit).map((b) => (
                <tr key={b.id} className="admin-row" onClick={() => onOpen(b.id)}>
                  <CustomerCell
                    name={b.customer_name}
                    email={b.customer_email}
                    phone={b.customer_phone}
                    onOpen={() => onOpen(b.id)}
                    badge={b.status === BookingStatus.Cancelled ? <Pill tone="grey">Cancelled</Pill> : undefined}
                  />
                  <td data-label="Package">{packageTitle(b.package_type)}</td>
                  <td data-label="Tree Size">{treeSizeLabel(b.tree_size)}</td>
                  <td data-label="Install Date">{visit(b.install_date, b.install_time_slot)}</td>
                  <td data-label="Removal Date">{visit(b.removal_date, b.removal_time_slot)}</td>
                  <td data-label="Total Price">{formatCents(b.total_price)}</td>
                  <td data-label="Deposit Status">
                    <DepositCell b={b} />
                  </td>
                  <td data-label="Balance Due">
                    <BalanceCell b={b} charges={chargesOf.get(b.id) ?? NO_CHARGES} onCharge={onCharge} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <ShowMore total={listed.length} shown={limit} onMore={() => setLimit((l) => l + PAGE)} className="button admin-more" />
      </div>
    </section>
  );
}
