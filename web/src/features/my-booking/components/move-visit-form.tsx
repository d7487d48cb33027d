import { useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { formatLongDate, type Ymd } from '@domain/schedule/calendar';
import { visitName, type VisitKind } from '@domain/schedule/slots';
import { formatCents } from '@domain/money/cents';
import { PACKAGES } from '@domain/catalog';
import { firstBookableDate, type DateContext } from '@domain/schedule/season';
import { moveDateProblem } from '@domain/booking/visit-move';
import { firstOpenDate, workDaysLegend } from '@domain/schedule/full-days';
import { useFullDays } from '@/lib/api/get-full-days';
import { DateField } from '@/components/ui/date-field';
import { isFullDay, WaitlistJoin } from '@/lib/waitlist-join';
import { addRemoval, fetchMoveCalendar, fetchSlots, MyBookingError, moveVisit, visitFrom, type MyBookingView, type SlotChoice } from '../api/my-booking';

type Slots = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; slots: SlotChoice[] } | { state: 'unbookable'; reason: string } | { state: 'error'; message: string };
type Calendar = { state: 'loading' } | { state: 'ready'; ctx: DateContext } | { state: 'error'; message: string };

interface Props {
  token: string;
  booking: MyBookingView;
  visit: VisitKind;
  /** Adding the optional removal rather than moving a visit: its price in cents (0: included). */
  adding?: { priceCents: number };
  onMoved: (view: MyBookingView) => void;
  onCancel: () => void;
}

/**
 * Moving one visit to another free slot, or adding the optional removal: the wizard's calendar
 * with the days the server refuses disabled (the booking's season, work days, blocked dates, the
 * order of the visits: domain/booking/visit-move.ts) and full days marked, opening on the first month with a day to pick; then
 * that date's slots for the booking's tree size (taken ones disabled), then Move (or Book, which
 * opens the Checkout page for a priced removal). The server checks everything again in its
 * transaction; its sentence is shown under the form when it refuses. Loaded on demand (the
 * calendar's code is not in the page's first script).
 */
export function MoveVisitForm({ token, booking, visit, adding, onMoved, onCancel }: Props) {
  const id = useId();
  const current = adding ? null : visit === 'install' ? booking.install : booking.removal;
  const [calendar, setCalendar] = useState<Calendar>({ state: 'loading' });
  const [date, setDate] = useState<Ymd | null>(null);
  const [slotId, setSlotId] = useState('');
  const [slots, setSlots] = useState<Slots>({ state: 'idle' });
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const what = visitName(visit);
  const installDate = booking.install.date;
  const removalDate = booking.removal?.date ?? '';
  // A full day offers 'Tell me if Saturday frees up' (web/src/lib/waitlist-join.ts): a move, not an added removal.
  const Join = useContext(WaitlistJoin);

  useEffect(() => {
    let live = true;
    fetchMoveCalendar(installDate).then(
      (ctx) => live && setCalendar({ state: 'ready', ctx }),
      (err: unknown) => live && setCalendar({ state: 'error', message: err instanceof Error ? err.message : 'The calendar could not be loaded. Please try again.' }),
    );
    return () => {
      live = false;
    };
  }, [installDate]);

  const ctx = calendar.state === 'ready' ? calendar.ctx : null;
  const dateProblem = useCallback(
    (d: Ymd) => (ctx ? moveDateProblem(visit, d, { install_date: installDate, removal_date: adding ? '' : removalDate }, ctx) : 'Loading'),
    [ctx, visit, installDate, removalDate, adding],
  );
  const span = ctx ? (visit === 'removal' ? ctx.season.removal : ctx.season.install) : null;
  const anyDay = useMemo(() => (ctx ? firstBookableDate(ctx.today, dateProblem) : null), [ctx, dateProblem]);
  // Full days are marked as in the wizard, and the calendar opens on the first month with a day neither refused nor full.
  const full = useFullDays({ size: booking.treeSizeId, kind: visit, installDate });
  const openOn = useMemo(() => (ctx ? firstOpenDate(ctx.today, dateProblem, full ?? new Set()) : null), [ctx, dateProblem, full]);

  // The panel opens below the visits: bring it into view and move focus to its heading.
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'start' });
    titleRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (!date) return;
    let live = true;
    setSlots({ state: 'loading' });
    setSlotId('');
    fetchSlots(date, booking.treeSizeId, visit, installDate).then(
      (a) => live && setSlots(a.bookable ? { state: 'ready', slots: a.slots } : { state: 'unbookable', reason: a.reason ?? 'That date is not available. Please choose another date.' }),
      (err: unknown) => live && setSlots({ state: 'error', message: err instanceof Error ? err.message : 'Error loading time slots' }),
    );
    return () => {
      live = false;
    };
  }, [date, booking.treeSizeId, installDate, visit]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!date || !slotId) {
      setProblem(`Please choose a date and a time slot for the ${what}.`);
      return;
    }
    setSaving(true);
    setProblem('');
    try {
      if (!adding) return onMoved(await moveVisit(token, visit, date, slotId, visitFrom(current)));
      const answer = await addRemoval(token, date, slotId, visitFrom(booking.removal));
      if (answer.url) location.assign(answer.url);
      else if (answer.view) onMoved(answer.view);
    } catch (err) {
      setProblem(err instanceof MyBookingError ? err.message : 'Something went wrong. Please try again, or call us.');
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} className="card my-booking__form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} ref={titleRef} tabIndex={-1}>
        {adding ? 'Add the removal' : `Move the ${what}`}
      </h3>
      {current ? (
        <p className="muted">
          Now: {formatLongDate(current.date)}, {current.window}
        </p>
      ) : (
        <p className="muted">{adding && adding.priceCents > 0 ? `${formatCents(adding.priceCents)}, paid on the next page.` : 'Included with your booking at no charge.'}</p>
      )}
      {calendar.state === 'loading' && <p role="status">Loading the calendar…</p>}
      {calendar.state === 'error' && (
        <p className="form-problem" role="alert">
          {calendar.message}
        </p>
      )}
      {ctx && span && anyDay === null && <p className="form-problem">No date can be chosen for the {what} online any more. Please call us to find a time.</p>}
      {ctx && span && anyDay !== null && (
        <DateField
          id={`${id}-date`}
          label={adding ? 'Removal date' : 'New date'}
          value={date}
          onChange={setDate}
          problem={dateProblem}
          min={span.start}
          max={span.end}
          openOn={openOn}
          full={full}
          workDays={workDaysLegend(visit, ctx.season)}
        />
      )}
      {slots.state === 'loading' && <p role="status">Loading time slots…</p>}
      {slots.state === 'unbookable' && <p className="form-problem">{slots.reason}</p>}
      {slots.state === 'error' && <p className="form-problem">{slots.message}</p>}
      {slots.state === 'ready' && (
        <fieldset className="my-booking__slots">
          <legend>Time slot</legend>
          {slots.slots.map((s) => (
            <label key={s.id} className={s.available ? '' : 'is-taken'}>
              <input type="radio" name={`${id}-slot`} value={s.id} checked={slotId === s.id} disabled={!s.available} onChange={() => setSlotId(s.id)} />
              {s.label} ({s.time}){s.available ? '' : ' – taken'}
            </label>
          ))}
        </fieldset>
      )}
      {Join && !adding && date && slots.state === 'ready' && isFullDay({ bookable: true, slots: slots.slots }) && (
        <Join date={date} kind={visit} size={booking.treeSizeId} packageSlug={PACKAGES.find((p) => p.title === booking.packageTitle)?.slug ?? ''} choices={{}} bookingToken={token} />
      )}
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="button-row button-row--start">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? (adding ? 'Booking…' : 'Moving…') : adding ? 'Book the removal' : `Move the ${what}`}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={saving}>
          {adding ? 'Not now' : 'Keep the current time'}
        </button>
      </div>
    </form>
  );
}
