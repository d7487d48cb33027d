/**
 * A PocketBase file token for the protected job-event photos (the finished tree, on-site notes),
 * renewed every two minutes while `active` and online (a token lives three); '' offline or
 * before the first answer, so screens say photos show when online. Used by the on-site section
 * and the customer page.
 */
import { useEffect, useState } from 'react';
import { pb } from '@/lib/pb';

/** How often a shown server photo's file token is renewed (ms; PocketBase's token lives 3 minutes). */
const PHOTO_TOKEN_MS = 120_000;

/** The file token while `active` and online; '' otherwise. */
export function usePhotoToken(active: boolean): string {
  const [token, setToken] = useState('');
  useEffect(() => {
    if (!active) return;
    let live = true;
    const renew = () => {
      if (!navigator.onLine) return;
      pb.files
        .getToken({ requestKey: null })
        .then((t) => live && setToken(t))
        .catch(() => undefined);
    };
    renew();
    const timer = setInterval(renew, PHOTO_TOKEN_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [active]);
  return token;
}

/** The thumbnail URL (480 px wide) of job event `id`'s photo `file` under `token`. */
export function jobPhotoUrl(id: string, file: string, token: string): string {
  return pb.files.getURL({ id, collectionName: 'job_events' }, file, { token, thumb: '480x0' });
}
