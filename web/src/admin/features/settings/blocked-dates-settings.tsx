import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatLongDate, isYmd } from '@domain/calendar';
import { BLOCKED_REASON_MAX, blockedDateProblem } from '@domain/site-settings';
import { createBlockedDate } from '@/admin/core/api/create-blocked-date';
import { deleteBlockedDate } from '@/admin/core/api/delete-blocked-date';
import type { BlockedDateRow } from '@/admin/core/api/list-blocked-dates';
import { reportError } from '@/admin/ui/report-error';

/**
 * Blocked dates (docs/product.md §3 blocked_dates, §5 Dates): no install, removal or consultation can
 * be booked on them; the public calendars disable them at once.
 */
export function BlockedDatesSettings({ rows, onChanged }: { rows: readonly BlockedDateRow[]; onChanged: () => void }) {
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

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
    setBusy(true);
    try {
      await createBlockedDate(date, reason.trim());
      toast.success(`${formatLongDate(date)} is blocked`);
      setDate('');
      setReason('');
      onChanged();
    } catch (err) {
      reportError(err, 'Failed to block the date');
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
        <button type="submit" className="button button--primary" disabled={busy}>
          Block date
        </button>
      </form>
    </section>
  );
}
