import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { toast } from 'sonner';
import { type ConsultationAction, consultationActions, ConsultationStatus } from '@domain/consultations/consultation-status';
import { CONSULTATION_SLOTS } from '@domain/schedule/slots';
import { adminMutations } from '@/admin/core/mutations';
import type { AdminConsultation } from '@/admin/core/model/records';
import { ConfirmDialog } from '@/admin/ui/confirm-dialog';
import { FormProblem } from '@/admin/ui/form-problem';
import { reportError } from '@/admin/ui/report-error';
import type { Tone } from '@domain/booking/display';
import { formatConsultationSlot } from '@domain/schedule/schedule';
import { adminDb } from '@/admin/core/db';
import { formatDateField, formatTimestamp } from '@/admin/ui/format';
import { ContactFacts } from '@/admin/ui/contact-links';
import { Modal } from '@/admin/ui/modal';
import { Pill } from '@/admin/ui/pill';
import { Fact } from '@/admin/ui/fact';

/** docs/product.md §4 consultation status colours (the schedule also colours confirmed). */
export function consultationTone(status: ConsultationStatus): Tone {
  return ({ pending: 'orange', confirmed: 'yellow', completed: 'green' } as Record<string, Tone>)[status] ?? 'grey';
}

export function consultationStatusLabel(status: ConsultationStatus): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Pending';
}

const DONE_TOAST: Record<ConsultationAction, string> = {
  confirm: 'Consultation confirmed',
  reschedule: 'Consultation moved',
  complete: 'Consultation marked done',
  cancel: 'Consultation cancelled',
};

/**
 * What the owner can do with a consultation request (docs/decisions/033): confirm it, move it
 * (a Wednesday and a time; the server checks the slot), mark it done, or cancel it (asked
 * first); each e-mails the customer. Through the outbox: offline it is queued and sent once.
 */
function ConsultationActions({ c }: { c: AdminConsultation }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [moving, setMoving] = useState(false);
  const [cancelAsk, setCancelAsk] = useState(false);
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState('');
  const [problem, setProblem] = useState('');
  const actions = consultationActions(c.status);
  if (actions.length === 0) return null;
  const run = async (action: ConsultationAction, when = { date: '', timeSlot: '' }) => {
    setBusy(true);
    setProblem('');
    try {
      const out = await adminMutations.answerConsultation({ id: c.id, action, ...when });
      toast.success(out.queued ? 'Queued' : DONE_TOAST[action], { description: out.queued ? 'It is sent, and the customer e-mailed, when this phone is back online.' : 'The customer is e-mailed.' });
      setMoving(false);
    } catch (err) {
      // Shown in the form too (a refused reschedule names what to change).
      setProblem(reportError(err, 'The consultation could not be changed'));
      throw err;
    } finally {
      setBusy(false);
    }
  };
  const move = () => {
    if (!date || !slot) return setProblem('Please choose a new date and time for the consultation.');
    setProblem('');
    void run('reschedule', { date, timeSlot: slot }).catch(() => undefined);
  };
  return (
    <div className="admin-actions admin-consultation__actions">
      {actions.includes('confirm') && (
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void run('confirm').catch(() => undefined)}>
          Confirm
        </button>
      )}
      <button type="button" className="button" disabled={busy} aria-expanded={moving} onClick={() => setMoving((m) => !m)}>
        Reschedule
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => void run('complete').catch(() => undefined)}>
        Mark done
      </button>
      <button type="button" className="button button--danger" disabled={busy} onClick={() => setCancelAsk(true)}>
        Cancel consultation
      </button>
      {moving && (
        <div className="admin-consultation__move" role="group" aria-label="Reschedule the consultation">
          <div className="field">
            <label htmlFor={`${id}-date`}>New date (a Wednesday)</label>
            <input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-slot`}>New time</label>
            <select id={`${id}-slot`} value={slot} onChange={(e) => setSlot(e.target.value)}>
              <option value="">Choose a time…</option>
              {CONSULTATION_SLOTS.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <FormProblem problem={problem} />
          <button type="button" className="button button--primary" disabled={busy} onClick={move}>
            Move the consultation
          </button>
        </div>
      )}
      <ConfirmDialog
        open={cancelAsk}
        title="Cancel this consultation?"
        message={`${c.customer_name} is e-mailed that the consultation is cancelled, with the calendar cancellation.`}
        confirmLabel="Cancel consultation"
        busyLabel="Cancelling..."
        onConfirm={() => run('cancel')}
        onClose={() => setCancelAsk(false)}
      />
    </div>
  );
}

/** The new booking (docs/decisions/037) with consultation `c`'s customer filled in. */
function bookThisCustomerUrl(c: AdminConsultation): string {
  const q = new URLSearchParams({ name: c.customer_name, email: c.customer_email, phone: c.customer_phone, address: c.customer_address });
  return `${paths.adminNewBooking}?${q.toString()}`;
}

/** A consultation's details (docs/product.md §2 Schedule: date, time, status, notes, and the client) and what to do with it. */
export function ConsultationDialog({ consultationId, onClose }: { consultationId: string | null; onClose: () => void }) {
  const c = useLiveQuery(async () => (consultationId ? ((await adminDb().consultations.get(consultationId)) ?? null) : null), [consultationId]);
  return (
    <Modal
      open={!!consultationId && !!c}
      onClose={onClose}
      title="Consultation"
      description={c ? <p>{c.customer_name}</p> : null}
      footer={
        c ? (
          <>
            <ConsultationActions c={c} />
            {c.status !== ConsultationStatus.Cancelled && (
              <Link className="button" to={bookThisCustomerUrl(c)}>
                Book this customer
              </Link>
            )}
          </>
        ) : null
      }
    >
      {c && (
        <dl className="admin-facts">
          <Fact className="admin-fact" label="Date">
            {formatDateField(c.consultation_date)}
          </Fact>
          <Fact className="admin-fact" label="Time">
            {formatConsultationSlot(c.consultation_time_slot)}
          </Fact>
          <Fact className="admin-fact" label="Status">
            <Pill tone={consultationTone(c.status)}>{consultationStatusLabel(c.status)}</Pill>
          </Fact>
          <ContactFacts email={c.customer_email} phone={c.customer_phone} address={c.customer_address} />
          <div className="admin-fact">
            <dt>Notes</dt>
            <dd className="admin-prewrap">{c.notes || '—'}</dd>
          </div>
          <Fact className="admin-fact" label="Requested">
            {formatTimestamp(c.created_at)}
          </Fact>
        </dl>
      )}
    </Modal>
  );
}
