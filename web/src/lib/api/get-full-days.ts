/**
 * GET /api/fn/full-days: which days of a season window are full for a tree size, in one read
 * per calendar (pb_hooks/src/lib/bookings/full-days-route.ts). Shared by the wizard's calendars
 * (the owner's phone booking too) and the manage page's move calendar; plain fetch, so the
 * manage page carries no SDK for it. GET /api/fn/consultation-full-days, the same for the
 * consultation calendars (pb_hooks/src/lib/consultations/consultation-full-days-route.ts).
 */
import { startEarly, takeEarly } from '../early-request';
import { logWarning } from '@/lib/log';
import { useKeyedLoad } from '@/lib/use-keyed-query';

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
  return readFullDays(`/api/fn/full-days?${query}`, headers);
}

/** The Wednesdays (`YYYY-MM-DD`, New York) of the consultation window with every slot taken; rejects when the server does not answer 200. */
export function fetchConsultationFullDays(): Promise<ReadonlySet<string>> {
  return readFullDays('/api/fn/consultation-full-days');
}

/** One read of a full-days route's `{ full: ['YYYY-MM-DD', …] }`. */
async function readFullDays(url: string, headers: Record<string, string> = {}): Promise<ReadonlySet<string>> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
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
  return useKeyedFullDays(key, () => fetchFullDays({ size: size!, kind, installDate, packageSlug, byOwner }));
}

/**
 * The consultation window's full Wednesdays, or null while they load (an empty set on a
 * failure, logged, as useFullDays). `version` reads them again, e.g. after a time was just taken.
 */
export function useConsultationFullDays(version = 0): ReadonlySet<string> | null {
  // The first read is the one the page's module started (prefetchConsultationFullDays); a later version asks again.
  return useKeyedFullDays(`consultation|${version}`, version === 0 ? () => takeEarly(CONSULTATION_EARLY, fetchConsultationFullDays) : fetchConsultationFullDays);
}

const CONSULTATION_EARLY = 'consultation-full-days';

/** Starts reading the consultation window's full Wednesdays as the page's module loads (web/src/lib/early-request.ts); useConsultationFullDays takes it. */
export function prefetchConsultationFullDays(): void {
  startEarly(CONSULTATION_EARLY, fetchConsultationFullDays);
}

/** The full days `read` answers, read again when `key` changes; '' reads nothing and gives an empty set. */
function useKeyedFullDays(key: string, read: () => Promise<ReadonlySet<string>>): ReadonlySet<string> | null {
  const { data } = useKeyedLoad(key, read, (err) => {
    logWarning('The full days could not be loaded', err);
    return NONE;
  });
  return key ? data : NONE;
}
