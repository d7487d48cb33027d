import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { businessToday, formatLongDate } from '@domain/schedule/calendar';
import { BLOCKED_DAY_MESSAGE_MAX, visitsOnDays, type VisitOnBlockedDay } from '@domain/commands/blocked-day-command';
import { visitName } from '@domain/schedule/slots';
import { chooseForBlockedDay, newIdempotencyKey } from '@/admin/core/mutations';
import { adminDb } from '@/admin/core/db';
import { FormProblem } from '@/admin/ui/form-problem';
import { reportError } from '@/admin/ui/report-error';

/**
 * The bookings' visits on `days` (`YYYY-MM-DD`), read once from the device's copy: what a day
 * about to be blocked holds, read when the owner asks to block it.
 */
export async function readVisitsOnDays(days: readonly string[]): Promise<VisitOnBlockedDay[]> {
  if (days.length === 0) return [];
  const rows = await adminDb().bookings.where('install_date').anyOf(days).or('removal_date').anyOf(days).toArray();
  return visitsOnDays(rows, new Set(days));
}

/**
 * The bookings' visits on `days` (`YYYY-MM-DD`), read from the device's copy as it changes: what
 * the days already blocked hold. Undefined while it loads.
 */
export function useVisitsOnDays(days: readonly string[]): VisitOnBlockedDay[] | undefined {
  const key = [...days].sort().join(',');
  return useLiveQuery(() => readVisitsOnDays(days), [key]);
}

const CHOICE_TEXT = { keep: 'Kept: its reminder goes out as usual', emailed: 'Customer e-mailed: no reminder until you keep it or move it' } as const;

/**
 * The visits on the days the owner blocked from today on (docs/product.md §5 Dates): each can be
 * moved (the booking's details open, with its Move buttons), its customer e-mailed a message of
 * the owner's own, or kept. Until she keeps it, its reminder is held
 * (domain/commands/blocked-day-command.ts).
 */
export function VisitsOnBlockedDays({ days, onOpenBooking }: { days: readonly string[]; onOpenBooking: (bookingId: string) => void }) {
  const today = businessToday(new Date());
  const visits = useVisitsOnDays(days.filter((d) => d >= today));
  if (!visits || visits.length === 0) return null;
  return (
    <section className="admin-blocked__visits" aria-labelledby="blocked-visits-heading">
      <h4 id="blocked-visits-heading">Visits on blocked days</h4>
      <ul className="admin-blocked">
        {visits.map((v) => (
          <VisitChoice key={`${v.bookingId}-${v.visit}`} visit={v} onOpenBooking={onOpenBooking} />
        ))}
      </ul>
    </section>
  );
}

function VisitChoice({ visit: v, onOpenBooking }: { visit: VisitOnBlockedDay; onOpenBooking: (bookingId: string) => void }) {
  const id = useId();
  const [writing, setWriting] = useState(false);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per attempt: a retry after a lost answer sends the same e-mail once.
  const [key, setKey] = useState(newIdempotencyKey);
  const what = `${v.customerName}'s ${visitName(v.visit)} on ${formatLongDate(v.date)}`;

  const choose = async (choice: 'keep' | 'email') => {
    if (choice === 'email' && !message.trim()) return setProblem('Please write the message to the customer.');
    setBusy(true);
    setProblem('');
    try {
      await chooseForBlockedDay(v.bookingId, v.date, choice, choice === 'email' ? message : '', key);
      toast.success(choice === 'keep' ? 'Visit kept' : 'Customer e-mailed', { description: what });
      setWriting(false);
      setMessage('');
      setKey(newIdempotencyKey());
    } catch (err) {
      setProblem(reportError(err, 'The choice could not be saved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="admin-blocked__visit">
      <span>
        <strong>{v.customerName}</strong> · {visitName(v.visit)} · {formatLongDate(v.date)}
        <span className="muted"> · {v.choice ? CHOICE_TEXT[v.choice] : 'Waiting for your choice: its reminder is held'}</span>
      </span>
      <span className="admin-actions">
        <button type="button" className="button" onClick={() => onOpenBooking(v.bookingId)} aria-label={`Move ${what}`}>
          Move…
        </button>
        <button type="button" className="button" aria-expanded={writing} onClick={() => setWriting((w) => !w)} aria-label={`E-mail about ${what}`} disabled={busy}>
          E-mail
        </button>
        {v.choice !== 'keep' && (
          <button type="button" className="button" onClick={() => void choose('keep')} aria-label={`Keep ${what}`} disabled={busy}>
            Keep
          </button>
        )}
      </span>
      {writing && (
        <div className="field admin-blocked__message">
          <label htmlFor={`${id}-message`}>Message to {v.customerName}</label>
          <textarea id={`${id}-message`} rows={4} maxLength={BLOCKED_DAY_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
          <button type="button" className="button button--primary" onClick={() => void choose('email')} disabled={busy}>
            {busy ? 'Sending…' : 'Send e-mail'}
          </button>
        </div>
      )}
      <FormProblem problem={problem} />
    </li>
  );
}
