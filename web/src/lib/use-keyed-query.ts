import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { errorMessage } from './api/get-json';

/**
 * Loads data for `key` ('' means nothing to load) and reloads whenever the key changes; a
 * stale answer for an old key is ignored. A failure shows a destructive toast with `errorTitle`
 * and the server's message (or `fallback`), as docs/product.md §8's slot-loading row asks.
 */
export function useKeyedQuery<T>(key: string, load: () => Promise<T>, errorTitle: string, fallback: string): { loading: boolean; data: T | null } {
  const [state, setState] = useState<{ key: string; data: T | null }>({ key: '', data: null });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (!key) return;
    let live = true;
    loadRef.current().then(
      (data) => live && setState({ key, data }),
      (err) => {
        if (!live) return;
        setState({ key, data: null });
        toast.error(errorTitle, { description: errorMessage(err, fallback) });
      },
    );
    return () => {
      live = false;
    };
  }, [key, errorTitle, fallback]);
  return { loading: !!key && state.key !== key, data: state.key === key ? state.data : null };
}
