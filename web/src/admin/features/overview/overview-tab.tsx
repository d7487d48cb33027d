import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { tilesOf } from '@domain/admin/booking-tally';
import { formatCents } from '@domain/money/cents';
import { getInsights, type Insights } from '@/admin/core/reads';
import { adminDb } from '@/admin/core/db';
import { reportError } from '@/admin/ui/report-error';
import { businessToday } from '@domain/schedule/calendar';
import { waitingInNextDays, WAITLIST_OVERVIEW_DAYS } from './waitlist-count';
import { Fact } from '@/admin/ui/fact';

const WeeklyChart = lazy(() => import('./weekly-chart'));

/** docs/product.md §8's messages for a failed insights call. */
export const INSIGHTS_MESSAGES = { website: 'Failed to fetch website insights', revenue: 'Failed to fetch revenue data' } as const;

const SOURCES: [keyof Insights['website']['trafficSources'], string][] = [
  ['qr_code', 'QR Code'],
  ['social_media', 'Social Media'],
  ['google_ad', 'Google Ads'],
  ['organic', 'Organic'],
  ['direct', 'Direct'],
];

function Tile({ label, value }: { label: string; value: string | number }) {
  return (
    <li className="admin-tile">
      <span className="admin-tile__label">{label}</span>
      <span className="admin-tile__value">{value}</span>
    </li>
  );
}

/**
 * GET /api/fn/insights, again whenever a mirrored booking changes (a payment elsewhere moves the
 * revenue without a reload). Asked once `ready` (the mirror's first pull is in: on a phone's
 * first visit the schedule comes first, and both compete for the same connection and server).
 * Null until the first answer; 'failed' after a failure.
 */
function useInsights(ready: boolean): Insights | null | 'failed' {
  const [insights, setInsights] = useState<Insights | null | 'failed'>(null);
  const lastChange = useLiveQuery(async () => (await adminDb().bookings.orderBy('updated_at').last())?.updated_at ?? '', []);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const timer = setTimeout(() => {
      getInsights().then(
        (data) => live && setInsights(data),
        (err) => {
          if (!live) return;
          reportError(err, INSIGHTS_MESSAGES.website);
          toast.error('Error', { description: INSIGHTS_MESSAGES.revenue });
          setInsights((prev) => (prev && prev !== 'failed' ? prev : 'failed'));
        },
      );
    }, 800); // a burst of changes (the pages of a pull, realtime updates) asks once
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [lastChange, ready]);
  return insights;
}

/**
 * The Overview tab (docs/product.md §2, §9 Revenue and insights), the owner's day first
 * (docs/decisions/031): `today` (the day's visits), booking tiles, revenue, deposits and
 * balances per week, "Close the books", the schedule, then the website insights. The revenue,
 * chart and website figures come from the server (GET /api/fn/insights), aggregated there, never
 * by downloading events; the booking tiles from the device's running tally once every booking is
 * on it (docs/decisions/060), the server's until then. `today` and `schedule` are the schedule feature's views and `books` the books
 * feature's card (computed on the device, so it works offline), passed in by the shell
 * (features never import each other). `checklist`, after the day (the day comes first), is the
 * first-run checklist until done (first-run-checklist.tsx).
 */
export function OverviewTab({ today, schedule, scheduleLoaded, books, checklist }: { today: ReactNode; schedule: ReactNode; scheduleLoaded: boolean; books?: ReactNode; checklist?: ReactNode }) {
  const insights = useInsights(scheduleLoaded);
  const ready = insights && insights !== 'failed' ? insights : null;
  const w = ready?.website;
  // The waitlist (the waitlist contract): read from the mirror, so it shows offline too.
  const waiting = useLiveQuery(async () => waitingInNextDays(await adminDb().waitlistEntries.toArray(), businessToday(new Date())), []);
  // The booking tiles from the mirror's running tally (docs/decisions/060), once every booking
  // is on the device: at once and offline too; the server's figures until then.
  const tally = useLiveQuery(() => adminDb().tallies.get('bookings'), []);
  const tiles = scheduleLoaded && tally ? tilesOf(tally.counts, Date.now(), businessToday(new Date())) : ready?.bookings;

  return (
    <div className="admin-overview">
      <div className="admin-panel">{today}</div>
      {checklist}

      <section aria-labelledby="bookings-insights" className="admin-panel">
        <h2 id="bookings-insights">Bookings</h2>
        {tiles ? (
          <ul className="admin-tiles">
            <Tile label="Total Bookings" value={tiles.total} />
            <Tile label="Pending" value={tiles.pending} />
            <Tile label="Completed" value={tiles.completed} />
            <Tile label="This Month" value={tiles.thisMonth} />
          </ul>
        ) : insights === 'failed' ? (
          <p>Insights could not be loaded.</p>
        ) : (
          <p role="status">Loading insights…</p>
        )}
        {waiting !== undefined && waiting > 0 && (
          <p className="admin-overview__waitlist" data-testid="overview-waitlist">
            {waiting} waiting in the next {WAITLIST_OVERVIEW_DAYS} days
          </p>
        )}
      </section>

      <section aria-labelledby="revenue-insights" className="admin-panel">
        <h2 id="revenue-insights">Revenue</h2>
        {ready && (
          <>
            <ul className="admin-tiles admin-tiles--three">
              <Tile label="Collected" value={formatCents(ready.revenue.collected)} />
              <Tile label="Pending" value={formatCents(ready.revenue.pending)} />
              <Tile label="Expected" value={formatCents(ready.revenue.expected)} />
            </ul>
            {ready.weekly.length > 0 && (
              <Suspense fallback={<p role="status">Loading the chart…</p>}>
                <WeeklyChart weeks={ready.weekly} />
              </Suspense>
            )}
          </>
        )}
      </section>

      {books}

      <div className="admin-panel">{schedule}</div>

      <section aria-labelledby="website-insights" className="admin-panel">
        <h2 id="website-insights">Website</h2>
        {w && (
          <>
            <ul className="admin-tiles">
              <Tile label="Page Views" value={w.pageViews} />
              <Tile label="Unique Sessions" value={w.sessions} />
              <Tile label="Conversions" value={w.conversions} />
              <Tile label="Conversion Rate" value={`${w.conversionRate.toFixed(1)}%`} />
            </ul>
            <div className="admin-columns">
              <div>
                <h3>Traffic sources</h3>
                <dl className="admin-counts">
                  {SOURCES.map(([key, label]) => (
                    <div key={key}>
                      <dt>{label}</dt>
                      <dd>{w.trafficSources[key]}</dd>
                    </div>
                  ))}
                </dl>
              </div>
              <div>
                <h3>Top countries</h3>
                {w.topCountries.length === 0 ? (
                  <p className="muted">No visits yet.</p>
                ) : (
                  <dl className="admin-counts">
                    {w.topCountries.map((c) => (
                      <div key={c.country}>
                        <dt>{c.country || 'Unknown'}</dt>
                        <dd>{c.count}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </div>
              <div>
                <h3>Devices</h3>
                <dl className="admin-counts">
                  <Fact label="Desktop">{w.devices.desktop}</Fact>
                  <Fact label="Mobile">{w.devices.mobile}</Fact>
                  <Fact label="Tablet">{w.devices.tablet}</Fact>
                  <div className="admin-counts__top">
                    <dt>Top Device</dt>
                    <dd>{w.topDevice}</dd>
                  </div>
                </dl>
              </div>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
