import { useLiveQuery } from 'dexie-react-hooks';
import type { Tone } from '@domain/booking-display';
import { formatConsultationSlot } from '@domain/schedule';
import { adminDb } from '@/admin/core/db';
import { formatDateField, formatTimestamp } from '@/admin/ui/format';
import { AddressLink, EmailLink, PhoneLink } from '@/admin/ui/contact-links';
import { Modal } from '@/admin/ui/modal';
import { Pill } from '@/admin/ui/pill';

/** docs/product.md §4 consultation status colours (the schedule also colours confirmed). */
export function consultationTone(status: string): Tone {
  return ({ pending: 'orange', confirmed: 'yellow', completed: 'green' } as Record<string, Tone>)[status] ?? 'grey';
}

export function consultationStatusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Pending';
}

/** A consultation's details (docs/product.md §2 Schedule: date, time, status, notes, and the client). */
export function ConsultationDialog({ consultationId, onClose }: { consultationId: string | null; onClose: () => void }) {
  const c = useLiveQuery(async () => (consultationId ? ((await adminDb().consultations.get(consultationId)) ?? null) : null), [consultationId]);
  return (
    <Modal open={!!consultationId && !!c} onClose={onClose} title="Consultation" description={c ? <p>{c.customer_name}</p> : null}>
      {c && (
        <dl className="admin-facts">
          <div className="admin-fact">
            <dt>Date</dt>
            <dd>{formatDateField(c.consultation_date)}</dd>
          </div>
          <div className="admin-fact">
            <dt>Time</dt>
            <dd>{formatConsultationSlot(c.consultation_time_slot)}</dd>
          </div>
          <div className="admin-fact">
            <dt>Status</dt>
            <dd>
              <Pill tone={consultationTone(c.status)}>{consultationStatusLabel(c.status)}</Pill>
            </dd>
          </div>
          <div className="admin-fact">
            <dt>Email</dt>
            <dd>
              <EmailLink email={c.customer_email} />
            </dd>
          </div>
          <div className="admin-fact">
            <dt>Phone</dt>
            <dd>
              <PhoneLink phone={c.customer_phone} />
            </dd>
          </div>
          <div className="admin-fact">
            <dt>Address</dt>
            <dd>
              <AddressLink address={c.customer_address} />
            </dd>
          </div>
          <div className="admin-fact">
            <dt>Notes</dt>
            <dd className="admin-prewrap">{c.notes || '—'}</dd>
          </div>
          <div className="admin-fact">
            <dt>Requested</dt>
            <dd>{formatTimestamp(c.created_at)}</dd>
          </div>
        </dl>
      )}
    </Modal>
  );
}
