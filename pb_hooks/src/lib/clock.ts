/**
 * The server's clock. `APP_NOW` (an ISO instant) freezes it for tests and demos, so no test
 * depends on the wall clock (docs/architecture.md "Conventions").
 */
import { businessToday, type Ymd } from '@domain/schedule/calendar';

/** Current instant in epoch milliseconds. */
export function nowMs(): number {
  const fixed = $os.getenv('APP_NOW');
  if (fixed) {
    const t = Date.parse(fixed);
    if (Number.isFinite(t)) return t;
  }
  return Date.now();
}

/** Today in America/New_York as `YYYY-MM-DD`. */
export function today(): Ymd {
  return businessToday(new Date(nowMs()));
}

/** A PocketBase datetime string ("2026-11-20 15:04:05.000Z") for an epoch-ms instant. */
export function toPbDate(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ');
}
