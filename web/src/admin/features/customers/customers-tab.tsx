import { useDeferredValue, useMemo, useState } from 'react';
import { customerRef } from '@domain/customers/customer-key';
import { customerMatches } from '@domain/customers/customers';
import { CustomerCell } from '@/admin/ui/contact-links';
import { CustomerPage } from './customer-page';
import { useCustomers } from './use-customers';
import { TableHead } from '@/admin/ui/table-head';
import { ShowMore } from '@/admin/ui/show-more';
import { SearchField } from '@/admin/ui/search-field';

/** Rows shown at first and added by 'Show more'. */
const PAGE = 50;

interface CustomersTabProps {
  /** True once the bookings have been pulled at least once (else an empty list means "not yet"). */
  loaded: boolean;
  /** The customerRef of the customer whose page is open (kept in the address), or null for the list. */
  selected: string | null;
  onSelect: (ref: string | null) => void;
  onOpenBooking: (id: string) => void;
  onOpenConsultation: (id: string) => void;
}

/**
 * The Customers tab (docs/architecture.md "Data model", `customers`): everyone who booked, asked
 * for a consultation or reviewed, one row per normalised e-mail, newest activity first, with a
 * search box matching name, e-mail, phone or address as the owner types; a row opens the
 * customer's page. Read from the device's mirror, so it works offline.
 */
export function CustomersTab({ loaded, selected, onSelect, onOpenBooking, onOpenConsultation }: CustomersTabProps) {
  const all = useCustomers();
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const q = useDeferredValue(query);
  const listed = useMemo(() => (all?.customers ?? []).filter((c) => customerMatches(c, q)), [all, q]);

  if (!all || (!loaded && all.customers.length === 0)) return <p role="status">Loading customers…</p>;

  const open = selected ? all.customers.find((c) => customerRef(c.key) === selected) : undefined;
  if (selected) {
    return (
      <section className="admin-panel">
        <button type="button" className="button" onClick={() => onSelect(null)}>
          ← All customers
        </button>
        {open ? (
          <CustomerPage customer={open} data={all.data} onOpenBooking={onOpenBooking} onOpenConsultation={onOpenConsultation} onErased={() => onSelect(null)} />
        ) : (
          <p className="admin-empty">This customer is not on this device.</p>
        )}
      </section>
    );
  }

  return (
    <section aria-labelledby="customers-heading" className="admin-panel">
      <div className="admin-panel__head">
        <h2 id="customers-heading">Customers ({all.customers.length})</h2>
      </div>
      <div className="admin-filters">
        <SearchField id="customer-search" value={query} onChange={setQuery} />
      </div>
      {listed.length === 0 ? (
        <p className="admin-empty">{query.trim() ? `No customers match “${query.trim()}”.` : 'No customers yet: they appear here with their first booking, consultation or review.'}</p>
      ) : (
        <>
          <table className="admin-table">
            <TableHead columns={['Customer', 'Seasons', 'Bookings']} />
            <tbody>
              {listed.slice(0, limit).map((c) => (
                <tr key={c.key} className="admin-row" onClick={() => onSelect(customerRef(c.key))}>
                  <CustomerCell name={c.name || c.email} email={c.email} phone={c.phone} onOpen={() => onSelect(customerRef(c.key))} />
                  <td data-label="Seasons">{c.seasons.length ? c.seasons.join(', ') : '—'}</td>
                  <td data-label="Bookings">{c.bookingIds.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ShowMore total={listed.length} shown={limit} onMore={() => setLimit((l) => l + PAGE)} />
        </>
      )}
    </section>
  );
}
