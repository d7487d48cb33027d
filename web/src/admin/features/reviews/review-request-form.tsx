import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { compareNewestFirst, packageTitle } from '@domain/booking/display';
import { bookingWentAhead, DEFAULT_REVIEW_STAGE, REVIEW_MESSAGES, REVIEW_STAGE_LABELS, REVIEW_STAGES, type ReviewStage } from '@domain/reviews/reviews';
import { adminDb } from '@/admin/core/db';
import { adminMutations } from '@/admin/core/mutations';
import { formatShortDate } from '@/admin/ui/format';
import { ConfirmDialog } from '@/admin/ui/confirm-dialog';
import { businessToday, formatLongDate } from '@domain/schedule/calendar';
import { reportError } from '@/admin/ui/report-error';

const REVIEW_REQUEST_QUEUED = 'Review request queued';
const REVIEW_REQUEST_QUEUED_TEXT = 'It will be e-mailed when the connection is back.';

/**
 * The manual review request (docs/product.md §2 Reviews tab, §7 send-review-request): choose a booking
 * that went ahead and the stage (after removal by default), then send the e-mail. It goes
 * through the outbox (docs/decisions/016): without a connection it is queued and sent once later.
 */
export function ReviewRequestForm() {
  const bookings = useLiveQuery(() => adminDb().bookings.toArray(), []);
  const options = useMemo(() => (bookings ?? []).filter(bookingWentAhead).sort(compareNewestFirst), [bookings]);
  const [bookingId, setBookingId] = useState('');
  const [stage, setStage] = useState<ReviewStage>(DEFAULT_REVIEW_STAGE);
  const [sending, setSending] = useState(false);

  const [asking, setAsking] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!bookingId) {
      toast.error('Error', { description: REVIEW_MESSAGES.selectBooking });
      return;
    }
    // Asking for a review of a visit that has not happened yet is likely a mistake: ask first.
    const b = options.find((o) => o.id === bookingId);
    const visitDate = stage === 'post_install' ? b?.install_date : b?.removal_date;
    const what = stage === 'post_install' ? 'installation' : 'removal';
    if (b && (!visitDate || visitDate > businessToday(new Date()))) {
      setAsking(visitDate ? `The ${what} is on ${formatLongDate(visitDate)}, which has not come yet.` : `This booking has no ${what}.`);
      return;
    }
    await send();
  };

  const send = async () => {
    setSending(true);
    try {
      const outcome = await adminMutations.sendReviewRequest(bookingId, stage);
      if (outcome.queued) toast(REVIEW_REQUEST_QUEUED, { description: REVIEW_REQUEST_QUEUED_TEXT });
      else toast.success(REVIEW_MESSAGES.requestSent);
      setBookingId('');
    } catch (err) {
      reportError(err, REVIEW_MESSAGES.requestFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="card admin-request" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="review-request-heading">
      <h3 id="review-request-heading">Request a review</h3>
      <div className="admin-request__fields">
        <div className="field">
          <label htmlFor="review-booking">Booking</label>
          <select id="review-booking" value={bookingId} onChange={(e) => setBookingId(e.target.value)} disabled={sending}>
            <option value="">Choose a booking…</option>
            {options.map((b) => (
              <option key={b.id} value={b.id}>
                {b.customer_name}: {packageTitle(b.package_type)}, {formatShortDate(b.install_date)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="review-stage">Stage</label>
          <select id="review-stage" value={stage} onChange={(e) => setStage(e.target.value as ReviewStage)} disabled={sending}>
            {REVIEW_STAGES.map((s) => (
              <option key={s} value={s}>
                {REVIEW_STAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Sending...' : 'Send Review Request'}
      </button>
      <ConfirmDialog
        open={asking !== null}
        title="Ask for a review already?"
        message={`${asking ?? ''} Send the review request anyway?`}
        confirmLabel="Send it anyway"
        busyLabel="Sending..."
        onConfirm={send}
        onClose={() => setAsking(null)}
      />
    </form>
  );
}
