import { useCallback, useMemo, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { businessToday, formatLongDate, type Ymd } from '@domain/schedule/calendar';
import { packageTitle } from '@domain/booking/display';
import { scheduledDates, scheduleItemsOn, type ScheduleItem } from '@domain/schedule/schedule';
import { bookingsByDate, FULL_CLOSED_DAY_LABEL } from '@domain/schedule/full-days';
import { fullForEveryTree } from '@domain/schedule/day-answer';
import { dayDate, dayYmd } from '@/components/ui/calendar-day';
import { dayPickerLabels } from '@/components/ui/day-picker-labels';
import { useSeason } from '@/lib/api/get-season';
import { useScheduleData } from './schedule-data';
import type { AdminBooking, AdminConsultation } from '@/admin/core/model/records';
import { treeSizeLabel } from '@/admin/ui/format';
import { AddressLink } from '@/admin/ui/contact-links';
import { Pill } from '@/admin/ui/pill';
import { DayWaitlist } from './day-waitlist';

// Day names say which days hold work, as the underline shows (modifiers.scheduled below), and
// which have no time left (modifiers.full).
const CALENDAR_LABELS = dayPickerLabels({ scheduled: 'has scheduled items', full: FULL_CLOSED_DAY_LABEL });
const NO_DAYS: ReadonlySet<Ymd> = new Set();

const KIND_LABEL = { install: 'Install', removal: 'Removal', consultation: 'Consultation' } as const;

function ItemCard({ item, booking, consultation, onOpen }: { item: ScheduleItem; booking?: AdminBooking; consultation?: AdminConsultation; onOpen: () => void }) {
  const name = booking?.customer_name ?? consultation?.customer_name ?? '';
  const address = booking?.customer_address ?? consultation?.customer_address ?? '';
  return (
    <li className={`schedule-item schedule-item--${item.kind}`}>
      <button type="button" className="schedule-item__open" onClick={onOpen}>
        <span className="schedule-item__time">{item.timeText}</span>
        <span className="schedule-item__name">{name}</span>
        <span className="schedule-item__what">
          {KIND_LABEL[item.kind]}
          {booking && ` · ${packageTitle(booking.package_type)} · ${treeSizeLabel(booking.tree_size)}`}
        </span>
      </button>
      <div className="schedule-item__extra">
        {booking?.luxe_finish && <Pill tone="gold">Luxe Finish</Pill>}
        <AddressLink address={address} />
      </div>
    </li>
  );
}

/**
 * The schedule (docs/product.md §2 Schedule, shown on its tab and in the Overview): a calendar whose
 * days holding installs, removals or consultations are underlined, the days with no time left
 * for a visit of any tree size marked 'Full' as the wizard marks them (the server's dayAnswer
 * over the bookings on the phone and the season read's crews: domain/schedule/day-answer.ts
 * fullForEveryTree), and 'Schedule for' the
 * chosen date listing them by starting hour. An item opens its details through `onOpenBooking`
 * or `onOpenConsultation` (the shell owns the dialogs). It shows what the device holds as soon as both
 * collections have been pulled to their end (now or on an earlier visit), without waiting for
 * this visit's sync; until then it says it is loading, so the first date shown is the right one.
 */
export function ScheduleView({ onOpenBooking, onOpenConsultation, headingLevel = 2 }: { onOpenBooking: (id: string) => void; onOpenConsultation: (id: string) => void; headingLevel?: 2 | 3 }) {
  const data = useScheduleData();
  const season = useSeason();
  const today = season.data?.today ?? businessToday(new Date());
  const [chosen, setChosen] = useState<Ymd | null>(null);
  const now = Date.now();

  const { dates, byId, consultationsById } = useMemo(() => {
    const bookings = data?.bookings ?? [];
    const consultations = data?.consultations ?? [];
    return {
      dates: scheduledDates(bookings, consultations, Date.now()),
      byId: new Map(bookings.map((b) => [b.id, b])),
      consultationsById: new Map(consultations.map((c) => [c.id, c])),
    };
  }, [data]);

  // Only a day holding bookings can be full; worked out again when the bookings or the season change.
  const full = useMemo(() => {
    if (!data || !season.data) return NO_DAYS;
    const byDate = bookingsByDate(data.bookings);
    const ctx = { today, season: season.data.season, blocked: NO_DAYS, sameDay: true };
    return fullForEveryTree(byDate.keys(), byDate, { ctx, nowMs: Date.now(), crews: season.data.crews ?? 1 });
  }, [data, season.data, today]);

  // Until a date is chosen: today, or the next day with work when today has none.
  const date = chosen ?? (dates.has(today) ? today : ([...dates].filter((d) => d > today).sort()[0] ?? today));
  const items = useMemo(() => scheduleItemsOn(date, data?.bookings ?? [], data?.consultations ?? [], now), [data, date, now]);
  // A function, not a list of dates: DayPicker compares every day shown with every date of a
  // list in the business time zone, which took ~400 ms for a season's 100 dates.
  const scheduled = useCallback((d: Date) => dates.has(dayYmd(d)), [dates]);
  const isFull = useCallback((d: Date) => full.has(dayYmd(d)), [full]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ListHeading = headingLevel === 2 ? 'h3' : 'h4';

  return (
    <section className="schedule" aria-labelledby="schedule-heading">
      <Heading id="schedule-heading">Schedule</Heading>
      <div className="schedule__layout">
        <div className="schedule__calendar">
          <DayPicker
            // Remounted once the data is in, so it opens on the month of the first date with work.
            key={data ? 'ready' : 'loading'}
            mode="single"
            required
            today={dayDate(today)}
            selected={dayDate(date)}
            onSelect={(d) => d && setChosen(dayYmd(d))}
            defaultMonth={dayDate(date)}
            weekStartsOn={0}
            modifiers={{ scheduled, full: isFull }}
            modifiersClassNames={{ scheduled: 'has-items', full: 'is-full' }}
            labels={CALENDAR_LABELS}
          />
          <p className="schedule__legend muted">
            <span className="schedule__underline">Underlined</span> days have work scheduled.
          </p>
          <p className="schedule__legend muted">
            <span className="schedule__swatch schedule__swatch--full" aria-hidden="true" /> {FULL_CLOSED_DAY_LABEL}: every installation or removal time is taken.
          </p>
        </div>
        <div className="schedule__list" aria-live="polite" data-testid="schedule-list">
          {!data ? <p role="status">Loading the schedule…</p> : <ListHeading>Schedule for {formatLongDate(date)}</ListHeading>}
          {!data ? null : items.length === 0 ? (
            <p className="admin-empty">No items scheduled for this date</p>
          ) : (
            <ol className="schedule-items">
              {items.map((item) => (
                <ItemCard
                  key={item.key}
                  item={item}
                  booking={item.kind === 'consultation' ? undefined : byId.get(item.recordId)}
                  consultation={item.kind === 'consultation' ? consultationsById.get(item.recordId) : undefined}
                  onOpen={() => (item.kind === 'consultation' ? onOpenConsultation(item.recordId) : onOpenBooking(item.recordId))}
                />
              ))}
            </ol>
          )}
          {data && <DayWaitlist date={date} headingLevel={ListHeading} />}
        </div>
      </div>
    </section>
  );
}
