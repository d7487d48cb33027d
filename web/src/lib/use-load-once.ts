import { useEffect, useRef, useState } from 'react';
import { logWarning } from './log';

/**
 * Loads `load()` once, after mount, for parts of a page that only add to it (a summary, a
 * section): null until it has loaded, and after a failure, which is only logged with
 * `failureNote` (the part is simply left out). Light on purpose: no SDK, no toast.
 */
export function useLoadOnce<T>(load: () => Promise<T>, failureNote: string): T | null {
  const [value, setValue] = useState<T | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    let live = true;
    loadRef.current().then(
      (v) => live && setValue(v),
      (err) => logWarning(failureNote, err),
    );
    return () => {
      live = false;
    };
  }, [failureNote]);
  return value;
}
