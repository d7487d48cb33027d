/**
 * GET /api/fn/season: today in New York and the season's date windows, so date pickers disable
 * exactly what the server refuses (docs/product.md §5 Dates). Shared by every feature with a calendar.
 */
import { startTransition, useEffect, useState } from 'react';
import type { SeasonWindows } from '@domain/schedule/season';
import { getJson } from './get-json';
import { logError } from '@/lib/log';
import { startEarly, takeEarly } from '../early-request';

export interface SeasonInfo {
  today: string;
  season: SeasonWindows;
  workDays: number[];
  /** Every weekday's closing hour ("0" Sunday … "6" Saturday → 12–23), the pattern where the season set none. */
  closingHours: Record<string, number>;
  /** Crews working at the same time (settings key `capacity`): a slot is taken when this many bookings overlap it. */
  crews: number;
}

const readSeason = (installDate?: string) => getJson<SeasonInfo>('/api/fn/season', installDate ? { installDate } : {});

/**
 * The season being sold (the one prefetchSeason started, when there is one), or with
 * `installDate` the season of the booking installed then (its visits' moves).
 */
export function fetchSeason(installDate?: string): Promise<SeasonInfo> {
  return installDate ? readSeason(installDate) : takeEarly('season', () => readSeason());
}

/** Starts reading the season being sold ahead of a page's calendar (a route module's prefetch, web/src/lib/early-request.ts). */
export function prefetchSeason(): void {
  startEarly('season', () => readSeason());
}

/** Loads the season once; `error` is set when it cannot be loaded. */
export function useSeason(): { data: SeasonInfo | null; error: boolean } {
  const [data, setData] = useState<SeasonInfo | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let live = true;
    fetchSeason().then(
      // A transition: the calendars it enables render in slices, not one long task.
      (s) => live && startTransition(() => setData(s)),
      (err) => {
        logError('Failed to load the season', err);
        if (live) setError(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return { data, error };
}
