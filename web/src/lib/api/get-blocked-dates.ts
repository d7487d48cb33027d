/**
 * Reads blocked_dates once on mount (docs/product.md §7); a failure shows docs/product.md §8's toast
 * 'Error loading availability' / 'Could not load blocked dates'. Shared by every calendar.
 */
import { startTransition, useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { listAllRecords } from './get-json';
import { logError } from '@/lib/log';
import { startEarly, takeEarly } from '../early-request';

const NONE: ReadonlySet<string> = new Set();

const readBlockedDates = () => listAllRecords<{ blocked_date: string }>('blocked_dates', { fields: 'blocked_date', batch: 500 });

/** Starts reading the blocked dates ahead of a page's calendar (a route module's prefetch, web/src/lib/early-request.ts); useBlockedDates takes it. */
export function prefetchBlockedDates(): void {
  startEarly('blocked-dates', readBlockedDates);
}

/**
 * The blocked dates (`YYYY-MM-DD`), or null while they load. After a failure, an empty set: the
 * calendars still show (the server refuses a blocked date all the same). A calendar waits for
 * this, so it renders once rather than again when the dates arrive.
 */
export function useBlockedDates(): ReadonlySet<string> | null {
  const [dates, setDates] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    let live = true;
    takeEarly('blocked-dates', readBlockedDates).then(
      // A transition: what the dates change renders without blocking input.
      (rows) => live && startTransition(() => setDates(new Set(rows.map((r) => r.blocked_date)))),
      (err) => {
        logError('Failed to load blocked dates', err);
        if (!live) return;
        toast.error('Error loading availability', { description: 'Could not load blocked dates' });
        setDates(NONE);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return dates;
}
