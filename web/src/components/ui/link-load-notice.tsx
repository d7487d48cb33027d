import type { ReactNode } from 'react';
import type { LinkLoad } from '@/lib/use-manage-link-load';

/**
 * What a page opened by a personal link shows until its record is ready (docs/decisions/027):
 * `loading` while it loads; a dead link's sentence followed by `onInvalid`; or the error's
 * sentence with a Try again button calling `retry`. Nothing once the record is ready.
 */
export function LinkLoadNotice<T>({ shown, loading, className, retry, onInvalid }: { shown: LinkLoad<T>; loading: string; className: string; retry: () => void; onInvalid?: ReactNode }) {
  if (shown.state === 'ready') return null;
  if (shown.state === 'loading') return <p role="status">{loading}</p>;
  return (
    <div className={`card ${className}`} role="alert">
      <p>{shown.message}</p>
      {shown.state === 'invalid' ? (
        onInvalid
      ) : (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}
