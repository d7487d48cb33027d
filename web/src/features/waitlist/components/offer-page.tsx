import { useRef, useState } from 'react';
import { formatCents } from '@domain/money/cents';
import { OfferStatus } from '@domain/waitlist/waitlist-status';
import { useManageLinkLoad } from '@/lib/use-manage-link-load';
import { acceptMoveOffer, declineOffer, fetchOffer, WaitlistError, type WaitlistOffer } from '../api/waitlist';
import { declinedSentence, heldUntil, newYorkToday, waitlistDay } from '../waitlist-text';
import '../waitlist.css';

/** What the customer did on the page. */
type Done = { kind: 'declined'; passedOn: boolean } | { kind: 'moved' } | null;

/** The sentence of an offer that can no longer be taken (the contract's offer statuses). */
export function offerClosedSentence(status: WaitlistOffer['status']): string | null {
  if (status === OfferStatus.Expired) return 'This offer has expired. You are no longer on the waitlist for this day.';
  if (status === OfferStatus.Ended) return 'This offer has ended: the time went another way. We are sorry.';
  if (status === OfferStatus.Declined) return 'You said no thanks to this time.';
  if (status === OfferStatus.Accepted) return 'This offer has been taken. Check your e-mail for your booking.';
  return null;
}

const SIZE_LABEL: Record<string, string> = { '5-7ft': '5–7 ft', '7.5-9ft': '7.5–9 ft', '10-12ft': '10–12 ft' };

/**
 * `/waitlist/offer?token=…` (the waitlist contract, "UI"): the time held for the customer from
 * the offer e-mail (date, time, tree size, until when it is held), then 'Book it' (the route's
 * `onBookIt`: the booking wizard at its last step with the held time) or, for a move offer, 'Move
 * my visit'; 'No thanks' passes it on. An offer that expired, ended or was taken shows a sentence;
 * a dead link the server's. `askDecline`: opened from the e-mail's 'No thanks' link, which asks
 * once more here (a mail scanner opening the link declines nothing).
 */
export function OfferPage({ token, askDecline = false, onBookIt }: { token: string | null; askDecline?: boolean; onBookIt: (offer: WaitlistOffer, token: string) => void }) {
  const { shown, retry } = useManageLinkLoad(token, fetchOffer);
  const [busy, setBusy] = useState<'decline' | 'move' | null>(null);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState<Done>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  async function act(what: 'decline' | 'move') {
    if (!token) return;
    setBusy(what);
    setProblem('');
    try {
      if (what === 'decline') setDone({ kind: 'declined', passedOn: (await declineOffer(token)).passedOn });
      else {
        await acceptMoveOffer(token);
        setDone({ kind: 'moved' });
      }
      setTimeout(() => doneRef.current?.focus(), 0);
    } catch (err) {
      setProblem(err instanceof WaitlistError ? err.message : 'Something went wrong. Please try again, or call us.');
    } finally {
      setBusy(null);
    }
  }

  let body;
  if (shown.state === 'loading') body = <p role="status">Loading your offer…</p>;
  else if (shown.state === 'invalid' || shown.state === 'error')
    body = (
      <div className="card" role="alert">
        <p>{shown.message}</p>
        {shown.state === 'error' && (
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        )}
      </div>
    );
  else if (done)
    body = (
      <p className="card" role="status" tabIndex={-1} ref={doneRef} data-testid="offer-done">
        {done.kind === 'declined' ? declinedSentence(done.passedOn) : 'Your visit is moved. We have e-mailed you the new time.'}
      </p>
    );
  else {
    const offer = shown.value;
    // The server says when an open offer has expired (its clock, not the device's).
    const closed = offerClosedSentence(offer.status);
    const until = heldUntil(offer.expiresAt, newYorkToday(Date.now()));
    body = (
      <div className="card">
        <dl>
          <dt>Date</dt>
          <dd>{waitlistDay(offer.date)}</dd>
          <dt>Time</dt>
          <dd>
            {offer.slot.label}, {offer.slot.time}
          </dd>
          <dt>Tree</dt>
          <dd>{SIZE_LABEL[offer.size] ?? offer.size}</dd>
          {offer.price && (
            <>
              <dt>Package</dt>
              <dd>{offer.price.packageTitle}</dd>
              <dt>Price</dt>
              <dd data-testid="offer-price">
                {formatCents(offer.price.totalCents)} ({formatCents(offer.price.depositCents)} deposit to book; any travel fee is added at checkout)
              </dd>
            </>
          )}
        </dl>
        {closed ? (
          <p role="alert" data-testid="offer-closed">
            {closed}
          </p>
        ) : (
          <>
            {until && <p className="lead">This time is held for you until {until}.</p>}
            {askDecline && <p>Not needed any more? Press No thanks and we will pass the time on.</p>}
            {problem && (
              <p className="form-problem" role="alert">
                {problem}
              </p>
            )}
            <div className="button-row button-row--start">
              {offer.bookingId ? (
                <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => void act('move')}>
                  {busy === 'move' ? 'Moving…' : 'Move my visit'}
                </button>
              ) : (
                <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => token && onBookIt(offer, token)}>
                  Book it
                </button>
              )}
              {/* Opened from 'No thanks', the page's answer is one key press away. */}
              <button type="button" className="button" autoFocus={askDecline} disabled={busy !== null} onClick={() => void act('decline')}>
                {busy === 'decline' ? 'Passing it on…' : 'No thanks'}
              </button>
            </div>
          </>
        )}
      </div>
    );
  }

  return (
    <div className="container page waitlist-page">
      <h1>A time freed up for you</h1>
      {body}
    </div>
  );
}
