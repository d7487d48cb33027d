import { useEffect, useState } from 'react';
import { fetchSeason, type SeasonInfo } from '@/lib/api/get-season';
import { getSettings, type SettingRow, listBlockedDates, type BlockedDateRow } from '@/admin/core/reads';
import { reportError } from '@/admin/ui/report-error';
import { BlockedDatesSettings } from './blocked-dates-settings';
import { CalendarFeedSettings } from './calendar-feed-settings';
import { CapacitySettings } from './capacity-settings';
import { GoogleReviewSettings } from './google-review-settings';
import { NoticeSettings } from './notice-settings';
import { SeasonsSettings } from './season-settings';
import { WaitlistSettings } from './waitlist-settings';

interface Loaded {
  season: SeasonInfo;
  settings: Map<string, SettingRow>;
  blocked: BlockedDateRow[];
}

/**
 * The Settings tab: what the owner changes each year (the seasons, crews, service distance,
 * blocked dates), the Google review link and the calendar subscription. Read from the server on opening and after each
 * save; these are not mirrored on the device.
 */
export function SettingsTab({ bookingsLoaded, onOpenBooking }: { bookingsLoaded: boolean; onOpenBooking: (bookingId: string) => void }) {
  const [data, setData] = useState<Loaded | null>(null);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    Promise.all([fetchSeason(), getSettings(), listBlockedDates()]).then(
      ([season, settings, blocked]) => live && setData({ season, settings, blocked }),
      (err) => live && reportError(err, 'Failed to load the settings'),
    );
    return () => {
      live = false;
    };
  }, [version]);

  return (
    <section aria-labelledby="settings-heading" className="admin-panel">
      <h2 id="settings-heading">Settings</h2>
      {!data ? (
        <p role="status">Loading settings…</p>
      ) : (
        <div className="admin-settings">
          <SeasonsSettings key={`seasons-${version}`} soldYear={data.season.season.year} />
          <BlockedDatesSettings rows={data.blocked} onChanged={reload} bookingsLoaded={bookingsLoaded} onOpenBooking={onOpenBooking} />
          <CapacitySettings key={`capacity-${version}`} capacity={data.settings.get('capacity')} maxMiles={data.settings.get('max_service_miles')} onSaved={reload} />
          <NoticeSettings key={`notice-${version}`} notice={data.settings.get('notice')} buffer={data.settings.get('travel_buffer_minutes')} onSaved={reload} />
          <WaitlistSettings key={`waitlist-${version}`} row={data.settings.get('waitlist')} onSaved={reload} />
          <GoogleReviewSettings key={`google-${version}`} row={data.settings.get('google_review_url')} onSaved={reload} />
          <CalendarFeedSettings />
        </div>
      )}
    </section>
  );
}
