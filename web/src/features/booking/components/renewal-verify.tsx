import { useState, type FormEvent } from 'react';
import type { RenewalStatus } from '../renewal-prefill';
import { EmailField } from '@/components/ui/email-field';

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
      <EmailField id="renewal-email" value={email} onChange={setEmail} disabled={status.busy} problem={problem} />
      <button type="submit" className="button button--primary" disabled={status.busy}>
        {status.busy ? 'Checking…' : 'Fill in my details'}
      </button>
    </form>
  );
}
