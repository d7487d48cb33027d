/**
 * GET /api/fn/full-days: which days of a season window are full for a tree size, in one read
 * per calendar (pb_hooks/src/lib/bookings/full-days-route.ts). Shared by the wizard's calendars
 * (the owner's phone booking too) and the manage page's move calendar; plain fetch, so the
 * manage page carries no SDK for it.
 */
import { useEffect, useState } from 'react';
import { logWarning } from '@/lib/log';

/** What the full days depend on: a tree size id ('7.5-9ft'), the visit kind, and optionally the booking's installation date, the package (its notice) and the owner's phone booking. */
export interface FullDaysFor {
  size: string | null;
  kind: 'install' | 'removal';
  installDate?: string | null;
  packageSlug?: string | null;
  byOwner?: boolean;
}

const NONE: ReadonlySet<string> = new Set();

/** The full days (`YYYY-MM-DD`, New York) for `q`; rejects when the server does not answer 200. */
export async function fetchFullDays(q: FullDaysFor & { size: string }): Promise<ReadonlySet<string>> {
  const query = new URLSearchParams({ size: q.size, kind: q.kind });
  if (q.installDate) query.set('installDate', q.installDate);
  if (q.packageSlug) query.set('package', q.packageSlug);
  if (q.byOwner) query.set('notice', 'off');
  // The owner's phone booking sends the admin's session, as the SDK's reads do (offer-held times are free to the owner).
  const headers: Record<string, string> = {};
  if (q.byOwner) {
    const { pb } = await import('@/lib/pb');
    if (pb.authStore.token) headers.Authorization = pb.authStore.token;
  }
  const response = await fetch(`/api/fn/full-days?${query}`, { headers });
  if (!response.ok) throw new Error(`full-days answered ${response.status}`);
  const body = (await response.json()) as { full: string[] };
  return new Set(body.full);
}

/**
 * The full days for `q`, or null while they load (no size yet: an empty set). A failure logs and
 * gives an empty set: the marks only inform, and choosing a full day still shows its taken times.
 */
export function useFullDays(q: FullDaysFor): ReadonlySet<string> | null {
  const { size, kind, installDate, packageSlug, byOwner } = q;
  const key = size ? `${size}|${kind}|${installDate ?? ''}|${packageSlug ?? ''}|${byOwner ? 'owner' : ''}` : '';
  const [state, setState] = useState<{ key: string; days: ReadonlySet<string> }>({ key: '', days: NONE });
  useEffect(() => {
    if (!key || !size) return;
    let live = true;
    fetchFullDays({ size, kind, installDate, packageSlug, byOwner }).then(
      (days) => live && setState({ key, days }),
      (err: unknown) => {
        logWarning('The full days could not be loaded', err);
        if (live) setState({ key, days: NONE });
      },
    );
    return () => {
      live = false;
    };
  }, [key, size, kind, installDate, packageSlug, byOwner]);
  if (!key) return NONE;
  return state.key === key ? state.days : null;
}
