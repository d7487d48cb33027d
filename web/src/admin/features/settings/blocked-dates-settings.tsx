import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatLongDate, isYmd } from '@domain/schedule/calendar';
import { BLOCKED_REASON_MAX, blockedDateProblem } from '@domain/admin/site-settings';
import { createBlockedDate, deleteBlockedDate } from '@/admin/core/mutations';
import type { BlockedDateRow } from '@/admin/core/reads';
import { ConfirmDialog } from '@/admin/ui/confirm-dialog';
import { reportError } from '@/admin/ui/report-error';
import { visitName } from '@domain/schedule/slots';
import type { VisitOnBlockedDay } from '@domain/commands/blocked-day-command';
import { readVisitsOnDays, VisitsOnBlockedDays } from './visits-on-blocked-days';

/**
 * Blocked dates (docs/product.md §3 blocked_dates, §5 Dates): no install, removal or consultation can
 * be booked on them; the public calendars disable them at once. A day that already has visits is
 * named with them before it is blocked; after, each is moved, its customer e-mailed or kept
 * (visits-on-blocked-days.tsx).
 */
export function BlockedDatesSettings({
  rows,
  onChanged,
  bookingsLoaded,
  onOpenBooking,
}: {
  rows: readonly BlockedDateRow[];
  onChanged: () => void;
  /** Whether this device holds every booking yet: until then a day's visits cannot be named, so nothing is blocked. */
  bookingsLoaded: boolean;
  onOpenBooking: (bookingId: string) => void;
}) {
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  /** The visits of the day the owner is asked about before it is blocked; null while not asking. */
  const [asking, setAsking] = useState<VisitOnBlockedDay[] | null>(null);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const problem = date ? blockedDateProblem(date, reason.trim()) : 'Please choose a date to block.';
    if (problem) {
      toast.error('Error', { description: problem });
      return;
    }
    if (rows.some((r) => r.blocked_date === date)) {
      toast.error('Error', { description: 'That date is already blocked.' });
      return;
    }
    if (!bookingsLoaded) return;
    // A day with visits is named with them first. Read here, when asked, not from a live query
    // of the field: that keeps its last answer (the empty field's: none) for a moment after the
    // date is typed, and a quick Enter would block a day with visits without asking.
    const onDay = await readVisitsOnDays([date]);
    if (onDay.length > 0) return setAsking(onDay);
    await block().catch(() => undefined); // reportError has shown it
  };

  const block = async () => {
    setBusy(true);
    try {
      await createBlockedDate(date, reason.trim());
      toast.success(`${formatLongDate(date)} is blocked`);
      setDate('');
      setReason('');
      onChanged();
    } catch (err) {
      reportError(err, 'Failed to block the date');
      throw err;
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: BlockedDateRow) => {
    setBusy(true);
    try {
      await deleteBlockedDate(row.id);
      toast.success(`${formatLongDate(row.blocked_date)} is open again`);
      onChanged();
    } catch (err) {
      reportError(err, 'Failed to unblock the date');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card admin-settings-card" aria-labelledby="blocked-heading">
      <h3 id="blocked-heading">Blocked dates</h3>
      {rows.length === 0 ? (
        <p className="muted">No dates are blocked.</p>
      ) : (
        <ul className="admin-blocked">
          {rows.map((r) => (
            <li key={r.id}>
              <span>
                {isYmd(r.blocked_date) ? formatLongDate(r.blocked_date) : r.blocked_date}
                {r.reason && <span className="muted"> · {r.reason}</span>}
              </span>
              <button type="button" className="button" disabled={busy} onClick={() => void remove(r)} aria-label={`Unblock ${r.blocked_date}`}>
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void add(e)} noValidate className="admin-blocked__add">
        <div className="field">
          <label htmlFor="block-date">Date</label>
          <input id="block-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="block-reason">Reason (optional)</label>
          <input id="block-reason" maxLength={BLOCKED_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        <button type="submit" className="button button--primary" disabled={busy || !bookingsLoaded}>
          Block date
        </button>
        {!bookingsLoaded && (
          <p className="muted" role="status">
            The bookings are still loading on this device: a day is blocked once its visits can be named.
          </p>
        )}
      </form>
      <VisitsOnBlockedDays days={rows.map((r) => r.blocked_date)} onOpenBooking={onOpenBooking} />
      <ConfirmDialog
        open={asking !== null}
        title={isYmd(date) ? `Block ${formatLongDate(date)}?` : 'Block this day?'}
        message={`It has ${asking?.length === 1 ? 'a visit' : `${asking?.length ?? 0} visits`}: ${(asking ?? []).map((v) => `${v.customerName} (${visitName(v.visit)})`).join(', ')}. After blocking, move each, e-mail its customer or keep it: until you keep a visit, its reminder is held.`}
        confirmLabel="Block the day"
        busyLabel="Blocking…"
        onConfirm={block}
        onClose={() => setAsking(null)}
      />
    </section>
  );
}
