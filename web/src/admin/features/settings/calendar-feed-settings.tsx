import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { rotateCalendarFeed } from '@/admin/core/mutations';
import { getCalendarFeed } from '@/admin/core/reads';
import { reportError } from '@/admin/ui/report-error';
import { ConfirmDialog } from '@/admin/ui/confirm-dialog';

/**
 * The private calendar subscription (docs/decisions/015): every active install, removal and consultation
 * as an ICS feed for the owner's phone calendar. The URL holds a secret token: it can be copied
 * and replaced by a new one (the old link stops working).
 */
export function CalendarFeedSettings() {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    let live = true;
    getCalendarFeed().then(
      (u) => live && setUrl(u),
      (err) => {
        if (!live) return;
        setFailed(true);
        reportError(err, 'Failed to load the calendar link');
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Calendar link copied');
    } catch {
      // Clipboard refused (an insecure page or a denied permission): select the text instead.
      const input = document.getElementById('calendar-feed-url') as HTMLInputElement | null;
      input?.select();
      toast('Copy the selected link with your device’s Copy command');
    }
  };

  return (
    <section className="card admin-settings-card" aria-labelledby="feed-heading">
      <h3 id="feed-heading">Calendar subscription</h3>
      <p className="muted">Add this link to your phone’s calendar (Subscribe to calendar) to see every install, removal and consultation. Keep it private: anyone with the link sees the schedule.</p>
      {url ? (
        <>
          <div className="field">
            <label htmlFor="calendar-feed-url">Calendar link</label>
            <input id="calendar-feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          </div>
          <div className="admin-actions">
            <button type="button" className="button button--primary" onClick={() => void copy()}>
              Copy link
            </button>
            <button type="button" className="button" onClick={() => setConfirming(true)}>
              Replace link
            </button>
          </div>
        </>
      ) : failed ? (
        <p>The calendar link could not be loaded.</p>
      ) : (
        <p role="status">Loading the calendar link…</p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Replace the calendar link?"
        message="The current link stops working at once; calendars subscribed to it stop updating. Subscribe again with the new link."
        confirmLabel="Replace"
        busyLabel="Replacing..."
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            setUrl(await rotateCalendarFeed());
          } catch (err) {
            reportError(err, 'Failed to replace the calendar link');
            throw err;
          }
          toast.success('New calendar link created');
        }}
      />
    </section>
  );
}
