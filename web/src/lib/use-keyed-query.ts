import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { errorMessage } from './api/get-json';

/**
 * The answer `load` gives for `key` ('' loads nothing), loaded again whenever the key changes; a
 * stale answer for an old key is ignored. On a failure for the current key, `failed(err)` stands
 * for the answer (it may also tell the user or log). `loading` while the key's answer is awaited.
 */
export function useKeyedLoad<T>(key: string, load: () => Promise<T>, failed: (err: unknown) => T): { loading: boolean; data: T | null } {
  const [state, setState] = useState<{ key: string; data: T | null }>({ key: '', data: null });
  // The load belongs to its key: new functions for the same key load nothing again.
  const calls = useRef({ load, failed });
  calls.current = { load, failed };
  useEffect(() => {
    if (!key) return;
    let live = true;
    calls.current.load().then(
      (data) => live && setState({ key, data }),
      (err: unknown) => {
        if (live) setState({ key, data: calls.current.failed(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);
  return { loading: !!key && state.key !== key, data: state.key === key ? state.data : null };
}

/**
 * Loads data for `key` ('' means nothing to load) and reloads whenever the key changes; a
 * stale answer for an old key is ignored. A failure shows a destructive toast with `errorTitle`
 * and the server's message (or `fallback`), as docs/product.md §8's slot-loading row asks.
 */
export function useKeyedQuery<T>(key: string, load: () => Promise<T>, errorTitle: string, fallback: string): { loading: boolean; data: T | null } {
  return useKeyedLoad<T | null>(key, load, (err) => {
    toast.error(errorTitle, { description: errorMessage(err, fallback) });
    return null;
  });
}
