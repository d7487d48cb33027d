/**
 * Customers' inspiration images of the coming jobs, fetched ahead so they show at the door
 * without signal (docs/decisions/016). The service worker keeps them (CacheFirst cache
 * INSPIRATION_IMAGE_CACHE, web/vite.config.ts); this module decides which to fetch and fetches
 * those the cache does not hold yet, a few at a time.
 */
import { addDays, businessToday, type Ymd } from '@domain/schedule/calendar';
import { INSPIRATION_IMAGE_CACHE } from './pwa-constants';
import { isLive } from '@domain/booking/lifecycle';
import type { BookingRow } from '@domain/booking/booking-row';

/** How far ahead images are fetched (days, in the business time zone, today included). */
export const PREFETCH_DAYS = 14;
/** Parallel downloads: enough for speed, few enough for one bar of signal. */
const CONCURRENCY = 3;

/** The booking fields read here (an AdminBooking). */
export type BookingImages = Pick<BookingRow, 'status' | 'install_date' | 'removal_date' | 'style_inspiration_images'>;

/**
 * Same-origin inspiration-image URLs (absolute) of the bookings with an install or removal from
 * `today` to `today + days − 1`, cancelled and conflicted bookings left out, each URL once.
 * Pure: `origin` is the app's origin.
 */
export function inspirationUrlsAhead(bookings: readonly BookingImages[], today: Ymd, origin: string, days = PREFETCH_DAYS): string[] {
  const last = addDays(today, days - 1);
  const inWindow = (d: string) => !!d && d >= today && d <= last;
  const urls = new Set<string>();
  for (const b of bookings) {
    if (!isLive(b)) continue;
    if (!inWindow(b.install_date) && !inWindow(b.removal_date)) continue;
    if (!Array.isArray(b.style_inspiration_images)) continue;
    for (const raw of b.style_inspiration_images) {
      if (typeof raw !== 'string') continue;
      let url: URL;
      try {
        url = new URL(raw, origin);
      } catch {
        continue;
      }
      if (url.origin === origin && url.pathname.startsWith('/api/files/inspiration_images/')) urls.add(url.href);
    }
  }
  return [...urls];
}

/**
 * Fetches the images of `bookings` ahead (see inspirationUrlsAhead) that the service worker's
 * cache lacks, through the service worker so it stores them with their expiry. Does nothing
 * without a controlling service worker or offline. Resolves with the number fetched; never
 * rejects (an image that fails is tried again next time).
 */
export async function prefetchInspirationImages(bookings: readonly BookingImages[], now = new Date()): Promise<number> {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller || !navigator.onLine) return 0;
  const cache = await caches.open(INSPIRATION_IMAGE_CACHE);
  const wanted = inspirationUrlsAhead(bookings, businessToday(now), window.location.origin);
  const missing: string[] = [];
  for (const url of wanted) if (!(await cache.match(url))) missing.push(url);
  let fetched = 0;
  const worker = async () => {
    for (let url = missing.shift(); url; url = missing.shift()) {
      try {
        const res = await fetch(url, { credentials: 'same-origin' });
        if (res.ok) fetched++;
        await res.arrayBuffer();
      } catch {
        // Offline again or the image is gone: next time.
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return fetched;
}
