import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { WaitlistJoinProps } from '@/lib/waitlist-join';
import { joinWaitlist, WaitlistError } from '../api/waitlist';
import { joinedSentence, waitlistDay, weekdayName } from '../waitlist-text';
import '../waitlist.css';

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOO_MANY = 'Too many requests from this connection. Please wait a few minutes and try again, or call us.';

/**
 * 'Join the waitlist for this day' under a full day's taken slots (the waitlist contract, "UI"):
 * a button that opens a small form (name, e-mail, phone, started with what the customer already
 * typed), POST /api/fn/waitlist/join, then the joined sentence, or the server's sentence when it
 * refuses (already waiting, five dates, a time that is free after all). With `bookingToken` it is
 * the manage page's 'Tell me if Saturday frees up', which asks no contact: the server waits under
 * the booking's own. Provided by the routes through
 * web/src/lib/waitlist-join.ts and loaded only when a day is full.
 */
export function JoinWaitlist({ date, kind, size, packageSlug, choices, contact, bookingToken }: WaitlistJoinProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(contact?.name ?? '');
  const [email, setEmail] = useState(contact?.email ?? '');
  const [phone, setPhone] = useState(contact?.phone ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [joined, setJoined] = useState<{ date: string; sentence: string } | null>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const opener = bookingToken ? `Tell me if ${weekdayName(date)} frees up` : 'Join the waitlist for this day';

  if (joined?.date === date)
    return (
      <p className="waitlist-join__done" role="status" data-testid="waitlist-joined">
        {joined.sentence}
      </p>
    );

  async function submit() {
    const missing =
      !bookingToken && (!name.trim() ? 'Please enter your name.' : !SIMPLE_EMAIL.test(email.trim()) ? 'Please enter a valid email address.' : !phone.trim() ? 'Please enter your phone number.' : '');
    if (missing) {
      setProblem(missing);
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      const who = bookingToken ? { bookingToken } : { name: name.trim(), email: email.trim(), phone: phone.trim() };
      const answer = await joinWaitlist({ ...who, date, kind, size, package: packageSlug, choices });
      setJoined({ date, sentence: joinedSentence(answer.entry.date || date) });
    } catch (err) {
      setProblem(err instanceof WaitlistError ? (err.status === 429 ? TOO_MANY : err.message) : 'Something went wrong. Please try again, or call us.');
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <div className="waitlist-join">
        <p className="muted">Every time on {waitlistDay(date)} is taken.</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setOpen(true);
            // The form's first field (or, on the manage page, its heading) takes the focus once shown.
            setTimeout(() => (firstField.current ?? document.getElementById(`${id}-title`))?.focus(), 0);
          }}
        >
          {opener}
        </button>
      </div>
    );

  // Enter in a field joins, as in a form; not a <form> itself, since the manage page's move form holds it.
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <div className="waitlist-join card" role="group" aria-labelledby={`${id}-title`} onKeyDown={onEnter}>
      <h4 id={`${id}-title`} tabIndex={-1}>
        {bookingToken ? `Wait for ${waitlistDay(date)}` : `Waitlist for ${waitlistDay(date)}`}
      </h4>
      <p className="muted">
        {bookingToken
          ? 'If a time frees up, we hold it for you and e-mail you a link to move your visit, at the address you booked with. First come, first served.'
          : 'If a time frees up, we hold it for you and e-mail you a link to book it. First come, first served.'}
      </p>
      {!bookingToken && (
        <>
          <div className="field">
            <label htmlFor={`${id}-name`}>Your name</label>
            <input ref={firstField} id={`${id}-name`} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>E-mail for the waitlist</label>
            <input id={`${id}-email`} type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-phone`}>Your phone</label>
            <input id={`${id}-phone`} type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} disabled={busy} />
          </div>
        </>
      )}
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="button-row button-row--start">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void submit()}>
          {busy ? 'Joining…' : 'Join the waitlist'}
        </button>
        <button type="button" className="button" onClick={() => setOpen(false)} disabled={busy}>
          Not now
        </button>
      </div>
    </div>
  );
}
