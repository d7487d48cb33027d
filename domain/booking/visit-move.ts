/**
 * Which dates a booking's visit may move to (docs/decisions/027 for the customer, 036 for the
 * owner): the season's rules for that visit (domain/schedule/season.ts) and the order of the visits (the
 * removal after the installation). Pure: the server decides with the season it stores; the
 * admin's move dialog asks the same question offline, with what the phone knows.
 */
import type { Ymd } from '../schedule/calendar';
import { installDateProblem, REMOVAL_AFTER_INSTALL, removalDateProblem, type DateContext, type SeasonWindows } from '../schedule/season';

export type MovableVisit = 'install' | 'removal';

/**
 * Why booking `b`'s `visit` cannot move to `date` (`YYYY-MM-DD`, New York) under `ctx`, as a
 * sentence, or null when it can (the slot is a separate question).
 */
export function moveDateProblem(visit: MovableVisit, date: Ymd, b: { install_date: string; removal_date: string }, ctx: DateContext): string | null {
  if (visit === 'removal') return removalDateProblem(date, b.install_date || null, ctx);
  const problem = installDateProblem(date, ctx);
  if (problem) return problem;
  // An installation moved onto or past the removal would leave the removal before it.
  if (b.removal_date && b.removal_date <= date) return REMOVAL_AFTER_INSTALL;
  return null;
}

const OPEN = { start: '0001-01-01', end: '9999-12-31' };

/**
 * A date context for a phone that does not know the season (offline): `today`, windows that
 * refuse nothing and no blocked dates, so only the weekday, past-date and order rules apply and
 * the server checks the rest when the change syncs.
 */
export function seasonUnknownContext(today: Ymd): DateContext {
  const season: SeasonWindows = { year: Number(today.slice(0, 4)), install: OPEN, removal: OPEN, consultation: OPEN };
  return { today, season, blocked: new Set() };
}
