/**
 * POST /api/fn/seasons, admin only (admin staff and superusers, as the settings are): the owner
 * creates or edits one season (domain/commands/season-save-command.ts, the rules in
 * domain/schedule/seasons.ts). On the command runner (lib/commands/run-command.ts); the
 * `seasons` collection has no API write rule, so this is its only way in.
 * Body: a season { year, install, removal, consultation: { start, end }, workDays,
 * closingHours?: { weekday: hour 12–23 }, renewalsOpen, publicOpens,
 * earlyBird: { kind, value, until } | null } → 200 { season } (the
 * stored record). Refused: 400 a malformed season, or 'Renewals open' changed to a date on or
 * before the season before's last installation (seasons.ts renewalsOpenProblem); 409 a change the edit rule forbids once
 * the season has a booking, or the same year created at the same instant.
 */
import { seasonSaveCommand, type SeasonSaveAnswer, type SeasonSaveState } from '@domain/commands/season-save-command';
import { ymd } from '@domain/schedule/calendar';
import { lastInstallDate, type SeasonRecord } from '@domain/schedule/seasons';
import { runCommand, type ServerCommand } from '../commands/run-command';
import { seasonRecordOf } from '../settings';
import { BookingStatus } from '@domain/booking/lifecycle';

/** Whether a booking (not cancelled) is installed in season `year` (July 1 to June 30 next year). */
export function seasonHasBooking(app: CoreApp, year: number): boolean {
  const where = $dbx.exp(`install_date >= {:from} AND install_date <= {:to} AND status != '${BookingStatus.Cancelled}'`, { from: ymd(year, 7, 1), to: ymd(year + 1, 6, 30) });
  return app.countRecords('bookings', where) > 0;
}

/** The stored record of the season before `year`, as a list of none or one (none: it follows the pattern). */
function seasonBefore(app: CoreApp, year: number): SeasonRecord[] {
  try {
    return [seasonRecordOf(app.findFirstRecordByFilter('seasons', 'year = {:year}', { year: year - 1 }))];
  } catch {
    return []; // no record of that year
  }
}

export const seasonSave: ServerCommand<SeasonRecord, SeasonSaveState, never, SeasonSaveAnswer> = {
  command: seasonSaveCommand,
  path: '/api/fn/seasons',
  load(tx, input) {
    let existing: SeasonSaveState['existing'];
    try {
      const r = tx.findFirstRecordByFilter('seasons', 'year = {:year}', { year: input.year });
      existing = { id: r.id, season: seasonRecordOf(r) };
    } catch {
      existing = null; // no record of that year yet
    }
    return { existing, hasBooking: seasonHasBooking(tx, input.year), previousInstallEnd: lastInstallDate(input.year - 1, seasonBefore(tx, input.year)) };
  },
  respond: (app, a) => ({ season: app.findFirstRecordByFilter('seasons', 'year = {:year}', { year: a.year }) }),
  writeRefusal: (err) => (String(err).includes('UNIQUE') ? { status: 409, message: 'That season was just saved from another screen. Please reload and try again.' } : null),
};

export function seasonSaveRoute(e: core.RequestEvent): void {
  runCommand(e, seasonSave);
}
