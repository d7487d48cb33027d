import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import { toast } from '@/lib/toast';
import { formatLongDate } from '@domain/schedule/calendar';
import { BUSINESS } from '@domain/business';
import { MESSAGES } from '@domain/messages';
import { consultationDateProblem, type DateContext } from '@domain/schedule/season';
import { firstOpenDate } from '@domain/schedule/full-days';
import { prefetchConsultationFullDays, useConsultationFullDays } from '@/lib/api/get-full-days';
import { consultationDayNoticeProblem, noticeHint } from '@domain/schedule/notice';
import { parseZip } from '@domain/place/distance';
import { prefetchNotice, useNotice, type NoticeInfo } from '@/lib/api/get-notice';
import { paths } from '@/lib/paths';
import '@/components/ui/date-field.css';
import { prefetchBlockedDates, useBlockedDates } from '@/lib/api/get-blocked-dates';
import { prefetchSeason, useSeason, type SeasonInfo } from '@/lib/api/get-season';
import { useConsultationSlots } from '../api/get-consultation-slots';
import { consultationRules, ContactFields, EMPTY_CONTACT, type ConsultationContact } from './contact-fields';
import { ConsultationSlotGrid } from './consultation-slot-grid';
import '../consultation.css';
import { logError } from '@/lib/log';

const FAILED = 'Failed to submit consultation request. Please try again.';
const ALL_TOUCHED = { customerName: true, customerEmail: true, customerPhone: true, customerAddress: true, notes: true } as const;

// The calendar (react-day-picker and date-fns, about 20 kB gzipped) is a chunk of its own,
// fetched as the form mounts: the prerendered page starts without it, and the season it needs
// comes from the server anyway (docs/decisions/019).
const loadDateField = () => import('@/components/ui/date-field');
const DateField = lazy(() => loadDateField().then((m) => ({ default: m.DateField })));

/**
 * What the consultation calendar waits for, started as the page's module loads (the route's
 * prefetch, web/src/lib/early-request.ts): the season, the blocked dates, the notice, the full
 * Wednesdays and the calendar's chunk, all at once, while the prerendered page hydrates.
 */
export function prefetchConsultationCalendar(): void {
  prefetchSeason();
  prefetchBlockedDates();
  prefetchNotice();
  prefetchConsultationFullDays();
  void loadDateField().catch(() => undefined); // a failure shows when it renders
}

/** What holds the calendar's place (consultation.css keeps its size) until it can show. */
function CalendarPlaceholder({ failed }: { failed: boolean }) {
  return (
    <div className="date-field">
      <p className="label">Consultation date</p>
      {failed ? (
        <p role="alert">The consultation calendar could not be loaded. Please reload the page or contact us.</p>
      ) : (
        <p className="hint" role="status">
          Loading the calendar…
        </p>
      )}
    </div>
  );
}

/**
 * The calendar of consultation dates with the time grid beside it. Until the season arrives
 * (it is the server's: today in New York and the season's windows), a placeholder of the
 * calendar's size holds its place, so the prerendered page does not shift when it appears.
 * A Wednesday with every time taken (GET /api/fn/consultation-full-days, read again when
 * `fullVersion` changes) is marked 'Full' and cannot be chosen; the calendar opens on the month
 * of the first Wednesday that can. Also the /my-consultation page's 'Pick another time' (the
 * same dates and rules).
 */
export function ConsultationSchedule({
  season,
  seasonFailed,
  blocked,
  notice,
  date,
  onDate,
  slotGrid,
  fullVersion = 0,
}: {
  season: SeasonInfo | null;
  /** The minimum notice and the server's clock, or null while it loads (then the server alone refuses). */
  notice: NoticeInfo | null;
  seasonFailed: boolean;
  /** The blocked dates, or null while they load. */
  blocked: ReadonlySet<string> | null;
  date: string | null;
  onDate: (date: string | null) => void;
  slotGrid: ReactNode;
  /** Changed to read the full Wednesdays again (a time was just taken). */
  fullVersion?: number;
}) {
  // The calendar waits for the blocked dates too, so it renders once, not again when they come.
  const ctx: DateContext | null = useMemo(() => season && blocked && { today: season.today, season: season.season, blocked }, [season, blocked]);
  // A Wednesday whose last slot starts inside the notice is disabled too (domain/schedule/notice.ts).
  const problem = useCallback(
    (d: string) => (ctx ? (consultationDateProblem(d, ctx) ?? (notice ? consultationDayNoticeProblem(d, notice.nowMs, notice.notice.consultation) : null)) : null),
    [ctx, notice],
  );
  const full = useConsultationFullDays(fullVersion);
  // The calendar opens on the month of the first day that can be picked and is not full, never on an empty one.
  const firstOpen = useMemo(() => (ctx ? firstOpenDate(ctx.today, problem, full ?? new Set()) : null), [ctx, problem, full]);
  const anyDateOpen = !ctx || firstOpen !== null;
  useEffect(() => {
    void loadDateField().catch(() => undefined); // a failure shows when it renders
  }, []);
  let calendar;
  if (season && ctx) {
    calendar = (
      <Suspense fallback={<CalendarPlaceholder failed={false} />}>
        <DateField
          id="consultation-date"
          label="Consultation date"
          value={date}
          onChange={onDate}
          problem={problem}
          min={season.season.consultation.start}
          max={season.season.consultation.end}
          openOn={firstOpen}
          full={full}
          fullClosed
          workDays="Consultations are held on Wednesdays."
        />
      </Suspense>
    );
  } else {
    calendar = <CalendarPlaceholder failed={seasonFailed} />;
  }
  return (
    <>
      {!anyDateOpen && (
        <p className="notice" role="status">
          There are no consultation dates left this season. Please call or e-mail us and we'll find a time.
        </p>
      )}
      {notice && notice.notice.consultation > 0 && (
        <p className="hint" data-testid="notice-hint">
          {noticeHint(notice.notice.consultation)}
        </p>
      )}
      <div className="consultation-schedule">
        {calendar}
        {slotGrid}
      </div>
    </>
  );
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
  const season = useSeason();
  const blocked = useBlockedDates();
  const notice = useNotice();
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
  // With the address's ZIP, the times the owner cannot drive to in time are disabled too.
  const slots = useConsultationSlots(date, slotsVersion, parseZip(contact.customerAddress));

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
    <form className="consultation-form" onSubmit={onSubmit} noValidate>
      <section className="card consultation-section" aria-labelledby="consultation-when">
        <h2 id="consultation-when">Choose a Wednesday and a time</h2>
        <ConsultationSchedule
          season={season.data}
          seasonFailed={season.error}
          blocked={blocked}
          notice={notice}
          date={date}
          onDate={onDate}
          fullVersion={slotsVersion}
          slotGrid={<ConsultationSlotGrid date={date} loading={slots.loading} data={slots.data} value={slot} onChange={setSlot} />}
        />
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
