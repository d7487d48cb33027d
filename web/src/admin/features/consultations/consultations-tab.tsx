import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { compareNewestFirst } from '@domain/booking/display';
import { formatConsultationSlot } from '@domain/schedule/schedule';
import { adminDb } from '@/admin/core/db';
import { formatShortDate } from '@/admin/ui/format';
import { AddressLink, CustomerCell } from '@/admin/ui/contact-links';
import { ConsultationDialog, consultationStatusLabel, consultationTone } from './consultation-dialog';
import { Pill } from '@/admin/ui/pill';
import { TableHead } from '@/admin/ui/table-head';

/**
 * The Consultations tab (docs/product.md §2): 'All Consultations (count)', newest first, with Customer,
 * Address, Consultation Date, Time Slot, Notes (or a dash) and Status; a row opens its details.
 */
export function ConsultationsTab({ loaded }: { loaded: boolean }) {
  const rows = useLiveQuery(() => adminDb().consultations.toArray(), []);
  const [openId, setOpenId] = useState<string | null>(null);
  const sorted = useMemo(() => [...(rows ?? [])].sort(compareNewestFirst), [rows]);

  if (!rows || (!loaded && rows.length === 0)) return <p role="status">Loading consultations…</p>;
  return (
    <section aria-labelledby="consultations-heading" className="admin-panel">
      <h2 id="consultations-heading">All Consultations ({sorted.length})</h2>
      {sorted.length === 0 ? (
        <p className="admin-empty">No consultation requests yet.</p>
      ) : (
        <table className="admin-table">
          <TableHead columns={['Customer', 'Address', 'Consultation Date', 'Time Slot', 'Notes', 'Status']} />
          <tbody>
            {sorted.map((c) => (
              <tr key={c.id} className="admin-row" onClick={() => setOpenId(c.id)}>
                <CustomerCell name={c.customer_name} email={c.customer_email} phone={c.customer_phone} onOpen={() => setOpenId(c.id)} />
                <td data-label="Address" onClick={(e) => e.stopPropagation()}>
                  <AddressLink address={c.customer_address} />
                </td>
                <td data-label="Consultation Date">{formatShortDate(c.consultation_date)}</td>
                <td data-label="Time Slot">{formatConsultationSlot(c.consultation_time_slot)}</td>
                <td data-label="Notes" className="admin-prewrap">
                  {c.notes || '—'}
                </td>
                <td data-label="Status">
                  <Pill tone={consultationTone(c.status)}>{consultationStatusLabel(c.status)}</Pill>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConsultationDialog consultationId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
