/**
 * The 2027 season's windows and work days as a `seasons` record holds them (the usual dates a
 * year on): staged by the server tests (renewals, first run) and the end-to-end seasons spec,
 * so each stages the same season from one place.
 */
export const SEASON_2027_DATES = {
  year: 2027,
  install_start: '2027-11-16',
  install_end: '2027-12-23',
  removal_start: '2027-12-26',
  removal_end: '2028-01-31',
  consultation_start: '2027-11-12',
  consultation_end: '2027-12-17',
  work_days: [0, 2, 5, 6],
};
