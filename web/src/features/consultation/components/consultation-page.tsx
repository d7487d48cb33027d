import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@/lib/router';
import { toast } from '@/lib/toast';
import { formatLongDate } from '@domain/schedule/calendar';
import { BUSINESS } from '@domain/business';
import { MESSAGES } from '@domain/messages';
import { prefetchConsultationFullDays } from '@/lib/api/get-full-days';
import { prefetchNotice } from '@/lib/api/get-notice';
import { paths } from '@/lib/paths';
import '@/components/ui/date-field.css';
import { prefetchBlockedDates } from '@/lib/api/get-blocked-dates';
import { prefetchSeason } from '@/lib/api/get-season';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { whenIdle } from '@/lib/after-load';
import { consultationRules, ContactFields, EMPTY_CONTACT, type ConsultationContact } from './contact-fields';
import { CalendarPlaceholder } from './calendar-placeholder';
import { ConsultationSlotGrid } from './consultation-slot-grid';
import '../consultation.css';
import { logError } from '@/lib/log';

const FAILED = 'Failed to submit consultation request. Please try again.';
const ALL_TOUCHED = { customerName: true, customerEmail: true, customerPhone: true, customerAddress: true, notes: true } as const;

/**
 * The calendar with its time grid and their rules (react-day-picker, date-fns, the season's,
 * notice and slot rules): a chunk of its own (consultation-schedule.tsx), loaded once the page
 * is idle after hydrating or when the customer first reaches into the form, whichever comes
 * first, so it never holds up the page's first interaction; the prerendered placeholder holds
 * its place until then (docs/architecture.md "What a page loads").
 */
const calendar = onDemand(() => import('./consultation-schedule'));

/**
 * What the consultation calendar waits for, started as the page's module loads (the route's
 * prefetch, web/src/lib/early-request.ts): the season, the blocked dates, the notice and the
 * full Wednesdays, all at once, while the prerendered page hydrates. The calendar's code
 * follows once the page is idle (above).
 */
export function prefetchConsultationCalendar(): void {
  prefetchSeason();
  prefetchBlockedDates();
  prefetchNotice();
  prefetchConsultationFullDays();
}

/** What was requested, for the confirmation panel. */
interface Requested {
  date: string;
  /** The slot as shown ('10:30 AM'). */
  time: string;
  address: string;
  email: string;
  manageToken: string;
}

/**
 * The confirmation that stays on screen once the request is stored: the date, time and address,
 * what happens next, and 'Manage your consultation' (its own link, as in its e-mail). Focused as
 * it appears, so a screen reader reads it.
 */
function ConsultationRequested({ requested: r }: { requested: Requested }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="card consultation-section consultation-requested" aria-labelledby="consultation-requested">
      <h2 id="consultation-requested" tabIndex={-1} ref={headingRef}>
        Consultation Requested
      </h2>
      <dl className="review-list">
        <div>
          <dt>Date</dt>
          <dd>{formatLongDate(r.date)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{r.time} (about 30 minutes)</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>{r.address}</dd>
        </div>
      </dl>
      <h3>What happens next</h3>
      <p>
        We have e-mailed the details to {r.email}. We'll contact you soon to confirm your consultation by e-mail or phone; until then the time is held for you. Questions? Call{' '}
        <a href={`tel:${BUSINESS.phoneE164}`}>{BUSINESS.phone}</a>.
      </p>
      <div className="button-row">
        {r.manageToken && (
          <Link to={`${paths.myConsultation}?token=${encodeURIComponent(r.manageToken)}`} className="button button--primary">
            Manage your consultation
          </Link>
        )}
        <Link to={paths.home} className="button">
          Return to Home
        </Link>
      </div>
    </section>
  );
}

/**
 * The request form. Everything but the calendar renders at once (the prerendered shell); the
 * calendar follows with the season and the blocked dates. Once sent, the confirmation panel
 * takes its place.
 */
function ConsultationForm() {
  const [requested, setRequested] = useState<Requested | null>(null);
  // Null (the prerendered placeholder) until the calendar's chunk has come.
  const { value: loaded, want: wantCalendar } = useOnDemand(calendar);
  useEffect(() => whenIdle(wantCalendar), [wantCalendar]);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [slotsVersion, setSlotsVersion] = useState(0);
  const [contact, setContact] = useState<ConsultationContact>(EMPTY_CONTACT);
  // Stable, so the (memoized) calendar does not render again on every keystroke in the form.
  const onDate = useCallback((d: string | null) => {
    setDate(d);
    setSlot(null);
  }, []);
  const [touched, setTouched] = useState<Partial<Record<keyof ConsultationContact, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    if (!date || !slot) {
      toast.error('Missing information', { description: MESSAGES.selectConsultation });
      return;
    }
    setSubmitting(true);
    let outcome;
    try {
      // The rules and the request load on the form's first use (contact-fields.tsx), usually long before this.
      const { submitConsultation } = await consultationRules.load();
      outcome = await submitConsultation({ date, timeSlot: slot, ...contact }, FAILED);
    } catch (err) {
      outcome = { kind: 'failed', error: err } as const;
    }
    if (outcome.kind !== 'sent') setSubmitting(false);
    switch (outcome.kind) {
      case 'invalid':
        setTouched(ALL_TOUCHED);
        toast.error('Invalid Input', { description: outcome.message });
        return;
      case 'sent':
        toast.success('Consultation Requested', { description: "We'll contact you soon to confirm your consultation. Check your email for details." });
        setRequested({ date: outcome.date, time: outcome.time, address: outcome.address, email: outcome.email, manageToken: outcome.created.manageToken ?? '' });
        return;
      case 'refused':
        // A refusal the server explains (slot just taken, date no longer open) says why. What was typed stays.
        logError('Consultation request failed', outcome.message);
        toast.error('Error', { description: outcome.message });
        if (outcome.slotTaken) {
          setSlot(null);
          setSlotsVersion((v) => v + 1);
        }
        return;
      case 'failed':
        // Anything else gets docs/product.md §8's message. What was typed stays.
        logError('Consultation request failed', outcome.error);
        toast.error('Error', { description: FAILED });
    }
  };

  if (requested) return <ConsultationRequested requested={requested} />;
  return (
    // The first focus or press anywhere in the form starts the calendar's chunk, if idle has not yet.
    <form className="consultation-form" onSubmit={onSubmit} onFocus={wantCalendar} onPointerDown={wantCalendar} noValidate>
      <section className="card consultation-section" aria-labelledby="consultation-when">
        <h2 id="consultation-when">Choose a Wednesday and a time</h2>
        {loaded ? (
          <loaded.ConsultationCalendar date={date} onDate={onDate} slot={slot} onSlot={setSlot} address={contact.customerAddress} version={slotsVersion} />
        ) : (
          <div className="consultation-schedule">
            <CalendarPlaceholder failed={false} />
            <ConsultationSlotGrid date={null} loading={false} data={null} value={null} onChange={setSlot} />
          </div>
        )}
      </section>
      <section className="card consultation-section" aria-labelledby="consultation-who">
        <h2 id="consultation-who">Your details</h2>
        <ContactFields value={contact} onChange={setContact} touched={touched} onTouch={(k) => setTouched((t) => ({ ...t, [k]: true }))} />
      </section>
      <div className="consultation-actions">
        <button type="submit" className="button button--primary button--large" disabled={submitting}>
          {submitting ? 'Sending...' : 'Request Consultation'}
        </button>
        <p className="muted">Free, about 30 minutes, at your home. We'll confirm by e-mail or phone.</p>
      </div>
    </form>
  );
}

/**
 * The consultation request page (docs/product.md §2 Consultation request, §5, §8): contact form,
 * Wednesday-only date picker and the 24-slot time grid; on success 'Consultation Requested' with
 * the request's details, what happens next and its manage link, in place of the form.
 */
export function ConsultationPage() {
  return (
    <div className="container page consultation">
      <h1>Request a Free Consultation</h1>
      <p className="lead">Not sure which package or palette suits your home? Book a free design consultation. We meet on Wednesdays during the season, in half-hour slots from 8:00 AM to 8:00 PM.</p>
      <ConsultationForm />
    </div>
  );
}
