import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, type ReactNode } from 'react';
import { businessToday, formatLongDate } from '@domain/schedule/calendar';
import { dayDrives, dayStops, driveText, gapWarningText, type DriveLeg } from '@domain/schedule/day-drives';
import { bringList, dayPlanCovered, dayToShow, directionsHref, mapsHref, telHref, upcomingDays, visitWindow } from '@domain/schedule/day-plan';
import { doorBalance, groupByBooking } from '@domain/money/booking-money';
import { formatCents } from '@domain/money/cents';
import { scheduleItemsOn, type ScheduleItem } from '@domain/schedule/schedule';
import { useSeason } from '@/lib/api/get-season';
import { adminDb } from '@/admin/core/db';
import type { AdminBooking, AdminCharge, AdminConsultation } from '@/admin/core/model/records';
import { Pill } from '@/admin/ui/pill';
import { useNearbyZips } from './nearby-zips';
import { useDayData } from './schedule-data';
import { Fact } from '@/admin/ui/fact';

/** No charges mirrored for a booking (one array for every such card). */
const NO_CHARGES: readonly AdminCharge[] = [];

const KIND_LABEL = { install: 'Install', removal: 'Removal', consultation: 'Consultation' } as const;

interface Props {
  onOpenBooking: (id: string) => void;
  onOpenConsultation: (id: string) => void;
}

/** Call and drive: two large links for a thumb (44 px targets). */
function DoorLinks({ phone, address }: { phone: string; address: string }) {
  return (
    <div className="today-visit__links">
      {phone && (
        <a className="button" href={telHref(phone)}>
          Call {phone}
        </a>
      )}
      {address && (
        <a className="button" href={mapsHref(address)} target="_blank" rel="noreferrer">
          Navigate
        </a>
      )}
    </div>
  );
}

/** A card's first lines: when, who (opens the record), where, and the call and drive links. */
function CardHead({ when, person, onOpen }: { when: ReactNode; person: { customer_name: string; customer_phone: string; customer_address: string }; onOpen: () => void }) {
  return (
    <>
      <p className="today-visit__when">{when}</p>
      <button type="button" className="today-visit__name" onClick={onOpen}>
        {person.customer_name}
      </button>
      <p className="today-visit__address">{person.customer_address}</p>
      <DoorLinks phone={person.customer_phone} address={person.customer_address} />
    </>
  );
}

function VisitCard({ item, booking, charges, onOpen }: { item: ScheduleItem; booking: AdminBooking; charges: readonly AdminCharge[]; onOpen: () => void }) {
  const kind = item.kind === 'removal' ? 'removal' : 'install';
  const done = kind === 'install' ? booking.install_done_at : booking.removal_done_at;
  // The booking's ledger, less what this phone has queued (docs/decisions/045), never the stored balance_remaining.
  const { dueCents: due, queuedCents } = doorBalance(booking, charges);
  return (
    <div className={`today-visit today-visit--${kind}`}>
      <CardHead
        when={
          <>
            <strong>{visitWindow(booking, kind)}</strong> · {KIND_LABEL[kind]} {done && <Pill tone="green">Done</Pill>}
          </>
        }
        person={booking}
        onOpen={onOpen}
      />
      <dl className="today-visit__facts">
        <Fact label="Bring">{bringList(booking).join(' · ')}</Fact>
        {booking.parking_instructions && <Fact label="Parking">{booking.parking_instructions}</Fact>}
        {booking.notes && <Fact label="Notes">{booking.notes}</Fact>}
        <Fact label="Balance">
          {due > 0 ? `${formatCents(due)} due` : 'Paid'} {queuedCents > 0 && <Pill tone="yellow">{formatCents(queuedCents)} pending</Pill>}
        </Fact>
      </dl>
    </div>
  );
}

function ConsultationCard({ item, consultation, onOpen }: { item: ScheduleItem; consultation: AdminConsultation; onOpen: () => void }) {
  return (
    <div className="today-visit today-visit--consultation">
      <CardHead
        when={
          <>
            <strong>{item.timeText}</strong> · Consultation
          </>
        }
        person={consultation}
        onOpen={onOpen}
      />
    </div>
  );
}

/**
 * The estimated drive to a visit from the one before it of the same crew (or, for a
 * consultation, of the owner), and the warning when the slots leave less time than that
 * (docs/decisions/035). Names where the drive starts when that is not the card above.
 */
function DriveLine({ leg, fromName }: { leg: DriveLeg; fromName: string | null }) {
  return (
    <div className={leg.tooShort ? 'today-drive today-drive--tight' : 'today-drive'}>
      <p>
        {driveText(leg)}
        {fromName && ` (from ${fromName})`}
      </p>
      {leg.tooShort && (
        <p>
          <strong>{gapWarningText(leg)}</strong>
        </p>
      )}
    </div>
  );
}

/**
 * The owner's day, first on the dashboard (docs/decisions/031): today's visits (or the next day
 * with work when today has none) in slot order, each with its arrival window, tap-to-call,
 * tap-to-navigate, what to bring, parking, notes, the balance to collect (a payment queued on
 * this phone counts, pending) and its done state; between visits of one crew the estimated drive,
 * once the ZIP subset has loaded (docs/decisions/035); directions through the day's stops in
 * order; then the next seven days. Read from the device's copy, so it works offline.
 */
export function TodayView({ onOpenBooking, onOpenConsultation }: Props) {
  const data = useDayData();
  const season = useSeason();
  const today = season.data?.today ?? businessToday(new Date());
  // Every charge of the mirror once, grouped by booking: each visit's balance is its ledger.
  const allCharges = useLiveQuery(() => adminDb().charges.toArray(), []);
  const chargesOf = useMemo(() => groupByBooking(allCharges ?? []), [allCharges]);
  const zips = useNearbyZips();

  const plan = useMemo(() => {
    if (!data) return null;
    const now = Date.now();
    const day = dayToShow(today, data.bookings, data.consultations, now);
    const items = scheduleItemsOn(day, data.bookings, data.consultations, now);
    // A first look's records make the plan only when it reads no date outside their window.
    if (data.window && !dayPlanCovered(data.window, today, day, items.length > 0)) return null;
    return {
      day,
      items,
      upcoming: upcomingDays(day, data.bookings, data.consultations, now),
      bookings: new Map(data.bookings.map((b) => [b.id, b])),
      consultations: new Map(data.consultations.map((c) => [c.id, c])),
    };
  }, [data, today]);

  // Each leg under the visit it leads to; none until the ZIP subset has arrived.
  const legs = useMemo(() => {
    if (!plan || !zips) return new Map<string, DriveLeg>();
    return new Map(dayDrives(dayStops(plan.items, plan.bookings, plan.consultations), zips).map((l) => [l.toId, l]));
  }, [plan, zips]);

  if (!plan) return <p role="status">Loading your day…</p>;
  const stops = plan.items.map((i) => (i.kind === 'consultation' ? plan.consultations.get(i.recordId)?.customer_address : plan.bookings.get(i.recordId)?.customer_address) ?? '');
  const directions = directionsHref(stops);
  const open = (i: ScheduleItem) => (i.kind === 'consultation' ? onOpenConsultation(i.recordId) : onOpenBooking(i.recordId));
  const nameOf = (i: ScheduleItem) => (i.kind === 'consultation' ? plan.consultations.get(i.recordId)?.customer_name : plan.bookings.get(i.recordId)?.customer_name);

  return (
    <section className="today" aria-labelledby="today-heading">
      <h2 id="today-heading">{plan.day === today ? 'Today' : 'Next working day'}</h2>
      <p className="today__date">{formatLongDate(plan.day)}</p>
      {plan.items.length === 0 ? (
        <p className="admin-empty">Nothing scheduled in the coming weeks.</p>
      ) : (
        <>
          {directions && (
            <a className="button button--primary today__directions" href={directions} target="_blank" rel="noreferrer">
              Directions for the day
            </a>
          )}
          <ol className="today__visits">
            {plan.items.map((item, i) => {
              const c = item.kind === 'consultation' ? plan.consultations.get(item.recordId) : undefined;
              const b = item.kind === 'consultation' ? undefined : plan.bookings.get(item.recordId);
              if (!c && !b) return null;
              const leg = legs.get(item.key);
              const from = leg && leg.fromId !== plan.items[i - 1]?.key ? plan.items.find((x) => x.key === leg.fromId) : undefined;
              return (
                <li key={item.key} className="today__stop">
                  {leg && <DriveLine leg={leg} fromName={from ? (nameOf(from) ?? null) : null} />}
                  {c && <ConsultationCard item={item} consultation={c} onOpen={() => open(item)} />}
                  {b && <VisitCard item={item} booking={b} charges={chargesOf.get(b.id) ?? NO_CHARGES} onOpen={() => open(item)} />}
                </li>
              );
            })}
          </ol>
        </>
      )}
      {plan.upcoming.length > 0 && (
        <>
          <h3>The next seven days</h3>
          <ul className="today__upcoming">
            {plan.upcoming.map((d) => (
              <li key={d.date}>
                <strong>{formatLongDate(d.date)}</strong>
                <ul>
                  {d.items.map((item) => (
                    <li key={item.key}>
                      <button type="button" className="today__upcoming-item" onClick={() => open(item)}>
                        {item.timeText} · {KIND_LABEL[item.kind]} · {nameOf(item) ?? ''}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
