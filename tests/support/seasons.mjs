// @ts-check
/**
 * Season records the server tests, the end-to-end specs and the benches stage, from one place
 * (plain JavaScript so that the `.mjs` benches import it as the TypeScript tests do). A `seasons`
 * record holds `YYYY-MM-DD` dates (America/New_York) and work days 0–6 (Sunday first):
 * docs/decisions/055.
 */

/**
 * The 2027 season's windows and work days as a `seasons` record holds them (the usual dates a
 * year on): staged by the renewals and first-run server tests and the end-to-end seasons spec.
 */
export const SEASON_2027_DATES = Object.freeze({
  year: 2027,
  install_start: '2027-11-16',
  install_end: '2027-12-23',
  removal_start: '2027-12-26',
  removal_end: '2028-01-31',
  consultation_start: '2027-11-12',
  consultation_end: '2027-12-17',
  work_days: [0, 2, 5, 6],
});

/**
 * The 2027 season with renewals open from 1 August, public booking from 1 September and a 10%
 * early-bird price until 31 August (docs/decisions/056): the renewals server test and bench.
 */
export const SEASON_2027_RENEWALS = Object.freeze({
  ...SEASON_2027_DATES,
  renewals_open: '2027-08-01',
  public_opens: '2027-09-01',
  early_bird_kind: 'percent',
  early_bird_value: 10,
  early_bird_until: '2027-08-31',
});

/**
 * @typedef {{ start: string, end: string }} Window
 * @typedef {{ season: { year: number, install: Window, removal: Window, consultation: Window }, workDays: number[] }} SoldSeason
 *   What GET /api/fn/season answers: the season on sale and its work days.
 */

/**
 * The `seasons` record of the season on sale (`sold`, as GET /api/fn/season answers it), with
 * `over`'s fields on top (e.g. `renewals_open`): stores the built-in season as data so a test or
 * bench can open its renewals.
 * @param {SoldSeason} sold
 * @param {Record<string, unknown>} [over]
 * @returns {Record<string, unknown>}
 */
export function soldSeasonRecord(sold, over = {}) {
  const s = sold.season;
  /** @type {Record<string, unknown>} */
  const record = { year: s.year, work_days: sold.workDays };
  // Each window as its `<name>_start` and `<name>_end` fields.
  for (const name of /** @type {const} */ (['install', 'removal', 'consultation'])) Object.assign(record, { [`${name}_start`]: s[name].start, [`${name}_end`]: s[name].end });
  return { ...record, ...over };
}
