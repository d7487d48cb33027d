import { useEffect, useState } from 'react';
import { useHydrated } from './hydration';
import { MyBookingError } from './manage-link-fetch';

/** What a page opened by a personal link (/my-booking, /my-consultation) shows of its record. */
export type LinkLoad<T> = { state: 'loading' } | { state: 'invalid'; message: string } | { state: 'error'; message: string } | { state: 'ready'; value: T };

/** The sentence of a page opened without its link's token. */
export const NO_LINK = 'This page needs the personal link from one of our e-mails. Please open it from your latest e-mail, or call us.';

/**
 * The record `token` opens, read with `fetchView` (docs/decisions/027, 051): loading, then
 * ready, or 'invalid' for a dead link (the server's 404 sentence) or 'error' for anything else.
 * The prerendered shell (and the render that hydrates it) shows loading: the token is only in
 * the browser's address. `retry` reads again; `setValue` shows a record a change answered with.
 */
export function useManageLinkLoad<T>(token: string | null, fetchView: (token: string) => Promise<T>): { shown: LinkLoad<T>; setValue: (value: T) => void; retry: () => void } {
  const [load, setLoad] = useState<LinkLoad<T>>(token ? { state: 'loading' } : { state: 'invalid', message: NO_LINK });
  const [attempt, setAttempt] = useState(0);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!token) return;
    let live = true;
    fetchView(token).then(
      (value) => live && setLoad({ state: 'ready', value }),
      (err: unknown) => {
        if (!live) return;
        if (err instanceof MyBookingError && err.status === 404) setLoad({ state: 'invalid', message: err.message });
        else setLoad({ state: 'error', message: err instanceof Error ? err.message : 'Something went wrong.' });
      },
    );
    return () => {
      live = false;
    };
  }, [token, attempt, fetchView]);

  return { shown: hydrated ? load : { state: 'loading' }, setValue: (value) => setLoad({ state: 'ready', value }), retry: () => setAttempt((a) => a + 1) };
}
