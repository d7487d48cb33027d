import { useCallback, useContext, useMemo, type ReactNode } from 'react';
import { MESSAGES } from '@domain/messages';
import { installDateProblem, removalDateProblem, type DateContext } from '@domain/schedule/season';
import { firstOpenDate, workDaysLegend } from '@domain/schedule/full-days';
import { useFullDays } from '@/lib/api/get-full-days';
import { noticeHint, visitDayNoticeProblem, visitDayStartedProblem, visitNoticeHours } from '@domain/schedule/notice';
import { parseZip } from '@domain/place/distance';
import { useBlockedDates } from '@/lib/api/get-blocked-dates';
import { useNotice } from '@/lib/api/get-notice';
import { WizardFinish } from '@/lib/wizard-finish';
import { WaitlistJoin } from '@/lib/waitlist-join';
import { useSeason, type SeasonInfo } from '@/lib/api/get-season';
import { useWizard, type WizardStore } from '../store';
import { removalOptional, removalWanted, setInstallDate, setRemovalDate, setRemovalRequested } from '../wizard-changes';
import { heldSlotOn, waitlistChoicesOf } from '../waitlist-prefill';
import { ContactForm } from './contact-form';
import { DateField } from '@/components/ui/date-field';
import { SlotPicker } from './slot-picker';

/**
 * Step 4: installation and removal dates and slots, then the contact form (docs/product.md §2, §4, §5).
 * Loads the season (the server's today and windows) and the blocked dates first.
 */
export function StepSchedule() {
  const season = useSeason();
  const blocked = useBlockedDates();
  if (season.error) return <p role="alert">The booking calendar could not be loaded. Please reload the page or contact us.</p>;
  if (!season.data || !blocked) return <p role="status">Loading the calendar…</p>;
  return <Schedule season={season.data} blocked={blocked} />;
}

/**
 * The calendars disable exactly the dates the server refuses, using the server's today and
 * clock: a day whose every slot starts inside the package's notice is disabled too
 * (domain/schedule/notice.ts), with the hint above the calendars.
 */
function Schedule({ season, blocked }: { season: SeasonInfo; blocked: ReadonlySet<string> }) {
  const s = useWizard();
  // The owner's phone booking (docs/decisions/037) is not held to the customers' notice nor
  // to the travel buffer: the admin's day view warns of a short drive instead.
  const byOwner = useContext(WizardFinish) !== null;
  const loaded = useNotice();
  const notice = byOwner ? null : loaded;
  // The owner may book today too, a time not yet started (docs/decisions/059): her calendar
  // offers today unless every time has started by the server's clock.
  const ownerNow = byOwner ? (loaded?.nowMs ?? null) : null;
  const ctx: DateContext = useMemo(() => ({ today: season.today, season: season.season, blocked, sameDay: byOwner }), [season, blocked, byOwner]);
  // Stable callbacks: the calendars (memoized) then render again only when a date changes, not
  // on every keystroke in the contact form below them.
  const { apply, installDate, treeSize, packageSlug } = s;
  const hours = notice ? visitNoticeHours(notice.notice, packageSlug) : null;
  const installProblem = useCallback(
    (d: string) =>
      installDateProblem(d, ctx) ??
      (notice && treeSize && hours !== null ? visitDayNoticeProblem(d, treeSize, 'install', notice.nowMs, hours, ctx.season.closingHours) : null) ??
      (ownerNow !== null && treeSize && d === ctx.today ? visitDayStartedProblem(d, treeSize, 'install', ownerNow, ctx.season.closingHours) : null),
    [ctx, notice, treeSize, hours, ownerNow],
  );
  const removalProblem = useCallback(
    (d: string) =>
      removalDateProblem(d, installDate, ctx) ?? (notice && treeSize && hours !== null ? visitDayNoticeProblem(d, treeSize, 'removal', notice.nowMs, hours, ctx.season.closingHours) : null),
    [installDate, ctx, notice, treeSize, hours],
  );
  // The address is asked below the slots: once it gives a ZIP, the slots are checked for the
  // drive from and to the day's other visits (domain/schedule/travel-buffer.ts), as the hold is.
  const zip = byOwner ? null : parseZip(s.contact.address);
  const onInstallDate = useCallback((d: string | null) => apply((st) => setInstallDate(st, d)), [apply]);
  const onRemovalDate = useCallback((d: string | null) => apply((st) => setRemovalDate(st, d)), [apply]);
  // Full days are marked, and each calendar opens on the month of its first day neither refused nor full.
  const installFull = useFullDays({ size: treeSize, kind: 'install', packageSlug, byOwner });
  // The removal's only once one is wanted (its calendar is disabled before).
  const removalFull = useFullDays({ size: removalWanted(s) ? treeSize : null, kind: 'removal', installDate, packageSlug, byOwner });
  const installOpenOn = useMemo(() => firstOpenDate(ctx.today, installProblem, installFull ?? new Set()), [ctx.today, installProblem, installFull]);
  const removalOpenOn = useMemo(() => firstOpenDate(ctx.today, removalProblem, removalFull ?? new Set()), [ctx.today, removalProblem, removalFull]);
  const wanted = removalWanted(s);
  const optional = removalOptional(s);
  // A full day offers the waitlist (web/src/lib/waitlist-join.ts), when the route provides it.
  const Join = useContext(WaitlistJoin);
  const whenFull = (kind: 'install' | 'removal') =>
    Join && s.treeSize
      ? (date: string) => (
          <Join
            date={date}
            kind={kind}
            size={s.treeSize ?? ''}
            packageSlug={s.packageSlug ?? ''}
            choices={waitlistChoicesOf(s)}
            contact={{ name: s.contact.name, email: s.contact.email, phone: s.contact.phone }}
          />
        )
      : undefined;
  return (
    <div className="step">
      <h2>Schedule</h2>
      <section className="schedule-block" aria-labelledby="install-heading">
        <h3 id="install-heading">Installation</h3>
        {hours !== null && hours > 0 && (
          <p className="hint schedule-notice" data-testid="notice-hint">
            {noticeHint(hours)}
          </p>
        )}
        <VisitPicker kind="install" s={s} season={season} onDate={onInstallDate} problem={installProblem} openOn={installOpenOn} full={installFull} zip={zip} byOwner={byOwner} whenFull={whenFull} />
      </section>

      <section className="schedule-block" aria-labelledby="removal-heading">
        <h3 id="removal-heading">Removal</h3>
        {optional && (
          <label className="check-row">
            <input type="checkbox" checked={s.removalRequested} onChange={(e) => s.apply((st) => setRemovalRequested(st, e.target.checked))} />
            {s.keepOrnaments ? 'Schedule a removal visit' : 'Add removal service'}
          </label>
        )}
        <VisitPicker
          kind="removal"
          s={s}
          season={season}
          onDate={onRemovalDate}
          problem={removalProblem}
          openOn={removalOpenOn}
          full={removalFull}
          zip={zip}
          byOwner={byOwner}
          whenFull={whenFull}
          wanted={wanted}
        />
      </section>

      <ContactForm />
    </div>
  );
}

const VISIT_WORD = { install: 'Installation', removal: 'Removal' } as const;

/**
 * One visit's calendar and its time slots, side by side: the installation's, or the removal's
 * (disabled, with a sentence saying why, until a removal is `wanted`; its slots know the
 * installation date). Its time slot is written back into the wizard's state.
 */
function VisitPicker({
  kind,
  s,
  season,
  onDate,
  problem,
  openOn,
  full,
  zip,
  byOwner,
  whenFull,
  wanted = true,
}: {
  kind: 'install' | 'removal';
  s: WizardStore;
  season: SeasonInfo;
  onDate: (date: string | null) => void;
  problem: (date: string) => string | null;
  openOn: string | null;
  full: ReadonlySet<string> | null;
  zip: string | null;
  byOwner: boolean;
  whenFull: (kind: 'install' | 'removal') => ((date: string) => ReactNode) | undefined;
  wanted?: boolean;
}) {
  const install = kind === 'install';
  const date = install ? s.installDate : s.removalDate;
  return (
    <div className="schedule-grid">
      <DateField
        id={`${kind}-date`}
        label={`${VISIT_WORD[kind]} date`}
        value={date}
        onChange={onDate}
        problem={problem}
        min={season.season[kind].start}
        max={season.season[kind].end}
        disabled={wanted ? undefined : true}
        openOn={openOn}
        full={full}
        workDays={workDaysLegend(kind, season.season)}
      />
      <SlotPicker
        kind={kind}
        legend={`${VISIT_WORD[kind]} time`}
        date={date}
        size={s.treeSize}
        packageSlug={s.packageSlug}
        zip={zip}
        byOwner={byOwner}
        installDate={install ? undefined : s.installDate}
        value={install ? s.installTimeSlot : s.removalTimeSlot}
        onChange={(id) => s.apply((st) => (install ? { ...st, installTimeSlot: id } : { ...st, removalTimeSlot: id }))}
        heldSlot={heldSlotOn(s, kind, date)}
        whenFull={whenFull(kind)}
        disabledMessage={wanted ? undefined : MESSAGES.enableRemovalFirst}
      />
    </div>
  );
}
