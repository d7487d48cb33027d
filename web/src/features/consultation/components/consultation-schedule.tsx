import { lazy, Suspense, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { consultationDateProblem, type DateContext } from '@domain/schedule/season';
import { firstOpenDate } from '@domain/schedule/full-days';
import { consultationDayNoticeProblem, noticeHint } from '@domain/schedule/notice';
import { parseZip } from '@domain/place/distance';
import { useConsultationFullDays } from '@/lib/api/get-full-days';
import { useNotice, type NoticeInfo } from '@/lib/api/get-notice';
import { useBlockedDates } from '@/lib/api/get-blocked-dates';
import { useSeason, type SeasonInfo } from '@/lib/api/get-season';
import '@/components/ui/date-field.css';
import { useConsultationSlots } from '../api/get-consultation-slots';
import { CalendarPlaceholder } from './calendar-placeholder';
import { ConsultationSlotGrid } from './consultation-slot-grid';

// The calendar (react-day-picker and date-fns, about 20 kB gzipped) is a chunk of its own,
// fetched as the schedule mounts: the prerendered page starts without it, and the season it needs
// comes from the server anyway (docs/decisions/019).
export const loadDateField = () => import('@/components/ui/date-field');
const DateField = lazy(() => loadDateField().then((m) => ({ default: m.DateField })));

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

/**
 * The request page's calendar and time grid with what they read: the season, the blocked dates,
 * the notice (all started as the page's module loaded, consultation-page.tsx) and the chosen
 * date's times for the address's ZIP. A chunk of its own, loaded once the page is idle or the
 * customer first reaches into the form (docs/architecture.md "What a page loads"); the chosen
 * date and time stay the page's, so nothing is lost while it loads. `version` reads the times
 * and the full Wednesdays again (a time was just taken).
 */
export function ConsultationCalendar({
  date,
  onDate,
  slot,
  onSlot,
  address,
  version,
}: {
  date: string | null;
  onDate: (date: string | null) => void;
  slot: string | null;
  onSlot: (slot: string) => void;
  /** The address typed so far: with its ZIP, the times the owner cannot drive to in time are disabled too. */
  address: string;
  version: number;
}) {
  const season = useSeason();
  const blocked = useBlockedDates();
  const notice = useNotice();
  const slots = useConsultationSlots(date, version, parseZip(address));
  return (
    <ConsultationSchedule
      season={season.data}
      seasonFailed={season.error}
      blocked={blocked}
      notice={notice}
      date={date}
      onDate={onDate}
      fullVersion={version}
      slotGrid={<ConsultationSlotGrid date={date} loading={slots.loading} data={slots.data} value={slot} onChange={onSlot} />}
    />
  );
}
