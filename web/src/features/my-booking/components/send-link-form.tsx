import { useState, type FormEvent } from 'react';
import { MANAGE_LINK_MESSAGES } from '@domain/booking/self-service';
import { MyBookingError, requestMyLink } from '../api/my-booking';
import '../my-booking.css';

const TOO_MANY = 'Too many requests from this connection. Please wait a few minutes and try again, or call us.';
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /my-booking/link, "E-mail me my link" (docs/decisions/027): the address a booking was made
 * with, and the server's one sentence after every accepted request, whether or not the address
 * booked (POST /api/fn/my-booking/send-link); the link itself only ever arrives by e-mail. The
 * server checks the address again; a malformed one is said here first, a failure in one
 * sentence with the address kept in the field.
 */
export function SendLinkForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');
  const [problem, setProblem] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSent('');
    if (!SIMPLE_EMAIL.test(email.trim())) {
      setProblem(MANAGE_LINK_MESSAGES.emailInvalid);
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      setSent(await requestMyLink(email.trim()));
    } catch (err) {
      setProblem(err instanceof MyBookingError ? (err.status === 429 ? TOO_MANY : err.message) : 'Something went wrong. Please try again, or call us.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container page my-booking">
      <h1>E-mail me my link</h1>
      <p className="lead">Lost the e-mail with the link to your booking? Enter the address you booked with and we will e-mail you the link again.</p>
      <form className="card my-booking__section" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="link-email">Email</label>
          <input
            id="link-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={busy}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'link-email-problem' : undefined}
          />
        </div>
        {problem && (
          <p id="link-email-problem" className="form-problem" role="alert">
            {problem}
          </p>
        )}
        {/* Always in the page, so its sentence is announced when it appears. */}
        <p role="status">{sent}</p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Sending…' : 'E-mail me my link'}
        </button>
      </form>
    </div>
  );
}
