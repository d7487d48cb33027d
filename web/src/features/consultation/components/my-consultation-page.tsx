import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useManageLinkLoad } from '@/lib/use-manage-link-load';
import { paths } from '@/lib/paths';
import { cancelConsultation, fetchMyConsultation, type MyConsultationView } from '../api/my-consultation';
import { ConfirmCancelSection } from '@/components/ui/confirm-cancel-section';
import '../consultation.css';

// The move form carries the consultation calendar (react-day-picker): loaded when a move starts.
const MoveConsultationForm = lazy(() => import('./move-consultation-form').then((m) => ({ default: m.MoveConsultationForm })));

type Done = 'moved' | 'cancel-made' | null;

const STATUS: Record<string, string> = { pending: 'Requested: we will confirm it', confirmed: 'Confirmed', completed: 'Done', cancelled: 'Cancelled' };

/**
 * /my-consultation?token=…: the customer's own consultation from the link in its e-mails: the
 * date, time, address and status, and while it is pending or confirmed and has not started,
 * 'Pick another time' and 'Cancel consultation'. A cancelled or past one is shown read-only.
 * The server decides (pb_hooks/src/lib/my-consultation/); the page shows its answer.
 */
export function MyConsultationPage({ token }: { token: string | null }) {
  const { shown, setValue, retry } = useManageLinkLoad(token, fetchMyConsultation);
  const [moving, setMoving] = useState(false);
  const [done, setDone] = useState<Done>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done) resultRef.current?.focus();
  }, [done]);

  const changed = (consultation: MyConsultationView, what: Done) => {
    setValue(consultation);
    setMoving(false);
    setDone(what);
  };

  return (
    <div className="container page my-consultation">
      <h1>Your consultation</h1>
      <p className="lead">Your free design consultation at your home. While it is still ahead, you can pick another Wednesday time or cancel it here; for anything else, call us.</p>
      {shown.state === 'loading' && <p role="status">Loading your consultation…</p>}
      {shown.state === 'invalid' && (
        <div className="card my-consultation__notice" role="alert">
          <p>{shown.message}</p>
        </div>
      )}
      {shown.state === 'error' && (
        <div className="card my-consultation__notice" role="alert">
          <p>{shown.message}</p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {shown.state === 'ready' && (
        <>
          {done && (
            <div className="card my-consultation__notice my-consultation__notice--done" role="status" tabIndex={-1} ref={resultRef}>
              <p>
                {done === 'moved'
                  ? 'Your consultation has moved. We will confirm the new time; an e-mail with the details is on its way.'
                  : 'Your consultation is cancelled. An e-mail confirming it is on its way.'}
              </p>
            </div>
          )}
          <section className="card my-consultation__section" aria-labelledby="consultation-title">
            <h2 id="consultation-title">Free design consultation</h2>
            <dl className="my-consultation__facts">
              {(
                [
                  ['Date', shown.value.dateLabel],
                  ['Time', `${shown.value.timeLabel} (30 minutes)`],
                  ['Address', shown.value.address],
                  ['Status', STATUS[shown.value.status] ?? shown.value.status],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          {shown.value.changeable ? (
            <>
              <section className="card my-consultation__section" aria-labelledby="move-title">
                <h2 id="move-title">Pick another time</h2>
                {moving ? (
                  <Suspense fallback={<p role="status">Loading the calendar…</p>}>
                    <MoveConsultationForm token={token!} consultation={shown.value} onMoved={(c) => changed(c, 'moved')} onClose={() => setMoving(false)} />
                  </Suspense>
                ) : (
                  <button type="button" className="button" onClick={() => setMoving(true)}>
                    Pick another time
                  </button>
                )}
              </section>
              <CancelConsultation consultation={shown.value} token={token!} onCancelled={(c) => changed(c, 'cancel-made')} />
            </>
          ) : (
            <p className="muted">
              This consultation can no longer be changed online. To book a new one, visit <a href={paths.consultation}>the consultation page</a>, or call us.
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** 'Cancel consultation' with a confirmation step; sends the time the page showed as `from`. */
function CancelConsultation({ consultation: c, token, onCancelled }: { consultation: MyConsultationView; token: string; onCancelled: (c: MyConsultationView) => void }) {
  return (
    <ConfirmCancelSection
      className="card my-consultation__section"
      title="Cancel consultation"
      askLabel="Cancel consultation"
      question={
        <>
          <strong>Cancel this consultation?</strong> The time is given up for someone else.
        </>
      }
      confirmLabel="Yes, cancel it"
      keepLabel="Keep my consultation"
      onConfirm={async () => onCancelled(await cancelConsultation(token, { date: c.date, timeSlot: c.timeSlot }))}
    />
  );
}
