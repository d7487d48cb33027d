import { useState, type FormEvent } from 'react';
import type { RenewalStatus } from '../renewal-status';

/**
 * The renewal link's first screen (docs/decisions/058): the masked name and e-mail the server
 * shows to whoever holds the link, and the one field the customer types the e-mail the renewal
 * was sent to in; the wizard is filled in once the server recognises it. The server's sentence
 * (another address, too many tries) shows under the field, the address kept.
 */
export function RenewalVerify({ status }: { status: Extract<RenewalStatus, { kind: 'verify' }> }) {
  const [email, setEmail] = useState('');
  const [empty, setEmpty] = useState(false);
  const problem = empty ? 'Please type the e-mail address this renewal was sent to.' : status.error;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    status.submit(email.trim());
  }

  return (
    <form className="card renewal-verify" onSubmit={submit} noValidate aria-labelledby="renewal-verify-title">
      <h2 id="renewal-verify-title">Welcome back, {status.masked.name}</h2>
      <p>
        To fill in last year’s details, type the e-mail address this renewal was sent to (<span translate="no">{status.masked.email}</span>).
      </p>
      <div className="field">
        <label htmlFor="renewal-email">Email</label>
        <input
          id="renewal-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={status.busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'renewal-email-problem' : undefined}
        />
      </div>
      {problem && (
        <p id="renewal-email-problem" className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={status.busy}>
        {status.busy ? 'Checking…' : 'Fill in my details'}
      </button>
    </form>
  );
}
