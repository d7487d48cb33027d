import { useCallback, useState } from 'react';
import { logError } from './log';

/**
 * A module loaded when first needed rather than with the page (docs/architecture.md "What a
 * page loads"): `load()` starts it once (again after a failure) and resolves with it; `now()`
 * is it once loaded, else null.
 */
export interface OnDemand<T> {
  load: () => Promise<T>;
  now: () => T | null;
}

/** Wraps a dynamic `import()` (`load`) as an OnDemand module. */
export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | null = null;
  let value: T | null = null;
  return {
    load: () =>
      (loading ??= load().then(
        (m) => (value = m),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    now: () => value,
  };
}

/**
 * `module` in a component: null until it has loaded, then the module (the component renders
 * again). `want()` starts the load (on a field's focus, a step's first render); a failure is
 * logged and the next `want()` tries again.
 */
export function useOnDemand<T>(module: OnDemand<T>): { value: T | null; want: () => void } {
  const [value, setValue] = useState<T | null>(module.now);
  const want = useCallback(() => {
    if (module.now()) return setValue(module.now);
    module.load().then(
      (m) => setValue(() => m),
      (error: unknown) => logError('A part of the page could not be loaded', error),
    );
  }, [module]);
  return { value, want };
}
