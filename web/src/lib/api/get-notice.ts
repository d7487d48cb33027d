/**
 * GET /api/fn/notice: the customers' minimum notice and the server's clock, so the booking and
 * consultation calendars disable the days inside it with the server's rule
 * (domain/schedule/notice.ts) and say why. Shared by the customers' calendars.
 */
import { useEffect, useState } from 'react';
import type { NoticeHours } from '@domain/schedule/notice';
import { getJson } from './get-json';
import { logError } from '@/lib/log';
import { startEarly, takeEarly } from '../early-request';

/** The notice hours and the server's instant (epoch ms) when read, moved on by the time since. */
export interface NoticeInfo {
  notice: NoticeHours;
  nowMs: number;
}

const readNotice = () => getJson<NoticeInfo>('/api/fn/notice');

/** Starts reading the notice ahead of a page's calendar (a route module's prefetch, web/src/lib/early-request.ts); useNotice takes it. */
export function prefetchNotice(): void {
  startEarly('notice', readNotice);
}

/**
 * The notice, or null while it loads or after a failure: the calendars then show the days as
 * before and the server still refuses a time inside the notice, with its sentence.
 */
export function useNotice(): NoticeInfo | null {
  const [info, setInfo] = useState<NoticeInfo | null>(null);
  useEffect(() => {
    let live = true;
    takeEarly('notice', readNotice).then(
      (r) => live && setInfo(r),
      (err) => logError('Failed to load the booking notice', err),
    );
    return () => {
      live = false;
    };
  }, []);
  return info;
}
