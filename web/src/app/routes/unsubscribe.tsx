import { useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { usePageMeta } from '@/lib/page-meta';

/**
 * `/unsubscribe?e=<key>&t=<token>` (the renewal e-mail's footer link; domain/customers/renewals.ts):
 * one button that POSTs the link's key and token to /api/fn/unsubscribe, then says so. A page of
 * its own chunk (a plain fetch, no SDK); never indexed. Mail clients' one-click unsubscribe
 * (RFC 8058) posts to the route directly.
 */
export function Component() {
  usePageMeta('Unsubscribe', 'Stop our e-mails about booking again.', { noindex: true });
  const [params] = useSearchParams();
  const [state, setState] = useState<{ kind: 'ask' | 'busy' | 'done' } | { kind: 'failed'; message: string }>({ kind: 'ask' });
  const unsubscribe = async () => {
    setState({ kind: 'busy' });
    try {
      const res = await fetch('/api/fn/unsubscribe', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ e: params.get('e') ?? '', t: params.get('t') ?? '' }) });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      setState(res.ok ? { kind: 'done' } : { kind: 'failed', message: body.message ?? 'Something went wrong. Please try again.' });
    } catch {
      setState({ kind: 'failed', message: 'You seem to be offline. Please try again.' });
    }
  };
  return (
    <div className="container page page--center">
      <h1>Unsubscribe</h1>
      {state.kind === 'done' ? (
        <p className="lead" role="status">
          You will not get these e-mails again.
        </p>
      ) : (
        <>
          <p className="lead">Stop the e-mails inviting you to book again. E-mails about a booking you make still reach you.</p>
          {state.kind === 'failed' && (
            <p className="notice" role="alert">
              {state.message}
            </p>
          )}
          <button type="button" className="button button--primary" onClick={() => void unsubscribe()} disabled={state.kind === 'busy'}>
            Unsubscribe
          </button>
        </>
      )}
    </div>
  );
}
