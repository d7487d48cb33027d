/**
 * Reads blocked_dates once on mount (SPEC.md §7); a failure shows SPEC.md §8's toast
 * 'Error loading availability' / 'Could not load blocked dates'. Shared by every calendar.
 */
import { startTransition, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { pb } from '../pb';

export function useBlockedDates(): ReadonlySet<string> {
  const [dates, setDates] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let live = true;
    pb.collection('blocked_dates')
      .getFullList<{ blocked_date: string }>({ fields: 'blocked_date', batch: 500 })
      .then(
        // A transition: the calendar renders again in slices, not one long task.
        (rows) => live && startTransition(() => setDates(new Set(rows.map((r) => r.blocked_date)))),
        (err) => {
          console.error('Failed to load blocked dates', err);
          if (live) toast.error('Error loading availability', { description: 'Could not load blocked dates' });
        },
      );
    return () => {
      live = false;
    };
  }, []);
  return dates;
}
