import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { businessToday, isYmd } from '@domain/schedule/calendar';
import { isTreeSize } from '@domain/catalog';
import { slotChoices } from '@domain/schedule/overlap';
import { formatSlotRange, visitName, type VisitKind } from '@domain/schedule/slots';
import { moveDateProblem, seasonUnknownContext } from '@domain/booking/visit-move';
import { getSettings } from '@/admin/core/reads';
import { adminDb } from '@/admin/core/db';
import type { AdminBooking } from '@/admin/core/model/records';
import { adminMutations } from '@/admin/core/mutations';
import { FormProblem } from '@/admin/ui/form-problem';
import { formatDateField } from '@/admin/ui/format';
import { Modal } from '@/admin/ui/modal';
import { errorMessage } from '@/lib/pb';
import { fetchSeason, type SeasonInfo } from '@/lib/api/get-season';

/** What the dialog knows of the season and the crews: the server's when online, else the phone's guesses. */
interface Rules {
  season: SeasonInfo | null;
  crews: number;
  /** No answer from the server: the phone's rules apply until the move syncs. */
  offline: boolean;
}

/**
 * The season of the booking installed on `installDate` (not the one being sold: from December 24
 * that is next year's) and the crew count, fetched once when online; offline, null and one crew
 * (the server checks on sync).
 */
function useMoveRules(installDate: string): Rules {
  const [rules, setRules] = useState<Rules>({ season: null, crews: 1, offline: !navigator.onLine });
  useEffect(() => {
    if (!navigator.onLine) return;
    let live = true;
    Promise.all([fetchSeason(installDate), getSettings()]).then(
      ([season, settings]) => {
        const crews = Number((settings.get('capacity')?.value as { crews?: unknown } | null)?.crews);
        if (live) setRules({ season, crews: Number.isInteger(crews) && crews > 0 ? crews : 1, offline: false });
      },
      // Offline after all: the phone's rules, the server's on sync.
      () => live && setRules((r) => ({ ...r, offline: true })),
    );
    return () => {
      live = false;
    };
  }, [installDate]);
  return rules;
}

/**
 * Moving a booking's installation or removal to another slot from the admin (docs/decisions/036):
 * a date, then that date's slots for the tree size, those other bookings on this phone fill
 * marked taken; the season's rules when online, the weekday and order rules offline. Through the
 * outbox: online the server checks at once and its refusal shows here; offline the move is
 * queued and checked when it syncs (a slot taken meanwhile waits under 'Needs attention').
 * The customer is e-mailed the new time.
 */
export function MoveVisitDialog({ booking, visit, onClose }: { booking: AdminBooking; visit: VisitKind; onClose: () => void }) {
  const id = useId();
  const rules = useMoveRules(booking.install_date);
  const [date, setDate] = useState('');
  const [slotId, setSlotId] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const what = visitName(visit);
  const others = useLiveQuery(
    async () => (isYmd(date) ? (await adminDb().bookings.where('install_date').equals(date).or('removal_date').equals(date).toArray()).filter((o) => o.id !== booking.id) : []),
    [date, booking.id],
  );
  const ctx = useMemo(() => (rules.season ? { today: rules.season.today, season: rules.season.season, blocked: new Set<string>() } : seasonUnknownContext(businessToday(new Date()))), [rules.season]);
  const dateProblem = isYmd(date) ? moveDateProblem(visit, date, booking, ctx) : null;
  const slots =
    isYmd(date) && !dateProblem && others && isTreeSize(booking.tree_size)
      ? slotChoices(booking.tree_size, date, visit, others, Date.now(), rules.crews, { closingHours: ctx.season.closingHours })
      : [];
  const current = visit === 'install' ? [booking.install_date, booking.install_time_slot] : [booking.removal_date, booking.removal_time_slot];

  const submit = async () => {
    if (!isYmd(date) || !slotId) return setProblem(`Please choose a date and a time slot for the ${what}.`);
    setBusy(true);
    setProblem('');
    try {
      const out = await adminMutations.moveVisit({ bookingId: booking.id, visit, date, timeSlot: slotId });
      if (out.queued) toast.success('Move queued', { description: 'It is checked, and the customer e-mailed, when this phone is back online.' });
      else toast.success(`${visit === 'install' ? 'Installation' : 'Removal'} moved`, { description: 'The customer is e-mailed the new time.' });
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, `The ${what} could not be moved. Please try again.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Move the ${what}`}
      description={
        <p>
          {booking.customer_name} · now {formatDateField(current[0])}, {formatSlotRange(current[1] ?? '')}
        </p>
      }
      busy={busy}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Keep the current time
          </button>
          <button type="button" className="button button--primary" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Moving...' : `Move the ${what}`}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={`${id}-date`}>New date</label>
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setSlotId('');
          }}
        />
      </div>
      {dateProblem && <p className="admin-error">{dateProblem}</p>}
      {slots.length > 0 && (
        <fieldset className="admin-slot-choices">
          <legend>Time slot</legend>
          {slots.map((s) => (
            <label key={s.id} className={s.available ? '' : 'is-taken'}>
              <input type="radio" name={`${id}-slot`} value={s.id} checked={slotId === s.id} disabled={!s.available} onChange={() => setSlotId(s.id)} />
              {formatSlotRange(s.id)}
              {s.available ? '' : ' – taken'}
            </label>
          ))}
        </fieldset>
      )}
      {rules.offline && <p className="admin-footnote">Offline: the move is checked against the season and the other bookings when this phone is back online.</p>}
      <FormProblem problem={problem} />
    </Modal>
  );
}
